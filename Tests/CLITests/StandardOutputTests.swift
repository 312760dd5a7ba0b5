import Foundation
import TestSupport
import Testing

/// What a command prints on standard output reaches the user or the command fails: a write that
/// the system refuses (here /dev/full, whose every write fails with ENOSPC) is an error with
/// status 2, never a silent success.
@Suite struct StandardOutputTests {
    static let source = TestPaths.fixture("examples/feature-excerpt.json").path

    @Test(arguments: [
        ["inspect", "--json", source], ["inspect", source], ["formats"],
        ["validate", TestPaths.fixture("validation/clean.json").path],
    ])
    func aFailedWriteToStandardOutputIsAnError(_ args: [String]) throws {
        let result = try CLIRunner.run(args, standardOutputTo: "/dev/full")
        #expect(result.status == 2, "\(args): \(result.stderr)")
        #expect(result.stderr.contains("cannot write to standard output: No space left on device"), "\(result.stderr)")
    }

    @Test func aWorkingStandardOutputIsClean() throws {
        let dir = try TemporaryDirectory()
        let sink = dir.path("out.txt")
        FileManager.default.createFile(atPath: sink, contents: nil)
        let result = try CLIRunner.run(["inspect", "--json", Self.source], standardOutputTo: sink)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let written = try String(contentsOfFile: sink, encoding: .utf8)
        #expect(written.contains("\"format\" : \"json\""))
    }
}
