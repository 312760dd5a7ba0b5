import Batch
import Foundation
import TestSupport
import Testing

/// What a batch run again does with each state the journal holds (Specs/batch-jobs.md, "Resuming").
@Suite struct ResumeRulesTests {
    static func batch(_ args: [String], in dir: TemporaryDirectory) throws -> CLIRunner.Result {
        try CLIRunner.run(["batch"] + args, currentDirectory: dir.url)
    }

    static func records(_ dir: TemporaryDirectory, _ name: String = "jobs.db") throws -> [String: JobRecord] {
        Dictionary(uniqueKeysWithValues: try Journal(path: dir.path(name), create: false).records().map { ($0.id, $0) })
    }

    @Test func doneJobsAreNotRunAgainAndAChangedOutputIsNeverOverwritten() throws {
        let dir = try TemporaryDirectory("batch-resume")
        for i in 0..<2 {
            _ = try CLIRunner.run(
                ["generate", "--minutes", "1", "--seed", "\(i + 7)", "-o", "\(i).scc"], currentDirectory: dir.url)
        }
        try """
        {"id": "a", "command": ["convert", "0.scc", "0.itt"]}
        {"id": "b", "command": ["convert", "1.scc", "1.itt"]}
        """.write(toFile: dir.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        #expect(try Self.batch(["jobs.jsonl"], in: dir).status == 0)
        let first = try Self.records(dir)
        #expect(first["a"]?.state == .done && first["b"]?.state == .done)

        // Unchanged: nothing runs. a's output changed by hand: failed, kept. b's removed: rerun.
        try "edited by hand".write(toFile: dir.path("0.itt"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: dir.path("1.itt"))
        let again = try Self.batch(["jobs.jsonl"], in: dir)
        #expect(again.status == 1)
        let second = try Self.records(dir)
        #expect(second["a"]?.state == .failed && second["a"]?.attempts == 1)
        #expect(second["a"]?.error?.contains("0.itt changed since the job was done") == true)
        #expect(try String(contentsOfFile: dir.path("0.itt"), encoding: .utf8) == "edited by hand")
        #expect(second["b"]?.state == .done && second["b"]?.attempts == 2)
        #expect(second["b"]?.outputSHA256 == first["b"]?.outputSHA256)
    }

    @Test func failuresAreKeptUntilRetried() throws {
        let dir = try TemporaryDirectory("batch-retry")
        try "not captions at all\n".write(toFile: dir.path("in.scc"), atomically: true, encoding: .utf8)
        try #"{"id": "c", "command": ["convert", "in.scc", "out.itt"]}"#.write(
            toFile: dir.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        let failing = try Self.batch(["jobs.jsonl"], in: dir)
        #expect(failing.status == 1)
        #expect(try Self.records(dir)["c"]?.state == .failed)
        // `convert` exits 1 (captions.empty) and writes nothing: a failure, whatever the status.
        #expect(try Self.records(dir)["c"]?.exitStatus == 1)
        let report = try Self.batch(["report", "jobs.db"], in: dir)
        #expect(report.stdout.contains("c (convert, exit 1): exited 1 but wrote no out.itt:\n    "), "\(report.stdout)")

        _ = try CLIRunner.run(["generate", "--minutes", "1", "-o", "in.scc", "--force"], currentDirectory: dir.url)
        #expect(try Self.batch(["jobs.jsonl"], in: dir).status == 1)
        #expect(try Self.records(dir)["c"]?.attempts == 1)
        #expect(try Self.batch(["jobs.jsonl", "--retry-failed"], in: dir).status == 0)
        let retried = try Self.records(dir)["c"]
        #expect(retried?.state == .done && retried?.attempts == 2)
    }

    @Test func anOutputThatWasThereBeforeIsSkippedNotReplaced() throws {
        let dir = try TemporaryDirectory("batch-skip")
        _ = try CLIRunner.run(["generate", "--minutes", "1", "-o", "in.scc"], currentDirectory: dir.url)
        try "earlier".write(toFile: dir.path("in.itt"), atomically: true, encoding: .utf8)
        let each = try Self.batch(["--each", "convert {} {stem}.itt", "in.scc", "--journal", "j.db"], in: dir)
        #expect(each.status == 0, "\(each.stderr)")
        #expect(try Self.records(dir, "j.db")["in.scc"]?.state == .skipped)
        #expect(try String(contentsOfFile: dir.path("in.itt"), encoding: .utf8) == "earlier")
    }
}
