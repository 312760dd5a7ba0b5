import CaptionCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `captions export`, `burn` and `inspect` as a user runs them: bad inputs give a clear error
/// naming the file and leave no output (nor a temporary file) behind.
@Suite(.serialized) struct MediaCommandTests {
    static func files(in dir: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
    }

    /// Runs `captions ARGS` and checks status 2, a message naming `file`, and that `dir` holds
    /// exactly `expected` afterwards (no output, no temporary file).
    static func expectFailure(
        _ args: [String], naming file: String, mentioning words: [String], in dir: TemporaryDirectory,
        leaves expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let r = try CLIRunner.run(args)
        #expect(r.status == 2, "status \(r.status): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(file), "the message names \(file): \(r.stderr)", sourceLocation: sourceLocation)
        for word in words {
            #expect(r.stderr.contains(word), "the message says \(word): \(r.stderr)", sourceLocation: sourceLocation)
        }
        #expect(try files(in: dir) == expected.sorted(), sourceLocation: sourceLocation)
    }

    // MARK: - Bad inputs

    @Test func corruptAndTruncatedFilesAreRefused() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("clip.mp4"), rate: "25", seconds: 2)
        try MediaTools.ffmpeg([
            "-i", dir.path("clip.mp4"), "-c", "copy", "-movflags", "+faststart", dir.path("fast.mp4"),
        ])
        let bytes = try Data(contentsOf: dir.url.appendingPathComponent("clip.mp4"))
        let fast = try Data(contentsOf: dir.url.appendingPathComponent("fast.mp4"))
        // Seeded, so that every run reads the same bytes: unseeded, a file that began with "["
        // (2 of 300 tried; 1 in 256 by chance) was taken by FFmpeg for LRC lyrics (the case of
        // `guessed.mp4`).
        var random = SplitMix64(seed: 1994)
        let noise = (0..<40_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        try Data(noise).write(to: dir.url.appendingPathComponent("corrupt.mp4"))
        try Data(Array("[ab]".utf8) + noise).write(to: dir.url.appendingPathComponent("guessed.mp4"))
        try bytes.prefix(bytes.count / 2).write(to: dir.url.appendingPathComponent("half.mp4"))
        try fast.prefix(fast.count / 2).write(to: dir.url.appendingPathComponent("halffast.mp4"))
        let inputs = ["clip.mp4", "fast.mp4", "corrupt.mp4", "guessed.mp4", "half.mp4", "halffast.mp4"]
        try Self.expectFailure(
            ["export", dir.path("corrupt.mp4"), "-o", dir.path("out.mp4")], naming: "corrupt.mp4",
            mentioning: ["Invalid data"], in: dir, leaves: inputs)
        // FFmpeg's only match is a weak one (ffprobe: lrc, probe_score 5): the message says the
        // format was a guess rather than that a movie lacks its video.
        try Self.expectFailure(
            ["export", dir.path("guessed.mp4"), "-o", dir.path("out.mp4")], naming: "guessed.mp4",
            mentioning: ["not a movie", "could only guess", "lrc", "score of 5 of 100", "no video track"], in: dir,
            leaves: inputs)
        try Self.expectFailure(
            [
                "burn", dir.path("guessed.mp4"), TestPaths.fixture("examples/feature-excerpt.json").path, "-o",
                dir.path("out.mp4"),
            ], naming: "guessed.mp4", mentioning: ["not a movie", "lrc"], in: dir,
            leaves: inputs)
        // Index at the end: the index is missing.
        try Self.expectFailure(
            ["export", dir.path("half.mp4"), "-o", dir.path("out.mp4")], naming: "half.mp4",
            mentioning: ["moov atom not found"], in: dir, leaves: inputs)
        // Index first: the data stops half way.
        try Self.expectFailure(
            ["export", dir.path("halffast.mp4"), "-o", dir.path("out.mp4")], naming: "halffast.mp4",
            mentioning: ["truncated"], in: dir, leaves: inputs)
    }

    @Test func filesWithoutVideoAreRefused() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1", "-c:a", "aac",
            dir.path("audio.m4a"),
        ])
        try "1\n00:00:00,000 --> 00:00:01,000\nno picture\n".write(
            toFile: dir.path("s.srt"), atomically: true, encoding: .utf8)
        try MediaTools.ffmpeg(["-i", dir.path("s.srt"), "-c:s", "mov_text", dir.path("subtitles.mp4")])
        let inputs = ["audio.m4a", "s.srt", "subtitles.mp4"]
        try Self.expectFailure(
            ["export", dir.path("audio.m4a"), "-o", dir.path("out.mp4")], naming: "audio.m4a",
            mentioning: ["no video track", "audio track"], in: dir, leaves: inputs)
        try Self.expectFailure(
            [
                "burn", dir.path("subtitles.mp4"), TestPaths.fixture("examples/feature-excerpt.json").path, "-o",
                dir.path("out.mp4"),
            ], naming: "subtitles.mp4", mentioning: ["no video track", "subtitle track"], in: dir,
            leaves: inputs)
    }

    @Test func unsupportedCodecsAreNamed() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("clip.mp4"), rate: "25", seconds: 1)
        // The same file with its sample entry renamed to a four-character code nobody knows.
        let bytes = [UInt8](try Data(contentsOf: dir.url.appendingPathComponent("clip.mp4")))
        var patched = bytes
        let avc1 = Array("avc1".utf8)
        for i in 0..<(bytes.count - 4) where Array(bytes[i..<(i + 4)]) == avc1 {
            patched.replaceSubrange(i..<(i + 4), with: Array("zzzz".utf8))
        }
        try Data(patched).write(to: dir.url.appendingPathComponent("zzzz.mp4"))
        try Self.expectFailure(
            ["export", dir.path("zzzz.mp4"), "-o", dir.path("out.mp4")], naming: "zzzz.mp4",
            mentioning: ["'zzzz'", "video track"], in: dir, leaves: ["clip.mp4", "zzzz.mp4"])
        try Self.expectFailure(
            ["export", dir.path("clip.mp4"), "-o", dir.path("out.mp4"), "--codec", "nosuchcodec"],
            naming: "nosuchcodec", mentioning: ["no video encoder"], in: dir, leaves: ["clip.mp4", "zzzz.mp4"])
    }

    @Test func anExistingOutputIsKept() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("clip.mp4"), rate: "25", seconds: 1)
        try "keep me".write(toFile: dir.path("out.mp4"), atomically: true, encoding: .utf8)
        try Self.expectFailure(
            ["export", dir.path("clip.mp4"), "-o", dir.path("out.mp4")], naming: "out.mp4",
            mentioning: ["already exists", "--force"], in: dir, leaves: ["clip.mp4", "out.mp4"])
        #expect(try String(contentsOfFile: dir.path("out.mp4"), encoding: .utf8) == "keep me")
        let r = try CLIRunner.run([
            "export", dir.path("clip.mp4"), "-o", dir.path("out.mp4"), "--force", "--preset", "ultrafast",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try MediaTools.streams(dir.path("out.mp4")).count == 2)
    }

    // MARK: - Destinations that cannot take the output (real mounts; we are root in CI)

    /// Mounts a tmpfs at `dir` with `options`; fails loudly where mounting is not permitted,
    /// never skips.
    static func mountTmpfs(_ dir: String, options: String) throws {
        let r = try CLIRunner.runProcess(
            URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", options, "tmpfs", dir])
        if r.status != 0 {
            Issue.record(
                "cannot mount a tmpfs (\(r.stderr.trimmingCharacters(in: .whitespacesAndNewlines))): the read-only and full-disk tests need root (CI runs as root)"
            )
            throw MediaTools.Failure.failed("mount failed")
        }
    }

    static func unmount(_ dir: String) {
        _ = try? CLIRunner.runProcess(URL(fileURLWithPath: "/bin/umount"), [dir])
    }

    @Test func aReadOnlyDestinationIsRefused() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("clip.mp4"), rate: "25", seconds: 1)
        let target = dir.path("ro")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try Self.mountTmpfs(target, options: "ro,size=1m")
        defer { Self.unmount(target) }
        let r = try CLIRunner.run(["export", dir.path("clip.mp4"), "-o", target + "/out.mp4"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("out.mp4") && r.stderr.contains("Read-only file system"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
    }

    @Test func aFullDiskLeavesNothing() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("clip.mp4"), rate: "25", size: "640x360", seconds: 4)
        let target = dir.path("small")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try Self.mountTmpfs(target, options: "size=64k")
        defer { Self.unmount(target) }
        let r = try CLIRunner.run(["export", dir.path("clip.mp4"), "-o", target + "/out.mp4", "--preset", "ultrafast"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("out.mp4") && r.stderr.contains("disk is full"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty, "no output, no temporary file")
    }

    @Test func interruptingAnExportLeavesNothing() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("clip.mp4"), rate: "30", size: "640x360", seconds: 20)
        let p = try SignalledProcess(
            CLIRunner.executable, ["export", dir.path("clip.mp4"), "-o", dir.path("out.mp4"), "--preset", "slow"])
        // Wait until the export is writing its temporary file, then press Ctrl-C. No deadline:
        // the export ends by itself, so the wait ends however slow the machine is.
        var writing = false
        while p.isRunning {
            let names = try Self.files(in: dir).filter { $0.hasPrefix(".out.mp4") }
            if let name = names.first,
                let size = try? FileManager.default.attributesOfItem(atPath: dir.path(name))[.size] as? Int, size > 0
            {
                writing = true
                break
            }
            usleep(20_000)
        }
        #expect(writing, "the export never started writing")
        p.signal(SIGINT)
        #expect(p.wait() == 130)
        #expect(try Self.files(in: dir) == ["clip.mp4"], "no output and no temporary file")
    }

    // MARK: - Working runs

    @Test(arguments: ["gopro-karma.mp4", "gopro-max-heromode.mp4"])
    func burningGoProFootageGivesCleanFilesWithTheirGPMF(name: String) throws {
        let dir = try TemporaryDirectory()
        let input = TestPaths.sharedFixture("media/\(name)").path
        let r = try CLIRunner.run([
            "burn", input, TestPaths.fixture("examples/feature-excerpt.json").path, "-o", dir.path("b.mp4"),
            "--preset", "ultrafast",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let warnings = try MediaTools.warnings(dir.path("b.mp4"))
        #expect(warnings == "", "ffprobe reads it without warnings: \(warnings)")
        let streams = try MediaTools.streams(dir.path("b.mp4"))
        #expect(streams.contains { $0["codec_tag_string"] as? String == "gpmd" }, "gpmd kept")
        let frames = try MediaTools.probe(dir.path("b.mp4"), extra: ["-count_frames", "-select_streams", "v"])
        let original = try MediaTools.probe(input, extra: ["-count_frames", "-select_streams", "v"])
        let count = { (p: [String: Any]) in (p["streams"] as? [[String: Any]])?.first?["nb_read_frames"] as? String }
        #expect(count(frames) == count(original))
    }

    @Test func inspectDescribesMoviesAndStillReadsCaptionFiles() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("clip.mov"), rate: "25", seconds: 1)
        let movie = try CLIRunner.run(["inspect", dir.path("clip.mov"), "--json"])
        #expect(movie.status == 0, "\(movie.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(movie.stdout.utf8)) as? [String: Any])
        let streams = try #require(json["streams"] as? [[String: Any]])
        #expect(streams.map { $0["codec_type"] as? String } == ["video", "audio"])
        #expect(streams.first?["r_frame_rate"] as? String == "25/1")
        // No extension: recognised by its first bytes.
        try FileManager.default.copyItem(atPath: dir.path("clip.mov"), toPath: dir.path("noext"))
        let bare = try CLIRunner.run(["inspect", dir.path("noext")])
        #expect(bare.status == 0 && bare.stdout.contains("h264"), "\(bare.stderr)")
        let captions = try CLIRunner.run(["inspect", TestPaths.fixture("examples/feature-excerpt.json").path])
        #expect(captions.status == 0 && !captions.stdout.contains("h264"), "\(captions.stderr)")
    }

    @Test func inspectSaysWhenFFmpegOnlyGuessedTheFormat() throws {
        let dir = try TemporaryDirectory()
        var random = SplitMix64(seed: 1994)
        let noise = (0..<40_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        try Data(Array("[ab]".utf8) + noise).write(to: dir.url.appendingPathComponent("guessed.mp4"))
        try MediaTools.makeClip(dir.path("clip.mp4"), rate: "25", seconds: 1)
        for (name, guessed) in [("guessed.mp4", true), ("clip.mp4", false)] {
            let probe = try #require(try MediaTools.probe(dir.path(name))["format"] as? [String: Any])
            let score = try #require(probe["probe_score"] as? Int)
            #expect((score <= 25) == guessed, "ffprobe's probe_score of \(name): \(score)")
            let json = try CLIRunner.run(["inspect", dir.path(name), "--json"])
            let ours = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect((ours["format"] as? [String: Any])?["probe_score"] as? Int == score, "\(name): \(json.stdout)")
            let text = try CLIRunner.run(["inspect", dir.path(name)])
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("only a guess: probe score \(score) of 100") == guessed, "\(text.stdout)")
        }
    }

    @Test func progressAsJSONIsOneObjectPerLine() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("clip.mp4"), rate: "25", seconds: 1)
        let r = try CLIRunner.run([
            "export", dir.path("clip.mp4"), "-o", dir.path("o.mp4"), "--progress", "json", "--preset", "ultrafast",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["frames"] != nil && object?["speed"] != nil)
        }
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        #expect(last["percent"] as? Double == 100)
        // On a pipe the default prints nothing.
        let quiet = try CLIRunner.run([
            "export", dir.path("clip.mp4"), "-o", dir.path("q.mp4"), "--preset", "ultrafast",
        ])
        #expect(quiet.stdout.isEmpty && !quiet.stderr.contains("%"))
    }

    /// `--captions embedded` of a movie that carries none (burning them: CaptionTracksTests).
    @Test func embeddedCaptionsOfAMovieWithoutAnyAreAClearError() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("clip.mp4"), rate: "25", seconds: 1)
        let r = try CLIRunner.run(["burn", dir.path("clip.mp4"), "--captions", "embedded", "-o", dir.path("o.mp4")])
        // A readable movie that gives nothing: an error-level finding, status 1 (issue 34).
        #expect(r.status == 1)
        #expect(r.stderr.contains("error[tracks.no-captions]: no captions: the movie has no c608 track, no A/53 captions in its video"), "\(r.stderr)")
        #expect(try Self.files(in: dir) == ["clip.mp4"])
    }
}
