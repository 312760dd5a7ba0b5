import Foundation
import TestSupport
import Testing

/// `captions validate --fix -o OUT`: status 0 only when OUT validates clean; 1, with OUT still
/// written and the findings printed, when error-level findings remain (README, exit statuses).
/// Each output is judged again by `captions validate OUT`, the verdict a user gets.
@Suite struct ValidateFixStatusTests {
    func fixture(_ name: String) -> String { TestPaths.fixture("validation/\(name)").path }

    /// excess-media-data.json: six captions whose words cannot all be sent in time (error
    /// 608.excess-media-data); the fixer's shifts make room for them.
    @Test func aFileTheFixerFullyFixesExitsZeroAndItsOutputValidatesClean() throws {
        let dir = try TemporaryDirectory("validate-fix")
        let input = fixture("excess-media-data.json")
        #expect(try CLIRunner.run(["validate", input]).status == 1)
        for ext in ["scc", "json"] {
            let out = dir.path("fixed.\(ext)")
            let fixed = try CLIRunner.run(["validate", input, "--fix", "-o", out])
            #expect(fixed.status == 0, "\(ext): \(fixed.stderr)")
            #expect(!fixed.stderr.contains("remain"), "\(fixed.stderr)")
            let again = try CLIRunner.run(["validate", out])
            #expect(again.status == 0, "\(ext): \(again.stdout)")
            #expect(again.stdout.contains("0 errors"), "\(again.stdout)")
        }
    }

    /// past-video-end.json: a caption from 10.01 s to 13.35 s in a 5 s video. No shift puts it
    /// before the end, so 608.past-video-end stays: exit 1, the finding named on standard error
    /// against OUT, and OUT written (every fix that could be made). Failed before: exit 0.
    @Test func findingsTheFixerCannotFixExitOneAndTheOutputIsStillWritten() throws {
        let dir = try TemporaryDirectory("validate-fix")
        for ext in ["scc", "json"] {
            let out = dir.path("late.\(ext)")
            let fixed = try CLIRunner.run([
                "validate", "--video-duration", "5", fixture("past-video-end.json"), "--fix", "-o", out,
            ])
            #expect(fixed.status == 1, "\(ext): \(fixed.stderr)")
            #expect(fixed.stderr.contains("\(out) @ 00:00:10;00: error[608.past-video-end]"), "\(fixed.stderr)")
            #expect(fixed.stderr.contains("1 error-level finding(s) remain in \(out)"), "\(fixed.stderr)")
            #expect(FileManager.default.fileExists(atPath: out))
            let again = try CLIRunner.run(["validate", "--video-duration", "5", out])
            #expect(again.status == 1 && again.stdout.contains("608.past-video-end"), "\(again.stdout)")
        }
    }

    /// roll-up-rows.json: a roll-up region of 5 rows (608.roll-up-rows, error). Kept as JSON the
    /// region still has 5 rows: exit 1. Written as SCC, the file carries RU4 (the deepest
    /// roll-up 47 CFR 15.119(f)(2) allows) and validates clean: exit 0. The status is the verdict
    /// on the file as written, not on the document before writing. Failed before: 0 for both.
    @Test func theStatusJudgesTheOutputAsWritten() throws {
        let dir = try TemporaryDirectory("validate-fix")
        let input = fixture("roll-up-rows.json")
        let json = dir.path("rolled.json")
        let kept = try CLIRunner.run(["validate", input, "--fix", "-o", json])
        #expect(kept.status == 1, "\(kept.stderr)")
        #expect(kept.stderr.contains("error[608.roll-up-rows]"), "\(kept.stderr)")
        #expect(try CLIRunner.run(["validate", json]).status == 1)
        let scc = dir.path("rolled.scc")
        let written = try CLIRunner.run(["validate", input, "--fix", "-o", scc])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try CLIRunner.run(["validate", scc]).status == 0)
    }
}
