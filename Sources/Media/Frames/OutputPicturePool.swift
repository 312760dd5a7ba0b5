internal import CFFmpeg
import CaptionCore

#if canImport(Glibc)
    import Glibc
#endif

/// Black, writable output pictures of one format whose pixel buffers are recycled, as FFmpeg's
/// decoders recycle theirs (libavutil's `AVBufferPool`): a buffer goes back to the pool when
/// the last reference to it is dropped (the encoder's included), so an export keeps a handful
/// of pictures alive instead of allocating (and the kernel zeroing) a new one for every output
/// frame (~3 MB at 1080p).
///
/// Each picture is a new `AVFrame` (its pts, side data and flags start empty) over a pooled
/// buffer holding all its planes, laid out as `av_frame_get_buffer` lays them out: rows padded
/// to 64 bytes, 64 bytes of padding after the last plane.
final class OutputPicturePool {
    let format: VideoFrameFormat
    private let pool: OpaquePointer
    private let pixelFormat: AVPixelFormat
    private let linesizes: [Int32]
    private let bufferSize: Int
    /// The distinct buffers handed out so far: the pictures actually allocated.
    private var buffersSeen: Set<UnsafeMutableRawPointer> = []

    init(format: VideoFrameFormat) throws {
        let op = "making a pool of \(format.width)x\(format.height) \(format.pixelFormat) pictures"
        let pixelFormat = try format.checkedPixelFormat(op)
        var lines = [Int32](repeating: 0, count: 4)
        let alignedWidth = Int32((format.width + 63) & ~63)
        try MediaError.check(
            av_image_fill_linesizes(&lines, pixelFormat, alignedWidth), call: "av_image_fill_linesizes", op)
        var sizes = [Int](repeating: 0, count: 4)
        let strides = lines.map { Int($0) }
        try MediaError.check(
            av_image_fill_plane_sizes(&sizes, pixelFormat, Int32(format.height), strides),
            call: "av_image_fill_plane_sizes", op)
        let total = sizes.reduce(0, +) + 64
        guard let pool = av_buffer_pool_init(total, nil) else {
            throw MediaError(code: captions_averror(ENOMEM), operation: op)
        }
        self.format = format
        self.pool = pool
        self.pixelFormat = pixelFormat
        self.linesizes = lines
        self.bufferSize = total
    }

    deinit {
        // Buffers still referenced elsewhere keep the pool alive until they are released.
        var p: OpaquePointer? = pool
        av_buffer_pool_uninit(&p)
    }

    /// Pictures allocated rather than reused so far.
    var allocatedCount: Int { buffersSeen.count }

    /// A black picture that nothing else refers to.
    func blackPicture() throws -> Frame {
        let frame = try picture()
        try VideoFrame.fillBlack(frame, operation: "filling a picture from the pool with black")
        return frame
    }

    /// A picture of all bytes 0 that nothing else refers to: transparent black for RGBA (the
    /// canvas of an overlay-only export), written once rather than blackened and then cleared.
    func zeroedPicture() throws -> Frame {
        let frame = try picture()
        let f = frame.pointer.pointee
        for plane in 0..<4 {
            let (data, stride) =
                [
                    (f.data.0, f.linesize.0), (f.data.1, f.linesize.1), (f.data.2, f.linesize.2),
                    (f.data.3, f.linesize.3),
                ][plane]
            guard let data, stride > 0 else { continue }
            memset(data, 0, Int(stride) * Int(f.height))
        }
        return frame
    }

    /// A picture over a pooled buffer, its pixels as they were left.
    private func picture() throws -> Frame {
        let op = "taking a \(format.width)x\(format.height) picture from the pool"
        let frame = try Frame(operation: op)
        guard let buffer = av_buffer_pool_get(pool) else {
            throw MediaError(code: captions_averror(ENOMEM), operation: op)
        }
        let f = frame.pointer
        f.pointee.buf.0 = buffer
        f.pointee.width = Int32(format.width)
        f.pointee.height = Int32(format.height)
        f.pointee.format = pixelFormat.rawValue
        f.pointee.color_range = format.isFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        f.pointee.colorspace = format.matrix.avColorSpace
        var data = [UnsafeMutablePointer<UInt8>?](repeating: nil, count: 4)
        let filled = av_image_fill_pointers(&data, pixelFormat, Int32(format.height), buffer.pointee.data, linesizes)
        try MediaError.check(filled, call: "av_image_fill_pointers", op)
        guard Int(filled) <= bufferSize else {
            throw MediaError(code: captions_averror(EINVAL), operation: op)
        }
        f.pointee.data.0 = data[0]
        f.pointee.data.1 = data[1]
        f.pointee.data.2 = data[2]
        f.pointee.data.3 = data[3]
        f.pointee.linesize.0 = linesizes[0]
        f.pointee.linesize.1 = linesizes[1]
        f.pointee.linesize.2 = linesizes[2]
        f.pointee.linesize.3 = linesizes[3]
        // For video, extended_data is data itself (as av_frame_get_buffer sets it).
        f.pointee.extended_data = withUnsafeMutablePointer(to: &f.pointee.data) {
            UnsafeMutableRawPointer($0).assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
        }
        if let base = buffer.pointee.data { buffersSeen.insert(UnsafeMutableRawPointer(base)) }
        return frame
    }
}
