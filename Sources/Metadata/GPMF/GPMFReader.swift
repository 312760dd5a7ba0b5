/// Parses GPMF payloads (GoPro's GPMF format) into ``GPMFEntry`` trees. Any byte string gives a
/// tree or a ``MetadataError`` naming the key path and byte offset: a structure size that does
/// not fit its type, data running past the payload or its parent, nesting deeper than the
/// limit (Specs/limits.md).
public struct GPMFReader: Sendable {
    /// GoPro nests two levels (`DEVC` → `STRM` → values); allow a little more.
    public var maximumDepth = 8
    /// The most entries in one payload (a 1-second GoPro payload holds a few hundred).
    public var maximumEntries = 100_000

    public init() {}

    public func read(_ bytes: [UInt8], context: String = "GPMF payload") throws(MetadataError) -> [GPMFEntry] {
        var count = 0
        return try entries(bytes, 0..<bytes.count, depth: 0, path: "", context: context, count: &count)
    }

    private func entries(
        _ bytes: [UInt8], _ range: Range<Int>, depth: Int, path: String, context: String, count: inout Int
    ) throws(MetadataError) -> [GPMFEntry] {
        guard depth < maximumDepth else {
            throw MetadataError(.limit, "\(context): GPMF nests more than \(maximumDepth) levels at \(path)")
        }
        var result: [GPMFEntry] = []
        var p = range.lowerBound
        while p < range.upperBound {
            // Trailing zero padding is allowed (payloads are padded to 32 bits).
            if bytes[p..<min(range.upperBound, p + 8)].allSatisfy({ $0 == 0 }) { break }
            guard range.upperBound - p >= 8 else {
                throw MetadataError(
                    .malformed,
                    "\(context): truncated GPMF: a key header at byte \(p) needs 8 bytes, \(range.upperBound - p) remain"
                        + (path.isEmpty ? "" : " in \(path)"))
            }
            let key = GPMFKey(
                rawValue: UInt32(bytes[p]) << 24 | UInt32(bytes[p + 1]) << 16 | UInt32(bytes[p + 2]) << 8
                    | UInt32(bytes[p + 3]))
            let keyPath = path.isEmpty ? key.description : path + "/" + key.description
            guard
                key.bytes.allSatisfy({
                    ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x20
                })
            else {
                throw MetadataError(
                    .malformed,
                    "\(context): byte \(p) holds no GPMF key (\(key.bytes)) in \(path.isEmpty ? "the payload" : path)")
            }
            let type = bytes[p + 4]
            let structure = Int(bytes[p + 5])
            let repeatCount = Int(UInt16(bytes[p + 6]) << 8 | UInt16(bytes[p + 7]))
            let length = structure * repeatCount
            let padded = (length + 3) & ~3
            guard padded <= range.upperBound - p - 8 else {
                throw MetadataError(
                    .malformed,
                    "\(context): truncated GPMF: \(keyPath) at byte \(p) announces \(repeatCount) × \(structure) bytes but only \(range.upperBound - p - 8) remain"
                )
            }
            if type != 0, type != UInt8(ascii: "?"), let size = GPMFType.size(of: type), structure % size != 0 {
                throw MetadataError(
                    .malformed,
                    "\(context): \(keyPath) at byte \(p) has type '\(Character(Unicode.Scalar(type)))' (\(size) bytes a value) but a structure size of \(structure), not a multiple of \(size)"
                )
            }
            count += 1
            guard count <= maximumEntries else {
                throw MetadataError(.limit, "\(context): more than \(maximumEntries) GPMF entries")
            }
            var entry = GPMFEntry(key: key, type: type, structureSize: structure, repeatCount: repeatCount, offset: p)
            if type == 0 {
                entry.children = try entries(
                    bytes, (p + 8)..<(p + 8 + length), depth: depth + 1, path: keyPath, context: context, count: &count)
            } else {
                entry.data = Array(bytes[(p + 8)..<(p + 8 + length)])
            }
            result.append(entry)
            p += 8 + padded
        }
        return result
    }
}
