import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import WebVTT

/// Reading WebVTT into the caption model (Specs/webvtt.md, "Reading").
@Suite struct WebVTTReaderTests {
    func read(_ text: String, strict: Bool = false) throws -> CaptionReadResult {
        try WebVTTReader(options: CaptionFormatOptions(fileName: "t.vtt", strict: strict)).read(Array(text.utf8))
    }

    func ms(_ v: Int64) -> MediaTime { MediaTime(value: v, timescale: 1000) }

    @Test func spansBecomeStyles() throws {
        let r = try read(
            "WEBVTT\n\nid1\n00:01.000 --> 00:02.500\n<i>it</i> <b.x>b</b> <u>u</u> <c.yellow.bg_blue>y</c> <v Ann>hi</v> &amp;&lt;\n"
        )
        let c = try #require(r.document.captions.first)
        #expect(c.id == "id1")
        #expect(c.timeRange == TimeRange(start: ms(1000), end: ms(2500)))
        #expect(c.text == "it b u y hi &<")
        let runs = c.normalizedRuns
        #expect(runs.first { $0.text == "it" }?.style.italic == true)
        #expect(runs.first { $0.text == "b" }?.style.bold == true)
        #expect(runs.first { $0.text == "u" }?.style.underline == true)
        let y = try #require(runs.first { $0.text == "y" })
        #expect(y.style.textColor == .yellow && y.style.backgroundColor == .blue)
        // The voice and the class "x" are lost, each reported once with the cue.
        #expect(r.diagnostics.contains { $0.ruleID == "webvtt.voice" && $0.location.line == 4 })
        #expect(r.diagnostics.contains { $0.ruleID == "webvtt.class" && $0.message.contains("x") })
    }

    @Test func ruby() throws {
        let r = try read("WEBVTT\n\n00:01.000 --> 00:02.000\n<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>です\n")
        let runs = try #require(r.document.captions.first).runs
        #expect(runs.map(\.text) == ["漢", "字", "です"])
        #expect(runs[0].style.ruby?.text == "かん")
        #expect(runs[1].style.ruby?.text == "じ")
        #expect(runs[2].style.ruby == nil)
    }

    @Test func timestampTagsBecomePaintOn() throws {
        let r = try read("WEBVTT\n\n00:01.000 --> 00:04.000\nOne <00:02.000>two <00:03.000>three\n")
        let captions = r.document.captions
        #expect(captions.map(\.text) == ["One ", "One two ", "One two three"])
        #expect(captions.map(\.timeRange.start) == [ms(1000), ms(2000), ms(3000)])
        #expect(captions.map(\.timeRange.end) == [ms(2000), ms(3000), ms(4000)])
        #expect(captions.allSatisfy { $0.animation == .characterReveal })
    }

    @Test func positionsAndRegions() throws {
        let text = """
            WEBVTT

            REGION
            id:r1 width:40% lines:2 regionanchor:0%,100% viewportanchor:10%,90% scroll:up

            00:01.000 --> 00:02.000 region:r1
            in region

            00:02.000 --> 00:03.000 line:10% position:20%,line-left size:50% align:left
            placed

            00:03.000 --> 00:04.000 vertical:rl
            縦

            """
        let r = try read(text)
        let c = r.document.captions
        let region = try #require(c[0].region)
        #expect(region.identifier == "r1")
        #expect(region.origin == CaptionPoint(x: .percent(10), y: .percent(78)))  // 90% − 2 lines of 6vh
        #expect(region.size == CaptionSize(width: .percent(40), height: .percent(12)))
        #expect(region.scroll == .rollUp(rows: 2))
        let placed = try #require(c[1].region)
        #expect(placed.origin == CaptionPoint(x: .percent(20), y: .percent(10)))
        #expect(placed.size?.width == .percent(50))
        #expect(placed.displayAlignment == .before)
        #expect(c[1].textAlignment == .left)
        #expect(c[2].region?.writingMode == .topToBottomAndRightToLeft)
    }

    /// Vertical lines grow left (WebVTT §7.2): a snapped line counts from the right edge (line 0
    /// the rightmost, a negative line from the left), and a percentage puts the box's left edge
    /// at a start line and its right edge at an end line. The region runs from the line to the
    /// far side and the text keeps to the line: its block start (before) is its right edge
    /// (TTML's tbrl), its end (after) its left. Lines are 1/15 of the width, as the reader's snapped
    /// horizontal lines are of the height: line 2 ends 100 − 2 × 100/15 = 86.667 % across.
    @Test func verticalLinesCountFromTheRightAndKeepTheirSide() throws {
        let text = """
            WEBVTT

            00:01.000 --> 00:02.000 vertical:rl line:0
            右端

            00:01.000 --> 00:02.000 vertical:rl line:2
            三行目

            00:01.000 --> 00:02.000 vertical:rl line:-1
            左端

            00:01.000 --> 00:02.000 vertical:rl line:40%
            左が四割

            00:01.000 --> 00:02.000 vertical:rl line:40%,end
            右が四割

            """
        let c = try read(text).document.captions
        try #require(c.count == 5)
        // (x, width, alignment) of each region, worked out above.
        let expected: [(Double, Double, CaptionRegion.DisplayAlignment)] = [
            (0, 100, .before), (0, 86.667, .before), (0, 100, .after), (40, 60, .after), (0, 40, .before),
        ]
        for (caption, (x, width, alignment)) in zip(c, expected) {
            let r = try #require(caption.region, "\(caption.text)")
            #expect(r.writingMode == .topToBottomAndRightToLeft, "\(caption.text)")
            #expect(r.origin?.x == .percent(x), "\(caption.text): \(r)")
            #expect(r.size?.width == .percent(width), "\(caption.text): \(r)")
            #expect(r.displayAlignment == alignment, "\(caption.text): \(r)")
        }
    }

    /// A fuzz finding (Fixtures/fuzz/vtt/cue-line-between-thousandths-fuzz.vtt): the box's edges
    /// are rounded to the writer's three decimals (Specs/webvtt.md, "Positions": 3.3365 and 93.3375
    /// are ties in binary too, and go up) before its extent is taken from them, so that the box
    /// reads back from what the writer makes of it. WebVTT itself would centre the second box on
    /// 93.3375% exactly; the model keeps thousandths. Rounded one by one,
    /// `line:3.3365%` gave a top of 3.337% and a height of 96.664% (100.001% in all), and the
    /// written `line:3.337%` read back as 96.663%.
    @Test func edgesBetweenThousandthsGiveABoxTheWriterWritesBack() throws {
        let text = """
            WEBVTT

            00:00.000 --> 00:01.000 line:3.3365%
            top

            00:01.000 --> 00:02.000 line:93.3375%,center position:3.3365%,line-left size:100%
            centred

            """
        let document = try read(text).document
        let c = document.captions
        try #require(c.count == 2)
        // line:N% from the top: top N = 3.337, height 100 − N.
        #expect(c[0].region?.origin?.y == .percent(3.337))
        #expect(c[0].region?.size?.height == .percent(96.663))
        // Centred on N = 93.338: half the box is min(N, 100 − N) = 6.662.
        #expect(c[1].region?.origin?.y == .percent(86.676))
        #expect(c[1].region?.size?.height == .percent(13.324))
        // Left edge P = 3.337, and the box stops at the right edge: width 100 − P.
        #expect(c[1].region?.origin?.x == .percent(3.337))
        #expect(c[1].region?.size?.width == .percent(96.663))
        let written = try WebVTTWriter().write(document)
        let back = try WebVTTReader().read(written.bytes).document.captions
        #expect(back.map(\.region) == c.map(\.region))
    }

    @Test func missingHeaderIsAClearError() throws {
        let error = #expect(throws: CaptionFormatError.self) { try read("1\n00:00:01,000 --> 00:00:02,000\nA\n") }
        #expect(error?.kind == .unreadable)
        #expect(error?.location.line == 1)
        #expect(error?.message.contains("WEBVTT") == true)
    }

    @Test func endBeforeStartAndSkippedBlocksAreReported() throws {
        let r = try read("WEBVTT\n\n00:05.000 --> 00:04.000\nback\n\n00:0x.000 --> 00:01.000\nbad\n")
        #expect(r.document.captions.count == 1)
        #expect(r.diagnostics.contains { $0.ruleID == "webvtt.timing" && $0.location.line == 3 })
        #expect(r.diagnostics.contains { $0.ruleID == "webvtt.timings" && $0.location.line == 6 })
        #expect(throws: CaptionFormatError.self) {
            try read("WEBVTT\n\n00:05.000 --> 00:04.000\nback\n", strict: true)
        }
    }

    @Test func headerLanguageAndStyleBlocks() throws {
        let r = try read("WEBVTT\nLanguage: fr\n\nSTYLE\n::cue { color: red }\n\n00:01.000 --> 00:02.000\nx\n")
        #expect(r.document.language == "fr")
        #expect(r.document.metadata["webvtt.style.1"] == "::cue { color: red }")
    }
}

/// The real WebVTT files in ../shared/fixtures/webvtt/.
@Suite struct WebVTTFixtureTests {
    static let directory = TestPaths.sharedFixture("webvtt")

    @Test func ttconvStyleFile() throws {
        let url = Self.directory.appendingPathComponent("sandflow_ttconv__style.vtt")
        let r = try WebVTTReader().read([UInt8](try Data(contentsOf: url)))
        let c = try #require(r.document.captions.first)
        #expect(r.document.captions.count == 1)
        #expect(c.id == "1")
        #expect(c.timeRange.start == MediaTime(value: 3_600_040, timescale: 1000))
        #expect(c.timeRange.end == MediaTime(value: 3_603_000, timescale: 1000))
        #expect(c.text == "This\nis\nrow 18")
        let runs = c.normalizedRuns
        #expect(runs[0].text == "This" && runs[0].style.textColor == .yellow && runs[0].style.backgroundColor == .black)
        #expect(runs.first { $0.text.hasPrefix("is") }?.style.backgroundColor == .yellow)
        #expect(runs.last?.style.backgroundColor == .red)
        #expect(r.document.metadata["webvtt.style.1"]?.contains("::cue(.yellow)") == true)
    }

    @Test func mantasStylesFile() throws {
        let url = Self.directory.appendingPathComponent("mantas-done_subtitles__vtt_with_styles.vtt")
        let r = try WebVTTReader().read([UInt8](try Data(contentsOf: url)))
        #expect(r.document.metadata.keys.sorted() == ["webvtt.style.1", "webvtt.style.2"])
        let c = try #require(r.document.captions.first)
        #expect(c.id == "hello")
        #expect(c.text == "Hello world.")
        #expect(c.timeRange.end == MediaTime(value: 10, timescale: 1))
        // position:50% line:15% (align:middle is not a WebVTT value and is ignored: centre).
        let region = try #require(c.region)
        #expect(region.origin?.y == .percent(15))
        #expect(region.displayAlignment == .before)
        #expect(c.textAlignment == .center)
    }
}
