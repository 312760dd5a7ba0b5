/// One GPMF key-length-value entry (GoPro's GPMF format, "KLV Design"): a four-character key, a
/// type character, the size of one sample (structure), how many samples, then the data padded
/// to 32 bits. Type 0 means the data is more entries (a nest: `DEVC`, `STRM`).
public struct GPMFEntry: Sendable, Hashable {
    public var key: GPMFKey
    /// The type character (`l`, `s`, `U`, `?`…), or 0 for a nest.
    public var type: UInt8
    /// Bytes per sample (a structure of one or more values).
    public var structureSize: Int
    /// Samples in this entry.
    public var repeatCount: Int
    /// The unpadded data (structureSize × repeatCount bytes); empty for nests.
    public var data: [UInt8]
    /// The nested entries, for type 0.
    public var children: [GPMFEntry]
    /// Where the entry starts within its payload.
    public var offset: Int

    public init(
        key: GPMFKey, type: UInt8, structureSize: Int, repeatCount: Int, data: [UInt8] = [], children: [GPMFEntry] = [],
        offset: Int = 0
    ) {
        self.key = key
        self.type = type
        self.structureSize = structureSize
        self.repeatCount = repeatCount
        self.data = data
        self.children = children
        self.offset = offset
    }

    public var isNest: Bool { type == 0 }

    /// The first child with `key`.
    public func child(_ key: GPMFKey) -> GPMFEntry? { children.first { $0.key == key } }

    /// The data as text (types `c` and `U`), without trailing NULs. GPMF `c` is ASCII, but
    /// GoPro writes units such as m/s² and µT with their ISO 8859-1 bytes (0xB2, 0xB5), so text
    /// that is not valid UTF-8 is read as ISO 8859-1.
    public var text: String {
        var end = data.count
        while end > 0 && data[end - 1] == 0 { end -= 1 }
        let bytes = data[..<end]
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}

/// A GPMF key: four ASCII characters, e.g. `GPS5`.
public typealias GPMFKey = FourCCText

/// A four-character code kept as text-friendly bytes (Metadata does not need ISOBMFF's FourCC in
/// its GPMF API).
public struct FourCCText: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public init(stringLiteral text: String) {
        rawValue = Array(text.utf8).prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    public var bytes: [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) } }

    public var description: String {
        String(decoding: bytes.map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
