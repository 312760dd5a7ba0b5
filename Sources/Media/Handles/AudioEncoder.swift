internal import CFFmpeg

/// Owns the AAC encoder of a timeline export's audio (libavcodec's native `aac`, planar float).
final class AudioEncoder: PacketSource {
    let context: CodecContext
    let path: String

    init(sampleRate: Int, channelCount: Int, globalHeader: Bool, path: String) throws {
        self.path = path
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_AAC) else {
            throw MediaFileError.notSupported("this build of FFmpeg has no AAC encoder")
        }
        let op = "opening the AAC encoder"
        context = try CodecContext(codec: codec, operation: op)
        let c = context.pointer
        c.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        c.pointee.sample_rate = Int32(sampleRate)
        av_channel_layout_default(&c.pointee.ch_layout, Int32(channelCount))
        // 64 kbit/s a channel: transparent enough for speech and music at 48 kHz.
        c.pointee.bit_rate = Int64(64_000 * channelCount)
        c.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        try MediaFileError.check(avcodec_open2(c, codec, nil), path: path, call: "avcodec_open2", op)
    }

    var timeBase: AVRational { context.pointer.pointee.time_base }

    /// Samples per frame the encoder wants (1024 for AAC).
    var frameSize: Int { Int(max(1, context.pointer.pointee.frame_size)) }

    /// The layout's name as filters take it ("stereo", "mono", "5.1").
    var channelLayoutName: String {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBufferPointer {
            av_channel_layout_describe(&context.pointer.pointee.ch_layout, $0.baseAddress, $0.count)
        }
        return n > 0 ? String(cString: buffer) : "stereo"
    }

    /// Sends a frame (nil: flush).
    func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        let r = avcodec_send_frame(context.pointer, frame)
        if r == captions_averror_eof() { return }
        try MediaFileError.check(r, path: path, call: "avcodec_send_frame", "encoding the audio")
    }

    func receive(into packet: Packet) throws -> Bool {
        let r = avcodec_receive_packet(context.pointer, packet.pointer)
        if r == captions_averror_eagain() || r == captions_averror_eof() { return false }
        try MediaFileError.check(r, path: path, call: "avcodec_receive_packet", "encoding the audio")
        return true
    }
}
