import CaptionsCLI
import Foundation
import TestSupport
import Testing

/// `captions convert IN OUT [--force]` is read without ArgumentParser (a start-up saving); every
/// other command line goes through it. Both ways must behave the same.
@Suite struct ConvertCommandLineTests {
    /// Runs `captions arguments…`; returns its status and output.
    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try CLIRunner.run(arguments)
        return (result.status, result.stdout, result.stderr)
    }

    @Test(arguments: ["scc/never-displayed.scc", "scc/unknown-code.scc", "examples/feature-excerpt.json"])
    func plainAndParsedCommandLinesConvertAlike(fixture: String) throws {
        let dir = try TemporaryDirectory()
        let source = TestPaths.fixture(fixture).path
        let format = fixture.hasSuffix(".scc") ? "scc" : "json"
        let plain = try run(["convert", source, dir.path("plain.json")])
        // `--from` is not on the plain path, so this one is parsed by ArgumentParser.
        let parsed = try run(["convert", "--from", format, source, dir.path("parsed.json")])
        #expect(plain.status == parsed.status)
        #expect(plain.stdout == parsed.stdout)
        // The outputs' names differ; a finding may name them.
        #expect(
            plain.stderr.replacingOccurrences(of: dir.path("plain.json"), with: "OUT")
                == parsed.stderr.replacingOccurrences(of: dir.path("parsed.json"), with: "OUT"))
        // A file that gives no caption writes nothing either way (never-displayed.scc: its one
        // caption is never shown), and says so.
        let written = FileManager.default.fileExists(atPath: dir.path("plain.json"))
        #expect(written == FileManager.default.fileExists(atPath: dir.path("parsed.json")))
        guard written else {
            #expect(plain.status == 1 && plain.stderr.contains("error[captions.empty]"), "\(plain.stderr)")
            return
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: dir.path("plain.json")))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: dir.path("parsed.json")))))
    }

    @Test func forceIsHonouredWhereverItStands() throws {
        let dir = try TemporaryDirectory()
        let source = TestPaths.fixture("examples/feature-excerpt.json").path
        let out = dir.path("out.json")
        #expect(try run(["convert", source, out]).status == 0)
        let refused = try run(["convert", source, out])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--force"))
        #expect(try run(["convert", "--force", source, out]).status == 0)
        #expect(try run(["convert", source, "--force", out]).status == 0)
        #expect(try run(["convert", source, out, "--force"]).status == 0)
    }

    /// Which command lines take the plain path: decided by hand from the shape it promises
    /// (`convert`, two values, `--force` at most once), so the end-to-end tests above really
    /// compare the two paths.
    @Test func thePlainPathTakesExactlyTheCommonShape() {
        func plain(_ arguments: [String]) -> ConvertJob? { ConvertJob(commonArguments: arguments) }
        let job = plain(["convert", "a.scc", "b.json"])
        #expect(job?.input == "a.scc" && job?.output == "b.json" && job?.force == false)
        #expect(plain(["convert", "--force", "a.scc", "b.json"])?.force == true)
        #expect(plain(["convert", "a.scc", "b.json", "--force"])?.output == "b.json")
        for other in [
            ["convert", "a.scc"], ["convert", "a.scc", "b.json", "c.json"], ["convert", "--from", "scc", "a", "b"],
            ["convert", "a.scc", "b.json", "--force", "--force"], ["convert", "a.scc", "help"],
            ["convert", "", "b.json"], ["inspect", "a.scc", "b.json"], ["convert", "a.scc", "-o"],
        ] {
            #expect(plain(other) == nil, "\(other)")
        }
    }

    @Test func unusualCommandLinesStillGetArgumentParserMessages() throws {
        let missing = try run(["convert", "only-one.scc"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("name the file to write, after the input or with -o"), "\(missing.stderr)")
        let extra = try run(["convert", "a.scc", "b.json", "c.json"])
        #expect(extra.status == 2)
        let help = try run(["convert", "a.scc", "b.json", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--start-timecode"))
    }
}
