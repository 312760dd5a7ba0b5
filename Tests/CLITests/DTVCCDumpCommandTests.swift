import Foundation
import TestSupport
import Testing

/// `captions dtvcc dump` on the real MCC files: the CEA-708 services decoded command by command,
/// their screens matching caption-inspector's own decode of the BigBuckBunny file (texts
/// transcribed in CEA708Tests' CaptionInspectorWitnessTests), and a file without DTVCC data is
/// an error, never an empty dump.
@Suite struct DTVCCDumpCommandTests {
    static let bigBuckBunny = TestPaths.sharedFixture("mcc/caption-inspector__BigBuckBunny_256x144-24fps.mcc").path
    static let premiere = TestPaths.sharedFixture("mcc/gst-plugins-rs__captions-test_708.mcc").path

    @Test func servicesOfTheCaptionInspectorFileShowItsTexts() throws {
        let one = try CLIRunner.run(["dtvcc", "dump", Self.bigBuckBunny, "--service", "1"])
        #expect(one.status == 0, "\(one.stderr.prefix(2000))")
        // caption-inspector's decode of service 1: two rows of one caption, at their pen places.
        #expect(one.stdout.contains("I'LL TAKE THE WEST WING."), "\(one.stdout.prefix(3000))")
        #expect(one.stdout.contains("YOU TAKE THE EAST WING."))
        #expect(one.stdout.contains("DF"), "window definitions are listed")
        #expect(!one.stdout.contains("  S2  "), "--service 1 shows service 1 only")
        let two = try CLIRunner.run(["dtvcc", "dump", Self.bigBuckBunny, "--service", "2"])
        #expect(two.stdout.contains("-Bien."), "\(two.stdout.prefix(2000))")
        // Lost packets in the file itself are warnings with their line, not silence.
        #expect(one.stderr.contains("warning[dtvcc."), "\(one.stderr.prefix(2000))")
    }

    @Test func jsonRowsNameTheirServiceAndTimecode() throws {
        let r = try CLIRunner.run(["dtvcc", "dump", Self.premiere, "--json"])
        #expect(r.status == 0, "\(r.stderr.prefix(2000))")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(!rows.isEmpty)
        // Premiere's file carries service 1 only (Specs/cdp.md).
        #expect(rows.allSatisfy { ($0["service"] as? Int) == 1 })
        #expect(rows.allSatisfy { ($0["timecode"] as? String)?.count == 11 })
    }

    @Test func aFileWithout708DataIsAnError() throws {
        let dir = try TemporaryDirectory("dtvcc-none")
        // Two CDPs (cc_count 20) with CEA-608 filler and DTVCC filler only, as our writer wrote
        // them before it carried service 1; the MCC reader reads them without a finding.
        let mcc = dir.path("608-only.mcc")
        let text = [
            "File Format=MacCaption_MCC V1.0", "", "Time Code Rate=30DF", "",
            "00:00:00:01\tT49S494F43Z0172F4F88080F98080OO74Z01C5AB",
            "00:00:00:02\tT49S494F43Z0272F4F88080F98080OO74Z02C3AB", "",
        ].joined(separator: "\r\n")
        try text.write(toFile: mcc, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["dtvcc", "dump", mcc])
        #expect(r.status != 0)
        #expect(r.stderr.contains("no CEA-708 (DTVCC) service data"), "\(r.stderr)")
    }
}
