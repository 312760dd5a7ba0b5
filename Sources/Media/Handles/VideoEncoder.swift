internal import CFFmpeg

/// Owns the encoder of the output video. libavcodec's and libx264's own threads keep the cores
/// busy (`thread_count` 0: one per core, as the ffmpeg command does).
final class VideoEncoder {
    struct Parameters {
        var encoderName: String
        var width: Int32
        var height: Int32
        var pixelFormat: AVPixelFormat
        var timeBase: AVRational
        var frameRate: AVRational
        var sampleAspectRatio: AVRational
        var colorRange: AVColorRange
        var colorSpace: AVColorSpace
        var colorPrimaries: AVColorPrimaries
        var colorTransfer: AVColorTransferCharacteristic
        var chromaLocation: AVChromaLocation
        var globalHeader: Bool
        /// Encoder options such as libx264's `crf` and `preset`; every one must be used.
        var options: [(String, String)]
    }

    let context: CodecContext
    let path: String

    /// The pixel formats `name` accepts (empty when it does not say).
    static func pixelFormats(of name: String) -> [AVPixelFormat] {
        guard let codec = avcodec_find_encoder_by_name(name), var p = codec.pointee.pix_fmts else { return [] }
        var result: [AVPixelFormat] = []
        while p.pointee != AV_PIX_FMT_NONE {
            result.append(p.pointee)
            p += 1
        }
        return result
    }

    /// Whether the encoder `name` writes the A/53 caption side data of its frames into the
    /// pictures: those that have FFmpeg's `a53cc` option (libx264, mpeg2video, NVENC…).
    static func writesA53Captions(_ name: String) -> Bool {
        guard let codec = avcodec_find_encoder_by_name(name), var privateClass = codec.pointee.priv_class else {
            return false
        }
        return withUnsafeMutablePointer(to: &privateClass) {
            av_opt_find(UnsafeMutableRawPointer($0), "a53cc", nil, 0, AV_OPT_SEARCH_FAKE_OBJ) != nil
        }
    }

    /// Whether the encoder `name` takes only a fixed list of frame rates (MPEG-1/2 video) and
    /// so must count time in frames: its time base must be 1/frame rate.
    static func needsFrameRateTimeBase(_ name: String) -> Bool {
        guard let codec = avcodec_find_encoder_by_name(name) else { return false }
        return codec.pointee.supported_framerates != nil
    }

    init(_ parameters: Parameters, path: String) throws {
        self.path = path
        guard let codec = avcodec_find_encoder_by_name(parameters.encoderName),
            codec.pointee.type == AVMEDIA_TYPE_VIDEO
        else {
            throw MediaFileError.invalidSetting(
                "\(ExportParameterWords.codecEncode) \(parameters.encoderName): this build of FFmpeg has no video "
                    + "encoder of that name (`ffmpeg -encoders` lists them; libx264 is the default)")
        }
        let op = "opening the \(parameters.encoderName) encoder"
        context = try CodecContext(codec: codec, operation: op)
        let c = context.pointer
        c.pointee.width = parameters.width
        c.pointee.height = parameters.height
        c.pointee.pix_fmt = parameters.pixelFormat
        c.pointee.time_base = parameters.timeBase
        c.pointee.framerate = parameters.frameRate
        c.pointee.sample_aspect_ratio = parameters.sampleAspectRatio
        c.pointee.color_range = parameters.colorRange
        c.pointee.colorspace = parameters.colorSpace
        c.pointee.color_primaries = parameters.colorPrimaries
        c.pointee.color_trc = parameters.colorTransfer
        c.pointee.chroma_sample_location = parameters.chromaLocation
        c.pointee.thread_count = 0
        if parameters.globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in parameters.options { av_dict_set(&dictionary, key, value, 0) }
        FFmpegLog.clear()
        try MediaFileError.check(avcodec_open2(c, codec, &dictionary), path: path, call: "avcodec_open2", op)
        // Options left in the dictionary are ones the encoder does not have.
        let unused = FFmpegNames.tags(dictionary).map(\.key)
        if !unused.isEmpty {
            throw MediaFileError.invalidSetting(
                "the \(parameters.encoderName) encoder has no option \(unused.joined(separator: ", ")); "
                    + "\(ExportParameterWords.crfAndPreset) apply to libx264 and libx265")
        }
    }

    /// Sends a frame (nil: flush).
    func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        let r = avcodec_send_frame(context.pointer, frame)
        if r == captions_averror_eof() { return }
        try MediaFileError.check(r, path: path, call: "avcodec_send_frame", "encoding the video")
    }

    /// The next packet into `packet`; false when the encoder needs more frames or is done.
    func receive(into packet: Packet) throws -> Bool {
        let r = avcodec_receive_packet(context.pointer, packet.pointer)
        if r == captions_averror_eagain() || r == captions_averror_eof() { return false }
        try MediaFileError.check(r, path: path, call: "avcodec_receive_packet", "encoding the video")
        return true
    }
}
