internal import CFFmpeg

extension VideoFrameFormat {
    /// libavutil's pixel format for this format's name, for a picture of this size: an error
    /// that starts with `operation` when FFmpeg has no such format or a side is not in
    /// 1...`PNGCodec.maxSide` (which keeps strides within FFmpeg's `Int32` and a picture within
    /// 1 GiB), so that no size from a file or a user reaches the arithmetic of a frame's buffers.
    func checkedPixelFormat(_ operation: String) throws -> AVPixelFormat {
        let pixelFormat = av_get_pix_fmt(self.pixelFormat.name)
        guard pixelFormat != AV_PIX_FMT_NONE else {
            throw MediaFileError.invalidSetting("\(operation): FFmpeg has no pixel format named \(self.pixelFormat)")
        }
        let sides = 1...PNGCodec.maxSide
        guard sides.contains(width), sides.contains(height) else {
            throw MediaFileError.invalidSetting(
                "\(operation): the size must be between 1x1 and \(PNGCodec.maxSide)x\(PNGCodec.maxSide)")
        }
        return pixelFormat
    }
}
