import Batch
import Foundation
import TestSupport
import Testing

/// `captions batch` on bad job files: located errors before anything runs, no journal, nothing
/// written or overwritten.
@Suite struct BadBatchInputTests {
    /// A folder with one caption file, `in.scc`, and an earlier `keep.itt` that must survive.
    static func folder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("batch-bad")
        let made = try CLIRunner.run(["generate", "--minutes", "1", "-o", "in.scc"], currentDirectory: dir.url)
        guard made.status == 0 else { throw MediaTools.Failure.failed(made.stderr) }
        try "earlier output".write(toFile: dir.path("keep.itt"), atomically: true, encoding: .utf8)
        return dir
    }

    /// Runs `captions batch jobs.jsonl` with `lines`; checks that nothing ran or changed.
    static func refused(_ lines: [String], in dir: TemporaryDirectory) throws -> String {
        try lines.joined(separator: "\n").write(toFile: dir.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
        let r = try CLIRunner.run(["batch", "jobs.jsonl"], currentDirectory: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("nothing was run"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == before)
        #expect(try String(contentsOfFile: dir.path("keep.itt"), encoding: .utf8) == "earlier output")
        return r.stderr
    }

    static let good = #"{"id": "ok", "command": ["convert", "in.scc", "out.itt"]}"#

    @Test func aMalformedLineRunsNothing() throws {
        let dir = try Self.folder()
        let stderr = try Self.refused(
            [Self.good, #"{"id": "bad", "command": ["convert" "in.scc", "x.itt"]}"#], in: dir)
        #expect(stderr.contains("jobs.jsonl:2:37: expected ',' or ']'"), "\(stderr)")
    }

    @Test func anUnknownCommandRunsNothing() throws {
        let dir = try Self.folder()
        let stderr = try Self.refused([Self.good, #"{"id": "u", "command": ["transmogrify", "in.scc"]}"#], in: dir)
        #expect(stderr.contains(#"jobs.jsonl:2:24: unknown command "transmogrify""#), "\(stderr)")
    }

    @Test func aMissingInputRunsNothing() throws {
        let dir = try Self.folder()
        let stderr = try Self.refused([Self.good, #"{"id": "m", "command": ["validate", "gone.scc"]}"#], in: dir)
        #expect(stderr.contains("jobs.jsonl:2: gone.scc: no such input file"), "\(stderr)")
    }

    @Test func aDuplicatedOutputRunsNothingAndOverwritesNothing() throws {
        let dir = try Self.folder()
        let stderr = try Self.refused(
            [
                #"{"id": "a", "command": ["convert", "in.scc", "keep.itt", "--force"]}"#,
                #"{"id": "b", "command": ["convert", "in.scc", "./keep.itt", "--force"]}"#,
            ], in: dir)
        #expect(stderr.contains(#"jobs.jsonl:2: ./keep.itt is written by job "a" too (jobs.jsonl:1)"#), "\(stderr)")
    }

    @Test func aJobReadingAnothersOutputRunsNothing() throws {
        let dir = try Self.folder()
        let stderr = try Self.refused(
            [Self.good, #"{"id": "v", "command": ["validate", "out.itt"]}"#], in: dir)
        #expect(stderr.contains(#"jobs.jsonl:2: reads out.itt, which job "ok" writes (jobs.jsonl:1)"#), "\(stderr)")
    }

    @Test func everyProblemIsReportedInOneRun() throws {
        let dir = try Self.folder()
        let stderr = try Self.refused(
            [
                #"{"id": "a", "command": ["transmogrify"]}"#, #"{"id": "b", "command": ["validate", "gone.scc"]}"#,
                #"{"id": "b", "command": ["convert", "in.scc", "b.itt"]}"#,
            ], in: dir)
        #expect(stderr.contains("jobs.jsonl:1:"), "\(stderr)")
        // The file's own faults come first; the checks across jobs run once each line reads.
        #expect(!stderr.contains("jobs.jsonl:2:"))
    }
}
