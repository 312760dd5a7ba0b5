/// Reads big-endian fields from a byte array within a bounded range, throwing an error that
/// names the box being read when a field would pass the end (ISO/IEC 14496-12 §4.2: all
/// fields are big-endian).
public struct BigEndianReader: Sendable {
    public let bytes: [UInt8]
    /// The next byte to read.
    public var position: Int
    /// One past the last byte that may be read.
    public let end: Int
    /// The box path for errors.
    public var path: String { boxPath.description }
    /// The box path, spelled out only for an error.
    public let boxPath: BoxPath
    /// Added to positions in errors to give file offsets.
    public let baseOffset: Int

    public init(_ bytes: [UInt8], range: Range<Int>? = nil, path: String, baseOffset: Int = 0) {
        self.init(bytes, range: range, boxPath: BoxPath(path), baseOffset: baseOffset)
    }

    /// Reads the payload of `box`, a box of the tree parsed from `bytes`.
    public init(_ bytes: [UInt8], box: Box, baseOffset: Int = 0) {
        self.init(bytes, range: box.payloadRange, boxPath: box.boxPath, baseOffset: baseOffset)
    }

    init(_ bytes: [UInt8], range: Range<Int>?, boxPath: BoxPath, baseOffset: Int) {
        self.bytes = bytes
        let r = range ?? 0..<bytes.count
        self.position = max(0, r.lowerBound)
        self.end = min(bytes.count, r.upperBound)
        self.boxPath = boxPath
        self.baseOffset = baseOffset
    }

    public var remaining: Int { max(0, end - position) }

    private mutating func take(_ count: Int, _ what: String) throws(ISOBMFFError) -> Int {
        guard count >= 0, count <= remaining else {
            throw ISOBMFFError(
                .truncated, "\(what) needs \(count) bytes but only \(remaining) remain in the box", path: path,
                offset: baseOffset + position)
        }
        let start = position
        position += count
        return start
    }

    public mutating func u8(_ what: String = "a field") throws(ISOBMFFError) -> UInt8 {
        bytes[try take(1, what)]
    }

    public mutating func u16(_ what: String = "a field") throws(ISOBMFFError) -> UInt16 {
        let p = try take(2, what)
        return UInt16(bytes[p]) << 8 | UInt16(bytes[p + 1])
    }

    public mutating func u24(_ what: String = "a field") throws(ISOBMFFError) -> UInt32 {
        let p = try take(3, what)
        return UInt32(bytes[p]) << 16 | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2])
    }

    public mutating func u32(_ what: String = "a field") throws(ISOBMFFError) -> UInt32 {
        let p = try take(4, what)
        return UInt32(bytes[p]) << 24 | UInt32(bytes[p + 1]) << 16 | UInt32(bytes[p + 2]) << 8 | UInt32(bytes[p + 3])
    }

    public mutating func u64(_ what: String = "a field") throws(ISOBMFFError) -> UInt64 {
        let high = UInt64(try u32(what))
        return high << 32 | UInt64(try u32(what))
    }

    public mutating func fourCC(_ what: String = "a four-character code") throws(ISOBMFFError) -> FourCC {
        FourCC(rawValue: try u32(what))
    }

    public mutating func skip(_ count: Int, _ what: String = "reserved bytes") throws(ISOBMFFError) {
        _ = try take(count, what)
    }

    public mutating func bytes(_ count: Int, _ what: String = "data") throws(ISOBMFFError) -> [UInt8] {
        let p = try take(count, what)
        return Array(bytes[p..<(p + count)])
    }

    /// A count read from the file, checked against the bytes left for `entrySize`-byte entries,
    /// so that a hostile count cannot make a reader allocate or loop beyond the box.
    public mutating func entryCount(entrySize: Int, _ what: String) throws(ISOBMFFError) -> Int {
        let count = Int(try u32(what))
        guard entrySize <= 0 || count <= remaining / entrySize else {
            throw ISOBMFFError(
                .malformed,
                "\(what) is \(count) entries of \(entrySize) bytes, but the box holds only \(remaining) bytes",
                path: path, offset: baseOffset + position - 4)
        }
        return count
    }
}
