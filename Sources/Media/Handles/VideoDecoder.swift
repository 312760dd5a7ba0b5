internal import CFFmpeg

/// Owns the decoder of one video stream. FFmpeg's frame and slice threads keep the cores busy
/// (`thread_count` 0 lets libavcodec pick one per core and one more, as the ffmpeg command
/// does; a reader whose own work between pictures is small asks for one per core).
final class VideoDecoder {
    let context: CodecContext
    let path: String

    /// `threads` is libavcodec's `thread_count`: 0 for its own choice.
    /// `timesOnly`: the pictures are wanted for their times, not their pixels (an overlay-only
    /// export): the decoder skips the inverse transform and the loop filter (`skip_idct`,
    /// `skip_loop_filter`), so every picture still comes out, at its time, for far less work.
    init(
        stream: UnsafeMutablePointer<AVStream>, path: String, label: String, threads: Int32 = 0,
        timesOnly: Bool = false
    ) throws {
        let par = try stream.parameters(in: path)
        guard let codec = avcodec_find_decoder(par.pointee.codec_id) else {
            let tag = FFmpegNames.fourCC(par.pointee.codec_tag)
            let known = FFmpegNames.string(avcodec_descriptor_get(par.pointee.codec_id)?.pointee.name)
            let codec =
                known.map { tag.isEmpty ? $0 : "\($0) ('\(tag)')" } ?? "'\(tag)' (a codec FFmpeg does not know)"
            throw MediaFileError.unsupportedCodec(path: path, track: label, codec: codec)
        }
        self.path = path
        let op = "opening the decoder of \(label)"
        context = try CodecContext(codec: codec, operation: op)
        let c = context.pointer
        try MediaFileError.check(
            avcodec_parameters_to_context(c, par), path: path, call: "avcodec_parameters_to_context", op)
        c.pointee.pkt_timebase = stream.pointee.time_base
        c.pointee.thread_count = max(0, threads)
        c.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        if timesOnly {
            c.pointee.skip_idct = AVDISCARD_ALL
            c.pointee.skip_loop_filter = AVDISCARD_ALL
        }
        try MediaFileError.check(avcodec_open2(c, codec, nil), path: path, call: "avcodec_open2", op)
    }

    /// Sends one packet (nil: the end of the stream). Decoding errors in one packet are the
    /// decoder's to conceal, as the ffmpeg command does; only a refused call stops the work.
    func send(_ packet: UnsafeMutablePointer<AVPacket>?) throws {
        let r = avcodec_send_packet(context.pointer, packet)
        if r == captions_averror_eof() || r == captions_averror_invaliddata() { return }
        if r < 0, r != captions_averror_eagain() {
            throw MediaFileError.ffmpeg(
                path: path, MediaError(code: r, operation: "decoding the video", call: "avcodec_send_packet"))
        }
    }

    /// Pictures the decoder could not decode and concealed or skipped, as the ffmpeg command
    /// goes on past them.
    private(set) var damagedPictures = 0

    /// The next decoded frame into `frame`; false when the decoder needs more input or is done.
    func receive(into frame: Frame) throws -> Bool {
        var r = avcodec_receive_frame(context.pointer, frame.pointer)
        // With frame threads, a damaged picture's error comes back here; the next one may be fine.
        while r == captions_averror_invaliddata() {
            damagedPictures += 1
            r = avcodec_receive_frame(context.pointer, frame.pointer)
        }
        if r == captions_averror_eagain() || r == captions_averror_eof() { return false }
        if r < 0 {
            throw MediaFileError.ffmpeg(
                path: path, MediaError(code: r, operation: "decoding the video", call: "avcodec_receive_frame"))
        }
        return true
    }
}
