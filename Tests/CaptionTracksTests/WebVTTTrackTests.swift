import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import ISOBMFF
import TestSupport
import Testing
import WebVTT

/// WebVTT tracks (ISO/IEC 14496-30 `wvtt`): overlapping cues cut into samples that never
/// overlap, each carrying every cue active then, `vtte` in the gaps; read back into one caption
/// per cue. Checked against pymp4 (builds a track for us to read, parses ours), GStreamer's
/// qtdemux (reads ours) and FFmpeg (which does not read `wvtt`: it sees a data stream).
@Suite struct WebVTTTrackTests {
    static func document(_ vtt: String) throws -> CaptionDocument {
        try WebVTTReader().read(Array(vtt.utf8)).document
    }

    /// Our track added to a copy of `clip`, written to `out`.
    static func mux(_ document: CaptionDocument, into clip: String, out: String) throws -> (NewTrack, [Diagnostic]) {
        let muxer = CaptionTrackMuxer(movie: try MovieCaptions(path: clip))
        let (track, diagnostics) = try WebVTTTrackBuilder(
            quickTime: muxer.isQuickTime, language: .undetermined, sourceLabel: "show.vtt"
        ).track(for: document, frameRate: nil, alternateGroup: 1, enabled: true)
        var bytes: [UInt8] = []
        try muxer.write([track]) { bytes += $0 }
        try Data(bytes).write(to: URL(fileURLWithPath: out))
        return (track, diagnostics)
    }

    /// Two cues overlapping from 2 s to 3 s, a gap before: vtte 0–1, one 1–2, one and two
    /// 2–3, two 3–4 (the rule of 14496-30, worked by hand); the pieces of a cue share its vsid.
    @Test func overlappingCuesAreCutIntoSamplesThatCarryEveryActiveCue() throws {
        let captions = [
            Caption("one", start: MediaTime(value: 1, timescale: 1), end: MediaTime(value: 3, timescale: 1)),
            Caption("two", start: MediaTime(value: 2, timescale: 1), end: MediaTime(value: 4, timescale: 1)),
        ]
        let (track, _) = try WebVTTTrackBuilder(quickTime: false, language: .undetermined).track(
            for: CaptionDocument(captions: captions), frameRate: nil, alternateGroup: 2, enabled: true)
        #expect(track.handlerType == "text" && track.mediaHeader == .null && track.timescale == 1000)
        #expect(track.samples.map(\.duration) == [1000, 1000, 1000, 1000])
        let read = track.samples.map { WebVTTSample.read($0.data) }
        #expect(read.map(\.isEmptyBox) == [true, false, false, false])
        #expect(read.map { $0.sample.cues.map(\.payload) } == [[], ["one"], ["one", "two"], ["two"]])
        #expect(read.map { $0.sample.cues.compactMap(\.sourceID) } == [[], [1], [1, 2], [2]])
        #expect(read.allSatisfy { $0.problems.isEmpty })
        #expect(WebVTTSampleEntry.read(track.sampleEntry).entry.configuration == "WEBVTT")
    }

    /// Times of 29.97 fps frames stay exact (timescale 30000), and read back exactly.
    @Test func frameTimesStayExact() throws {
        let frame = MediaTime(value: 1001, timescale: 30000)
        let captions = [Caption("a", start: frame, end: MediaTime(value: 3003, timescale: 30000))]
        let (track, _) = try WebVTTTrackBuilder(quickTime: false, language: .undetermined).track(
            for: CaptionDocument(captions: captions), frameRate: .fps29_97, alternateGroup: 1, enabled: true)
        #expect(track.timescale == 30000)
        #expect(track.samples.map(\.duration) == [1001, 2002])
    }

    // MARK: - pymp4 builds, we read

    /// A track written by pymp4 with cues split across samples with and without `vsid`, a
    /// comment, a header with a region and a style sheet, and a paint-on cue with `ctim`: one
    /// caption per cue, as the spec of the samples says (expected values written by hand).
    @Test func aTrackBuiltByPymp4ReadsToItsCues() throws {
        let dir = try TemporaryDirectory("wvtt-pymp4")
        let movie = dir.path("pymp4.mp4")
        let spec: [String: Any] = [
            "timescale": 1000,
            "config": "WEBVTT\nLanguage: fr\n\nSTYLE\n::cue(b) { color: red }\n\nREGION\nid:top\nwidth:40%\nlines:2",
            "samples": [
                ["duration": 500, "cues": []],
                ["duration": 500, "cues": [["vsid": 4, "id": "a", "settings": "region:top", "text": "Bonjour"]]],
                [
                    "duration": 250,
                    "cues": [
                        ["vsid": 4, "id": "a", "settings": "region:top", "text": "Bonjour"],
                        ["text": "<i>same</i>"], ["text": "<i>same</i>"],
                    ],
                ],
                [
                    "duration": 250,
                    "cues": [["text": "<i>same</i>"], ["text": "<i>same</i>"], ["vsid": 9, "text": "x"]],
                ],
                ["duration": 1000, "cues": []],
                [
                    "duration": 1000,
                    "cues": [["ctim": "00:00:10.000", "settings": "align:left", "text": "one <00:00:10.400>two"]],
                ],
            ],
        ]
        try PyMP4Movie.build(spec, to: movie)
        let (read, _) = try CaptionFile.read(movie)
        let diagnostics = read.diagnostics
        let captions = read.document.captions
        let ms = { (v: Int64) in MediaTime(value: v, timescale: 1000) }
        #expect(captions.map(\.text) == ["Bonjour", "same", "same", "x", "one ", "one two"])
        #expect(
            captions.map(\.timeRange) == [
                TimeRange(start: ms(500), end: ms(1250)), TimeRange(start: ms(1000), end: ms(1500)),
                TimeRange(start: ms(1000), end: ms(1500)), TimeRange(start: ms(1250), end: ms(1500)),
                TimeRange(start: ms(2500), end: ms(2900)), TimeRange(start: ms(2900), end: ms(3500)),
            ])
        #expect(captions.map(\.id) == ["a", nil, nil, nil, nil, nil])
        #expect(captions[0].region?.identifier == "top")
        #expect(captions[1].runs.first?.style.italic == true)
        #expect(captions[4].animation == .characterReveal)
        #expect(captions[4].textAlignment == .left)
        #expect(read.document.language == "fr")
        #expect(read.document.metadata["webvtt.style.1"] == "::cue(b) { color: red }")
        #expect(!diagnostics.contains { $0.severity >= .warning }, "\(diagnostics)")
    }

    /// The same pymp4-built track in fragments (CMAF carries WebVTT so; FFmpeg writes no wvtt),
    /// a fragment every two samples, so that one cue's pieces lie in two fragments: it reads to
    /// the same captions as the unfragmented track, whole and cut into init + media segments.
    @Test func aFragmentedTrackReadsAsTheWholeOne() throws {
        let dir = try TemporaryDirectory("wvtt-fragments")
        var spec: [String: Any] = [
            "timescale": 1000, "config": "WEBVTT",
            "samples": [
                ["duration": 500, "cues": []],
                ["duration": 500, "cues": [["vsid": 1, "text": "First"]]],
                ["duration": 500, "cues": [["vsid": 1, "text": "First"], ["vsid": 2, "text": "Second"]]],
                ["duration": 500, "cues": [["vsid": 2, "text": "Second"]]],
                ["duration": 400, "cues": []],
                ["duration": 600, "cues": [["vsid": 3, "settings": "line:10%", "text": "Third"]]],
            ],
        ]
        let whole = dir.path("whole.mp4")
        try PyMP4Movie.build(spec, to: whole)
        spec["samplesPerFragment"] = 2
        let fragmented = dir.path("fragmented.mp4")
        try PyMP4Movie.build(spec, to: fragmented)
        let expected = try CaptionFile.read(whole).0.document.captions
        #expect(expected.map(\.text) == ["First", "Second", "Third"])
        let movie = try MovieCaptions(path: fragmented)
        #expect(movie.movie.fragments.count == 3)
        let read = try movie.read()
        #expect(read.document.captions == expected)
        #expect(!read.diagnostics.contains { $0.severity >= .warning }, "\(read.diagnostics)")
        let (initialization, segments) = try FragmentedMovieTests.split(fragmented, in: dir)
        let pieces = try MovieCaptions(initialization: initialization, segments: segments).read()
        #expect(pieces.document.captions == expected)
    }

    /// A header without the signature and with a cue in it, a source ID whose text changes, a
    /// voice span the model cannot hold, a sample over the 1 MiB read: located warnings (file,
    /// track, sample, time), the rest read.
    @Test func hostileTracksGiveLocatedFindings() throws {
        let dir = try TemporaryDirectory("wvtt-hostile")
        let movie = dir.path("hostile.mp4")
        let huge = String(repeating: "a", count: (1 << 20) + 1)
        let spec: [String: Any] = [
            "config": "STYLE\n::cue { color: lime }\n\n00:00:01.000 --> 00:00:02.000\nnot here",
            "samples": [
                ["duration": 1000, "cues": [["vsid": 1, "text": "first"]]],
                ["duration": 1000, "cues": [["vsid": 1, "text": "changed"]]],
                ["duration": 1000, "cues": [["text": "<v Bob>hi"]]],
                ["duration": 1000, "cues": [["text": huge]]],
                ["duration": 1000, "cues": [["text": "after"]]],
            ],
        ]
        try PyMP4Movie.build(spec, to: movie)
        let (read, _) = try CaptionFile.read(movie)
        #expect(read.document.captions.map(\.text) == ["first", "changed", "hi", "after"])
        #expect(read.document.metadata["webvtt.style.1"] == "::cue { color: lime }")
        let found = read.diagnostics
        func finding(_ words: String) -> Diagnostic? { found.first { $0.message.contains(words) } }
        #expect(finding("does not start with the WEBVTT signature")?.location.file == movie + " track 1 vttC")
        #expect(finding("holds 1 cue(s)") != nil)
        let changed = try #require(finding("source ID 1 differs"))
        #expect(
            changed.location.file == movie + " track 1 sample 2"
                && changed.location.time == MediaTime(value: 1, timescale: 1))
        #expect(finding("voice spans")?.location.file == movie + " track 1 sample 3")
        #expect(finding("more than the 1048576 read")?.location.file == movie + " track 1 sample 4")
        #expect(found.allSatisfy { $0.location.file?.hasPrefix(movie) ?? false }, "\(found)")
    }

    // MARK: - We write, peers read

    static let show = """
        WEBVTT
        Language: en

        STYLE
        ::cue(.loud) { color: red }

        REGION
        id:top
        width:50%
        lines:2
        regionanchor:0%,0%
        viewportanchor:10%,10%

        intro
        00:00:00.200 --> 00:00:01.200 region:top align:left
        <i>Hello</i> &amp; welcome

        00:00:00.700 --> 00:00:01.600 line:80% position:20%,line-left size:60%
        Second <b>cue</b>

        00:00:01.700 --> 00:00:01.900
        Last

        """

    /// The cue blocks of a `.vtt` file (identifier, timing line's settings, text), split as text.
    static func blocks(_ vtt: String) -> (header: String, cues: [(id: String?, settings: String, text: String)]) {
        let parts = vtt.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        let first = parts.firstIndex { $0.contains(" --> ") } ?? parts.count
        let cues = parts[first...].map { block -> (String?, String, String) in
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let t = lines.firstIndex { $0.contains(" --> ") } ?? 0
            let timing = lines[t].split(separator: " ", maxSplits: 3).map(String.init)
            return (
                t == 1 ? lines[0] : nil, timing.count > 3 ? timing[3] : "", lines[(t + 1)...].joined(separator: "\n")
            )
        }
        return (parts[..<first].joined(separator: "\n\n"), cues)
    }

    /// Our track in a 64×48 clip, parsed by pymp4: handler, timescale, `vttC` (the header
    /// `captions convert` writes for the same file), the samples cut as worked by hand, each
    /// cue's identifier, settings and text as the `.vtt` writer gives them; GStreamer's qtdemux
    /// gives the same cues per sample; FFmpeg sees a data stream of our sample bytes.
    @Test func ourTrackAsPymp4GStreamerAndFFmpegSeeIt() throws {
        let dir = try TemporaryDirectory("wvtt-peers")
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 2)
        let out = dir.path("out.mp4")
        let (track, _) = try Self.mux(try Self.document(Self.show), into: clip, out: out)

        let source = dir.path("show.vtt")
        try Self.show.write(toFile: source, atomically: true, encoding: .utf8)
        let converted = dir.path("converted.vtt")
        let cli = try CLIRunner.run(["convert", source, converted])
        #expect(cli.status == 0, "\(cli.stderr)")
        let expected = Self.blocks(try String(contentsOfFile: converted, encoding: .utf8))
        #expect(expected.cues.count == 3)

        let theirs = try WebVTTPeers.read(out)
        #expect(theirs.handler == "text" && theirs.timescale == 1000)
        #expect(theirs.configuration == expected.header)
        #expect(theirs.label == "show.vtt")
        // 0–200 nothing, 200–700 intro, 700–1200 intro + second, 1200–1600 second, 1600–1700
        // nothing, 1700–1900 last.
        #expect(theirs.samples.map(\.time) == [0, 200, 700, 1200, 1600, 1700])
        #expect(theirs.samples.map(\.duration) == [200, 500, 500, 400, 100, 200])
        #expect(theirs.samples.map(\.empty) == [true, false, false, false, true, false])
        let piece = { (i: Int) in
            WebVTTPeers.Piece(
                sourceID: Int32(i + 1), identifier: expected.cues[i].id,
                settings: expected.cues[i].settings.isEmpty ? nil : expected.cues[i].settings,
                payload: expected.cues[i].text)
        }
        #expect(theirs.samples.map(\.cues) == [[], [piece(0)], [piece(0), piece(1)], [piece(1)], [], [piece(2)]])

        let gst = try WebVTTPeers.gstreamer(out, in: dir)
        let stretches = [
            ("00:00:00.200", "00:00:00.700", [0]), ("00:00:00.700", "00:00:01.200", [0, 1]),
            ("00:00:01.200", "00:00:01.600", [1]), ("00:00:01.700", "00:00:01.900", [2]),
        ]
        let gstExpected = stretches.flatMap { s in
            s.2.map {
                WebVTTPeers.GStreamerCue(
                    identifier: expected.cues[$0].id, start: s.0, end: s.1, settings: expected.cues[$0].settings,
                    text: expected.cues[$0].text)
            }
        }
        #expect(gst == gstExpected)

        // FFmpeg 5.1 (and 9.0) map wvtt to no codec: a data stream tagged wvtt, whose packets
        // are our samples' bytes.
        let streams = try TrackClips.ffprobeStreams(out)
        let data = try #require(streams.first { $0["codec_tag_string"] as? String == "wvtt" })
        #expect(data["codec_type"] as? String == "data")
        #expect(!streams.contains { $0["codec_type"] as? String == "subtitle" })
        let raw = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            ["-v", "error", "-i", out, "-map", "0:d:0", "-c", "copy", "-f", "data", "-"],
            binaryOutput: true)
        #expect(raw.data == track.samples.flatMap(\.data))
    }

    // MARK: - Round trips

    /// Ours and the web-platform-tests' files (`wpt/` is below `webvtt/`).
    static var webVTTFixtures: [URL] {
        TestPaths.files(in: TestPaths.sharedFixture("webvtt"), withExtension: "vtt")
    }

    /// Every WebVTT fixture (ours and the web-platform-tests' files) in a track, read back and
    /// written as `.vtt` by `captions convert`, gives what `captions convert show.vtt out.vtt`
    /// gives; cues of no duration, which no sample can carry, are the only ones left out.
    @Test func aTrackReadBackConvertsAsTheVTTFileDoes() throws {
        let dir = try TemporaryDirectory("wvtt-roundtrip")
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 2)
        var checked = 0
        for fixture in Self.webVTTFixtures {
            let expectedPath = dir.path("expected.vtt")
            guard let read = try? CaptionFile.read(fixture.path).0,
                read.document.captions.contains(where: { $0.timeRange.duration > .zero })
            else { continue }
            var document = read.document
            document.captions.removeAll { !($0.timeRange.duration > .zero) }
            try Data(try WebVTTWriter().write(document).bytes).write(to: URL(fileURLWithPath: dir.path("lasting.vtt")))
            let convert = try CLIRunner.run(["convert", dir.path("lasting.vtt"), expectedPath, "--force"])
            #expect(convert.status == 0, "\(fixture.lastPathComponent): \(convert.stderr)")
            let out = dir.path("out.mp4")
            _ = try Self.mux(read.document, into: clip, out: out)
            let back = dir.path("back.vtt")
            let ours = try CLIRunner.run(["convert", out, back, "--force"])
            #expect(ours.status == 0, "\(fixture.lastPathComponent): \(ours.stderr)")
            let a = try String(contentsOfFile: back, encoding: .utf8)
            let b = try String(contentsOfFile: expectedPath, encoding: .utf8)
            #expect(a == b, "\(fixture.lastPathComponent)")
            checked += 1
        }
        #expect(checked >= 25, "only \(checked) WebVTT fixtures with cues")
    }

    /// iTT and SRT fixtures: the captions read back are those a `.vtt` file of them gives
    /// (what WebVTT carries), at their own exact times (the `.vtt` file rounds to milliseconds).
    @Test func otherFormatsRoundTripAtTheirExactTimes() throws {
        let dir = try TemporaryDirectory("wvtt-exact")
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 2)
        let fixtures =
            TestPaths.files(in: TestPaths.sharedFixture("itt"), withExtension: "itt")
            + TestPaths.files(in: TestPaths.sharedFixture("srt"), withExtension: "srt")
        #expect(fixtures.count >= 5)
        for fixture in fixtures {
            let original = try CaptionFile.read(fixture.path).0.document
            let viaVTT = try Self.document(String(decoding: try WebVTTWriter().write(original).bytes, as: UTF8.self))
            let out = dir.path("out.mp4")
            _ = try Self.mux(original, into: clip, out: out)
            let back = try CaptionFile.read(out).0.document.captions
            let name = fixture.lastPathComponent
            #expect(back.map(\.timeRange) == original.captions.map(\.timeRange), "\(name)")
            #expect(back.map(\.runs) == viaVTT.captions.map(\.runs), "\(name)")
            #expect(back.map(\.region) == viaVTT.captions.map(\.region), "\(name)")
            #expect(back.map(\.textAlignment) == viaVTT.captions.map(\.textAlignment), "\(name)")
            #expect(back.map(\.id) == viaVTT.captions.map(\.id), "\(name)")
        }
    }
}
