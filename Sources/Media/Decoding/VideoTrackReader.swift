internal import CFFmpeg
import CaptionCore

/// Decodes one video track of a file from any point, handing on pictures with their time on
/// the asset's timeline (the container's start taken off). It reads only that track's packets
/// (the others are discarded by the demuxer), one at a time, so memory does not grow with the
/// length read; the decoder's own frame threads keep the cores busy.
///
/// ``frame(inForceAt:)`` gives the picture shown at a time — the last one that starts at or
/// before it — for times that only move forward; ``seek(toKeyFrameAtOrBefore:)`` moves back
/// or jumps ahead.
final class VideoTrackReader {
    let path: String
    let track: AssetTrack
    let input: InputFormatContext
    let stream: UnsafeMutablePointer<AVStream>
    let decoder: VideoDecoder
    /// The container's start, taken off every timestamp.
    let assetStart: MediaTime
    let orientation: DisplayOrientation
    /// Pictures the decoder has produced since the reader was opened (for tests of how much a
    /// request decodes).
    private(set) var decodedFrames = 0

    private let packet: Packet
    private var flushed = false
    private var ended = false
    /// The picture in force at the last time asked for, and the one after it.
    private(set) var current: (frame: Frame, time: MediaTime)?
    private var next: (frame: Frame, time: MediaTime)?

    /// Opens the track whose `trackID` is given, or the first video track (not cover art).
    /// `decoderThreads` is the decoder's thread count, 0 for libavcodec's choice.
    init(path: String, trackID: Int?, decoderThreads: Int32 = 0) throws {
        self.path = path
        let input = try InputFormatContext(path: path)
        self.input = input
        let description = try AssetProbe.describe(input, findingCaptions: false)
        let found: AssetTrack?
        if let trackID {
            guard let named = description.tracks.first(where: { $0.trackID == trackID }) else {
                throw MediaFileError.invalidSetting("\(path) has no track \(trackID)")
            }
            guard named.mediaType == .video else {
                throw MediaFileError.invalidSetting("\(path): \(named.label) is not a video track")
            }
            found = named
        } else {
            found = description.tracks.first {
                $0.mediaType == .video && !ExportPipeline.isCoverArt(input, $0.index)
            }
        }
        guard let track = found else {
            throw input.noVideoTrackError(tracks: description.tracks)
        }
        self.track = track
        stream = input.streams[track.index]
        for other in input.streams where other != stream { other.pointee.discard = AVDISCARD_ALL }
        decoder = try VideoDecoder(stream: stream, path: path, label: track.label, threads: decoderThreads)
        assetStart = FFmpegNames.origin(of: input.pointer, video: stream)
        orientation = try DisplayOrientation(stream: stream)
        packet = try Packet(operation: "reading \(path)")
    }

    var timeBase: AVRational { stream.pointee.time_base }

    /// The track's colour matrix: its tag, else BT.709 for HD and BT.601 for SD.
    var colorMatrix: VideoColorMatrix {
        VideoColorMatrix.resolve(tag: track.color?.matrix, width: track.width ?? 0, height: track.height ?? 0)
    }

    // MARK: - Seeking

    /// Jumps to the key frame at or before `time` (asset time), as the ffmpeg command's `-ss`
    /// does; a file that cannot seek is read from its start.
    func seek(toKeyFrameAtOrBefore time: MediaTime) throws {
        let target = TrimWindow.units(time + assetStart, timeBase)
        FFmpegLog.clear()
        let r = avformat_seek_file(input.pointer, stream.pointee.index, Int64.min, target, target, 0)
        if r < 0 {
            // Not seekable: start over from the beginning.
            _ = avformat_seek_file(input.pointer, stream.pointee.index, Int64.min, Int64.min, Int64.min, 0)
        }
        avcodec_flush_buffers(decoder.context.pointer)
        flushed = false
        ended = false
        current = nil
        next = nil
    }

    /// The asset time of the key frame at or before `time` (`after` false) or at or after it
    /// (`after` true), from the file's index; nil when the index does not say.
    func keyFrameTime(near time: MediaTime, after: Bool) -> MediaTime? {
        let ts = TrimWindow.units(time + assetStart, timeBase)
        guard avformat_index_get_entries_count(stream) > 0,
            let entry = avformat_index_get_entry_from_timestamp(stream, ts, after ? 0 : AVSEEK_FLAG_BACKWARD)
        else { return nil }
        return FFmpegNames.time(entry.pointee.timestamp, timeBase).map { $0 - assetStart }
    }

    // MARK: - Decoding

    /// The next decoded picture and its asset time, or nil at the end of the track.
    func nextFrame() throws -> (frame: Frame, time: MediaTime)? {
        while true {
            let frame = try Frame(operation: "decoding \(path)")
            if try decoder.receive(into: frame) {
                decodedFrames += 1
                let f = frame.pointer.pointee
                var ts = f.best_effort_timestamp
                if ts == captions_av_nopts_value() { ts = f.pts }
                guard ts != captions_av_nopts_value(), let raw = FFmpegNames.time(ts, timeBase) else { continue }
                return (frame, raw - assetStart)
            }
            if flushed { return nil }
            try readPacket()
        }
    }

    /// Feeds the decoder the track's next packet, or the end of the stream.
    private func readPacket() throws {
        while true {
            guard try input.readPacket(into: packet, operation: "reading \(track.label)") else {
                try decoder.send(nil)
                flushed = true
                return
            }
            defer { av_packet_unref(packet.pointer) }
            guard packet.pointer.pointee.stream_index == stream.pointee.index else { continue }
            try decoder.send(packet.pointer)
            return
        }
    }

    /// The picture shown at `time`: the last one whose time is at or before it (the first one
    /// when `time` comes before every picture read since the last seek; the last one past the
    /// end). Times must not go back between seeks. Nil only for a track with no pictures.
    func frame(inForceAt time: MediaTime) throws -> (frame: Frame, time: MediaTime)? {
        if current == nil, next == nil, !ended {
            next = try nextFrame()
            if next == nil { ended = true }
        }
        while let upcoming = next, upcoming.time <= time {
            current = upcoming
            next = try nextFrame()
            if next == nil { ended = true }
        }
        return current ?? next
    }

    /// The time of the picture after the one in force, when one has been read.
    var upcomingTime: MediaTime? { next?.time }
}
