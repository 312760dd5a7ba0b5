import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import SRT

/// The real SRT files in ../shared/fixtures/srt/, and the writer.
@Suite struct SRTFixtureAndWriterTests {
    static let directory = TestPaths.sharedFixture("srt")

    func read(_ name: String) throws -> CaptionReadResult {
        try SRTReader().read([UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name))))
    }

    /// Each cue of ttconv's alignment file says where it is ("V: Bottom - H: Left"): the expected
    /// placement is read from the text itself.
    @Test func alignmentFixture() throws {
        let r = try read("sandflow_ttconv__alignment.srt")
        #expect(r.document.captions.count == 9)
        #expect(r.diagnostics.isEmpty)
        for (i, c) in r.document.captions.enumerated() {
            #expect(c.timeRange.start == MediaTime(value: Int64(2 * i), timescale: 1))
            let words = c.text.split(separator: " ")
            let (vertical, horizontal) = (String(words[1]), String(words[4]))
            if vertical == "Bottom" && horizontal == "Center" {
                #expect(c.region == nil && c.textAlignment == nil)
                continue
            }
            let expectedVertical: CaptionRegion.DisplayAlignment =
                ["Bottom": .after, "Center": .center, "Top": .before][vertical] ?? .after
            let expectedHorizontal: CaptionTextAlignment =
                ["Left": .left, "Center": .center, "Right": .right][horizontal] ?? .center
            #expect(c.region?.displayAlignment == expectedVertical, "\(c.text)")
            #expect(c.textAlignment == expectedHorizontal, "\(c.text)")
            // Written back, the same {\anN} comes out.
            #expect(SRTPosition.number(for: c) == i + 1, "\(c.text)")
        }
    }

    /// A one-row caption on each of CEA-608's 15 rows goes to the third of the screen its row's
    /// middle is in (worked by hand: row r's middle is r + ½ fifteenths from the top; rows 0–4
    /// top, 5–9 middle, 10–14 bottom), centred: `{\an8}`, `{\an5}`, or none for the default
    /// bottom centre.
    @Test func eachCEA608RowGoesToItsThird() {
        for row in 0..<15 {
            var caption = Caption("x", start: .zero, end: MediaTime(value: 1, timescale: 1))
            caption.region = CaptionRegion(
                origin: CaptionPoint(x: .cells(4), y: .cells(Double(row))),
                size: CaptionSize(width: .cells(24), height: .cells(1)))
            caption.textAlignment = .center
            let expected: Int? = row < 5 ? 8 : row < 10 ? 5 : nil
            #expect(SRTPosition.number(for: caption) == expected, "row \(row)")
        }
    }

    @Test func blankLinesInsideCuesFixture() throws {
        let r = try read("cdown_srt__monsters-bad-newline.srt")
        #expect(r.document.captions.count == 3)
        #expect(r.document.captions[0].lines == ["我有个点子", "OK, look, I think I have a plan here."])
        #expect(r.document.captions[2].lines.last == "we dig a tunnel under the city and release it into the wild.")
        #expect(
            r.document.captions[1].timeRange.start == MediaTime(value: (31 * 60 + 39) * 1000 + 931, timescale: 1000))
        #expect(r.diagnostics.filter { $0.ruleID == "srt.blank-line" }.map(\.location.line) == [5, 11, 17])
    }

    @Test func writerRoundTrip() throws {
        let text = """
            1
            00:00:01,000 --> 00:00:02,500
            <i>Hello</i> <font color="#ff0000">red</font>
            second line

            2
            01:00:00,000 --> 01:00:01,001
            {\\an8}<b>top</b>

            """
        let read = try SRTReader().read(Array(text.utf8))
        let written = try SRTWriter().write(read.document)
        #expect(String(decoding: written.bytes, as: UTF8.self) == text + "\n")
        #expect(written.diagnostics.isEmpty)
    }

    @Test func writerReportsWhatSRTCannotCarry() throws {
        var style = CaptionTextStyle(backgroundColor: .blue)
        style.ruby = CaptionRuby(text: "かん")
        let doc = CaptionDocument(captions: [
            Caption(
                runs: [CaptionRun("漢", style: style)],
                timeRange: TimeRange(start: .zero, end: MediaTime(value: 1, timescale: 1)))
        ])
        let written = try SRTWriter().write(doc)
        let messages = written.diagnostics.map(\.message).joined(separator: "\n")
        #expect(messages.contains("ruby"))
        #expect(messages.contains("background"))
        #expect(String(decoding: written.bytes, as: UTF8.self).contains("漢"))
    }

    @Test func writerRefusesNegativeTimes() throws {
        let doc = CaptionDocument(captions: [Caption("x", start: MediaTime(value: -1, timescale: 1), end: .zero)])
        #expect(throws: CaptionFormatError.self) { try SRTWriter().write(doc) }
    }
}
