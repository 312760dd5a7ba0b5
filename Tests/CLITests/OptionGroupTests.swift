import Foundation
import TestSupport
import Testing

/// Options that several media commands take, declared once (CaptionStyleOptions,
/// EncodingOptions): the same words in each command's help, the same checks in each.
@Suite struct OptionGroupTests {
    /// The help lines of `options` in `help`, each with its wrapped continuation lines, as one
    /// text per option.
    static func lines(of options: [String], in help: String) -> [String: String] {
        var found: [String: String] = [:]
        var current: String?
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("-") {
                current = options.first { trimmed.hasPrefix($0 + " ") }
                if let current { found[current] = String(trimmed) }
            } else if let key = current, !trimmed.isEmpty, line.hasPrefix("      ") {
                found[key, default: ""] += " " + trimmed
            } else {
                current = nil
            }
        }
        return found
    }

    static func help(_ command: String) throws -> String {
        let r = try CLIRunner.run(["help", command])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout
    }

    @Test func previewAndBurnDescribeTheCaptionStyleAlike() throws {
        let options = ["--look", "--outline", "--shadow", "--font"]
        let preview = Self.lines(of: options, in: try Self.help("preview"))
        let burn = Self.lines(of: options, in: try Self.help("burn"))
        #expect(preview.count == 4)
        #expect(preview == burn)
        #expect(preview["--font"]?.contains("tried before the configured fonts") == true, "\(preview)")
    }

    @Test func exportBurnAndComposeDescribeTheEncoderAlike() throws {
        let options = ["--codec", "--crf", "--preset"]
        let export = Self.lines(of: options, in: try Self.help("export"))
        #expect(export.count == 3)
        #expect(Self.lines(of: options, in: try Self.help("burn")) == export)
        #expect(Self.lines(of: options, in: try Self.help("compose")) == export)
        #expect(export["--preset"]?.contains("libx264 default: medium") == true, "\(export)")
    }

    @Test func composeRefusesCodecCopyBeforeAnyWork() throws {
        let dir = try TemporaryDirectory()
        let r = try CLIRunner.run(["compose", "a.mp4", "b.mp4", "-o", dir.path("out.mp4"), "--codec", "copy"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--codec copy: a composition's pictures are made anew"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.mp4")))
    }

    /// `burn --font` is checked as `preview --font` is: a folder (or a FIFO, which would block
    /// FreeType) is refused by name before the fonts are loaded.
    @Test func burnRefusesAFontThatIsNotAFile() throws {
        let dir = try TemporaryDirectory()
        let movie = dir.path("clip.mp4")
        try MediaTools.makeClip(movie, seconds: 0.5, audio: false)
        let captions = TestPaths.fixture("examples/feature-excerpt.json").path
        let fonts = dir.path("fonts")
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        let r = try CLIRunner.run(["burn", movie, captions, "-o", dir.path("out.mp4"), "--font", fonts])
        #expect(r.status == 2)
        #expect(r.stderr.contains("captions: error: \(fonts): is a folder, not a regular file"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.mp4")))
    }
}

/// Option values that need no file are checked by the commands' `validate()`, before any file is
/// read, and refused as ArgumentParser refuses a bad argument (its error and the usage, status 2).
@Suite struct OptionValueTests {
    @Test func metadataOptionsAreCheckedBeforeTheFiles() throws {
        let dir = try TemporaryDirectory()
        let base = ["metadata", "add", dir.path("none.mp4"), dir.path("none.gpx"), "-o", dir.path("out.mp4")]
        for (extra, message) in [
            (["--max-dop", "0"], "--max-dop must be positive"),
            (["--form", "xyz"], "--form xyz: expected mebx, gpmf or both"),
            (["--offset", "soon"], "--offset soon: expected seconds such as 2.5, 2.5s or -1"),
        ] {
            let r = try CLIRunner.run(base + extra)
            #expect(r.status == 2, "\(extra): \(r.stderr)")
            #expect(r.stderr.contains("Error: \(message)"), "\(extra): \(r.stderr)")
            #expect(r.stderr.contains("Usage: captions metadata add"), "\(extra): \(r.stderr)")
        }
        let dump = try CLIRunner.run(["metadata", "dump", dir.path("none.mp4"), "--json", "--csv"])
        #expect(dump.status == 2)
        #expect(dump.stderr.contains("Error: choose one of --json, --gpx, --csv and --sync-report"), "\(dump.stderr)")
    }

    /// `--gpx-offset` was read only after the movie was opened, so a missing movie hid it.
    @Test func exportChecksTheGPXOffsetBeforeTheMovie() throws {
        let dir = try TemporaryDirectory()
        let r = try CLIRunner.run([
            "export", dir.path("none.mp4"), "-o", dir.path("out.mp4"), "--overlay", "gps", "--gpx", dir.path("r.gpx"),
            "--gpx-offset", "soon",
        ])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Error: --gpx-offset soon: expected seconds such as 2.5, 2.5s or -1"), "\(r.stderr)")
    }
}
