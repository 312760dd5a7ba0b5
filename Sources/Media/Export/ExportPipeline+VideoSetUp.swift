internal import CFFmpeg
import CaptionCore

/// The video stage's set-up: a copied stream for `--codec copy`, else the decoder, the
/// conversion the compositors and the encoder need, the compositors' preparation and the encoder.
extension ExportPipeline {
    func setUpVideo(_ stream: UnsafeMutablePointer<AVStream>) throws {
        let track = description.tracks[Int(stream.pointee.index)]
        if case .copy = settings.videoCodec {
            guard closedCaptionData == nil else {
                throw MediaFileError.invalidSetting(
                    "\(ExportParameterWords.codecCopy) keeps the compressed video as it is, so no caption data can be "
                        + "put in its pictures; "
                        + "choose an encoder that writes A/53 captions (libx264)")
            }
            guard compositors.isEmpty, settings.size == nil else {
                throw MediaFileError.invalidSetting(
                    "\(ExportParameterWords.codecCopy) keeps the compressed video as it is, so nothing can be drawn "
                        + "on it and its size "
                        + "cannot change; choose an encoder (libx264)")
            }
            let out = try newStream(copying: stream)
            videoOutputIndex = out.pointee.index
            videoCopy = CopiedStream(
                inputIndex: videoIndex, outputIndex: out.pointee.index, inputTimeBase: stream.pointee.time_base,
                label: track.label, trimsStart: trim.trimsStart)
            if trim.trimsStart {
                note(
                    "media.copyTrim",
                    "\(ExportParameterWords.codecCopy) starts at the key frame at or before "
                        + "\(ExportParameterWords.rangeStart); re-encode for an exact start",
                    severity: .warning)
            }
            return
        }
        guard case .encode(let encoderName) = settings.videoCodec else { return }
        if settings.overlayOnly {
            try setUpOverlayVideo(stream, encoderName: encoderName)
            return
        }
        encoderWritesCaptions = VideoEncoder.writesA53Captions(encoderName)
        let decoder = try VideoDecoder(stream: stream, path: path, label: track.label)
        self.decoder = decoder
        let dec = decoder.context.pointer.pointee
        let par = try stream.parameters(in: path).pointee
        var format = dec.pix_fmt != AV_PIX_FMT_NONE ? dec.pix_fmt : AVPixelFormat(par.format)
        let width = Int32(settings.size?.width ?? Int(par.width))
        let height = Int32(settings.size?.height ?? Int(par.height))
        let matrix = VideoColorMatrix.resolve(
            tag: track.color?.matrix, width: Int(width), height: Int(height))
        let fullRange = par.color_range == AVCOL_RANGE_JPEG || format == AV_PIX_FMT_YUVJ420P
        // Compositors draw into a few layouts; the encoder accepts its own list. Anything else
        // goes through libswscale, and the user is told.
        let name = FFmpegNames.pixelFormat(format.rawValue) ?? "unknown"
        let accepted = Set(VideoEncoder.pixelFormats(of: encoderName).map(\.rawValue))
        let drawable = compositors.supportedPixelFormats
        let needsDrawable = !compositors.isEmpty && !drawable.contains(PixelFormat(name: name))
        let needsEncodable = !accepted.isEmpty && !accepted.contains(format.rawValue)
        if needsDrawable || needsEncodable {
            let highDepth = (av_pix_fmt_desc_get(format)?.pointee.comp.0.depth ?? 8) > 8
            let target =
                highDepth && accepted.contains(AV_PIX_FMT_YUV420P10LE.rawValue)
                ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
            note(
                "media.pixelFormatConverted",
                "the video's pixel format \(name) is converted to \(FFmpegNames.pixelFormat(target.rawValue) ?? "?") through libswscale"
                    + (needsDrawable
                        ? " (captions are drawn into yuv420p, yuvj420p, nv12 and yuv420p10le directly)" : ""),
                severity: .info)
            format = target
        }
        if format != dec.pix_fmt || width != par.width || height != par.height {
            scaler = try FrameScaler(
                from: (par.width, par.height, dec.pix_fmt), to: (width, height, format), fullRange: fullRange,
                colorSpace: par.color_space)
        }
        let rate = stream.pointee.r_frame_rate.num > 0 ? stream.pointee.r_frame_rate : stream.pointee.avg_frame_rate
        let frameFormat = VideoFrameFormat(
            width: Int(width), height: Int(height),
            pixelFormat: PixelFormat(name: FFmpegNames.pixelFormat(format.rawValue) ?? "unknown"), matrix: matrix,
            isFullRange: fullRange, frameRate: FFmpegNames.frameRate(rate))
        self.frameFormat = frameFormat
        try compositors.prepare(for: frameFormat)

        let options = settings.encoderOptions
        let sar = par.sample_aspect_ratio
        // MPEG-1/2 video allow only their standard frame rates and refuse any other time base
        // (ISO/IEC 13818-2 §6.3.3 frame_rate_code): those encoders count in frames, as the
        // ffmpeg command's encoders do, and the stream's timestamps are rescaled to it.
        let timeBase =
            VideoEncoder.needsFrameRateTimeBase(encoderName) && rate.num > 0 && rate.den > 0
            ? AVRational(num: rate.den, den: rate.num) : stream.pointee.time_base
        let encoder = try VideoEncoder(
            VideoEncoder.Parameters(
                encoderName: encoderName, width: width, height: height, pixelFormat: format,
                timeBase: timeBase, frameRate: rate,
                sampleAspectRatio: sar.num > 0 ? sar : AVRational(num: 0, den: 1),
                colorRange: par.color_range, colorSpace: par.color_space, colorPrimaries: par.color_primaries,
                colorTransfer: par.color_trc, chromaLocation: par.chroma_location,
                globalHeader: writer.wantsGlobalHeader, options: options),
            path: path)
        self.encoder = encoder
        try addVideoStream(encodedBy: encoder, like: stream, rate: rate)
    }

    /// The output's video stream for `encoder`, with the source stream's rates, disposition,
    /// tags (but its `encoder`, when `keepsEncoderTag` is false) and side data (rotation…).
    func addVideoStream(
        encodedBy encoder: VideoEncoder, like stream: UnsafeMutablePointer<AVStream>, rate: AVRational,
        keepsEncoderTag: Bool = true
    ) throws {
        let out = try writer.newStream(encodedBy: encoder.context)
        out.pointee.avg_frame_rate = stream.pointee.avg_frame_rate
        out.pointee.r_frame_rate = rate
        out.pointee.disposition = stream.pointee.disposition
        av_dict_copy(&out.pointee.metadata, stream.pointee.metadata, 0)
        if !keepsEncoderTag { av_dict_set(&out.pointee.metadata, "encoder", nil, 0) }
        copySideData(from: stream, to: out)
        videoOutputIndex = out.pointee.index
    }
}
