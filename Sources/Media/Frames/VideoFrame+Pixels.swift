internal import CFFmpeg
import CaptionCore

extension VideoFrame {
    /// A black, writable frame of `format` (for compositors' tests and for drawing on): Y at
    /// black for the format's range, chroma at neutral (libavutil's `av_image_fill_black`).
    public static func black(_ format: VideoFrameFormat) throws -> VideoFrame {
        let op = "making a black \(format.width)x\(format.height) \(format.pixelFormat) frame"
        let pixelFormat = try format.checkedPixelFormat(op)
        let frame = try Frame(operation: op)
        let f = frame.pointer
        f.pointee.width = Int32(format.width)
        f.pointee.height = Int32(format.height)
        f.pointee.format = pixelFormat.rawValue
        f.pointee.color_range = format.isFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        f.pointee.colorspace = format.matrix.avColorSpace
        try MediaError.check(av_frame_get_buffer(f, 0), call: "av_frame_get_buffer", op)
        try fillBlack(frame, operation: op)
        return VideoFrame(frame: frame, format: format)
    }

    /// Paints all of `frame` black for its format and range.
    static func fillBlack(_ frame: Frame, operation: String) throws {
        let f = frame.pointer
        var data: [UnsafeMutablePointer<UInt8>?] = [
            f.pointee.data.0, f.pointee.data.1, f.pointee.data.2, f.pointee.data.3,
        ]
        let strides: [Int] = [
            Int(f.pointee.linesize.0), Int(f.pointee.linesize.1), Int(f.pointee.linesize.2), Int(f.pointee.linesize.3),
        ]
        let r = av_image_fill_black(
            &data, strides, AVPixelFormat(f.pointee.format), f.pointee.color_range, f.pointee.width, f.pointee.height)
        try MediaError.check(r, call: "av_image_fill_black", operation)
    }

    /// The frame's pixels as 8-bit RGBA rows (no padding, opaque), converted by libswscale
    /// with the frame's matrix and range (for tests and still images).
    public func rgbaPixels() throws -> (width: Int, height: Int, bytes: [UInt8]) {
        try frame.rgbaPixels(matrix: format.matrix, fullRange: format.isFullRange, size: nil)
    }
}

extension Frame {
    /// RGBA bytes of this picture, scaled to `size` when given (libswscale, bicubic), with the
    /// YUV matrix and range given (BT.601/709/2020; limited or full).
    func rgbaPixels(matrix: VideoColorMatrix, fullRange: Bool, size: VideoSize?) throws -> (
        width: Int, height: Int, bytes: [UInt8]
    ) {
        let f = pointer.pointee
        let op = "converting a \(f.width)x\(f.height) frame to RGBA"
        let width = size?.width ?? Int(f.width)
        let height = size?.height ?? Int(f.height)
        guard PNGCodec.rgbaByteCount(width, height) != nil, f.width > 0, f.height > 0 else {
            throw MediaError(code: captions_averror(EINVAL), operation: op)
        }
        let scaler = try ScaleContext(
            from: f.width, f.height, AVPixelFormat(f.format), to: Int32(width), Int32(height), AV_PIX_FMT_RGBA,
            operation: op)
        let coefficients = sws_getCoefficients(matrix.swsColorSpace)
        // Output RGB is always full range.
        sws_setColorspaceDetails(scaler.pointer, coefficients, fullRange ? 1 : 0, coefficients, 1, 0, 1 << 16, 1 << 16)
        let bytes = try scaler.packedRGBA(
            planes: [
                UnsafePointer(f.data.0), UnsafePointer(f.data.1), UnsafePointer(f.data.2), UnsafePointer(f.data.3),
            ],
            strides: [f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3], height: f.height, width: width,
            height: height, operation: op)
        withExtendedLifetime(self) {}
        return (width, height, bytes)
    }
}
