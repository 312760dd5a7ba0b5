/// Random access to the bytes of a movie: a file read piece by piece, or bytes in memory (for
/// tests and fuzzing). Readers ask only for what they need: box headers, `moov`, the samples of
/// one track.
public protocol ByteSource: Sendable {
    /// The number of bytes.
    var count: Int { get }
    /// The bytes in `range`, which must lie within `0..<count`.
    func bytes(in range: Range<Int>) throws(ISOBMFFError) -> [UInt8]
}

/// Bytes held in memory.
public struct MemoryByteSource: ByteSource {
    public let storage: [UInt8]

    public init(_ bytes: [UInt8]) { storage = bytes }

    public var count: Int { storage.count }

    public func bytes(in range: Range<Int>) throws(ISOBMFFError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= storage.count else {
            throw ISOBMFFError(
                .truncated, "the data ends at byte \(storage.count), before byte \(range.upperBound)",
                offset: range.lowerBound)
        }
        return Array(storage[range])
    }
}
