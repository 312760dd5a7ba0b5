import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// Fragmented MP4 (ISO/IEC 14496-12 §8.8, CMAF): c608, tx3g and A/53 SEI captions written by
/// FFmpeg into fragments, and the shaka-player fixture, read as FFmpeg reads them; each file
/// also cut into an initialization segment and media segments here and read from those.
@Suite struct FragmentedMovieTests {
    /// The two layouts FFmpeg 5.1 writes: `tfhd` with an absolute base_data_offset, and CMAF's
    /// default-base-is-moof (with `styp`-free segments and a `sidx`-free file either way).
    static let layouts = ["frag_keyframe+empty_moov", "+frag_keyframe+empty_moov+default_base_moof+cmaf"]

    /// `input` remuxed into fragments by FFmpeg (`-c copy`), `extra` options before the output.
    static func fragmented(
        _ input: String, movflags: String, in dir: TemporaryDirectory, extra: [String] = [], container: String = "mp4"
    ) throws -> String {
        let out = dir.path("frag-\(UUID().uuidString).\(container)")
        try TrackClips.run(
            "ffmpeg",
            ["-loglevel", "error", "-y", "-i", input, "-map", "0", "-c", "copy"] + extra + ["-movflags", movflags, out])
        return out
    }

    /// The top-level boxes of `path` (size and type from each header, ISO/IEC 14496-12 §4.2),
    /// read here without the box reader under test.
    static func topLevelBoxes(_ bytes: [UInt8]) -> [(type: String, range: Range<Int>)] {
        var boxes: [(type: String, range: Range<Int>)] = []
        var p = 0
        while p + 8 <= bytes.count {
            var size = bytes[p..<(p + 4)].reduce(0) { $0 << 8 | Int($1) }
            if size == 1 { size = bytes[(p + 8)..<(p + 16)].reduce(0) { $0 << 8 | Int($1) } }
            if size == 0 { size = bytes.count - p }
            boxes.append((String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self), p..<(p + size)))
            p += size
        }
        return boxes
    }

    /// `movie` cut as a packager cuts it: everything before the first `moof` is the
    /// initialization segment, each `moof` and what follows it up to the next is a segment.
    static func split(_ movie: String, in dir: TemporaryDirectory) throws -> (
        initialization: String, segments: [String]
    ) {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: movie)))
        let boxes = topLevelBoxes(bytes)
        let starts = boxes.filter { $0.type == "moof" }.map(\.range.lowerBound)
        #expect(starts.count >= 2, "\(movie) has \(starts.count) fragments")
        let initialization = dir.path("init-\(UUID().uuidString).mp4")
        try Data(bytes[0..<(starts.first ?? bytes.count)]).write(to: URL(fileURLWithPath: initialization))
        var segments: [String] = []
        for (i, start) in starts.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1] : bytes.count
            let path = dir.path("seg\(i + 1)-\(UUID().uuidString).m4s")
            try Data(bytes[start..<end]).write(to: URL(fileURLWithPath: path))
            segments.append(path)
        }
        return (initialization, segments)
    }

    static func read(_ movie: MovieCaptions, source: String? = nil) throws -> CaptionReadResult {
        var options = CaptionFormatOptions()
        if let source { options.settings[MovieCaptions.sourceSetting] = source }
        return try movie.read(options: options)
    }

    /// Our captions against FFmpeg's cues: as many, the same texts, starts (and ends, with
    /// `ends`) within one frame at 29.97 fps.
    static func expectSame(
        _ ours: [Caption], _ theirs: [PeerDecoders.Cue], screens: Bool = true, ends: Bool = true, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let grouped =
            screens
            ? TrackClips.screens(ours) : ours.map { ($0.timeRange.start.seconds, $0.timeRange.end.seconds, $0.text) }
        #expect(!theirs.isEmpty, "\(what): FFmpeg reads no caption", sourceLocation: sourceLocation)
        #expect(
            grouped.count == theirs.count, "\(what): \(grouped.count) vs \(theirs.count)",
            sourceLocation: sourceLocation)
        for (o, t) in zip(grouped, theirs) {
            #expect(
                abs(o.start - t.start) < 1001.0 / 30000 && (!ends || abs(o.end - t.end) < 1001.0 / 30000),
                "\(what): \(o) vs \(t)",
                sourceLocation: sourceLocation)
            #expect(
                SubtitlePeers.comparable(o.text) == TrackClips.comparable(ffmpeg: t.text), "\(what): \(o) vs \(t)",
                sourceLocation: sourceLocation)
        }
    }

    // MARK: - c608

    /// SCC → c608 track (our `mux`) → FFmpeg fragments it (a keyframe a second; QuickTime
    /// movie, since FFmpeg's mp4 muxer takes no eia_608) → our reader and FFmpeg's give the same
    /// captions; so do the segments cut from it, and the CLI's `convert`.
    @Test(arguments: layouts)
    func c608InFragmentsReadsAsFFmpegReadsIt(movflags: String) throws {
        let dir = try TemporaryDirectory("frag-c608")
        let clip = try TrackClips.make("clip.mov", in: dir, seconds: 28, extra: ["-g", "30"])
        let muxed = dir.path("c608.mov")
        _ = try C608RoundTripTests.mux(ExportEmbedTests.popOn, into: clip, output: muxed, start: ExportEmbedTests.start)
        let frag = try Self.fragmented(muxed, movflags: movflags, in: dir, container: "mov")

        let movie = try MovieCaptions(path: frag)
        #expect(movie.movie.fragments.count >= 20)
        let c608 = try #require(movie.movie.tracks.first { $0.format == "c608" })
        #expect(c608.fragmentSampleCount > 0 && c608.sampleTable.sampleCount == 0)
        let ours = try Self.read(movie)
        #expect(!ours.diagnostics.contains { $0.severity == .error }, "\(ours.diagnostics)")
        Self.expectSame(ours.document.captions, try TrackClips.ffmpegSubtitles(frag, in: dir), "c608 \(movflags)")
        // The same captions as the unfragmented movie. FFmpeg's cmaf mode drops the c608 track's
        // edit list (its empty first edit of 167 ms, our mux's start), and both readers then
        // show the captions 5 frames earlier; otherwise on the same frames.
        let whole = try Self.read(try MovieCaptions(path: muxed))
        #expect(ours.document.captions.map(\.text) == whole.document.captions.map(\.text))
        let shift = movflags.contains("cmaf") ? MediaTime(value: 5005, timescale: 30000) : .zero
        #expect(
            ours.document.captions.map(\.timeRange.start) == whole.document.captions.map { $0.timeRange.start - shift })

        let (initialization, segments) = try Self.split(frag, in: dir)
        let pieces = try Self.read(try MovieCaptions(initialization: initialization, segments: segments))
        #expect(pieces.document.captions == ours.document.captions)

        let srt = dir.path("out.srt")
        let r = try CLIRunner.run(["convert", frag, srt])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8)).count
                == ours.document.captions.count)
        // The CLI on the segments (`convert --init INIT SEG… -o OUT`): the same file.
        let fromSegments = dir.path("segments.srt")
        let s = try CLIRunner.run(["convert", "--init", initialization] + segments + ["-o", fromSegments])
        #expect(s.status == 0, "\(s.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fromSegments)) == Data(contentsOf: URL(fileURLWithPath: srt)))
        let inspect = try CLIRunner.run(["inspect", frag, "--json"])
        #expect(inspect.status == 0 && inspect.stdout.contains("c608"), "\(inspect.stderr)")
        // `inspect --init` finds the track's samples in the fragments: as many as ffprobe counts
        // packets of that stream in the whole file.
        let listed = try CLIRunner.run(["inspect", "--init", initialization] + segments + ["--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        let source = (report?["captions"] as? [[String: Any]])?.first { $0["format"] as? String == "c608" }
        let packets = try TrackClips.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "s:0", "-show_entries", "packet=pts", "-of", "csv=p=0", frag]
        ).stdout.split(whereSeparator: \.isNewline).count
        #expect(source?["samples"] as? Int == packets && packets > 0, "\(source ?? [:]) vs \(packets)")
        #expect((source?["captions_found"] as? [String: Int])?["CC1"] == ours.document.captions.count)
    }

    // MARK: - tx3g

    /// An SRT file → FFmpeg's mov_text in fragments → our tx3g reader gives FFmpeg's cues:
    /// the same texts and starts. FFmpeg's demuxer gives fragmented subtitle samples no
    /// duration (its cues end where they start), so each of our ends is checked against what
    /// the muxer wrote: the next sample's start, as ffprobe reads it.
    @Test(arguments: layouts)
    func tx3gInFragmentsReadsAsFFmpegReadsIt(movflags: String) throws {
        let dir = try TemporaryDirectory("frag-tx3g")
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 8, extra: ["-g", "30"])
        let srt = dir.path("in.srt")
        try """
        1
        00:00:00,500 --> 00:00:02,000
        First line
        and second

        2
        00:00:02,500 --> 00:00:04,250
        <i>Second</i> cue

        3
        00:00:05,000 --> 00:00:07,500
        Third, across fragments

        """.write(toFile: srt, atomically: true, encoding: .utf8)
        let out = dir.path("tx3g.mp4")
        try TrackClips.run(
            "ffmpeg",
            [
                "-loglevel", "error", "-y", "-i", clip, "-i", srt, "-map", "0", "-map", "1", "-c:v", "copy", "-c:s",
                "mov_text",
                "-movflags", movflags, out,
            ])
        let movie = try MovieCaptions(path: out)
        #expect(movie.movie.fragments.count >= 4)
        let ours = try Self.read(movie)
        Self.expectSame(
            ours.document.captions, try TrackClips.ffmpegSubtitles(out, in: dir), screens: false, ends: false, "tx3g")
        #expect(ours.document.captions.count == 3)
        let probe = try TrackClips.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "s:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", out])
        let starts = probe.stdout.split(whereSeparator: \.isNewline).compactMap { Double($0) }
        for caption in ours.document.captions {
            let next = starts.first { $0 > caption.timeRange.start.seconds + 0.001 }
            #expect(next.map { abs($0 - caption.timeRange.end.seconds) < 0.001 } == true, "\(caption) vs \(starts)")
        }
        let (initialization, segments) = try Self.split(out, in: dir)
        let pieces = try Self.read(try MovieCaptions(initialization: initialization, segments: segments))
        #expect(pieces.document.captions == ours.document.captions)
    }

    // MARK: - A/53 in H.264 SEI

    /// A/53 captions in the pictures' SEI (made without our writer, A53TestClips) → FFmpeg
    /// fragments the clip → our SEI reader gives what FFmpeg's decoding path (`subcc`) gives.
    @Test(arguments: layouts)
    func seiCaptionsInFragmentsReadAsFFmpegReadsThem(movflags: String) throws {
        let dir = try TemporaryDirectory("frag-sei")
        let clip = try A53TestClips.make(words: Self.popOnWords, in: dir, reencode: false)
        let frag = try Self.fragmented(clip, movflags: movflags, in: dir, extra: ["-frag_duration", "300000"])
        let movie = try MovieCaptions(path: frag)
        #expect(movie.movie.fragments.count >= 3)
        let ours = try Self.read(movie, source: "sei")
        #expect(ours.document.captions.count == 2)
        let subcc = dir.path("subcc.srt")
        try TrackClips.run(
            "ffmpeg",
            ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "movie=\(frag)[out0+subcc]", "-map", "0:1", subcc])
        Self.expectSame(
            ours.document.captions, try PeerDecoders.parseSRT(String(contentsOfFile: subcc, encoding: .utf8)), "sei")
        let (initialization, segments) = try Self.split(frag, in: dir)
        let pieces = try Self.read(try MovieCaptions(initialization: initialization, segments: segments), source: "sei")
        #expect(pieces.document.captions == ours.document.captions)
    }

    /// Two pop-on captions, "HI" then "BYE", each shown by an EOC and the first erased by the
    /// second (CTA-608-E: RCL, PAC row 15, text, EOC; then EDM).
    static let popOnWords: [UInt16?] =
        [0x9420, 0x9420, 0x94D0, 0x94D0, 0xC849, 0x942F, 0x942F] + Array(repeating: nil, count: 12)
        + [0x9420, 0x9420, 0x94D0, 0x94D0, 0xC2D9, 0x4580, 0x942C, 0x942C, 0x942F, 0x942F]
        + Array(repeating: nil, count: 12) + [0x942C, 0x942C] + Array(repeating: nil, count: 4)

    // MARK: - The box reader's warnings

    /// A movie whose `trak` boxes a damaged `mvhd` hides (issue 42's fuzz finding) is not
    /// silently "no captions": the reading's findings say which box hides them, located.
    @Test func hiddenTracksAreNamedInTheFindings() throws {
        let path = TestPaths.fixture("fuzz/isobmff/added-track-lost.mp4").path
        let (sources, diagnostics) = try MovieCaptions(path: path).sources()
        #expect(sources.isEmpty)
        let warning = try #require(diagnostics.first { $0.ruleID == "tracks.container" }, "\(diagnostics)")
        #expect(warning.severity == .warning && warning.location.file == path)
        #expect(
            warning.message.hasPrefix("moov/mvhd at byte 136: the bytes of moov/mvhd hold a trak box"), "\(warning)")
    }

    // MARK: - The shaka-player fixture

    static let shakaInit = TestPaths.sharedFixture("streaming/shaka-player__cea608-track-init.mp4").path
    static let shakaSegment = TestPaths.sharedFixture("streaming/shaka-player__cea608-track-segment.mp4").path

    /// shaka-player's c608 init and media segment, concatenated and as two files: FFmpeg's
    /// texts (`-copyts`: the times as the file gives them). Its c608 samples last 2.5 s each;
    /// FFmpeg shows a sample's captions at the sample's start, we at the frame of the word that
    /// shows them (QTFF: a pair a frame from the sample's time), so each of our starts lies in
    /// FFmpeg's cue's sample: at or after its start, less than a sample (2.497 s) later.
    @Test func shakaSegmentsReadAsFFmpegReadsThem() throws {
        let dir = try TemporaryDirectory("frag-shaka")
        let joined = dir.path("shaka.mp4")
        try Data(
            try Data(contentsOf: URL(fileURLWithPath: Self.shakaInit))
                + Data(contentsOf: URL(fileURLWithPath: Self.shakaSegment))
        )
        .write(to: URL(fileURLWithPath: joined))
        let ours = try Self.read(try MovieCaptions(path: joined))
        let pieces = try Self.read(try MovieCaptions(initialization: Self.shakaInit, segments: [Self.shakaSegment]))
        #expect(pieces.document.captions == ours.document.captions)
        let srt = dir.path("ffmpeg.srt")
        try TrackClips.run("ffmpeg", ["-loglevel", "error", "-y", "-copyts", "-i", joined, "-map", "0:s:0", srt])
        let theirs = try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8))
        let grouped = TrackClips.screens(ours.document.captions)
        #expect(theirs.count >= 2 && grouped.count == theirs.count, "\(grouped) vs \(theirs)")
        for (o, t) in zip(grouped, theirs) {
            #expect(o.start >= t.start - 0.001 && o.start < t.start + 2.497, "\(o) vs \(t)")
            #expect(SubtitlePeers.comparable(o.text) == TrackClips.comparable(ffmpeg: t.text), "\(o) vs \(t)")
        }

        // The media segment alone: exit 2, and the message says how to give the init segment;
        // `inspect` says the same.
        for command in [["convert", Self.shakaSegment, dir.path("alone.srt")], ["inspect", Self.shakaSegment]] {
            let r = try CLIRunner.run(command)
            #expect(r.status == 2, "\(command[0])")
            #expect(r.stderr.contains("initialization segment") && r.stderr.contains("--init"), "\(r.stderr)")
        }
        // With it, through the CLI: the captions of the joined file, and a listing of the movie.
        let joinedSRT = dir.path("joined.srt")
        let segmentsSRT = dir.path("segments.srt")
        #expect(try CLIRunner.run(["convert", joined, joinedSRT]).status == 0)
        let r = try CLIRunner.run(["convert", "--init", Self.shakaInit, Self.shakaSegment, "-o", segmentsSRT])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: segmentsSRT)) == Data(contentsOf: URL(fileURLWithPath: joinedSRT)))
        let listed = try CLIRunner.run(["inspect", "--init", Self.shakaInit, Self.shakaSegment])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("track 2: c608 closed captions (CC1), language eng"), "\(listed.stdout)")
        #expect(listed.stdout.contains("eia_608 [c608]"), "\(listed.stdout)")
    }
}
