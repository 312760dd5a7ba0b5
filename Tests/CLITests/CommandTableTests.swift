import CaptionsCLI
import Foundation
import TestSupport
import Testing

/// What `captions` and `captions-media` say of the same commands: the media commands' summaries
/// from one table (`MediaCommand`), and `convert`'s options from one group (`ConvertOptions`),
/// read from the built executables' help as a user reads it.
@Suite struct CommandTableTests {
    static var media: URL { CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("captions-media") }

    /// `text` with its line breaks and runs of spaces made one space (help wraps at 80 columns).
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// The lines of a help page from the line `OPTIONS:` on.
    static func options(_ help: String) -> String {
        guard let start = help.range(of: "OPTIONS:") else { return "" }
        return String(help[start.lowerBound...])
    }

    @Test func everyMediaCommandHasTheSameSummaryInBothExecutables() throws {
        let captions = try CLIRunner.run(["--help"])
        let media = try CLIRunner.runProcess(Self.media, ["--help"])
        #expect(captions.status == 0 && media.status == 0)
        #expect(MediaCommand.allCases.count == 8)
        for command in MediaCommand.allCases {
            let summary = Self.flat(command.abstract)
            // captions-media's own summary, and the forwarded command's own help, say it as the table does.
            #expect(Self.flat(media.stdout).contains("\(command.rawValue) \(summary)"), "captions-media: \(command)")
            let help = try CLIRunner.run(["help", command.rawValue])
            #expect(help.status == 0)
            #expect(Self.flat(help.stdout).hasPrefix("OVERVIEW: \(summary)"), "captions help \(command)")
            // captions --help lists it with the same words, and says who runs it.
            let stub = String(summary.dropLast()) + " (runs captions-media)."
            #expect(Self.flat(captions.stdout).contains("\(command.rawValue) \(stub)"), "captions: \(command)")
        }
        // The stubs once contradicted the commands: `frame` and `thumbnails` take compositions too.
        #expect(Self.flat(captions.stdout).contains("frame Write the picture of a movie or a composition at a time"))
    }

    @Test func convertHasTheSameOptionsInBothExecutables() throws {
        let captions = try CLIRunner.run(["help", "convert"])
        let media = try CLIRunner.runProcess(Self.media, ["help", "convert"])
        #expect(captions.status == 0 && media.status == 0)
        let options = Self.options(captions.stdout)
        #expect(options.contains("--as-transmitted") && options.contains("--allow-empty"))
        #expect(options == Self.options(media.stdout))
        // The drifted texts, as the README describes the options.
        let flat = Self.flat(options)
        #expect(flat.contains("needed (reported) instead of failing."))
        #expect(flat.contains("split pop-on captions of more rows (1–15) into consecutive screens"))
        #expect(flat.contains("each on its frame, from the movie's first timecode."))
    }

    @Test func convertRefusesABadStartTimecodeWithTheSameWordsInBothExecutables() throws {
        let dir = try TemporaryDirectory()
        let input = TestPaths.fixture("examples/feature-excerpt.json").path
        let args = ["convert", input, dir.path("out.scc"), "--start-timecode", "1:2"]
        let captions = try CLIRunner.run(args)
        let media = try CLIRunner.runProcess(Self.media, args)
        for r in [captions, media] {
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.contains("such as 01:00:00:00 (non-drop) or 01:00:00;00 (drop-frame)"), "\(r.stderr)")
        }
    }
}
