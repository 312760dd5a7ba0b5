/// Builds GPMF payloads (GoPro's GPMF format, "KLV Design"): big-endian values, each entry padded
/// to 32 bits.
public struct GPMFWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// A nest (type 0) whose entries `body` writes.
    public mutating func nest(_ key: GPMFKey, _ body: (inout GPMFWriter) -> Void) {
        var inner = GPMFWriter()
        body(&inner)
        // GoPro writes nests as 1-byte structures repeated for the length; the 16-bit repeat
        // count limits that to 65,535 bytes, so larger nests count 4-byte structures.
        if inner.bytes.count <= 0xFFFF {
            header(key, type: 0, structureSize: 1, repeatCount: inner.bytes.count)
        } else {
            header(key, type: 0, structureSize: 4, repeatCount: inner.bytes.count / 4)
        }
        bytes += inner.bytes
    }

    /// A text value (type `c`), as DVNM, STNM and UNIT are.
    public mutating func text(_ key: GPMFKey, _ text: String) {
        let data = Array(text.utf8.prefix(255))
        entry(key, type: UInt8(ascii: "c"), structureSize: data.count, repeatCount: data.isEmpty ? 0 : 1, data: data)
    }

    /// Several texts of one length (`UNIT` with one unit per element, padded with NULs).
    public mutating func texts(_ key: GPMFKey, _ texts: [String]) {
        let width = texts.map { $0.utf8.count }.max() ?? 0
        var data: [UInt8] = []
        for t in texts { data += Array(t.utf8) + Array(repeating: 0, count: width - t.utf8.count) }
        entry(key, type: UInt8(ascii: "c"), structureSize: width, repeatCount: texts.count, data: data)
    }

    /// Samples of 32-bit signed integers, `values.count / perSample` samples (type `l`).
    public mutating func int32s(_ key: GPMFKey, _ values: [Int32], perSample: Int) {
        var data: [UInt8] = []
        data.reserveCapacity(values.count * 4)
        for v in values { data += Self.be(UInt32(bitPattern: v)) }
        entry(
            key, type: UInt8(ascii: "l"), structureSize: 4 * perSample, repeatCount: values.count / max(1, perSample),
            data: data)
    }

    /// One or more 32-bit unsigned integers (type `L`).
    public mutating func uint32s(_ key: GPMFKey, _ values: [UInt32]) {
        entry(key, type: UInt8(ascii: "L"), structureSize: 4, repeatCount: values.count, data: values.flatMap(Self.be))
    }

    /// One or more 16-bit unsigned integers (type `S`).
    public mutating func uint16s(_ key: GPMFKey, _ values: [UInt16]) {
        entry(
            key, type: UInt8(ascii: "S"), structureSize: 2, repeatCount: values.count,
            data: values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }

    /// A UTC date-time (type `U`, 16 characters `yymmddhhmmss.sss`).
    public mutating func utc(_ key: GPMFKey, _ text: String) {
        let data = Array(text.utf8.prefix(16)) + Array(repeating: 0, count: max(0, 16 - text.utf8.count))
        entry(key, type: UInt8(ascii: "U"), structureSize: 16, repeatCount: 1, data: data)
    }

    /// Samples of a complex structure (type `?`), whose layout a preceding `TYPE` gives.
    public mutating func complex(_ key: GPMFKey, structureSize: Int, data: [UInt8]) {
        entry(
            key, type: UInt8(ascii: "?"), structureSize: structureSize, repeatCount: data.count / max(1, structureSize),
            data: data)
    }

    public mutating func entry(_ key: GPMFKey, type: UInt8, structureSize: Int, repeatCount: Int, data: [UInt8]) {
        header(key, type: type, structureSize: structureSize, repeatCount: repeatCount)
        bytes += data
        while bytes.count % 4 != 0 { bytes.append(0) }
    }

    private mutating func header(_ key: GPMFKey, type: UInt8, structureSize: Int, repeatCount: Int) {
        bytes += key.bytes
        bytes.append(type)
        bytes.append(UInt8(clamping: structureSize))
        bytes += [UInt8((repeatCount >> 8) & 0xFF), UInt8(repeatCount & 0xFF)]
    }

    static func be(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
}
