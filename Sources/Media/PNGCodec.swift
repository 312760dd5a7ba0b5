internal import CFFmpeg

/// PNG files through libavcodec's PNG encoder and decoder (no hand-written PNG code).
///
/// Pictures are plain pixel bytes: 8-bit RGBA, straight alpha, rows top to bottom without
/// padding, as Render's `RGBAImage` holds them. Media depends on CaptionCore only (Package.swift),
/// so it takes the bytes rather than that type, and the CLI passes them across.
public enum PNGCodec {
    /// The PNG file bytes of a `width`×`height` picture. `compressionLevel` is zlib's, 0 (none,
    /// fastest) to 9 (smallest); caption frames are mostly flat, so 3 is nearly as small as 6 at
    /// half the time.
    public static func encode(width: Int, height: Int, rgba pixels: [UInt8], compressionLevel: Int32 = 3) throws
        -> [UInt8]
    {
        let op = "encoding a \(width)x\(height) PNG"
        guard let byteCount = rgbaByteCount(width, height), pixels.count == byteCount else {
            throw MediaError(code: captions_averror(EINVAL), operation: op)
        }
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
            throw MediaError(code: captions_averror_encoder_not_found(), operation: op)
        }
        let context = try CodecContext(codec: codec, operation: op)
        let frame = try Frame(operation: op)
        let packet = try Packet(operation: op)
        // `c`, `f` and `packet.pointer` are raw handles their owners free in deinit.
        defer { withExtendedLifetime((context, frame, packet)) {} }
        let c = context.pointer
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.pix_fmt = AV_PIX_FMT_RGBA
        c.pointee.time_base = AVRational(num: 1, den: 25)
        c.pointee.compression_level = max(0, min(9, compressionLevel))
        try MediaError.check(avcodec_open2(c, codec, nil), op)

        let f = frame.pointer
        f.pointee.format = AV_PIX_FMT_RGBA.rawValue
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        f.pointee.pts = 0
        // The encoder reads the caller's rows in place (no copy of a picture that may be a whole
        // contact sheet): the frame borrows the array's storage through a buffer whose free does
        // nothing, and the encoder is drained and the frame unreferenced before the borrow ends.
        return try pixels.withUnsafeBufferPointer { src in
            guard let base = src.baseAddress else { throw MediaError(code: captions_averror(EINVAL), operation: op) }
            let data = UnsafeMutablePointer(mutating: base)
            guard let borrowed = av_buffer_create(data, src.count, { _, _ in }, nil, Int32(AV_BUFFER_FLAG_READONLY))
            else { throw MediaError(code: captions_averror(ENOMEM), operation: op) }
            f.pointee.buf.0 = borrowed
            f.pointee.data.0 = data
            f.pointee.linesize.0 = Int32(width * 4)
            defer { av_frame_unref(f) }
            return try context.encodeOnePicture(f, packet: packet, operation: op)
        }
    }

    /// Decodes PNG file bytes to RGBA pixels, scaled to `size` when given and different.
    public static func decode(_ bytes: [UInt8], scaledTo size: (width: Int, height: Int)? = nil) throws -> (
        width: Int, height: Int, rgba: [UInt8]
    ) {
        let op = "decoding a PNG image"
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_PNG) else {
            throw MediaError(code: captions_averror_decoder_not_found(), operation: op)
        }
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else {
            throw MediaError(code: captions_averror_invaliddata(), operation: op)
        }
        let context = try CodecContext(codec: codec, operation: op)
        let packet = try Packet(operation: op)
        let frame = try Frame(operation: op)
        // `c`, `f` and `packet.pointer` are raw handles their owners free in deinit.
        defer { withExtendedLifetime((context, packet, frame)) {} }
        let c = context.pointer
        try MediaError.check(avcodec_open2(c, codec, nil), op)
        try MediaError.check(av_new_packet(packet.pointer, Int32(bytes.count)), op)
        bytes.withUnsafeBufferPointer { src in
            if let base = src.baseAddress, let data = packet.pointer.pointee.data {
                data.update(from: base, count: bytes.count)
            }
        }
        try MediaError.check(avcodec_send_packet(c, packet.pointer), op)
        try MediaError.check(avcodec_send_packet(c, nil), op)
        try MediaError.check(avcodec_receive_frame(c, frame.pointer), op)
        let f = frame.pointer
        let width = Int(f.pointee.width), height = Int(f.pointee.height)
        let outW = size?.width ?? width, outH = size?.height ?? height
        // A caller-given size can be anything: sizes whose byte count or row stride overflows
        // are refused here rather than trapping in the arithmetic below.
        guard rgbaByteCount(width, height) != nil, rgbaByteCount(outW, outH) != nil else {
            throw MediaError(code: captions_averror(EINVAL), operation: op)
        }
        let scaler = try ScaleContext(
            from: Int32(width), Int32(height), AVPixelFormat(rawValue: f.pointee.format),
            to: Int32(outW), Int32(outH), AV_PIX_FMT_RGBA, operation: op)
        defer { withExtendedLifetime(scaler) {} }
        let pixels = try scaler.packedRGBA(
            planes: [
                UnsafePointer(f.pointee.data.0), UnsafePointer(f.pointee.data.1),
                UnsafePointer(f.pointee.data.2), UnsafePointer(f.pointee.data.3),
            ],
            strides: [f.pointee.linesize.0, f.pointee.linesize.1, f.pointee.linesize.2, f.pointee.linesize.3],
            height: Int32(height), width: outW, height: outH, operation: op)
        return (outW, outH, pixels)
    }

    /// The largest side accepted, as `RenderSize.isUsable` (Render) does: it keeps `width * 4` within
    /// FFmpeg's `Int32` strides and a picture within 1 GiB, so a bad size fails instead of
    /// trapping or exhausting memory.
    static let maxSide = 16384

    /// `width * height * 4`, or nil when a side is not in 1...``maxSide``.
    static func rgbaByteCount(_ width: Int, _ height: Int) -> Int? {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else { return nil }
        let (area, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = area.multipliedReportingOverflow(by: 4)
        return o1 || o2 ? nil : bytes
    }
}
