import Foundation
import TestSupport
import Testing

/// `captions scc dump --json` parsed as JSON (JSONSerialization, not our reader) and checked
/// word by word against the bytes worked out by hand from CTA-608-E / 47 CFR 15.119, named as
/// McPoodle's CCD disassembly names them ({RCL}, {1400}, {EOC}, {EDM}).
@Suite struct SCCDumpJSONTests {
    /// One pop-on caption, each control code doubled (15.119(i)):
    /// - 9420: 0x14 0x20 with odd parity on the first byte (0x14 has two bits set → 0x94): RCL, CC1.
    /// - 94d0: 0x14 0x50 → PAC, row 14 (0x14 with a second byte 0x40–0x5F), bits 0x10 set and
    ///   no colour bits → indent 0, white.
    /// - c8e5 ecec ef80: 0x48 0x65 0x6C 0x6C 0x6F 0x00 → "He" "ll" "o" (0x80 is a parity-set NUL).
    /// - 942f: 0x14 0x2F, EOC: the caption appears, on row 14 from column 0.
    /// - 942c at 3 s: 0x14 0x2C, EDM: the screen is erased.
    static let scc =
        "Scenarist_SCC V1.0\n\n00:00:01:00\t9420 9420 94d0 94d0 c8e5 ecec ef80 942f 942f\n\n00:00:03:00\t942c 942c\n"

    @Test func everyWordIsAJSONObjectWithTheFieldsWorkedOutByHand() throws {
        let dir = try TemporaryDirectory("scc-dump-json")
        let path = dir.path("hello.scc")
        try Self.scc.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["scc", "dump", "--json", path])
        #expect(r.status == 0, "\(r.stderr)")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]], "\(r.stdout)")
        // (timecode, line, word, meaning, screen): each word on its own frame from the line's
        // label (00:00:01:00 + n frames), the second of a doubled code ignored.
        let expected: [(String, Int, String, String, [String]?)] = [
            ("00:00:01:00", 3, "9420", "RCL", nil), ("00:00:01:01", 3, "9420", "(repeat, ignored)", nil),
            ("00:00:01:02", 3, "94d0", "PAC row 14 col 0 white", nil),
            ("00:00:01:03", 3, "94d0", "(repeat, ignored)", nil), ("00:00:01:04", 3, "c8e5", "\"He\"", nil),
            ("00:00:01:05", 3, "ecec", "\"ll\"", nil), ("00:00:01:06", 3, "ef80", "\"o\"", nil),
            ("00:00:01:07", 3, "942f", "EOC", ["14:0 Hello"]), ("00:00:01:08", 3, "942f", "(repeat, ignored)", nil),
            ("00:00:03:00", 5, "942c", "EDM", []), ("00:00:03:01", 5, "942c", "(repeat, ignored)", nil),
        ]
        #expect(entries.count == expected.count, "\(entries)")
        for (entry, want) in zip(entries, expected) {
            #expect(entry["timecode"] as? String == want.0, "\(entry)")
            #expect(entry["line"] as? Int == want.1, "\(entry)")
            #expect(entry["word"] as? String == want.2, "\(entry)")
            #expect(entry["meaning"] as? String == want.3, "\(entry)")
            #expect(entry["channel"] as? String == "CC1", "\(entry)")
            #expect(entry["accepted"] as? Bool == true, "\(entry)")
            #expect(entry["mode"] as? String == "pop-on", "\(entry)")
            #expect(entry["screen"] as? [String] == want.4, "\(entry)")
        }
    }

    /// A word for CC2 (0x1C: the channel bit set on 0x14 → 0x1C, parity → 0x1c) while CC1 is
    /// read: named with its channel, not accepted; and an unreadable word is exit 2.
    @Test func otherChannelsAndBadInput() throws {
        let dir = try TemporaryDirectory("scc-dump-json")
        let path = dir.path("cc2.scc")
        try "Scenarist_SCC V1.0\n\n00:00:01:00\t1c20 1c20\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["scc", "dump", "--json", path])
        #expect(r.status == 0, "\(r.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(entries.first?["channel"] as? String == "CC2", "\(entries)")
        #expect(entries.first?["accepted"] as? Bool == false, "\(entries)")
        let bad = dir.path("bad.scc")
        try "Scenarist_SCC V1.0\n\n00:00:01:00\t94zz\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["scc", "dump", "--json", "--strict", bad])
        #expect(refused.status == 2, "\(refused.stderr)")
    }
}
