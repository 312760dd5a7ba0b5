/// Parses a tree of boxes from bytes in memory, checking every size against its parent
/// (ISO/IEC 14496-12 §4.2: `size` covers the whole box; 1 means a 64-bit `largesize` follows;
/// 0, only for the last box, means "to the end"; `uuid` adds a 16-byte extended type).
public struct BoxParser: Sendable {
    /// Boxes that hold only boxes (14496-12 §8; QuickTime's `gmhd` and `meta` too).
    public static let containers: Set<FourCC> = Set(containerTypes)

    /// ``containers`` as a list: a dozen codes are found faster by comparing than by hashing.
    private static let containerTypes: [FourCC] = [
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
    /// prefixes the paths. Only the paths of containers are spelled out while parsing (their
    /// children's paths start with them); the others' (``Box/path``) when asked for.
    public func boxes(in bytes: [UInt8], range: Range<Int>, parentPath: String = "", depth: Int = 0)
        throws(ISOBMFFError) -> [Box]
    {
        guard depth < limits.maximumDepth else {
            throw ISOBMFFError(
                .limit, "boxes nest more than \(limits.maximumDepth) deep", path: parentPath,
                offset: baseOffset + range.lowerBound)
        }
        var result: [Box] = []
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
                in: bytes[...], at: position, room: range.upperBound - position, path: parentPath,
                fileOffset: baseOffset + position)
            result.append(
                Box(
                    type: h.type, offset: position, size: h.size, headerSize: h.headerSize,
                    boxPath: BoxPath(parent: parentPath, type: h.type, ordinal: 0), children: []))
            position += h.size
        }
        Self.number(&result, parentPath: parentPath)
        for i in result.indices where Self.containerTypes.contains(result[i].type) {
            let box = result[i]
            var start = box.payloadRange.lowerBound
            // ISO's `meta` is a full box (4 bytes of version and flags); QuickTime's is a plain
            // container. A full box starts with a zero version and flags, a box with its size.
            if box.type == "meta", box.payloadRange.count >= 8,
                bytes[start] == 0 && bytes[start + 1] == 0 && bytes[start + 2] == 0 && bytes[start + 3] == 0
            {
                start += 4
            }
            result[i].children = try boxes(
                in: bytes, range: start..<box.range.upperBound, parentPath: box.path, depth: depth + 1)
        }
        return result
    }

    /// Gives each box that has siblings of its type its number among them (`trak[2]`).
    private static func number(_ boxes: inout [Box], parentPath: String) {
        // A few children (a moof's, a traf's): compared pairwise, no table.
        if boxes.count <= 16 {
            for i in boxes.indices {
                var before = 0
                var total = 0
                for j in boxes.indices where boxes[j].type == boxes[i].type {
                    total += 1
                    if j < i { before += 1 }
                }
                if total > 1 {
                    boxes[i].boxPath = BoxPath(parent: parentPath, type: boxes[i].type, ordinal: before + 1)
                }
            }
            return
        }
        var counts: [FourCC: Int] = [:]
        for box in boxes { counts[box.type, default: 0] += 1 }
        var seen: [FourCC: Int] = [:]
        for i in boxes.indices {
            let type = boxes[i].type
            seen[type, default: 0] += 1
            if counts[type, default: 0] > 1 {
                boxes[i].boxPath = BoxPath(parent: parentPath, type: type, ordinal: seen[type, default: 1])
            }
        }
    }

    /// Reads the box header at index `start` of `bytes`, which hold at least `min(16, room)`
    /// bytes from there; `room` is how many bytes the box may span (to the end of its parent or
    /// the file), `fileOffset` where it starts in the file, `path` its parent's path (both for
    /// errors). With `allowingCutShort`, a size past `room` is returned as it is, for the
    /// caller to report.
    static func header(
        in bytes: ArraySlice<UInt8>, at start: Int, room: Int, path: String, fileOffset: Int,
        allowingCutShort: Bool = false
    ) throws(ISOBMFFError) -> (type: FourCC, size: Int, headerSize: Int) {
        guard room >= 8 else {
            throw ISOBMFFError(.truncated, "a box header needs 8 bytes", path: path, offset: fileOffset)
        }
        let size32 =
            UInt32(bytes[start]) << 24 | UInt32(bytes[start + 1]) << 16 | UInt32(bytes[start + 2]) << 8
            | UInt32(bytes[start + 3])
        let type = FourCC(
            rawValue: UInt32(bytes[start + 4]) << 24 | UInt32(bytes[start + 5]) << 16 | UInt32(bytes[start + 6]) << 8
                | UInt32(bytes[start + 7]))
        // Spelled out only for an error.
        func boxPath() -> String { path.isEmpty ? type.description : path + "/" + type.description }
        var headerSize = 8
        var size: Int
        switch size32 {
        case 0:
            size = room
        case 1:
            var largeReader = BigEndianReader(
                Array(bytes[start..<(start + min(room, 16))]), path: boxPath(), baseOffset: fileOffset)
            let large = try largeReader.readLargeSize()
            guard large <= UInt64(Int.max) else {
                throw ISOBMFFError(.malformed, "a 64-bit size of \(large) bytes", path: boxPath(), offset: fileOffset)
            }
            size = Int(large)
            headerSize = 16
        default:
            size = Int(size32)
        }
        if type == "uuid" { headerSize += 16 }
        guard size >= headerSize else {
            throw ISOBMFFError(
                .malformed, "the box size \(size) is smaller than its \(headerSize)-byte header", path: boxPath(),
                offset: fileOffset)
        }
        guard size <= room || allowingCutShort else {
            throw ISOBMFFError(
                .truncated, "the box says \(size) bytes but only \(room) remain in its parent or the file",
                path: boxPath(), offset: fileOffset)
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
