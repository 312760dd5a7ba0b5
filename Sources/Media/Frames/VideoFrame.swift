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
