import ISOBMFF

/// Reads the first bytes of a video track's pictures, where their SEI is (ITU-T H.264
/// §7.4.1.2.3: every SEI of an access unit comes before its first slice), with as few reads as
/// the layout allows: each read from the file takes the first ``headBytes`` of the picture
/// asked for and of the pictures after it whose heads fit in ``spanBytes`` from there. Small
/// pictures (a low-rate proxy, a still) are scanned hundreds a read; a large one costs one
/// small read. What is asked for outside the bytes read (a long SEI) is read on its own.
///
/// Slices of the buffer are handed out, so that a picture without SEI makes no array.
struct PictureHeadReader {
    /// The bytes of a picture read for its NAL unit headers: an access unit delimiter, a few
    /// parameter sets, caption SEI (a cc_data of 20 triplets is about 80 bytes).
    static let headBytes = 256
    /// The most read at once.
    static let spanBytes = 64 << 10

    let source: ByteSource
    /// The pictures in decoding order.
    let samples: [Sample]
    private var buffer: [UInt8] = []
    /// Where ``buffer`` starts in the file.
    private var bufferStart = 0

    init(source: ByteSource, samples: [Sample]) {
        self.source = source
        self.samples = samples
    }

    /// The bytes at `range` of picture `index` (a range within the picture).
    mutating func bytes(in range: Range<Int>, ofPicture index: Int) throws(ISOBMFFError) -> ArraySlice<UInt8> {
        let sample = samples[index]
        let wanted = (sample.offset + range.lowerBound)..<(sample.offset + range.upperBound)
        if wanted.lowerBound >= bufferStart && wanted.upperBound <= bufferStart + buffer.count {
            return buffer[(wanted.lowerBound - bufferStart)..<(wanted.upperBound - bufferStart)]
        }
        // Past the end of the file: the source says so, as it would for any read.
        guard wanted.upperBound <= source.count else { return ArraySlice(try source.bytes(in: wanted)) }
        var end = max(wanted.upperBound, min(sample.offset + sample.size, wanted.lowerBound + Self.headBytes))
        var next = index + 1
        // Bounded, should a hostile table put many pictures at one offset.
        while next < samples.count && next - index <= Self.spanBytes / 64 {
            let following = samples[next]
            let head = following.offset + min(following.size, Self.headBytes)
            guard following.offset >= samples[next - 1].offset, head - wanted.lowerBound <= Self.spanBytes else {
                break
            }
            end = max(end, head)
            next += 1
        }
        end = min(end, source.count)
        buffer = try source.bytes(in: wanted.lowerBound..<end)
        bufferStart = wanted.lowerBound
        return buffer[0..<wanted.count]
    }
}
