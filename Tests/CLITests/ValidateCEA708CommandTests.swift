import CaptionKit
import Foundation
import MCC
import TestSupport
import Testing

/// `captions validate --target 708` end to end: a document over the service budget, fixed by
/// `--fix`; an MCC file written by `captions convert` and then damaged by hand.
@Suite struct ValidateCEA708CommandTests {
    func fixture(_ name: String) -> String { TestPaths.fixture("validation/\(name)").path }

    /// 708-bandwidth.json: 15 rows of 40 characters at frame 10 need at least 654 bytes, 22
    /// frames at 31 bytes a frame (CEA708ValidationTests); --fix moves it and the output passes.
    @Test func theBandwidthFindingAndItsFix() throws {
        let r = try CLIRunner.run(["validate", "--target", "708", fixture("708-bandwidth.json")])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("target 708 at 29.97 DF"))
        #expect(r.stdout.contains("error  708.bandwidth"), "\(r.stdout)")
        #expect(r.stdout.contains("adjust caption 1: start +"), "\(r.stdout)")
        let alias = try CLIRunner.run(["validate", "--target", "cea708", "--json", fixture("708-bandwidth.json")])
        let object = try JSONSerialization.jsonObject(with: Data(alias.stdout.utf8)) as? [String: Any]
        #expect(object?["target"] as? String == "708")
        let dir = try TemporaryDirectory("validate-708")
        let fixed = try CLIRunner.run([
            "validate", "--target", "708", "--fix", "-o", dir.path("fixed.json"), fixture("708-bandwidth.json"),
        ])
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        let again = try CLIRunner.run(["validate", "--target", "708", dir.path("fixed.json")])
        #expect(again.status == 0 && !again.stdout.contains("708.bandwidth"), "\(again.stdout)")
    }

    @Test func aspectGoesWithTheTarget() throws {
        let wrong = try CLIRunner.run(["validate", "--aspect", "4:3", fixture("clean.json")])
        #expect(wrong.status == 2)
        // 33 characters: fine on 16:9 (42 columns), clipped on 4:3 (32).
        let dir = try TemporaryDirectory("validate-708-aspect")
        let document = CaptionDocument(captions: [
            Caption(
                String(repeating: "x", count: 33), start: MediaTime(value: 1, timescale: 1),
                end: MediaTime(value: 4, timescale: 1))
        ])
        try CaptionFile.write(document, to: dir.path("wide.json"))
        let wide = try CLIRunner.run(["validate", "--target", "708", dir.path("wide.json")])
        #expect(!wide.stdout.contains("708.columns"), "\(wide.stdout)")
        let narrow = try CLIRunner.run(["validate", "--target", "708", "--aspect", "4:3", dir.path("wide.json")])
        #expect(narrow.status == 1 && narrow.stdout.contains("708.columns"), "\(narrow.stdout)")
    }

    /// A shared SCC fixture through `captions convert` to MCC validates without MCC findings;
    /// one CDP byte changed (the ANC checksum at the line's end made right again) is a
    /// checksum error at its line and time code, with exit status 1.
    @Test func anMCCWrittenByUsThenDamaged() throws {
        let dir = try TemporaryDirectory("validate-708-mcc")
        let source = TestPaths.sharedFixture("scc/libcaption/tos.scc").path
        let mcc = dir.path("tos.mcc")
        let converted = try CLIRunner.run(["convert", source, mcc])
        #expect(converted.status == 0, "\(converted.stderr)")
        let clean = try CLIRunner.run(["validate", "--target", "708", mcc])
        #expect(!clean.stdout.contains("  mcc."), "\(clean.stdout)")
        #expect(!clean.stdout.contains("  error  "), "\(clean.stdout)")

        var lines = try String(contentsOfFile: mcc, encoding: .utf8)
            .split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        let data = lines.indices.filter { lines[$0].first?.isNumber == true && lines[$0].contains("\t") }
        let k = try #require(data.dropFirst(30).first)
        let parts = lines[k].split(separator: "\t", maxSplits: 1)
        var bytes = MCCRunLength.decode(Array(parts[1].utf8)).bytes
        // After the ANC header (3 bytes) and the CDP header (7): the cc_data section (0x72, cc_count,
        // constructs of 3 bytes); the first construct's first data byte changes.
        let section = try #require(bytes[10...].firstIndex(of: 0x72))
        bytes[section + 3] &+= 1
        bytes[bytes.count - 1] = bytes.dropLast().reduce(UInt8(0)) { $0 &+ $1 }
        lines[k] = parts[0] + "\t" + MCCRunLength.encode(bytes)
        let damaged = dir.path("damaged.mcc")
        try lines.joined(separator: "\r\n").write(toFile: damaged, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["validate", "--target", "708", damaged])
        #expect(r.status == 1, "\(r.stdout)")
        let label = String(parts[0])
        #expect(r.stdout.contains("\(label) (line \(k + 1))  error  mcc.cdp-checksum"), "\(r.stdout)")
        // The reader's own cdp.checksum is left out: said once, by the validator.
        #expect(!r.stdout.contains("cdp.checksum "), "\(r.stdout)")
    }
}
