import CaptionKit
import Foundation
import TestSupport
import Testing

/// `captions validate` end to end: report forms, exit statuses, --fix.
@Suite struct ValidateCommandTests {
    func fixture(_ name: String) -> String { TestPaths.fixture("validation/\(name)").path }

    @Test func cleanDocumentExitsZero() throws {
        let r = try CLIRunner.run(["validate", fixture("clean.json")])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("0 errors, 0 warnings"))
    }

    @Test func warningsOnlyExitZeroErrorsExitOne() throws {
        let warn = try CLIRunner.run(["validate", fixture("bold.json")])
        #expect(warn.status == 0)
        #expect(warn.stdout.contains("608.bold"))
        #expect(warn.stdout.contains("suggestion:"))
        let error = try CLIRunner.run(["validate", fixture("order.json")])
        #expect(error.status == 1)
        #expect(error.stdout.contains("timing.order"))
        let unreadable = try CLIRunner.run(["validate", fixture("nope.json")])
        #expect(unreadable.status == 2)
    }

    @Test func jsonReportForMachines() throws {
        let r = try CLIRunner.run(["validate", "--json", fixture("charset.json")])
        #expect(r.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let findings = object?["findings"] as? [[String: Any]] ?? []
        #expect(
            findings.contains { $0["ruleID"] as? String == "608.charset" && $0["timecode"] as? String == "00:00:01;00" }
        )
        #expect(object?["target"] as? String == "scc")
    }

    @Test func targetAndVideoDurationOptions() throws {
        let itt = try CLIRunner.run(["validate", "--target", "itt", fixture("overlap.json")])
        #expect(itt.stdout.contains("itt.overlap"))
        let late = try CLIRunner.run(["validate", "--video-duration", "00:00:05;00", fixture("past-video-end.json")])
        #expect(late.status == 1)
        #expect(late.stdout.contains("608.past-video-end"))
        let badArgument = try CLIRunner.run(["validate", "--fix", fixture("clean.json")])
        #expect(badArgument.status == 2)
        // Seconds work too (the caption ends at 13.35 s, after a 5 s video); a label with frame
        // 30 does not exist at 29.97 (SMPTE ST 12-1): status 2, naming the option and the value.
        let seconds = try CLIRunner.run(["validate", "--video-duration", "5", fixture("past-video-end.json")])
        #expect(seconds.status == 1 && seconds.stdout.contains("608.past-video-end"))
        let noSuchLabel = try CLIRunner.run(
            ["validate", "--video-duration", "00:00:05:30", fixture("past-video-end.json")])
        #expect(noSuchLabel.status == 2)
        #expect(noSuchLabel.stderr.contains("--video-duration 00:00:05:30"), "\(noSuchLabel.stderr)")
        let words = try CLIRunner.run(["validate", "--video-duration", "soon", fixture("past-video-end.json")])
        #expect(words.status == 2 && words.stderr.contains("neither a timecode"), "\(words.stderr)")
    }

    @Test func anSCCFileIsJudgedByTheWordsItCarries() throws {
        // libcaption's tos.scc sends every code once and its words all arrive in time. Failed
        // before: 608.excess-media-data (what re-encoding with every code doubled would need)
        // and exit 1. Now a re-encode's needs are 608.re-encode notes only.
        let tos = TestPaths.sharedFixture("scc/libcaption/tos.scc").path
        let r = try CLIRunner.run(["validate", tos])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stdout.contains("608.excess-media-data"))
        #expect(r.stdout.contains("0 errors"))
    }

    @Test func validateAndConvertUseTheSameFrameRateAndTimecode() throws {
        // A 24 fps document with a bold caption from 1.02 s. Converted to SCC it is written at
        // 29.97 drop-frame, the start rounded to the nearest frame: 1.02 × 30000/1001 = 30.57 →
        // frame 31, label 00:00:01;01. Validating for SCC reports the same rate and label.
        // Failed before: "at 24 NDF" and 00:00:01:00 (the 24 fps frame, floored).
        let dir = try TemporaryDirectory()
        let input = dir.path("bold24.json")
        try Data(
            """
            {"captions": [{"startTime": "51/50", "endTime": "3/1", "styles": [{"bold": true, "text": "strong"}]}],
             "frameRate": "24", "version": 1}
            """.utf8
        ).write(to: URL(fileURLWithPath: input))
        let report = try CLIRunner.run(["validate", input])
        #expect(report.stdout.contains("target scc at 29.97 DF"), "\(report.stdout)")
        #expect(report.stdout.contains("00:00:01;01  warning  608.bold"), "\(report.stdout)")
        let output = dir.path("bold24.scc")
        let convert = try CLIRunner.run(["convert", input, output])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("\n00:00:01;01\t942f 942f\n"))
    }

    @Test func captionNumbersAreTheSameInTextAndJSON() throws {
        // excess-media-data.json's run is "captions 1–6" in the text; the JSON gives [1, 6].
        // Failed before: [0, 6], a zero-based half-open range beside a text that counts from 1.
        let text = try CLIRunner.run(["validate", fixture("excess-media-data.json")])
        #expect(text.stdout.contains("captions 1–6"))
        #expect(text.stdout.contains(": 6 captions,"))
        let json = try CLIRunner.run(["validate", "--json", fixture("excess-media-data.json")])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let findings = object?["findings"] as? [[String: Any]] ?? []
        let excess = findings.first { $0["ruleID"] as? String == "608.excess-media-data" }
        #expect(excess?["captions"] as? [Int] == [1, 6])
        #expect((excess?["adjustments"] as? [Any])?.count == 6)
        // One caption is "1 caption", not "1 captions".
        #expect(try CLIRunner.run(["validate", fixture("bold.json")]).stdout.contains(": 1 caption,"))
    }
}
