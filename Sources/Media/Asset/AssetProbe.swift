internal import CFFmpeg
import CaptionCore

/// Reads a movie's container and track descriptions through libavformat, once.
enum AssetProbe {
    /// How many video frames are decoded to look for A/53 caption data. FFmpeg's probe decodes
    /// a similar handful; captions are sent with every frame that has any, so a few suffice.
    static let captionProbeFrames = 12

    static func describe(path: String) throws -> AssetDescription {
        try describe(InputFormatContext(path: path), findingCaptions: true)
    }

    static func describe(segments: [String]) throws -> AssetDescription {
        try describe(InputFormatContext(segments: segments), findingCaptions: true)
    }

    /// The description of an opened input. Finding A/53 captions decodes a few frames and
    /// seeks back; an export, which decodes everything anyway, does without.
    static func describe(_ input: InputFormatContext, findingCaptions: Bool) throws -> AssetDescription {
        let path = input.path
        let ctx = input.pointer.pointee
        let tracks = try input.streams.map { try track(of: $0, path: path) }
        var described = AssetDescription(
            containerFormat: FFmpegNames.string(ctx.iformat.pointee.name) ?? "unknown",
            duration: FFmpegNames.time(ctx.duration, captions_av_time_base_q()),
            startTime: FFmpegNames.time(ctx.start_time, captions_av_time_base_q()),
            bitRate: ctx.bit_rate > 0 ? Int(ctx.bit_rate) : nil,
            creationDate: nil,
            metadata: FFmpegNames.tags(ctx.metadata),
            tracks: tracks,
            probeScore: Int(ctx.probe_score))
        described.creationDate = described.metadata["creation_time"]
        if findingCaptions, let video = described.tracks.firstIndex(where: { $0.mediaType == .video }) {
            described.tracks[video].hasClosedCaptions = (try? hasA53Captions(input, streamIndex: video)) ?? false
        }
        return described
    }

    static func track(of stream: UnsafeMutablePointer<AVStream>, path: String) throws -> AssetTrack {
        let st = stream.pointee
        let par = try stream.parameters(in: path)
        let p = par.pointee
        let type = FFmpegNames.mediaType(p.codec_type)
        var track = AssetTrack(
            trackID: Int(st.id), index: Int(st.index), mediaType: type,
            // As ffprobe: the codec descriptor's name, "unknown" when FFmpeg has none.
            codec: FFmpegNames.string(avcodec_descriptor_get(p.codec_id)?.pointee.name) ?? "unknown",
            codecTag: FFmpegNames.fourCC(p.codec_tag),
            timeBase: FFmpegNames.time(1, st.time_base) ?? .invalid,
            tags: FFmpegNames.tags(st.metadata))
        track.profile = FFmpegNames.string(avcodec_profile_name(p.codec_id, p.profile))
        track.startTime = FFmpegNames.time(st.start_time, st.time_base)
        track.duration = FFmpegNames.time(st.duration, st.time_base)
        track.sampleCount = st.nb_frames > 0 ? Int(st.nb_frames) : nil
        track.bitRate = p.bit_rate > 0 ? Int(p.bit_rate) : nil
        track.language = track.tags["language"]
        // Data tracks have rates too (a timecode track counts frames).
        track.frameRate = FFmpegNames.frameRate(st.r_frame_rate)
        track.averageFrameRate = FFmpegNames.frameRate(st.avg_frame_rate)
        switch type {
        case .video:
            track.width = Int(p.width)
            track.height = Int(p.height)
            track.pixelFormat = FFmpegNames.pixelFormat(p.format)
            track.color = FFmpegNames.color(par)
            if let matrix = captions_stream_display_matrix(stream) {
                let degrees = av_display_rotation_get(matrix)
                if degrees.isFinite { track.rotation = degrees == 0 ? 0 : degrees }
            }
        case .audio:
            track.sampleRate = Int(p.sample_rate)
            track.channels = Int(p.ch_layout.nb_channels)
            track.channelLayout = FFmpegNames.channelLayout(par)
        default:
            break
        }
        return track
    }

    /// Whether the first frames of the video carry `AV_FRAME_DATA_A53_CC` side data (CEA-608/708
    /// in ATSC A/53 Part 4 user data, which libavcodec's H.264 and MPEG-2 decoders export).
    static func hasA53Captions(_ input: InputFormatContext, streamIndex: Int) throws -> Bool {
        let stream = input.streams[streamIndex]
        let decoder = try VideoDecoder(stream: stream, path: input.path, label: "the video")
        let packet = try Packet(operation: "reading packets")
        let frame = try Frame(operation: "decoding")
        av_seek_frame(input.pointer, -1, Int64.min, AVSEEK_FLAG_BACKWARD)
        var frames = 0
        var packets = 0
        while frames < captionProbeFrames, packets < 50 * captionProbeFrames {
            // A read error ends the probe as the end of the file does: the export that follows
            // reports it with its time.
            let read = (try? input.readPacket(into: packet, operation: "probing for captions")) ?? false
            if !read {
                try decoder.send(nil)
            } else if packet.pointer.pointee.stream_index == Int32(streamIndex) {
                try decoder.send(packet.pointer)
            }
            if read { av_packet_unref(packet.pointer) }
            packets += 1
            while try decoder.receive(into: frame) {
                frames += 1
                if av_frame_get_side_data(frame.pointer, AV_FRAME_DATA_A53_CC) != nil { return true }
                av_frame_unref(frame.pointer)
            }
            if !read { break }
        }
        return false
    }
}
