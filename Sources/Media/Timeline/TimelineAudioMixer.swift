import CFFmpeg
import CaptionCore

/// The audio of a ``MediaTimeline`` through one libavfilter graph, pulled in encoder-sized
/// frames. Per audio track:
///
///     amovie (seek near the start) → atrim (source range) → asetpts → aresample/aformat
///       (timeline rate, layout, planar float) → atempo… (scaled segments) → apad/atrim
///       (exactly the target length in samples)
///     anullsrc → atrim   for gaps and empty segments
///     concat (the pieces in order) → volume (the mix's ramps, evaluated per frame)
///
/// then `amix` of the tracks without normalising levels (each track keeps the gain its volume
/// gives), and a last `aformat` for the encoder. The files are decoded inside the graph by the
/// `amovie` source, one frame at a time, so memory does not grow with length.
final class TimelineAudioMixer {
    private let graph: FilterGraph
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private let frame: Frame
    private var ended = false
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
            func silence(_ start: Int64, _ end: Int64) throws -> UnsafeMutablePointer<AVFilterContext> {
                try Self.silence(start, end, layout: layout, sampleRate: sampleRate, in: graph)
            }
            var trackOutputs: [UnsafeMutablePointer<AVFilterContext>] = []
            for track in tracks {
                var pieces: [UnsafeMutablePointer<AVFilterContext>] = []
                var cursor: Int64 = 0
                for (index, segment) in track.segments.enumerated() {
                    let start = Self.samples(segment.targetRange.start, rate: sampleRate)
                    let end = Self.samples(segment.targetRange.end, rate: sampleRate)
                    if start > cursor { pieces.append(try silence(cursor, start)) }
                    if let source = segment.source {
                        pieces.append(
                            try Self.segmentChain(
                                source, length: end - start, speed: segment.speed, sources: sources, format: format,
                                sampleRate: sampleRate, label: "\(track.label), segment \(index)", in: graph))
                    } else {
                        pieces.append(try silence(start, end))
                    }
                    cursor = max(cursor, end)
                }
                if cursor < total { pieces.append(try silence(cursor, total)) }
                var out: UnsafeMutablePointer<AVFilterContext>
                if pieces.count == 1 {
                    out = pieces[0]
                } else {
                    let concat = try graph.add("concat", [("n", "\(pieces.count)"), ("v", "0"), ("a", "1")])
                    for (i, piece) in pieces.enumerated() { try graph.link(piece, to: concat, i) }
                    out = concat
                }
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
        } catch let error as MediaError {
            throw MediaFileError.ffmpeg(path: "the timeline's audio", error)
        }
    }

    /// `time` in samples at `rate`, rounded to nearest.
    static func samples(_ time: MediaTime, rate: Int) -> Int64 {
        TrimWindow.units(time, AVRational(num: 1, den: Int32(rate)))
    }

    /// Silence from sample `start` to `end` of the timeline.
    private static func silence(
        _ start: Int64, _ end: Int64, layout: String, sampleRate: Int, in graph: FilterGraph
    ) throws -> UnsafeMutablePointer<AVFilterContext> {
        let source = try graph.add(
            "anullsrc", [("channel_layout", layout), ("sample_rate", "\(sampleRate)"), ("nb_samples", "1024")])
        return try graph.chain(after: source, [("atrim", [("end_sample", "\(end - start)")])])
    }

    /// One segment's audio: decoded, trimmed to its source range, brought to the timeline's
    /// format, played at its speed, exactly `length` samples long.
    private static func segmentChain(
        _ source: MediaSegment.Source, length: Int64, speed: Double, sources: [String: AssetDescription],
        format: [(String, String)], sampleRate: Int, label: String, in graph: FilterGraph
    ) throws -> UnsafeMutablePointer<AVFilterContext> {
        guard let description = sources[source.path],
            let track = description.tracks.first(where: { $0.trackID == source.trackID })
        else {
            throw MediaFileError.invalidSetting("\(label): \(source.path) has no track \(source.trackID)")
        }
        let assetStart = description.startTime ?? .zero
        let start = source.timeRange.start
        // amovie's seek point counts from the container's start; a little before the range so
        // that the first kept sample is decoded with its predecessors (AAC priming).
        let seek = max(0, start.seconds - 0.5)
        let movie = try graph.add(
            "amovie",
            [("filename", source.path), ("stream_index", "\(track.index)"), ("seek_point", FilterGraph.number(seek))])
        var chain: [(String, [(String, String)])] = [
            (
                "atrim",
                [
                    ("start", FilterGraph.number((start + assetStart).seconds)),
                    ("end", FilterGraph.number((source.timeRange.end + assetStart).seconds)),
                ]
            ),
            ("asetpts", [("expr", "PTS-STARTPTS")]),
            ("aresample", [("out_sample_rate", "\(sampleRate)")]),
            ("aformat", format),
        ]
        chain += tempoFactors(speed).map { ("atempo", [("tempo", FilterGraph.number($0))]) }
        chain.append(("apad", [("whole_len", "\(length)")]))
        chain.append(("atrim", [("end_sample", "\(length)")]))
        return try graph.chain(after: movie, chain)
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
        let r = av_buffersink_get_frame(sink, frame.pointer)
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

    /// The timeline time reached by the frames pulled so far.
    var timeReached: MediaTime { MediaTime(value: samplesPulled, timescale: Int32(sampleRate)) }
}
