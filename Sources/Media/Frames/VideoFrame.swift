internal import CFFmpeg
import CaptionCore

/// A decoded video picture on its way from the decoder to the encoder. Compositors draw into
/// its planes; it stays FFmpeg's frame throughout, so nothing is converted or copied unless a
/// compositor asks to write (``makeWritable()``) while the decoder still holds the picture.
public final class VideoFrame {
    let frame: Frame
    /// The format every frame of this export has.
    public let format: VideoFrameFormat

    init(frame: Frame, format: VideoFrameFormat) {
        self.frame = frame
        self.format = format
    }

    public var width: Int { format.width }
    public var height: Int { format.height }
    public var pixelFormat: PixelFormat { format.pixelFormat }

    /// Makes the pixels this object's own (copying them only when the decoder still refers to
    /// them as a reference picture), so that drawing cannot change other frames.
    public func makeWritable() throws {
        try MediaError.check(
            av_frame_make_writable(frame.pointer), call: "av_frame_make_writable", "drawing on a frame")
    }

    /// The number of planes of the frame's pixel format (3 for yuv420p, 2 for nv12, 1 for rgba).
    public var planeCount: Int { Int(av_pix_fmt_count_planes(AVPixelFormat(frame.pointer.pointee.format))) }

    /// Calls `body` with plane `plane` of the frame, writable in place, as AVFoundation's custom
    /// compositor writes its output buffer: `bytes` holds `rows` rows of `bytesPerRow` bytes each
    /// (the row's samples first, then padding), in the frame's pixel format — Y, U, V for
    /// yuv420p (the chroma planes with half the rows and columns), Y then interleaved UV for
    /// nv12, 16-bit little-endian samples for yuv420p10le. The frame is made writable first
    /// (``makeWritable()``). The span cannot outlive the call.
    public func withMutablePlane<R>(
        _ plane: Int, _ body: (_ bytes: inout MutableSpan<UInt8>, _ bytesPerRow: Int, _ rows: Int) throws -> R
    ) throws -> R {
        let op = "writing plane \(plane) of a \(width)x\(height) \(pixelFormat.name) frame"
        guard (0..<planeCount).contains(plane) else {
            throw MediaError(code: captions_averror(EINVAL), operation: op)
        }
        try makeWritable()
        let f = frame.pointer.pointee
        let data = [f.data.0, f.data.1, f.data.2, f.data.3][plane]
        let stride = Int([f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3][plane])
        // Chroma planes (1 and 2; not the alpha plane 3) have the format's subsampled height.
        let shift =
            plane == 1 || plane == 2 ? Int(av_pix_fmt_desc_get(AVPixelFormat(f.format))?.pointee.log2_chroma_h ?? 0) : 0
        let rows = (Int(f.height) + (1 << shift) - 1) >> shift
        guard let data, stride > 0, rows > 0 else { throw MediaError(code: captions_averror(EINVAL), operation: op) }
        return try withExtendedLifetime(frame) {
            var span = UnsafeMutableBufferPointer(start: data, count: stride * rows).mutableSpan
            return try body(&span, stride, rows)
        }
    }

    /// The frame's planes: base pointers and bytes per row, Y first (then U and V, or UV for
    /// nv12). For code in this package that blends into them; valid only during `body`.
    package func withPlanes<R>(_ body: (VideoPlanePointers) throws -> R) rethrows -> R {
        let f = frame.pointer.pointee
        let planes = VideoPlanePointers(
            data: [f.data.0, f.data.1, f.data.2, f.data.3],
            strides: [Int(f.linesize.0), Int(f.linesize.1), Int(f.linesize.2), Int(f.linesize.3)])
        return try withExtendedLifetime(frame) { try body(planes) }
    }
}

/// Pointers to a frame's planes and their strides (bytes per row, may exceed the width).
package struct VideoPlanePointers {
    package var data: [UnsafeMutablePointer<UInt8>?]
    package var strides: [Int]
}
