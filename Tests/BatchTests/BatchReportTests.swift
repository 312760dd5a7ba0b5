import Batch
import Foundation
import TestSupport
import Testing

/// `captions batch report`: the validator's findings summed by rule as lone `captions validate
/// --json` runs count them, the failures, and the HTML page.
@Suite struct BatchReportTests {
    static let fixtures = ["alpha", "bold", "charset", "columns", "clean"]

    @Test func sumsTheValidatorsFindingsByRuleAndListsFailures() throws {
        let dir = try TemporaryDirectory("batch-report")
        var lines: [String] = []
        // The witness: each file's findings as `captions validate --json` alone prints them,
        // counted here by rule (findings, and files with one).
        var findings: [String: Int] = [:]
        var files: [String: Int] = [:]
        for name in Self.fixtures {
            let path = TestPaths.fixture("validation/\(name).json").path
            lines.append(#"{"id": "\#(name)", "command": ["validate", "\#(path)"]}"#)
            let alone = try CLIRunner.run(["validate", path, "--json"])
            #expect(alone.status <= 1)
            let report = try #require(JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? [String: Any])
            let rules = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["ruleID"] as? String }
            for rule in rules { findings[rule, default: 0] += 1 }
            for rule in Set(rules) { files[rule, default: 0] += 1 }
        }
        #expect(findings.count >= 4, "the fixtures have findings of several rules: \(findings)")
        try "not captions\n".write(toFile: dir.path("bad.scc"), atomically: true, encoding: .utf8)
        lines.append(#"{"id": "broken", "command": ["convert", "bad.scc", "bad.itt"]}"#)
        try lines.joined(separator: "\n").write(toFile: dir.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["batch", "jobs.jsonl", "--progress", "none"], currentDirectory: dir.url)
        #expect(run.status == 1, "\(run.stderr)")

        let json = try CLIRunner.run(["batch", "report", "jobs.db", "--json"], currentDirectory: dir.url)
        #expect(json.status == 0)
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let counts = report["counts"] as? [String: Int]
        #expect(counts == ["done": 5, "failed": 1, "queued": 0, "running": 0, "skipped": 0])
        let byRule = report["findingsByRule"] as? [[String: Any]] ?? []
        #expect(
            Dictionary(
                uniqueKeysWithValues: byRule.compactMap { r in
                    (r["ruleID"] as? String).map { ($0, r["findings"] as? Int ?? -1) }
                })
                == findings)
        #expect(
            Dictionary(
                uniqueKeysWithValues: byRule.compactMap { r in
                    (r["ruleID"] as? String).map { ($0, r["files"] as? Int ?? -1) }
                })
                == files)
        let failures = report["failures"] as? [[String: Any]] ?? []
        #expect(failures.count == 1 && failures.first?["id"] as? String == "broken")
        #expect((failures.first?["error"] as? String)?.contains("wrote no bad.itt") == true)
        let kinds = (report["timeByKind"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds == ["convert", "validate"])

        let html = try CLIRunner.run(
            ["batch", "report", "jobs.db", "--html", "report.html"], currentDirectory: dir.url)
        #expect(html.status == 0)
        let page = try String(contentsOfFile: dir.path("report.html"), encoding: .utf8)
        #expect(page.contains("<td>broken</td><td>convert</td><td>exit 1</td>"))
        for (rule, count) in findings {
            #expect(page.contains("<td>\(rule)</td>") && page.contains("<td>\(count)</td><td>\(files[rule] ?? 0)</td>"))
        }
        #expect(page.contains("<h2>Time per job kind</h2>"))
        // The page is not replaced without --force.
        #expect(
            try CLIRunner.run(["batch", "report", "jobs.db", "--html", "report.html"], currentDirectory: dir.url).status
                == 2)
    }

    @Test func aJournalThatIsNotThereIsAnError() throws {
        let dir = try TemporaryDirectory("batch-report")
        let r = try CLIRunner.run(["batch", "report", "none.db"], currentDirectory: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("none.db: no such journal"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("none.db")))
    }
}
