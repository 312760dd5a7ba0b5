internal import CFFmpeg

/// Owns a libswscale context that converts frames to another size or pixel format (the
/// `--size` option, and pixel formats the compositors cannot draw into).
final class FrameScaler {
    let pointer: OpaquePointer
    let width: Int32
    let height: Int32
    let format: AVPixelFormat

    init(
        from source: (width: Int32, height: Int32, format: AVPixelFormat),
        to target: (width: Int32, height: Int32, format: AVPixelFormat),
        fullRange: Bool, targetFullRange: Bool? = nil, colorSpace: AVColorSpace
    ) throws {
        guard
            let p = sws_getContext(
                source.width, source.height, source.format, target.width, target.height, target.format, SWS_BICUBIC,
                nil, nil, nil)
        else {
            throw MediaFileError.invalidSetting(
                "libswscale cannot convert \(source.width)x\(source.height) "
                    + "\(FFmpegNames.string(av_get_pix_fmt_name(source.format)) ?? "?") to \(target.width)x\(target.height) "
                    + "\(FFmpegNames.string(av_get_pix_fmt_name(target.format)) ?? "?")")
        }
        pointer = p
        width = target.width
        height = target.height
        format = target.format
        // Keep the stream's matrix and range through the conversion instead of libswscale's
        // BT.601 limited-range default (the target's range is the source's unless given).
        let coefficients = sws_getCoefficients(
            colorSpace == AVCOL_SPC_UNSPECIFIED ? SWS_CS_DEFAULT : Int32(colorSpace.rawValue))
        let range: Int32 = fullRange ? 1 : 0
        let targetRange: Int32 = (targetFullRange ?? fullRange) ? 1 : 0
        sws_setColorspaceDetails(p, coefficients, range, coefficients, targetRange, 0, 1 << 16, 1 << 16)
    }

    deinit { sws_freeContext(pointer) }

    /// A new frame holding `source` converted; timing and colour tags are copied.
    func convert(_ source: Frame) throws -> Frame {
        let out = try Frame(operation: "converting a frame")
        let o = out.pointer
        o.pointee.width = width
        o.pointee.height = height
        o.pointee.format = format.rawValue
        try MediaError.check(av_frame_get_buffer(o, 0), call: "av_frame_get_buffer", "converting a frame")
        try MediaError.check(av_frame_copy_props(o, source.pointer), call: "av_frame_copy_props", "converting a frame")
        let s = source.pointer.pointee
        let src: [UnsafePointer<UInt8>?] = [
            UnsafePointer(s.data.0), UnsafePointer(s.data.1), UnsafePointer(s.data.2), UnsafePointer(s.data.3),
        ]
        let srcStride: [Int32] = [s.linesize.0, s.linesize.1, s.linesize.2, s.linesize.3]
        var dst: [UnsafeMutablePointer<UInt8>?] = [
            o.pointee.data.0, o.pointee.data.1, o.pointee.data.2, o.pointee.data.3,
        ]
        var dstStride: [Int32] = [
            o.pointee.linesize.0, o.pointee.linesize.1, o.pointee.linesize.2, o.pointee.linesize.3,
        ]
        let r = sws_scale(pointer, src, srcStride, 0, s.height, &dst, &dstStride)
        try MediaError.check(r, call: "sws_scale", "converting a frame")
        return out
    }
}
