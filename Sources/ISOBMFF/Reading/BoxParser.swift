/// Parses a tree of boxes from bytes in memory, checking every size against its parent
/// (ISO/IEC 14496-12 §4.2: `size` covers the whole box; 1 means a 64-bit `largesize` follows;
/// 0, only for the last box, means "to the end"; `uuid` adds a 16-byte extended type).
public struct BoxParser: Sendable {
    /// Boxes that hold only boxes (14496-12 §8; QuickTime's `gmhd` and `meta` too).
    public static let containers: Set<FourCC> = [
        "moov", "trak", "mdia", "minf", "stbl", "dinf", "edts", "udta", "mvex", "moof", "traf", "tref", "gmhd",
        "meta", "ilst", "mfra", "sinf", "schi",
    ]

    public let limits: ISOBMFFLimits
    /// Added to offsets in errors, to report file positions.
    public let baseOffset: Int

    public init(limits: ISOBMFFLimits = .standard, baseOffset: Int = 0) {
        self.limits = limits
        self.baseOffset = baseOffset
    }

    /// The boxes in `range` of `bytes`, containers parsed down to their leaves; `parentPath`
    /// prefixes the paths.
    public func boxes(in bytes: [UInt8], range: Range<Int>, parentPath: String = "", depth: Int = 0)
        throws(ISOBMFFError) -> [Box]
    {
        guard depth < limits.maximumDepth else {
            throw ISOBMFFError(
                .limit, "boxes nest more than \(limits.maximumDepth) deep", path: parentPath,
                offset: baseOffset + range.lowerBound)
        }
        var headers: [(type: FourCC, offset: Int, size: Int, header: Int)] = []
        var position = range.lowerBound
        while position < range.upperBound {
            // Fewer than 8 bytes left: QuickTime allows a 4-byte zero terminator in some
            // containers (udta); anything else is an error.
            if range.upperBound - position < 8 {
                if bytes[position..<range.upperBound].allSatisfy({ $0 == 0 }) { break }
                throw ISOBMFFError(
                    .truncated, "\(range.upperBound - position) stray bytes where a box header should be",
                    path: parentPath, offset: baseOffset + position)
            }
            let h = try Self.header(
                at: position, limit: range.upperBound, read: { r throws(ISOBMFFError) in Array(bytes[r]) },
                path: parentPath, baseOffset: baseOffset)
            headers.append((h.type, position, h.size, h.headerSize))
            position += h.size
        }
        var counts: [FourCC: Int] = [:]
        for h in headers { counts[h.type, default: 0] += 1 }
        var seen: [FourCC: Int] = [:]
        var result: [Box] = []
        result.reserveCapacity(headers.count)
        for h in headers {
            seen[h.type, default: 0] += 1
            var name = h.type.description
            if counts[h.type, default: 0] > 1 { name += "[\(seen[h.type, default: 1])]" }
            let path = parentPath.isEmpty ? name : parentPath + "/" + name
            var box = Box(type: h.type, offset: h.offset, size: h.size, headerSize: h.header, path: path, children: [])
            if Self.containers.contains(h.type) {
                var start = box.payloadRange.lowerBound
                // ISO's `meta` is a full box (4 bytes of version and flags); QuickTime's is a plain
                // container. A full box starts with a zero version and flags, a box with its size.
                if h.type == "meta", box.payloadRange.count >= 8,
                    bytes[start..<(start + 4)].allSatisfy({ $0 == 0 })
                {
                    start += 4
                }
                box.children = try boxes(
                    in: bytes, range: start..<box.range.upperBound, parentPath: path, depth: depth + 1)
            }
            result.append(box)
        }
        return result
    }

    /// Reads one box header at `offset`, checking that the box ends by `limit`.
    /// With `allowingCutShort`, a size past `limit` is returned as it is, for the caller to report.
    static func header(
        at offset: Int, limit: Int, read: (Range<Int>) throws(ISOBMFFError) -> [UInt8], path: String, baseOffset: Int,
        allowingCutShort: Bool = false
    ) throws(ISOBMFFError) -> (type: FourCC, size: Int, headerSize: Int) {
        let available = min(16, limit - offset)
        guard available >= 8 else {
            throw ISOBMFFError(.truncated, "a box header needs 8 bytes", path: path, offset: baseOffset + offset)
        }
        var r = BigEndianReader(try read(offset..<(offset + available)), path: path, baseOffset: baseOffset + offset)
        let size32 = try r.u32("the box size")
        let type = try r.fourCC("the box type")
        let boxPath = path.isEmpty ? type.description : path + "/" + type.description
        var headerSize = 8
        var size: Int
        switch size32 {
        case 0:
            size = limit - offset
        case 1:
            var largeReader = BigEndianReader(
                try read(offset..<min(limit, offset + 16)), path: boxPath, baseOffset: baseOffset + offset)
            let large = try largeReader.readLargeSize()
            guard large <= UInt64(Int.max) else {
                throw ISOBMFFError(
                    .malformed, "a 64-bit size of \(large) bytes", path: boxPath, offset: baseOffset + offset)
            }
            size = Int(large)
            headerSize = 16
        default:
            size = Int(size32)
        }
        if type == "uuid" { headerSize += 16 }
        guard size >= headerSize else {
            throw ISOBMFFError(
                .malformed, "the box size \(size) is smaller than its \(headerSize)-byte header", path: boxPath,
                offset: baseOffset + offset)
        }
        guard size <= limit - offset || allowingCutShort else {
            throw ISOBMFFError(
                .truncated, "the box says \(size) bytes but only \(limit - offset) remain in its parent or the file",
                path: boxPath, offset: baseOffset + offset)
        }
        return (type, size, headerSize)
    }
}

extension BigEndianReader {
    fileprivate mutating func readLargeSize() throws(ISOBMFFError) -> UInt64 {
        try skip(8, "the box header")
        return try u64("the 64-bit box size")
    }
}
