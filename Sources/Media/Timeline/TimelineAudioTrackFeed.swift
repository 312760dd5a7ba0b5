internal import CFFmpeg
import CaptionCore

/// One audio track of a timeline fed, frame by frame, into its `abuffer` source in the mixer's
/// graph. Each piece of the track (a segment of a source, or silence for a gap or an empty
/// segment) is a small libavfilter graph of its own, built when the track reaches it and freed
/// when it has given its last sample:
///
///     amovie (seek near the start) → atrim (source range) → asetpts → aresample/aformat
///       (timeline rate, layout, planar float) → atempo… (scaled segments) → apad/atrim
///       (exactly the piece's length in samples) → abuffersink
///     anullsrc → atrim → abuffersink   for gaps and empty segments
///
/// so a source's demuxer and decoder are open only while its segment plays, and memory does
/// not grow with the number of segments (one amovie per segment, all opened when the graph was
/// configured, did).
final class TimelineAudioTrackFeed {
    /// A piece of the track: `length` samples of a source segment, or of silence.
    struct Piece {
        var source: MediaSegment.Source?
        var speed: Double
        var length: Int64
        var label: String
    }

    /// How many source decoders the feeds of one mixer hold open, now and at most.
    final class DecoderCount {
        private(set) var open = 0
        private(set) var peak = 0
        func opened() {
            open += 1
            peak = max(peak, open)
        }
        func closed() { open -= 1 }
    }

    /// The track's `abuffer` in the mixer's graph.
    let input: UnsafeMutablePointer<AVFilterContext>
    private let pieces: [Piece]
    private let sources: [String: AssetDescription]
    private let format: [(String, String)]
    private let sampleRate: Int
    private let decoders: DecoderCount
    private let frame: Frame
    private var next = 0
    private var current: (graph: FilterGraph, sink: UnsafeMutablePointer<AVFilterContext>, decodes: Bool)?
    /// Samples given to `input` so far.
    private(set) var pushed: Int64 = 0
    /// True once the end of the track has been sent.
    private(set) var finished = false

    init(
        pieces: [Piece], input: UnsafeMutablePointer<AVFilterContext>, sources: [String: AssetDescription],
        format: [(String, String)], sampleRate: Int, decoders: DecoderCount
    ) throws {
        self.pieces = pieces
        self.input = input
        self.sources = sources
        self.format = format
        self.sampleRate = sampleRate
        self.decoders = decoders
        frame = try Frame(operation: "mixing audio")
    }

    deinit { closeCurrent() }

    /// Requests for a frame `input` could not answer since the last frame was given.
    var failedRequests: UInt32 { av_buffersrc_get_nb_failed_requests(input) }

    /// Gives `input` the track's next frame, or its end after the last piece.
    func feed() throws {
        guard !finished else { return }
        while true {
            if current == nil {
                guard next < pieces.count else {
                    try check(av_buffersrc_add_frame_flags(input, nil, 0), "av_buffersrc_add_frame_flags")
                    finished = true
                    return
                }
                current = try open(pieces[next])
                next += 1
            }
            guard let (_, sink, _) = current else { continue }
            av_frame_unref(frame.pointer)
            let r = av_buffersink_get_frame(sink, frame.pointer)
            if r == captions_averror_eof() {
                closeCurrent()
                continue
            }
            try check(r, "av_buffersink_get_frame")
            frame.pointer.pointee.pts = pushed
            pushed += Int64(frame.pointer.pointee.nb_samples)
            // Flags 0: the buffer source takes the frame's reference (no copy).
            try check(av_buffersrc_add_frame_flags(input, frame.pointer, 0), "av_buffersrc_add_frame_flags")
            return
        }
    }

    private func closeCurrent() {
        if current?.decodes == true { decoders.closed() }
        current = nil
    }

    private func check(_ r: Int32, _ call: String) throws {
        guard r < 0 else { return }
        throw MediaFileError.ffmpeg(
            path: "the timeline's audio",
            MediaError(code: r, operation: "mixing the audio", call: call, detail: FFmpegLog.lastMessage))
    }

    /// The graph of one piece, ready to be pulled.
    private func open(
        _ piece: Piece
    ) throws -> (graph: FilterGraph, sink: UnsafeMutablePointer<AVFilterContext>, decodes: Bool) {
        do {
            let graph = try FilterGraph(purpose: "mixing the timeline's audio (\(piece.label))")
            graph.setThreads(1)
            let last: UnsafeMutablePointer<AVFilterContext>
            if let source = piece.source {
                let decoded = try Self.segmentChain(
                    source, length: piece.length, speed: piece.speed, sources: sources, format: format,
                    sampleRate: sampleRate, label: piece.label, in: graph)
                // Again at the end: atempo may negotiate another sample format, and the
                // mixer's abuffer takes exactly one.
                last = try graph.chain(after: decoded, [("aformat", format)])
            } else {
                let silence = try graph.add(
                    "anullsrc",
                    [
                        ("channel_layout", format.first { $0.0 == "channel_layouts" }?.1 ?? "stereo"),
                        ("sample_rate", "\(sampleRate)"), ("nb_samples", "1024"),
                    ])
                last = try graph.chain(
                    after: silence, [("atrim", [("end_sample", "\(piece.length)")]), ("aformat", format)])
            }
            let sink = try graph.add("abuffersink")
            try graph.link(last, to: sink)
            try graph.configure()
            if piece.source != nil { decoders.opened() }
            return (graph, sink, piece.source != nil)
        } catch let error as MediaError {
            throw MediaFileError.ffmpeg(path: "the timeline's audio", error)
        }
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
        chain += TimelineAudioMixer.tempoFactors(speed).map { ("atempo", [("tempo", FilterGraph.number($0))]) }
        chain.append(("apad", [("whole_len", "\(length)")]))
        chain.append(("atrim", [("end_sample", "\(length)")]))
        return try graph.chain(after: movie, chain)
    }
}
