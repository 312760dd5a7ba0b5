import CaptionKit
import Foundation
import TestSupport
import Testing

/// SCC files made here from the 47 CFR 15.119 byte tables, as caption software sends them, read
/// and written back through JSON with no `--shift`: the same screens to our reader and to ttconv
/// (``RealProgrammeRoundTripTests/checkRoundTrip(_:rate:name:)``). Words, parity added (odd
/// parity, 15.119(b)): RTD 0x14 0x2B → 94ab, RU3 0x14 0x26 → 9426, CR 0x14 0x2D → 94ad, PAC row
/// 15 column 0 0x14 0x70 → 9470, PAC row 15 column 4 0x14 0x72 → 94f2, RCL 0x14 0x20 → 9420, EOC
/// 0x14 0x2F → 942f, EDM 0x14 0x2C → 942c, RDC 0x14 0x29 → 9429, background black opaque
/// (CEA-608-B §6.2) 0x10 0x2E → 10ae.
@Suite struct ScriptedRollUpRoundTripTests {
    static let rtd = "94ab"
    static let ru3 = "9426"
    static let cr = "94ad"
    static let pacRow15 = "9470"
    static let pacRow15Indent4 = "94f2"

    /// `text` as character words, each byte with odd parity, a lone last byte padded with 0x80.
    static func words(_ text: String) -> [String] {
        var bytes = text.utf8.map { $0.nonzeroBitCount % 2 == 0 ? $0 | 0x80 : $0 }
        if bytes.count % 2 == 1 { bytes.append(0x80) }
        return stride(from: 0, to: bytes.count, by: 2).map { String(format: "%02x%02x", bytes[$0], bytes[$0 + 1]) }
    }

    /// An SCC file of `lines` (frame, words), labelled with 29.97 drop-frame timecodes.
    static func file(_ lines: [(frame: Int64, words: [String])], in dir: TemporaryDirectory, name: String) throws
        -> String
    {
        var text = "Scenarist_SCC V1.0\n"
        for line in lines {
            let label = try Timecode(frameCount: line.frame, rate: .fps29_97, dropFrame: true)
            text += "\n\(label)\t\(line.words.joined(separator: " "))\n"
        }
        let path = dir.path(name + ".scc")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func scriptedRollUpWhoseLinesStartRTDRU3CRRoundTrips() throws {
        // Thirty lines, each "RTD RTD RU3 RU3 CR CR PAC PAC text" (the RTD, for the text service,
        // changes nothing on the caption screen: 15.119(f), CEA-608-B §7.4), 60 to 95 frames
        // apart. Lines time out with the same opening and no text: once after line 10 (the top
        // line rolls out, two stay), twice after line 20 (two roll out one after the other, the
        // third stays on the window's top row). Before, the copy's EDM at the second of those
        // CRs erased the line that stays, 40 frames before the next line rolled it out, and the
        // next line opened a new window.
        let dir = try TemporaryDirectory()
        var lines: [(frame: Int64, words: [String])] = []
        let opening = [Self.rtd, Self.rtd, Self.ru3, Self.ru3, Self.cr, Self.cr]
        var frame: Int64 = 30
        for number in 1...30 {
            lines.append((frame, opening + [Self.pacRow15, Self.pacRow15] + Self.words("SCRIPTED LINE \(number)")))
            frame += 60 + Int64(number * 7 % 36)
            if number == 10 || number == 20 {
                lines.append((frame, opening))
                frame += 45
            }
            if number == 20 {
                lines.append((frame, opening))
                frame += 45
            }
        }
        lines.append((frame + 30, ["942c", "942c"]))
        let path = try Self.file(lines, in: dir, name: "scripted")
        let (read, _) = try CaptionFile.read(path)
        #expect(read.document.captions.count == 30)
        // Line 19 is on the window's top row when the second blank CR after line 20 comes: it
        // leaves with that CR, 45 frames after line 20's and 90 after the first blank one, and
        // line 20 stays until line 22 rolls it out.
        try RealProgrammeRoundTripTests.checkRoundTrip(path, rate: nil, name: "scripted")
    }

    @Test func aRollUpWindowReachingTheTopOfTheScreenStaysThere() throws {
        // RU4 (0x14 0x27 → 94a7) on base row 2 (PAC 0x11 0x70 → 9170): the window is rows 1–2,
        // the screen's top cutting it (15.119(f)(1)); "AA", then CR and "BB". Read, each line's
        // region is that window (row 1, two rows high, four deep). Before, the writer took the
        // base row as the region's top plus its depth, and the copy showed the lines on rows 3–4.
        let dir = try TemporaryDirectory()
        let lines: [(frame: Int64, words: [String])] = [
            (30, ["94a7", "94a7", "9170", "9170"] + Self.words("AA")),
            (60, [Self.cr, Self.cr] + Self.words("BB")),
            (120, ["942c", "942c"]),
        ]
        let path = try Self.file(lines, in: dir, name: "top")
        let copy = try RealProgrammeRoundTripTests.checkRoundTrip(path, rate: nil, name: "top")
        #expect(copy.contains("9170 9170"), "\(copy)")
    }

    @Test func liveRollUpWhoseRUErasesThePopOnCaptionRoundTrips() throws {
        // A pop-on caption (RCL, PAC, text, EOC), then live RU2 roll-up with no EDM: the RU
        // entering roll-up erases the caption on its own frame (15.119(f)(1)) and opens the
        // window (RU2 0x14 0x25 → 9425). Before, the copy erased the caption with an EDM in the two
        // frames before the RU, two frames early; the EDM now goes once, in the frame before.
        // ttconv does not erase at the RU: it writes the first line over the pop-on caption
        // ("POVE LINE ONE THE SHOWLI", measured) and goes on from there; the copy's EDM gives
        // it the screens a decoder shows.
        let dir = try TemporaryDirectory()
        let lines: [(frame: Int64, words: [String])] = [
            (20, ["9420", "9420", Self.pacRow15, Self.pacRow15] + Self.words("POP-ON BEFORE THE SHOW")),
            (40, ["942f", "942f"]),
            (150, ["9425", "9425", Self.pacRow15, Self.pacRow15] + Self.words("LIVE LINE ONE")),
            (210, [Self.cr, Self.cr] + Self.words("LIVE LINE TWO")),
            (270, [Self.cr, Self.cr] + Self.words("LIVE LINE THREE")),
            (360, ["942c", "942c"]),
        ]
        let path = try Self.file(lines, in: dir, name: "popon-then-live")
        try RealProgrammeRoundTripTests.checkRoundTrip(
            path, rate: nil, name: "popon-then-live",
            ttconvCopy: [
                "POP-ON BEFORE THE SHOW", "LIVE LINE ONE", "LIVE LINE ONE\nLIVE LINE TWO",
                "LIVE LINE TWO\nLIVE LINE THREE",
            ])
    }

    @Test func linesLongerThanTheScreenRoundTrip() throws {
        // A pop-on row of 34 characters from column 0; roll-up lines of 30 characters from
        // column 4 (34 columns) and, after a background code that takes column 0, of 32; a
        // paint-on row of 33 from column 0. A decoder writes what comes past column 32 over the
        // last column (15.119(e)(1)): each row shows 32 cells, its last character last. ttconv
        // keeps the whole row (the comparison allows it, Specs/scc.md).
        let dir = try TemporaryDirectory()
        let long34 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ01234567"
        let lines: [(frame: Int64, words: [String])] = [
            (30, ["9420", "9420", Self.pacRow15, Self.pacRow15] + Self.words(long34)),
            (60, ["942f", "942f"]),
            (
                150,
                ["942c", "942c", Self.ru3, Self.ru3, Self.pacRow15Indent4, Self.pacRow15Indent4]
                    + Self.words("ROLL-UP LINE OF THIRTY LETTERS")
            ),
            (
                240,
                [Self.cr, Self.cr, Self.pacRow15, Self.pacRow15, "10ae", "10ae"]
                    + Self.words("A LINE OF 32 AFTER A BACKGROUND.")
            ),
            (330, [Self.cr, Self.cr] + Self.words("THE LAST ROLL-UP LINE")),
            (
                420,
                ["942c", "942c", "9429", "9429", Self.pacRow15, Self.pacRow15]
                    + Self.words("PAINT-ON ROW OF THIRTY-THREE CHAR")
            ),
            (520, ["942c", "942c"]),
        ]
        let path = try Self.file(lines, in: dir, name: "long")
        let (read, _) = try CaptionFile.read(path)
        let texts = read.document.captions.map(\.text)
        // Read by hand from the rule: the 33rd and 34th characters each replace column 32.
        #expect(texts.contains("ABCDEFGHIJKLMNOPQRSTUVWXYZ012347"), "\(texts)")
        #expect(texts.contains("ROLL-UP LINE OF THIRTY LETTS"), "\(texts)")
        try RealProgrammeRoundTripTests.checkRoundTrip(path, rate: nil, name: "long")
    }
}
