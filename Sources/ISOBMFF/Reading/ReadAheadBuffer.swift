/// Reads pieces of a ``ByteSource`` that lie close together (box headers one after another,
/// the first bytes of consecutive samples) with one read for many. A piece that is not held
/// is read together with what follows it, as far as the caller says the next pieces reach;
/// the pieces inside are then handed out as slices of the bytes held (no array, no read of
/// their own). Each read from the file is a system call: a fragmented movie's thousands of
/// box headers, or a caption track's thousands of 10-byte samples, cost a few hundred.
public struct ReadAheadBuffer: Sendable {
    public let source: ByteSource
    private var buffer: [UInt8] = []
    /// Where ``buffer`` starts in the source.
    private var start = 0

    public init(source: ByteSource) {
        self.source = source
    }

    /// The bytes in `range`. When they are not held, the bytes from `range`'s start to
    /// `readingTo` (at least to `range`'s end, at most to the end of the source) are read, and
    /// held in place of the previous ones. A range outside the source is the source's error.
    public mutating func bytes(in range: Range<Int>, readingTo end: @autoclosure () -> Int) throws(ISOBMFFError)
        -> ArraySlice<UInt8>
    {
        if range.lowerBound >= start && range.upperBound <= start + buffer.count {
            return buffer[(range.lowerBound - start)..<(range.upperBound - start)]
        }
        guard range.lowerBound >= 0, range.upperBound <= source.count else {
            return ArraySlice(try source.bytes(in: range))
        }
        buffer = try source.bytes(in: range.lowerBound..<min(source.count, max(range.upperBound, end())))
        start = range.lowerBound
        return buffer[0..<range.count]
    }
}
