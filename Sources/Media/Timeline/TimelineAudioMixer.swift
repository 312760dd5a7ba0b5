internal import CFFmpeg
import CaptionCore

/// The audio of a ``MediaTimeline`` through libavfilter, pulled in encoder-sized frames. Each
/// audio track is a ``TimelineAudioTrackFeed`` (its segments decoded, trimmed, resampled and
/// played at their speed by small graphs built one after another as the track reaches them)
/// feeding an `abuffer` of the mixing graph:
///
///     abuffer (track) → volume (the mix's ramps, evaluated per frame)
///     amix (the tracks, levels not normalised) → aformat (the encoder's) → abuffersink
///
/// A source's decoder is open only while its segment plays, so memory does not grow with the
/// number of segments or with length.
final class TimelineAudioMixer {
    private let graph: FilterGraph
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private let feeds: [TimelineAudioTrackFeed]
    private let frame: Frame
    private var ended = false
    /// Source decoders open now and at most so far (at most one per track playing a segment).
    let decoders = TimelineAudioTrackFeed.DecoderCount()
    /// Samples pulled so far (the time reached is `samples / sampleRate`).
    private(set) var samplesPulled: Int64 = 0
    let sampleRate: Int

    /// Nil when the timeline has no audio track.
    init?(
        timeline: MediaTimeline, mix: [AudioMixInputParameters], sources: [String: AssetDescription],
        layout: String, frameSize: Int
    ) throws {
        let tracks = timeline.tracks.filter { $0.mediaType == .audio }
        guard !tracks.isEmpty else { return nil }
        let sampleRate = timeline.audioSampleRate
        self.sampleRate = sampleRate
        frame = try Frame(operation: "mixing audio")
        let total = Self.samples(timeline.duration, rate: sampleRate)
        let format: [(String, String)] = [
            ("sample_fmts", "fltp"), ("sample_rates", "\(sampleRate)"), ("channel_layouts", layout),
        ]
        do {
            let graph = try FilterGraph(purpose: "mixing the timeline's audio")
            var trackOutputs: [UnsafeMutablePointer<AVFilterContext>] = []
            var feeds: [TimelineAudioTrackFeed] = []
            for track in tracks {
                var pieces: [TimelineAudioTrackFeed.Piece] = []
                var cursor: Int64 = 0
                for (index, segment) in track.segments.enumerated() {
                    let start = Self.samples(segment.targetRange.start, rate: sampleRate)
                    let end = Self.samples(segment.targetRange.end, rate: sampleRate)
                    let label = "\(track.label), segment \(index)"
                    if start > cursor {
                        pieces.append(.init(source: nil, speed: 1, length: start - cursor, label: label))
                    }
                    pieces.append(
                        .init(source: segment.source, speed: segment.speed, length: end - start, label: label))
                    cursor = max(cursor, end)
                }
                if cursor < total {
                    pieces.append(.init(source: nil, speed: 1, length: total - cursor, label: "\(track.label), end"))
                }
                pieces.removeAll { $0.length <= 0 }
                let input = try graph.add(
                    "abuffer",
                    [
                        ("time_base", "1/\(sampleRate)"), ("sample_rate", "\(sampleRate)"), ("sample_fmt", "fltp"),
                        ("channel_layout", layout),
                    ])
                feeds.append(
                    try TimelineAudioTrackFeed(
                        pieces: pieces, input: input, sources: sources, format: format, sampleRate: sampleRate,
                        decoders: decoders))
                var out = input
                if let parameters = mix.first(where: { $0.trackID == track.trackID }),
                    let expression = Self.volumeExpression(parameters)
                {
                    out = try graph.chain(after: out, [("volume", [("volume", expression), ("eval", "frame")])])
                }
                trackOutputs.append(out)
            }
            var mixed = trackOutputs[0]
            if trackOutputs.count > 1 {
                // normalize=0: amix would otherwise divide every input by the number of active
                // inputs, changing levels whenever a track starts or stops.
                let amix = try graph.add(
                    "amix",
                    [
                        ("inputs", "\(trackOutputs.count)"), ("duration", "longest"), ("dropout_transition", "0"),
                        ("normalize", "0"),
                    ])
                for (i, output) in trackOutputs.enumerated() { try graph.link(output, to: amix, i) }
                mixed = amix
            }
            let last = try graph.chain(after: mixed, [("aformat", format)])
            let sink = try graph.add("abuffersink")
            try graph.link(last, to: sink)
            try graph.configure()
            av_buffersink_set_frame_size(sink, UInt32(frameSize))
            self.graph = graph
            self.sink = sink
            self.feeds = feeds
        } catch let error as MediaError {
            throw MediaFileError.ffmpeg(path: "the timeline's audio", error)
        }
    }

    /// `time` in samples at `rate`, rounded to nearest.
    static func samples(_ time: MediaTime, rate: Int) -> Int64 {
        TrimWindow.units(time, AVRational(num: 1, den: Int32(rate)))
    }

    /// `speed` as a product of factors atempo takes (0.5…100), none for 1.
    static func tempoFactors(_ speed: Double) -> [Double] {
        guard speed.isFinite, speed > 0, abs(speed - 1) > 1e-9 else { return [] }
        var factors: [Double] = []
        var rest = speed
        while rest < 0.5 {
            factors.append(0.5)
            rest /= 0.5
        }
        while rest > 100 {
            factors.append(100)
            rest /= 100
        }
        factors.append(rest)
        return factors
    }

    /// The volume filter's expression of `parameters` over the timeline time `t` (seconds):
    /// the volume before the first ramp, linear inside each ramp, a ramp's end volume until
    /// the next. Nil when the volume is 1 throughout.
    static func volumeExpression(_ parameters: AudioMixInputParameters) -> String? {
        let ramps = parameters.volumeRamps.sorted { $0.timeRange.start < $1.timeRange.start }
        if parameters.volume == 1, ramps.allSatisfy({ $0.startVolume == 1 && $0.endVolume == 1 }) { return nil }
        func n(_ v: Double) -> String { FilterGraph.number(v) }
        // Built from the last ramp backwards: after ramp i its end volume holds.
        var expression = n(Double(ramps.last?.endVolume ?? parameters.volume))
        for (i, ramp) in ramps.enumerated().reversed() {
            let a = ramp.timeRange.start.seconds
            let b = ramp.timeRange.end.seconds
            let before = i == 0 ? Double(parameters.volume) : Double(ramps[i - 1].endVolume)
            let v0 = Double(ramp.startVolume), v1 = Double(ramp.endVolume)
            let inside = b > a ? "\(n(v0))+(\(n(v1 - v0)))*(t-\(n(a)))/\(n(b - a))" : n(v1)
            expression = "if(lt(t,\(n(a))),\(n(before)),if(lt(t,\(n(b))),\(inside),\(expression)))"
        }
        return expression
    }

    /// The next mixed frame of the encoder's size (the last may be shorter), or nil at the end.
    func nextFrame() throws -> Frame? {
        guard !ended else { return nil }
        av_frame_unref(frame.pointer)
        var r = av_buffersink_get_frame(sink, frame.pointer)
        while r == captions_averror_eagain() {
            try feedOne()
            r = av_buffersink_get_frame(sink, frame.pointer)
        }
        if r == captions_averror_eof() {
            ended = true
            return nil
        }
        if r < 0 {
            throw MediaFileError.ffmpeg(
                path: "the timeline's audio",
                MediaError(
                    code: r, operation: "mixing the audio", call: "av_buffersink_get_frame",
                    detail: FFmpegLog.lastMessage))
        }
        frame.pointer.pointee.pts = samplesPulled
        samplesPulled += Int64(frame.pointer.pointee.nb_samples)
        return frame
    }

    /// Feeds the track the graph waits for: the one whose source was asked most often for a
    /// frame it did not have (what ffmpeg's own filter-graph driver does), else the one
    /// furthest behind.
    private func feedOne() throws {
        let open = feeds.filter { !$0.finished }
        guard
            let feed = open.max(by: { $0.failedRequests < $1.failedRequests }).flatMap({
                $0.failedRequests > 0 ? $0 : nil
            }) ?? open.min(by: { $0.pushed < $1.pushed })
        else {
            throw MediaFileError.ffmpeg(
                path: "the timeline's audio",
                MediaError(
                    code: captions_averror_eagain(), operation: "mixing the audio: every track has ended",
                    call: "av_buffersink_get_frame"))
        }
        try feed.feed()
    }

    /// The timeline time reached by the frames pulled so far.
    var timeReached: MediaTime { MediaTime(value: samplesPulled, timescale: Int32(sampleRate)) }
}
