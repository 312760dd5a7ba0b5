import ISOBMFF

/// Reads the bytes of one track's samples in order with few reads from the file: a read takes,
/// with the bytes asked for, the first ``aheadBytes`` of each following sample that starts at
/// most ``gapBytes`` after the bytes taken so far, within ``spanBytes`` in all
/// (``ReadAheadBuffer``). Small samples (a `c608` track's, a low-rate proxy's pictures) are
/// read hundreds at a time; between large ones (HD pictures) or across another track's data,
/// a read costs more than the bytes it would skip are worth, and each sample has a small read
/// of its own.
///
/// For a video track's A/53 data only the heads of its pictures are asked for: every SEI of
/// an access unit comes before its first slice (ITU-T H.264 §7.4.1.2.3).
struct SampleBytesReader {
    /// The most read at once.
    static let spanBytes = 64 << 10
    /// The most bytes read only to reach the next sample: about what copying costs as much as
    /// a read of its own (a system call, 1–2 µs).
    static let gapBytes = 8 << 10
    /// The head of a picture read for its NAL unit headers: an access unit delimiter, a few
    /// parameter sets, caption SEI (a cc_data of 20 triplets is about 80 bytes).
    static let pictureHeadBytes = 256

    /// The samples in the order they are read (decoding order).
    let samples: [Sample]
    /// How much of each following sample a read takes.
    let aheadBytes: Int
    private var buffer: ReadAheadBuffer

    init(source: ByteSource, samples: [Sample], aheadBytes: Int) {
        self.samples = samples
        self.aheadBytes = aheadBytes
        buffer = ReadAheadBuffer(source: source)
    }

    /// The bytes at `range` (within the sample) of sample `index`.
    mutating func bytes(in range: Range<Int>, ofSample index: Int) throws(ISOBMFFError) -> ArraySlice<UInt8> {
        let sample = samples[index]
        let wanted = (sample.offset + range.lowerBound)..<(sample.offset + range.upperBound)
        let (samples, ahead) = (self.samples, aheadBytes)
        return try buffer.bytes(
            in: wanted, readingTo: Self.readAheadEnd(from: wanted, ofSample: index, in: samples, aheadBytes: ahead))
    }

    /// Where a read of `wanted` in sample `index` stops: past the rest of its head and the heads
    /// of the samples after it that lie in order, each close to the one before, within
    /// ``spanBytes``.
    private static func readAheadEnd(
        from wanted: Range<Int>, ofSample index: Int, in samples: [Sample], aheadBytes: Int
    )
        -> Int
    {
        let sample = samples[index]
        var end = max(wanted.upperBound, min(sample.offset + sample.size, wanted.lowerBound + aheadBytes))
        var next = index + 1
        // Bounded, should a hostile table put many samples at one offset.
        while next < samples.count && next - index <= Self.spanBytes / 64 {
            let following = samples[next]
            let head = following.offset + min(following.size, aheadBytes)
            guard following.offset >= samples[next - 1].offset, following.offset - end <= Self.gapBytes,
                head - wanted.lowerBound <= Self.spanBytes
            else {
                break
            }
            end = max(end, head)
            next += 1
        }
        return end
    }
}
