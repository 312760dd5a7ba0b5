import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// `captions export IN -o OUT --captions show.scc --embed sei|track|both`: the SCC file's words
/// put in the re-encoded pictures (A/53 SEI written by libx264 from the frames' side data) and
/// in a `c608` track, read back by our reader and by FFmpeg's decoding path.
@Suite struct ExportEmbedTests {
    static let popOn = TestPaths.sharedFixture("scc/pycaption/sample_scc_pop_on.scc").path
    /// The movie's start in the fixture's labels: its first words (09:05) land on frame 5.
    static let start = "00:00:09:00"

    /// The fixture's words with frames counted from the movie's start.
    static func sentWords() throws -> [IndependentSCC.Word] {
        let origin = try #require(IndependentSCC.frame(of: start))
        return IndependentSCC.words(try String(contentsOfFile: popOn, encoding: .utf8)).map {
            IndependentSCC.Word(frame: $0.frame - origin, word: $0.word)
        }
    }

    /// A 29.97 fps clip long enough for every word of the fixture (it ends at 36:04, 27 s in).
    static func clip(in dir: TemporaryDirectory, name: String = "clip.mp4") throws -> String {
        try TrackClips.make(name, in: dir, seconds: 28)
    }

    static func export(_ args: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(["export"] + args + ["--progress", "none", "--preset", "ultrafast"])
    }

    /// The words a source carries on their frames, through our reader's as-transmitted SCC.
    static func words(_ movie: String, source: String, from label: String = start) throws -> [IndependentSCC.Word] {
        var options = CaptionFormatOptions()
        options.settings[MovieCaptions.sourceSetting] = source
        options.startTimecode = label
        let (scc, _) = try MovieCaptions(path: movie).transmittedSCC(options: options)
        let origin = try #require(IndependentSCC.frame(of: label))
        return IndependentSCC.words(String(decoding: scc, as: UTF8.self)).map {
            IndependentSCC.Word(frame: $0.frame - origin, word: $0.word)
        }.filter { $0.word != 0x8080 }
    }

    /// SEI round trip: every word on its frame, the captions of our reader equal to the SCC
    /// reader's (same texts, same times), and FFmpeg's `movie=…[out0+subcc]` path (which decodes
    /// every picture) shows the same texts at the same times.
    @Test func seiRoundTripKeepsEveryWordOnItsFrame() throws {
        let dir = try TemporaryDirectory("embed-sei")
        let out = dir.path("out.mp4")
        let r = try Self.export([
            try Self.clip(in: dir), "-o", out, "--captions", Self.popOn, "--embed", "sei", "--start-timecode",
            Self.start,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let movie = try MovieCaptions(path: out)
        #expect(movie.sources().sources.map(\.kind) == [.sei])
        #expect(try Self.words(out, source: "sei") == Self.sentWords())
        // --as-transmitted takes the A/53 data when there is no c608 track (it asked for a track
        // and failed with 'no track caption source' before).
        let raw = dir.path("raw.scc")
        let t = try CLIRunner.run(["convert", out, raw, "--as-transmitted", "--start-timecode", Self.start])
        #expect(t.status == 0, "\(t.stderr)")
        let origin = try #require(IndependentSCC.frame(of: Self.start))
        let sent = IndependentSCC.words(try String(contentsOfFile: raw, encoding: .utf8)).map {
            IndependentSCC.Word(frame: $0.frame - origin, word: $0.word)
        }.filter { $0.word != 0x8080 }
        #expect(sent == (try Self.sentWords()))

        var sccOptions = CaptionFormatOptions()
        sccOptions.startTimecode = Self.start
        let (expected, _) = try CaptionFile.read(Self.popOn, options: sccOptions)
        var seiOptions = CaptionFormatOptions()
        seiOptions.settings[MovieCaptions.sourceSetting] = "sei"
        let (ours, _) = try CaptionFile.read(out, options: seiOptions)
        #expect(ours.document.captions.map(\.text) == expected.document.captions.map(\.text))
        #expect(ours.document.captions.map(\.timeRange) == expected.document.captions.map(\.timeRange))
        #expect(ours.document.captions.count == 7)

        let srt = dir.path("subcc.srt")
        try TrackClips.run(
            "ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "movie=\(out)[out0+subcc]", "-map", "0:1", srt])
        let theirs = try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8))
        let grouped = TrackClips.screens(ours.document.captions)
        #expect(theirs.count == grouped.count)
        for (t, o) in zip(theirs, grouped) {
            #expect(abs(t.start - o.start) < 0.001 && abs(t.end - o.end) < 0.001, "\(t) vs \(o)")
            #expect(TrackClips.comparable(ffmpeg: t.text) == SubtitlePeers.comparable(o.text), "\(t) vs \(o)")
        }
    }

    /// `--embed both`: the c608 track and the SEI carry the same words on the same frames (and
    /// those of the SCC file); ffprobe sees the track as eia_608 with its language.
    @Test(arguments: ["mp4", "mov"])
    func bothCarryTheSameWordsOnTheSameFrames(container: String) throws {
        let dir = try TemporaryDirectory("embed-both")
        let out = dir.path("out.\(container)")
        let r = try Self.export([
            try Self.clip(in: dir, name: "clip.\(container)"), "-o", out, "--captions", Self.popOn, "--embed", "both",
            "--start-timecode", Self.start, "--language", "fr",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let sources = try MovieCaptions(path: out).sources().sources
        #expect(sources.map(\.kind) == [.sei, .track])
        let sent = try Self.sentWords()
        #expect(try Self.words(out, source: "track") == sent)
        #expect(try Self.words(out, source: "sei") == sent)
        let caption = try #require(
            try TrackClips.ffprobeStreams(out).first { $0["codec_type"] as? String == "subtitle" })
        #expect(caption["codec_name"] as? String == "eia_608")
        #expect((caption["tags"] as? [String: Any])?["language"] as? String == "fra")
    }

    /// A trimmed export keeps each word on its picture: the output starts at the first frame at
    /// or after 10 s (source frame 300, 10.01 s), so its frame k carries source frame 300 + k.
    @Test func trimmedExportKeepsTheWordsOnTheirPictures() throws {
        let dir = try TemporaryDirectory("embed-trim")
        let out = dir.path("out.mp4")
        let r = try Self.export([
            try Self.clip(in: dir), "-o", out, "--captions", Self.popOn, "--embed", "both", "--start-timecode",
            Self.start, "--from", "10",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let kept = try Self.sentWords().filter { $0.frame >= 300 }.map {
            IndependentSCC.Word(frame: $0.frame - 300, word: $0.word)
        }
        #expect(!kept.isEmpty)
        #expect(try Self.words(out, source: "sei", from: "00:00:00:00") == kept)
        #expect(try Self.words(out, source: "track", from: "00:00:00:00") == kept)
    }

    /// `--channel 3`: the words go in field 2 (cc_type 1 and `cdt2`), their miscellaneous control
    /// codes as CC3 sends them (0x15 2x instead of CC1's 0x14 2x), and read back as CC3 they are
    /// the fixture's CC1 captions.
    @Test func channelThreeGoesInFieldTwo() throws {
        let dir = try TemporaryDirectory("embed-cc3")
        let out = dir.path("out.mov")
        let r = try Self.export([
            try Self.clip(in: dir, name: "clip.mov"), "-o", out, "--captions", Self.popOn, "--channel", "3",
            "--start-timecode", Self.start,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let sources = try MovieCaptions(path: out).sources().sources
        #expect(sources.map(\.channels) == [[3], [3]])
        var options = CaptionFormatOptions()
        options.startTimecode = Self.start
        let (expected, _) = try CaptionFile.read(Self.popOn, options: options)
        // End of caption: CC1 0x942f in the file, CC3 0x152f in field 2.
        let sent = try Self.sentWords()
        let words = try Self.words(out, source: "sei")
        #expect(words.map(\.frame) == sent.map(\.frame))
        #expect(sent.contains { $0.word == 0x942F } && !words.contains { $0.word == 0x942F })
        #expect(words.filter { $0.word == 0x152F }.count == sent.filter { $0.word == 0x942F }.count)
        #expect(expected.document.captions.count == 7)
        for source in ["sei", "track"] {
            var read = CaptionFormatOptions()
            read.settings[MovieCaptions.sourceSetting] = source
            read.channel = 3
            let (ours, _) = try CaptionFile.read(out, options: read)
            #expect(ours.document.captions.map(\.text) == expected.document.captions.map(\.text), "\(source)")
            #expect(ours.document.captions.map(\.timeRange) == expected.document.captions.map(\.timeRange))
        }
    }

    /// A source whose pictures already carry captions: `--embed sei` replaces them.
    @Test func seiReplacesTheSourcesOwnCaptions() throws {
        let dir = try TemporaryDirectory("embed-replace")
        let first = dir.path("first.mp4")
        let clip = try Self.clip(in: dir)
        #expect(try Self.export([clip, "-o", first, "--captions", Self.popOn, "--embed", "sei"]).status == 0)
        let srt = dir.path("other.srt")
        try "1\n00:00:01,000 --> 00:00:03,000\nSOMETHING ELSE\n".write(toFile: srt, atomically: true, encoding: .utf8)
        let second = dir.path("second.mp4")
        let r = try Self.export([first, "-o", second, "--captions", srt, "--embed", "sei"])
        #expect(r.status == 0, "\(r.stderr)")
        var options = CaptionFormatOptions()
        options.settings[MovieCaptions.sourceSetting] = "sei"
        let (read, _) = try CaptionFile.read(second, options: options)
        #expect(read.document.captions.map(\.text) == ["SOMETHING ELSE"])
    }

    /// Real footage: both GoPro files, exported with their captions embedded both ways, keep
    /// their GPMF (gpmd) and timecode tracks, and ffprobe sees the new eia_608 track.
    @Test(arguments: ["gopro-max-heromode.mp4", "gopro-karma.mp4"])
    func goProFilesKeepTheirTelemetryAndTimecode(name: String) throws {
        let dir = try TemporaryDirectory("embed-gopro")
        let out = dir.path("out.mp4")
        let r = try Self.export([
            TestPaths.sharedFixture("media/\(name)").path, "-o", out, "--captions", Self.popOn, "--embed", "both",
            "--start-timecode", Self.start, "--to", "2",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let tags = try TrackClips.ffprobeStreams(out).compactMap { $0["codec_tag_string"] as? String }
        for tag in ["avc1", "gpmd", "tmcd", "c608"] { #expect(tags.contains(tag), "\(tags)") }
        let sources = try MovieCaptions(path: out).sources().sources
        #expect(sources.map(\.kind) == [.sei, .track])
        #expect(try Self.words(out, source: "sei") == (try Self.words(out, source: "track")))
    }

    /// `--embed track` needs nothing of the encoder (libx265 writes no A/53 data, and is fine).
    @Test func trackOnlyWorksWithAnEncoderThatWritesNoCaptions() throws {
        let dir = try TemporaryDirectory("embed-x265")
        let out = dir.path("out.mp4")
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 2, extra: ["-s", "128x96"])
        let r = try CLIRunner.run([
            "export", clip, "-o", out, "--captions", Self.popOn, "--embed", "track", "--codec", "libx265",
            "--start-timecode", Self.start, "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try MovieCaptions(path: out).sources().sources.map(\.kind) == [.track])
    }

    /// `--captions FILE` alone burns the captions (the overlay options); with `--embed` they go
    /// inside the movie and the pictures are those of a plain export, unless `--overlay
    /// captions` asks for both.
    @Test func embedDoesNotDrawUnlessAnOverlayAsks() throws {
        let dir = try TemporaryDirectory("embed-overlay")
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 3, extra: ["-s", "160x120"])
        let srt = dir.path("show.srt")
        try "1\n00:00:00,500 --> 00:00:02,000\nHELLO THERE\n".write(toFile: srt, atomically: true, encoding: .utf8)
        func export(_ name: String, _ args: [String]) throws -> [String] {
            let out = dir.path(name)
            let r = try Self.export([clip, "-o", out] + args)
            #expect(r.status == 0, "\(r.stderr)")
            return try BurnEmbeddedTests.pictureHashes(out)
        }
        let plain = try export("plain.mp4", [])
        let embedded = try export("embedded.mp4", ["--captions", srt, "--embed", "sei"])
        let both = try export("both.mp4", ["--captions", srt, "--embed", "sei", "--overlay", "captions"])
        #expect(embedded == plain)
        #expect(both != plain)
        for name in ["embedded.mp4", "both.mp4"] {
            var options = CaptionFormatOptions()
            options.settings[MovieCaptions.sourceSetting] = "sei"
            let (read, _) = try CaptionFile.read(dir.path(name), options: options)
            #expect(read.document.captions.map(\.text) == ["HELLO THERE"], "\(name)")
        }
    }

    /// Requests that cannot be met: exit status 2, a message that says why, and no output.
    @Test(arguments: ["mkv-track", "copy-sei", "x265-sei", "embed-without-captions"])
    func impossibleRequestsAreClearErrors(kind: String) throws {
        let dir = try TemporaryDirectory("embed-bad")
        let clip = try TrackClips.make("clip.mp4", in: dir)
        var args = [clip, "--captions", Self.popOn]
        var out = dir.path("out.mp4")
        let expected: String
        switch kind {
        case "mkv-track":
            out = dir.path("out.mkv")
            args += ["--embed", "track"]
            expected = "c608 closed-caption tracks go in MP4 and MOV"
        case "copy-sei":
            args += ["--embed", "sei", "--codec", "copy"]
            expected = "--codec copy cannot be used"
        case "x265-sei":
            args += ["--embed", "both", "--codec", "libx265"]
            expected = "does not write A/53 closed captions"
        default:
            args = [clip, "--embed", "sei"]
            expected = "--embed goes with --captions FILE"
        }
        let r = try Self.export(args + ["-o", out])
        #expect(r.status == 2)
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".") }.isEmpty)
    }
}

/// `export --embed both` interrupted: the export goes to the output's hidden temporary file and
/// the track is added while copying it to the output, so SIGINT at any moment leaves either
/// nothing or the whole output, and never a hidden file. Status 130 is the handler's (nothing,
/// or the whole output when the signal came after the rename); status 0 a finished export.
@Suite struct ExportEmbedInterruptionTests {
    @Test func interruptedAtAnyMomentLeavesNothingBehind() throws {
        let dir = try TemporaryDirectory("embed-sigint")
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 20, extra: ["-s", "320x240"])
        let program = CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("captions-media")
        var outcomes: [Int32] = []
        for (i, delay) in [0.2, 0.5, 0.8, 1.2, 1.8, 2.5, 4.0].enumerated() {
            let out = dir.path("out\(i).mp4")
            let process = Process()
            process.executableURL = program
            process.arguments = [
                "export", clip, "-o", out, "--captions", ExportEmbedTests.popOn, "--embed", "both",
                "--start-timecode", ExportEmbedTests.start, "--progress", "none", "--preset", "ultrafast",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            process.interrupt()
            process.waitUntilExit()
            // Killed by SIGINT itself: it came before the runtime had installed the handler (a
            // loaded machine), when nothing had been written yet. Any other signal is a crash.
            let killed = process.terminationReason == .uncaughtSignal
            #expect(
                !killed || process.terminationStatus == SIGINT, "after \(delay) s: signal \(process.terminationStatus)")
            let status = killed ? -1 : process.terminationStatus
            outcomes.append(status)
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
            #expect(!names.contains { $0.hasPrefix(".") }, "after \(delay) s: \(names)")
            #expect(killed || status == 130 || status == 0, "after \(delay) s: status \(status)")
            // Status 130 with an output: the signal came after the rename, while the process was
            // ending; the output is then the whole one. Never a part of one.
            if FileManager.default.fileExists(atPath: out) {
                #expect(
                    try MovieCaptions(path: out).sources().sources.map(\.kind) == [.sei, .track],
                    "after \(delay) s: status \(status)")
            } else {
                #expect(killed || status == 130, "after \(delay) s: status \(status) and no output")
            }
        }
        // The early signals land during the work, and the handler ends it (130).
        #expect(outcomes.contains(130), "\(outcomes)")
    }
}
