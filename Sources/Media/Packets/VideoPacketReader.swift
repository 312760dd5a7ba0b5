internal import CFFmpeg
import CaptionCore

/// The compressed pictures of a movie's first video track, in the order the file stores them
/// (decoding order), each with its presentation time, as libavformat's demuxer hands them on:
/// for MPEG transport and program streams its parser first cuts the elementary stream into
/// whole pictures. Nothing is decoded, and the other tracks' packets are discarded unread.
///
/// What reads the captions that pictures carry (A/53 `cc_data` in MPEG-2 picture user data and
/// in H.264/HEVC SEI) without a decoder: libavcodec exports them only as the side data of decoded
/// frames, so decoding every picture would cost far more than finding a few bytes in each.
public final class VideoPacketReader {
    /// One picture as stored.
    public struct Picture {
        /// The packet's bytes, owned by libavcodec's packet: valid only during the call that
        /// receives the picture, so handed on only as a span (``withBytes(_:)``).
        var bytes: UnsafeRawBufferPointer
        /// Presentation time on the asset's timeline (the container's start taken off, as export
        /// and burn count); nil when the file gives none.
        public var presentationTime: MediaTime?
        /// Decoding time, likewise.
        public var decodingTime: MediaTime?
        public var isKeyFrame: Bool

        /// Calls `body` with the packet's bytes: the elementary stream of one picture (start
        /// codes for MPEG-2 and Annex B H.264/HEVC; length-prefixed NAL units in MP4 and
        /// Matroska), read in place.
        public func withBytes<Result>(_ body: (RawSpan) throws -> Result) rethrows -> Result {
            try body(bytes.bytes)
        }
    }

    /// The file.
    public let path: String
    /// FFmpeg's name of the video codec: `mpeg2video`, `h264`, `hevc`…
    public let codecName: String
    /// The codec configuration (`extradata`): `avcC`/`hvcC` for length-prefixed H.264/HEVC, the
    /// sequence header for MPEG-2; empty when there is none.
    public let codecConfiguration: [UInt8]
    /// The video's frame rate, when the file says.
    public let frameRate: FrameRate?
    /// The container's name as FFmpeg gives it (`mpegts`, `matroska,webm`…).
    public let containerFormat: String
    /// The stream's index and ID in the file (the PID in a transport stream).
    public let streamIndex: Int
    public let streamID: Int

    private let input: InputFormatContext
    private let stream: UnsafeMutablePointer<AVStream>
    private let start: MediaTime

    /// Opens `path` and finds its first video track (a cover picture is not one).
    public init(path: String) throws {
        self.path = path
        input = try InputFormatContext(path: path)
        guard
            let video = input.streams.first(where: {
                $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
                    && ($0.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC) == 0
            })
        else {
            // What it holds instead, for the message; nothing is decoded for that.
            let tracks = input.streams.compactMap { try? AssetProbe.track(of: $0, path: path) }
            throw input.noVideoTrackError(tracks: tracks)
        }
        stream = video
        let par = video.pointee.codecpar.pointee
        codecName = FFmpegNames.string(avcodec_get_name(par.codec_id)) ?? "unknown"
        codecConfiguration =
            par.extradata_size > 0 && par.extradata != nil
            ? Array(UnsafeBufferPointer(start: par.extradata, count: Int(par.extradata_size))) : []
        let rate = video.pointee.r_frame_rate.num > 0 ? video.pointee.r_frame_rate : video.pointee.avg_frame_rate
        frameRate = FFmpegNames.frameRate(rate)
        containerFormat = FFmpegNames.string(input.pointer.pointee.iformat.pointee.name) ?? "?"
        streamIndex = Int(video.pointee.index)
        streamID = Int(video.pointee.id)
        start = FFmpegNames.origin(of: input.pointer, video: video)
        for other in input.streams where other != video { other.pointee.discard = AVDISCARD_ALL }
    }

    /// Calls `body` with each picture, in file order, until it returns false or the file ends.
    /// A read error is thrown (``MediaFileError``), naming the file and FFmpeg's message.
    public func forEachPicture(_ body: (Picture) throws -> Bool) throws {
        let packet = try Packet(operation: "reading packets")
        let base = stream.pointee.time_base
        while try input.readPacket(into: packet, operation: "reading the video's packets") {
            defer { av_packet_unref(packet.pointer) }
            let p = packet.pointer.pointee
            guard p.stream_index == stream.pointee.index, let data = p.data else { continue }
            let picture = Picture(
                bytes: UnsafeRawBufferPointer(start: data, count: Int(p.size)),
                presentationTime: p.pts == captions_av_nopts_value()
                    ? nil : FFmpegNames.time(p.pts, base).map { $0 - start },
                decodingTime: p.dts == captions_av_nopts_value()
                    ? nil : FFmpegNames.time(p.dts, base).map { $0 - start },
                isKeyFrame: (p.flags & AV_PKT_FLAG_KEY) != 0)
            if try !body(picture) { return }
        }
    }
}
