internal import CFFmpeg
import CaptionCore

/// The trim window's start: the seek near `--from`, the shift every track takes from the first
/// kept video frame, the packets held until then, and the timecode tags moved by the cut.
extension ExportPipeline {
    /// Jumps close to `--from` (the key frame at or before it), as the ffmpeg command does.
    func seekToStart() throws {
        guard let from = trim.from else { return }
        let target = TrimWindow.units(from + trim.assetStart, captions_av_time_base_q())
        // A file that cannot seek is read from its start; frames before --from are dropped.
        _ = avformat_seek_file(input.pointer, -1, Int64.min, target, target, 0)
    }

    /// The first kept video frame is at raw time `raw`: every track is shifted by it, and the
    /// copied packets held until now are written.
    func startRange(atRaw raw: MediaTime) throws {
        trim.shift = raw
        updateTimecodeTags(shiftedBy: raw - trim.assetStart)
        try flushPending()
    }

    func flushPending() throws {
        let held = pending
        pending = []
        for packet in held {
            let index = packet.pointer.pointee.stream_index
            if let stream = index == videoIndex ? videoCopy : copied[index] { try copy(packet.pointer, of: stream) }
        }
    }

    /// A trimmed movie starts later: its timecode tags (from which the MOV muxer writes the
    /// timecode track) move forward by the frames cut away.
    func updateTimecodeTags(shiftedBy offset: MediaTime) {
        guard offset > .zero else { return }
        let video = input.streams[Int(videoIndex)].pointee
        let rate = video.r_frame_rate.num > 0 ? video.r_frame_rate : video.avg_frame_rate
        guard rate.num > 0,
            let frames = FrameRate(frames: rate.num, seconds: rate.den)?.frame(
                at: offset, rounding: .nearestOrAwayFromZero)
        else { return }
        func shifted(_ dictionary: OpaquePointer?) -> String? {
            guard let entry = av_dict_get(dictionary, "timecode", nil, 0) else { return nil }
            var tc = AVTimecode()
            guard av_timecode_init_from_string(&tc, rate, entry.pointee.value, nil) >= 0 else { return nil }
            var buffer = [CChar](repeating: 0, count: Int(AV_TIMECODE_STR_SIZE))
            return buffer.withUnsafeMutableBufferPointer { b in
                String(cString: av_timecode_make_string(&tc, b.baseAddress, Int32(clamping: frames)))
            }
        }
        if let text = shifted(output.pointer.pointee.metadata) {
            av_dict_set(&output.pointer.pointee.metadata, "timecode", text, 0)
        }
        for i in 0..<Int(output.pointer.pointee.nb_streams) {
            guard let st = output.pointer.pointee.streams[i], let text = shifted(st.pointee.metadata) else { continue }
            av_dict_set(&st.pointee.metadata, "timecode", text, 0)
        }
    }
}
