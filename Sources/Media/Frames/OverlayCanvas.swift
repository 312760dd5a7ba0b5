internal import CFFmpeg
import CaptionCore

/// The pictures of an overlay-only export: for each source frame a transparent RGBA picture
/// (straight alpha) that the compositors draw on, then converted by libswscale to the alpha
/// format the encoder takes (ProRes 4444's yuva444p10le, QuickTime Animation's argb, PNG's rgba,
/// VP9's yuva420p). Pictures come from a pool, as an export's new pictures do.
final class OverlayCanvas {
    let format: VideoFrameFormat
    private let pool: OutputPicturePool
    private let converter: FrameScaler

    /// The canvas for pictures of `format` (its pixel format must be ``PixelFormat/rgba``),
    /// converted to `target`; a Y'CbCr target is limited range in `format`'s matrix.
    init(format: VideoFrameFormat, target: AVPixelFormat) throws {
        self.format = format
        pool = try OutputPicturePool(format: format)
        let (w, h) = (Int32(format.width), Int32(format.height))
        converter = try FrameScaler(
            from: (w, h, AV_PIX_FMT_RGBA), to: (w, h, target), fullRange: true,
            targetFullRange: !Self.isYCbCr(target), colorSpace: format.matrix.avColorSpace)
    }

    /// Whether `format` stores Y'CbCr (so takes a matrix and a range) rather than RGB.
    static func isYCbCr(_ format: AVPixelFormat) -> Bool {
        guard let d = av_pix_fmt_desc_get(format) else { return false }
        return d.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0
    }

    /// The picture of one frame: a transparent canvas, drawn on by `compositors` at `time`,
    /// in the encoder's format.
    func picture(drawnBy compositors: CompositorChain, at time: MediaTime) throws -> Frame {
        // Transparent black: every byte 0 (av_image_fill_black gives opaque black).
        let canvas = try pool.zeroedPicture()
        let drawn = try compositors.run(on: VideoFrame(frame: canvas, format: format), sources: [:], at: time)
        return try converter.convert(drawn.frame)
    }
}
