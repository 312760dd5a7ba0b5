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

    /// The alpha formats an encoder may be given, in order of preference: ProRes 4444's 10-bit
    /// 4:4:4 with alpha (prores_ks), QuickTime Animation's argb (qtrle), PNG's rgba, VP9's
    /// yuva420p (libvpx-vp9).
    static let alphaPixelFormats = [AV_PIX_FMT_YUVA444P10LE, AV_PIX_FMT_ARGB, AV_PIX_FMT_RGBA, AV_PIX_FMT_YUVA420P]

    /// The alpha format `encoderName` is given, once the set-up is found fit for an overlay-only
    /// output: something to draw, compositors that draw on a transparent RGBA picture, no caption
    /// data (no picture of the movie to carry it) and an encoder that keeps alpha. The one check
    /// an asset's export and a timeline's share.
    static func target(encoderName: String, compositors: CompositorChain, carriesCaptionData: Bool) throws
        -> AVPixelFormat
    {
        guard !carriesCaptionData else {
            throw MediaFileError.invalidSetting(
                "an overlay-only output has no pictures of the movie to carry caption data; embed the captions "
                    + "in the movie itself")
        }
        guard !compositors.isEmpty else {
            throw MediaFileError.invalidSetting("an overlay-only output needs something to draw (an overlay)")
        }
        if let blind = compositors.compositors.first(where: { !$0.supportedPixelFormats.contains(.rgba) }) {
            throw MediaFileError.invalidSetting(
                "\(type(of: blind)) draws only over a movie's pictures, not on the transparent picture of an "
                    + "overlay-only output")
        }
        let accepted = VideoEncoder.pixelFormats(of: encoderName)
        guard let target = alphaPixelFormats.first(where: accepted.contains) else {
            throw MediaFileError.invalidSetting(
                "\(ExportParameterWords.codecEncode) \(encoderName) keeps no alpha, which an overlay-only output "
                    + "needs: choose prores_ks (ProRes 4444, the default), qtrle (QuickTime Animation), png or "
                    + "libvpx-vp9 (WebM)")
        }
        return target
    }

    /// The encoder's own options for an overlay-only output, before the export's: ProRes's 4444
    /// profile (the one with alpha, Apple's ProRes white paper) and Apple's vendor code, which
    /// some editors look for.
    static func encoderOptions(_ encoderName: String) -> [(String, String)] {
        encoderName == "prores_ks" ? [("profile", "4444"), ("vendor", "apl0")] : []
    }

    /// Pictures allocated so far (the others were recycled from the pool).
    var allocatedPictures: Int { pool.allocatedCount }

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
