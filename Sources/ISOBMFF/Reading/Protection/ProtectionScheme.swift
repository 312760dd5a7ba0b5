/// How the samples of a protected sample entry (`encv`, `enca`…) are encrypted: its protection
/// scheme information box `sinf` (ISO/IEC 14496-12 §8.12: `frma` the original format, `schm` the
/// scheme) and, for Common Encryption, the track encryption box `tenc` in `schi` (ISO/IEC 23001-7
/// §8: the defaults every sample takes unless a `seig` sample group says otherwise, §6).
///
/// Nothing is decrypted: the suite reads only what the scheme leaves in the clear (Specs/isobmff.md,
/// "Encrypted samples").
public struct ProtectionScheme: Sendable, Hashable {
    /// `frma` data_format: the sample entry's format before it was protected (`avc1`, `hvc1`, `mp4a`).
    public var originalFormat: FourCC
    /// `schm` scheme_type: `cenc`, `cens`, `cbc1` or `cbcs` for Common Encryption (23001-7 §10).
    public var schemeType: FourCC?
    /// `schm` scheme_version (0x00010000 for 23001-7).
    public var schemeVersion: UInt32
    /// `tenc`; nil when the entry has none (a scheme other than Common Encryption).
    public var trackEncryption: EncryptionDefaults?

    public init(
        originalFormat: FourCC, schemeType: FourCC?, schemeVersion: UInt32 = 0, trackEncryption: EncryptionDefaults?
    ) {
        self.originalFormat = originalFormat
        self.schemeType = schemeType
        self.schemeVersion = schemeVersion
        self.trackEncryption = trackEncryption
    }

    /// `cbcs, KID 00112233…` for messages.
    public var description: String {
        var s = "scheme \(schemeType?.description ?? "unknown")"
        if let kid = trackEncryption?.keyID { s += ", KID " + EncryptionDefaults.hex(kid) }
        return s
    }

    /// The protection of `entry`: nil when it is not a protected entry (no `sinf`); an error when
    /// its `sinf` cannot be read.
    public init?(sampleEntry entry: SampleEntry) throws(ISOBMFFError) {
        // Protected entries keep the layout of the entry they replace (14496-12 §8.12.1): a visual
        // entry's fixed fields are 78 bytes, an audio entry's 20 (QuickTime sound descriptions
        // version 1 and 2 add 16 and 36).
        let fixed: Int
        switch entry.format {
        case "encv": fixed = 78
        case "enca":
            let version = entry.bytes.count >= 18 ? Int(entry.bytes[16]) << 8 | Int(entry.bytes[17]) : 0
            fixed = 20 + (version == 1 ? 16 : version == 2 ? 36 : 0)
        case "enct", "encs", "encm", "encf", "encp", "enc2": fixed = 0
        default: return nil
        }
        guard let sinf = try entry.childBoxes(afterFixedFields: fixed).first(where: { $0.type == "sinf" }) else {
            throw ISOBMFFError(
                .missing, "a protected sample entry (\(entry.format)) with no sinf box", path: entry.path)
        }
        try self.init(sinf: sinf, in: entry.bytes)
    }

    /// Reads `sinf` (its children parsed) from `bytes`.
    init(sinf: Box, in bytes: [UInt8]) throws(ISOBMFFError) {
        guard let frma = sinf.child("frma") else {
            throw ISOBMFFError(.missing, "no frma box: the original format is unknown", path: sinf.path)
        }
        var f = BigEndianReader(bytes, box: frma)
        originalFormat = try f.fourCC("the original format")
        schemeType = nil
        schemeVersion = 0
        if let schm = sinf.child("schm") {
            var s = BigEndianReader(bytes, box: schm)
            try s.skip(4, "the version and flags")
            schemeType = try s.fourCC("the scheme type")
            schemeVersion = try s.u32("the scheme version")
        }
        trackEncryption = try sinf.descendant("schi", "tenc").map { (box: Box) throws(ISOBMFFError) in
            try EncryptionDefaults(tenc: box, in: bytes)
        }
    }
}

/// What a sample's encryption is unless told otherwise: the track encryption box `tenc`
/// (ISO/IEC 23001-7 §8) or a `seig` sample group entry (§6), which have the same fields.
public struct EncryptionDefaults: Sendable, Hashable {
    /// default_isProtected: 0 means the samples are in the clear.
    public var isProtected: Bool
    /// default_Per_Sample_IV_Size: 0, 8 or 16; 0 means every sample uses ``constantIV``.
    public var perSampleIVSize: Int
    /// default_KID, 16 bytes.
    public var keyID: [UInt8]
    /// default_constant_IV (cbcs), when ``perSampleIVSize`` is 0.
    public var constantIV: [UInt8]
    /// The pattern of `cens` and `cbcs` (§9.6): encrypt `cryptByteBlock` 16-byte blocks, leave
    /// `skipByteBlock` clear; both 0 in version 0 `tenc` (no pattern).
    public var cryptByteBlock: Int
    public var skipByteBlock: Int

    public init(
        isProtected: Bool, perSampleIVSize: Int, keyID: [UInt8], constantIV: [UInt8] = [], cryptByteBlock: Int = 0,
        skipByteBlock: Int = 0
    ) {
        self.isProtected = isProtected
        self.perSampleIVSize = perSampleIVSize
        self.keyID = keyID
        self.constantIV = constantIV
        self.cryptByteBlock = cryptByteBlock
        self.skipByteBlock = skipByteBlock
    }

    /// Reads `tenc`: reserved (8), then reserved (v0) or crypt and skip blocks (4 + 4, v1),
    /// isProtected (8), Per_Sample_IV_Size (8), KID (128), and a constant IV when protected with
    /// no per-sample IV.
    init(tenc: Box, in bytes: [UInt8]) throws(ISOBMFFError) {
        var r = BigEndianReader(bytes, box: tenc)
        let version = try r.u8("the version")
        try r.skip(3, "the flags")
        try self.init(reading: &r, patterned: version >= 1)
    }

    /// Reads the fields `tenc` and `seig` share, after `tenc`'s full-box header.
    init(reading r: inout BigEndianReader, patterned: Bool) throws(ISOBMFFError) {
        try r.skip(1, "a reserved byte")
        let blocks = try r.u8("the crypt and skip byte blocks")
        cryptByteBlock = patterned ? Int(blocks >> 4) : 0
        skipByteBlock = patterned ? Int(blocks & 0x0F) : 0
        isProtected = try r.u8("isProtected") != 0
        perSampleIVSize = Int(try r.u8("Per_Sample_IV_Size"))
        guard [0, 8, 16].contains(perSampleIVSize) else {
            throw ISOBMFFError(
                .malformed, "a per-sample IV size of \(perSampleIVSize) bytes (0, 8 or 16 expected: 23001-7 §8)",
                path: r.path, offset: r.baseOffset + r.position - 1)
        }
        keyID = try r.bytes(16, "the key ID")
        constantIV = []
        if isProtected && perSampleIVSize == 0 {
            let size = Int(try r.u8("the constant IV size"))
            constantIV = try r.bytes(size, "the constant IV")
        }
    }

    /// `0011…eeff`.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }
}
