internal import CFFmpeg
import CaptionCore

/// The video stage of an overlay-only export (``ExportSettings/overlayOnly``): the source is
/// decoded for its frames' times only; each output picture is a transparent canvas the
/// compositors draw on, encoded with its alpha.
extension ExportPipeline {
    /// The alpha formats an encoder may be given, in order of preference: ProRes 4444's 10-bit
    /// 4:4:4 with alpha (prores_ks), QuickTime Animation's argb (qtrle), PNG's rgba, VP9's
    /// yuva420p (libvpx-vp9).
    static let alphaPixelFormats = [AV_PIX_FMT_YUVA444P10LE, AV_PIX_FMT_ARGB, AV_PIX_FMT_RGBA, AV_PIX_FMT_YUVA420P]

    func setUpOverlayVideo(_ stream: UnsafeMutablePointer<AVStream>, encoderName: String) throws {
        let track = description.tracks[Int(stream.pointee.index)]
        guard closedCaptionData == nil else {
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
        guard let target = Self.alphaPixelFormats.first(where: accepted.contains) else {
            throw MediaFileError.invalidSetting(
                "\(ExportParameterWords.codecEncode) \(encoderName) keeps no alpha, which an overlay-only output "
                    + "needs: choose prores_ks (ProRes 4444, the default), qtrle (QuickTime Animation), png or "
                    + "libvpx-vp9 (WebM)")
        }
        // Decoded for the frames' times: the output has a picture at each one, as the source does.
        decoder = try VideoDecoder(stream: stream, path: path, label: track.label, timesOnly: true)
        let par = try stream.parameters(in: path).pointee
        let width = settings.size?.width ?? Int(par.width)
        let height = settings.size?.height ?? Int(par.height)
        let matrix = VideoColorMatrix.resolve(tag: track.color?.matrix, width: width, height: height)
        let rate = stream.pointee.r_frame_rate.num > 0 ? stream.pointee.r_frame_rate : stream.pointee.avg_frame_rate
        let canvasFormat = VideoFrameFormat(
            width: width, height: height, pixelFormat: .rgba, matrix: matrix, isFullRange: true,
            frameRate: FFmpegNames.frameRate(rate))
        frameFormat = canvasFormat
        try compositors.prepare(for: canvasFormat)
        overlayCanvas = try OverlayCanvas(format: canvasFormat, target: target)

        let ycbcr = OverlayCanvas.isYCbCr(target)
        var options: [(String, String)] = []
        if encoderName == "prores_ks" {
            // The 4444 profile (the one with alpha, Apple's ProRes white paper), and Apple's
            // vendor code, which some editors look for.
            options = [("profile", "4444"), ("vendor", "apl0")]
        }
        options += settings.encoderOptions
        let sar = par.sample_aspect_ratio
        let encoder = try VideoEncoder(
            VideoEncoder.Parameters(
                encoderName: encoderName, width: Int32(width), height: Int32(height), pixelFormat: target,
                timeBase: stream.pointee.time_base, frameRate: rate,
                sampleAspectRatio: sar.num > 0 ? sar : AVRational(num: 0, den: 1),
                colorRange: ycbcr ? AVCOL_RANGE_MPEG : AVCOL_RANGE_JPEG,
                colorSpace: ycbcr ? matrix.avColorSpace : AVCOL_SPC_RGB,
                colorPrimaries: par.color_primaries != AVCOL_PRI_UNSPECIFIED ? par.color_primaries : matrix.avPrimaries,
                colorTransfer: par.color_trc != AVCOL_TRC_UNSPECIFIED ? par.color_trc : matrix.avTransfer,
                chromaLocation: AVCHROMA_LOC_UNSPECIFIED,
                globalHeader: writer.wantsGlobalHeader, options: options),
            path: path)
        self.encoder = encoder
        // The source's encoder is not this picture's.
        try addVideoStream(encodedBy: encoder, like: stream, rate: rate, keepsEncoderTag: false)
        note(
            "media.overlayOnly",
            "overlay only: \(width)x\(height) with alpha, \(encoderName) in "
                + "\(FFmpegNames.pixelFormat(target.rawValue) ?? "?"), at the times of \(track.label)'s frames",
            severity: .info)
    }
}
