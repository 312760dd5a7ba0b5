internal import CFFmpeg

extension ScaleContext {
    /// Converts a picture (its planes and strides, `height` rows) to RGBA rows of `width` × 4
    /// bytes with no padding, as ``PNGCodec`` and Render hold pictures.
    ///
    /// libswscale's SIMD output writes whole blocks of pixels, past the end of a row whose
    /// byte width is not a multiple of the block (a 426-pixel-wide picture overran a packed
    /// array and corrupted the heap), so it writes into a frame of its own, with the aligned
    /// and padded strides `av_frame_get_buffer` gives, and the rows are copied out of it.
    func packedRGBA(
        planes: [UnsafePointer<UInt8>?], strides: [Int32], height: Int32, width outWidth: Int, height outHeight: Int,
        operation: String
    ) throws -> [UInt8] {
        guard let count = PNGCodec.rgbaByteCount(outWidth, outHeight) else {
            throw MediaError(code: captions_averror(EINVAL), operation: operation)
        }
        let out = try Frame(operation: operation)
        let o = out.pointer
        o.pointee.width = Int32(outWidth)
        o.pointee.height = Int32(outHeight)
        o.pointee.format = AV_PIX_FMT_RGBA.rawValue
        try MediaError.check(av_frame_get_buffer(o, 0), call: "av_frame_get_buffer", operation)
        var dstData: [UnsafeMutablePointer<UInt8>?] = [o.pointee.data.0, nil, nil, nil]
        var dstStride: [Int32] = [o.pointee.linesize.0, 0, 0, 0]
        let r = sws_scale(pointer, planes, strides, 0, height, &dstData, &dstStride)
        try MediaError.check(r, call: "sws_scale", operation)
        guard let base = o.pointee.data.0 else {
            throw MediaError(code: captions_averror(ENOMEM), operation: operation)
        }
        let stride = Int(o.pointee.linesize.0)
        let row = outWidth * 4
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBufferPointer { dst in
            guard let target = dst.baseAddress else { return }
            for y in 0..<outHeight { (target + y * row).update(from: base + y * stride, count: row) }
        }
        withExtendedLifetime(out) {}
        return bytes
    }
}
