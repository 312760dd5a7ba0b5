internal import CFFmpeg
import CaptionCore

/// The video stage of an overlay-only export (``ExportSettings/overlayOnly``): the source is
/// decoded for its frames' times only; each output picture is a transparent canvas the
/// compositors draw on, encoded with its alpha.
extension ExportPipeline {
    func setUpOverlayVideo(_ stream: UnsafeMutablePointer<AVStream>, encoderName: String) throws {
        let track = description.tracks[Int(stream.pointee.index)]
        let target = try OverlayCanvas.target(
            encoderName: encoderName, compositors: compositors, carriesCaptionData: closedCaptionData != nil)
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
        let options = OverlayCanvas.encoderOptions(encoderName) + settings.encoderOptions
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
