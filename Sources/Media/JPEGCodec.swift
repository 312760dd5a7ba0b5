internal import CFFmpeg

/// JPEG files through libavcodec's MJPEG encoder (no hand-written JPEG code), for previews.
///
/// Pictures come as ``PNGCodec`` takes them: 8-bit RGBA, straight alpha, rows top to bottom
/// without padding. JPEG has no alpha, so the picture is first laid over black (what a caption
/// preview without a background stands for: no video). Colour is converted with libswscale to
/// full-range 4:4:4 Y′CbCr (BT.601 matrix, as JFIF reads it): no chroma subsampling, so the
/// edges of coloured caption text stay sharp.
public enum JPEGCodec {
    /// The JPEG file bytes of a `width`×`height` picture. `quality` is MJPEG's quantiser scale,
    /// 2 (best, the default) to 31 (smallest).
    public static func encode(width: Int, height: Int, rgba pixels: [UInt8], quality: Int32 = 2) throws -> [UInt8] {
        let op = "encoding a \(width)x\(height) JPEG"
        guard let byteCount = PNGCodec.rgbaByteCount(width, height), pixels.count == byteCount else {
            throw MediaError(code: captions_averror(EINVAL), operation: op)
        }
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG) else {
            throw MediaError(code: captions_averror_encoder_not_found(), operation: op)
        }
        let context = try CodecContext(codec: codec, operation: op)
        let frame = try Frame(operation: op)
        let packet = try Packet(operation: op)
        let scaler = try ScaleContext(
            from: Int32(width), Int32(height), AV_PIX_FMT_RGB24, to: Int32(width), Int32(height), AV_PIX_FMT_YUV444P,
            operation: op)
        // `c`, `f`, `packet.pointer` and `scaler.pointer` are raw handles their owners free in deinit.
        defer { withExtendedLifetime((context, frame, packet, scaler)) {} }
        let scale = max(2, min(31, quality))
        let c = context.pointer
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        // Full range signalled on a plain YUV format: the encoder writes a JFIF file, and
        // libswscale is told the range explicitly below (the YUVJ formats are deprecated).
        c.pointee.pix_fmt = AV_PIX_FMT_YUV444P
        c.pointee.color_range = AVCOL_RANGE_JPEG
        c.pointee.time_base = AVRational(num: 1, den: 25)
        c.pointee.flags |= AV_CODEC_FLAG_QSCALE
        c.pointee.global_quality = Int32(FF_QP2LAMBDA) * scale
        try MediaError.check(avcodec_open2(c, codec, nil), op)

        let f = frame.pointer
        f.pointee.format = AV_PIX_FMT_YUV444P.rawValue
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        f.pointee.color_range = AVCOL_RANGE_JPEG
        f.pointee.quality = c.pointee.global_quality
        try MediaError.check(av_frame_get_buffer(f, 0), op)
        try MediaError.check(av_frame_make_writable(f), op)

        // Straight alpha over black: each channel times its alpha.
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            let a = UInt32(pixels[i * 4 + 3])
            for k in 0..<3 { rgb[i * 3 + k] = UInt8((UInt32(pixels[i * 4 + k]) * a + 127) / 255) }
        }
        // RGB in, full-range Y′CbCr out, BT.601 coefficients (JFIF).
        let coefficients = sws_getCoefficients(SWS_CS_ITU601)
        try MediaError.check(
            sws_setColorspaceDetails(scaler.pointer, coefficients, 1, coefficients, 1, 0, 1 << 16, 1 << 16), op)
        let converted: Int32 = rgb.withUnsafeBufferPointer { src in
            let srcData: [UnsafePointer<UInt8>?] = [src.baseAddress, nil, nil, nil]
            let srcStride: [Int32] = [Int32(width * 3), 0, 0, 0]
            var dstData: [UnsafeMutablePointer<UInt8>?] = [f.pointee.data.0, f.pointee.data.1, f.pointee.data.2, nil]
            var dstStride: [Int32] = [f.pointee.linesize.0, f.pointee.linesize.1, f.pointee.linesize.2, 0]
            return sws_scale(scaler.pointer, srcData, srcStride, 0, Int32(height), &dstData, &dstStride)
        }
        try MediaError.check(converted, op)

        f.pointee.pts = 0
        return try context.encodeOnePicture(f, packet: packet, operation: op)
    }
}
