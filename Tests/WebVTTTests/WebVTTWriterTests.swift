import CaptionCore
import CaptionKit
import Foundation
import TestSupport
import Testing

@testable import WebVTT

/// The WebVTT writer (Specs/webvtt.md, "Writing"): our output read back by our own spec parser
/// gives the same captions; peers read it in the cross-checks.
@Suite struct WebVTTWriterTests {
    func ms(_ v: Int64) -> MediaTime { MediaTime(value: v, timescale: 1000) }

    func roundTrip(_ doc: CaptionDocument) throws -> (String, CaptionReadResult) {
        let written = try WebVTTWriter().write(doc)
        let text = String(decoding: written.bytes, as: UTF8.self)
        return (text, try WebVTTReader().read(written.bytes))
    }

    @Test func stylesAndEscapes() throws {
        let runs = [
            CaptionRun("a<b>&c ", style: .plain), CaptionRun("it", style: CaptionTextStyle(italic: true)),
            CaptionRun(" y", style: CaptionTextStyle(textColor: .yellow, backgroundColor: .black, bold: true)),
        ]
        let doc = CaptionDocument(captions: [
            Caption(id: "cue-1", runs: runs, timeRange: TimeRange(start: ms(1500), end: ms(3_723_004)))
        ])
        let (text, back) = try roundTrip(doc)
        #expect(text.contains("cue-1\n00:00:01.500 --> 01:02:03.004\n"))
        #expect(text.contains("a&lt;b&gt;&amp;c <i>it</i><c.yellow.bg_black><b> y</b></c>"))
        let c = try #require(back.document.captions.first)
        #expect(c.id == "cue-1")
        #expect(c.normalizedRuns == doc.captions[0].normalizedRuns)
    }

    @Test func carriageReturnsInTextAreWrittenAsLineFeedsAndCannotEndTheCue() throws {
        // WebVTT reads CR LF and a lone CR as LF (§6.1), so "a\r\n\nb" holds an empty line,
        // which would end the cue after "a" and lose "b" (found in review; JSON can carry CRs).
        let doc = CaptionDocument(captions: [
            Caption(runs: [CaptionRun("a\r\n\rb\rc", style: .plain)], timeRange: TimeRange(start: ms(0), end: ms(1000))),
            Caption(runs: [CaptionRun("d\r\ne", style: .plain)], timeRange: TimeRange(start: ms(1000), end: ms(2000))),
        ])
        let (text, back) = try roundTrip(doc)
        #expect(!text.utf8.contains(0x0D))
        #expect(back.document.captions.map(\.text) == ["a\n \nb\nc", "d\ne"])
        let written = try WebVTTWriter().write(doc)
        #expect(written.diagnostics.contains { $0.message.contains("empty line") })
        #expect(
            written.diagnostics.contains {
                $0.message == "WebVTT cannot carry carriage returns in the text (written as line breaks): in captions 1, 2"
            })
    }

    /// A fuzz finding (Fixtures/fuzz/vtt/character-reference-to-carriage-return-fuzz.vtt): a
    /// character reference to CR (`&#xd`, `&#13;`) reads as a CR in the text (WebVTT §6.4 uses
    /// HTML's character references), which no WebVTT file can hold (a CR is a line break, §6.1,
    /// and HTML allows no reference to it): it was written as a line feed without a warning.
    @Test func aCarriageReturnFromACharacterReferenceIsReported() throws {
        let input = "WEBVTT\n\n00:00.000 --> 00:01.000\nin&#xd line two\n"
        let read = try WebVTTReader().read(Array(input.utf8)).document
        #expect(read.captions.map(\.text) == ["in\r line two"])
        let written = try WebVTTWriter().write(read)
        #expect(String(decoding: written.bytes, as: UTF8.self).contains("00:00:01.000\nin\n line two\n"))
        #expect(
            written.diagnostics.map(\.message) == [
                "WebVTT cannot carry carriage returns in the text (written as line breaks): in caption 1"
            ])
    }

    @Test func runsWithTheSameStartTagsStayInOneElement() throws {
        // Bold "a" and bold "b" in a font WebVTT cannot name: both are written <b>. Each was its
        // own element, so the empty line between them was "</b><b>", neither blank nor reported,
        // and became a space, reported, only at the next write, once the runs read back as one.
        var bold = CaptionTextStyle.plain
        bold.bold = true
        var named = bold
        named.fontFamily = "serif"
        let doc = CaptionDocument(captions: [
            Caption(
                runs: [CaptionRun("a\n", style: bold), CaptionRun("\nb", style: named), CaptionRun("c", style: bold)],
                timeRange: TimeRange(start: ms(0), end: ms(1000)))
        ])
        let written = try WebVTTWriter().write(doc)
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(text.hasSuffix("00:00:00.000 --> 00:00:01.000\n<b>a\n \nbc</b>\n\n"), "\(text)")
        #expect(written.diagnostics.contains { $0.message.contains("empty lines") }, "\(written.diagnostics)")
        let back = try WebVTTReader().read(written.bytes).document
        #expect(try WebVTTWriter().write(back).bytes == written.bytes)
    }

    @Test func cellsRegionsBecomeLineAndPosition() throws {
        // 608 row 15 (y 14), column 4, 20 columns wide.
        let doc = CaptionDocument(captions: [
            Caption("low", start: .zero, end: ms(1000), region: .cells(row: 14, column: 4, rows: 1, columns: 20))
        ])
        let (text, back) = try roundTrip(doc)
        #expect(text.contains("line:93.333% position:12.5%,line-left size:62.5% align:left"))
        let region = try #require(back.document.captions.first?.region)
        // Back on the 608 grid: row 14, column 4.
        #expect(((region.origin?.y.value ?? 0) * 15 / 100).rounded() == 14)
        #expect(((region.origin?.x.value ?? 0) * 32 / 100).rounded() == 4)
    }

    @Test func namedPercentRegionsBecomeRegionBlocks() throws {
        let region = CaptionRegion(
            identifier: "top", origin: CaptionPoint(x: .percent(10), y: .percent(5)),
            size: CaptionSize(width: .percent(80), height: .percent(12)), displayAlignment: .before)
        let doc = CaptionDocument(captions: [Caption("hi", start: .zero, end: ms(1000), region: region)])
        let (text, back) = try roundTrip(doc)
        #expect(text.contains("REGION\nid:top\nwidth:80%\nlines:2\nregionanchor:0%,0%\nviewportanchor:10%,5%"))
        #expect(text.contains("region:top"))
        let r = try #require(back.document.captions.first?.region)
        #expect(r.identifier == "top")
        #expect(r.origin == region.origin)
        #expect(r.size == region.size)
    }

    /// iTT's "bottom" region (origin 0% 85%, extent 100% 15%, text at the bottom): the height
    /// becomes whole lines of 6vh, anchored at the bottom edge, which stays at 100%.
    @Test func bottomRegionKeepsItsBottomEdge() throws {
        let region = CaptionRegion(
            identifier: "bottom", origin: CaptionPoint(x: .percent(0), y: .percent(85)),
            size: CaptionSize(width: .percent(100), height: .percent(15)), displayAlignment: .after)
        let doc = CaptionDocument(captions: [Caption("hi", start: .zero, end: ms(1000), region: region)])
        let (text, back) = try roundTrip(doc)
        #expect(text.contains("lines:3\nregionanchor:0%,100%\nviewportanchor:0%,100%"))
        let r = try #require(back.document.captions.first?.region)
        let bottom = (r.origin?.y.value ?? 0) + (r.size?.height.value ?? 0)
        #expect(bottom == 100)
        #expect(r.displayAlignment == .after)
    }

    /// Regions the reader makes from WPT's region tests (Fixtures/fuzz/vtt/regions-at-the-edges.vtt,
    /// found by the `vtt` fuzz target's seeds): a region reaching below the video (anchored at
    /// 85% from its top, 3 lines), one above it (region anchor 0%,100% at viewport 0%,0%) and
    /// one with no lines. Each is written back where it was: the corner inside the video
    /// anchors it (before: the bottom-left anchor was clamped to 100%, moving the first up by
    /// 3%; `lines:0` became `lines:1`, all without a warning).
    @Test func regionsReachingPastTheVideoEdgesKeepTheirPlace() throws {
        let url = TestPaths.fixture("fuzz/vtt/regions-at-the-edges.vtt")
        let read = try WebVTTReader().read(Array(try Data(contentsOf: url)))
        let regions = read.document.captions.compactMap(\.region)
        #expect(regions.count == 3)
        // Expected boxes from WebVTT §3.2 (top = viewport anchor − region anchor × lines × 6%).
        #expect(regions.map { $0.origin?.y.value } == [85, -18, 50])
        #expect(regions.map { $0.size?.height.value } == [18, 18, 0])
        let written = try WebVTTWriter().write(read.document)
        #expect(written.diagnostics.isEmpty, "\(written.diagnostics)")
        let back = try WebVTTReader().read(written.bytes)
        #expect(back.document.captions.map(\.region) == read.document.captions.map(\.region))
    }

    /// A cue without text (Fixtures/fuzz/vtt/cue-without-text.vtt) was written with a single
    /// space as its text, which reads back as text (before): it is written as a timing line alone.
    @Test func aCueWithoutTextIsWrittenWithoutText() throws {
        let url = TestPaths.fixture("fuzz/vtt/cue-without-text.vtt")
        let read = try WebVTTReader().read(Array(try Data(contentsOf: url)))
        #expect(read.document.captions.count == 1 && read.document.captions[0].runs.allSatisfy(\.text.isEmpty))
        let written = try WebVTTWriter().write(read.document)
        #expect(String(decoding: written.bytes, as: UTF8.self) == "WEBVTT\n\n00:00:10.010 --> 00:00:13.347\n\n\n")
        let back = try WebVTTReader().read(written.bytes)
        #expect(back.document.captions.map(\.normalizedRuns) == [[]])
    }

    /// A region outside the video on both corners (possible from JSON) is moved inside, with a warning.
    @Test func aRegionOutsideTheVideoIsMovedInWithAWarning() throws {
        let region = CaptionRegion(
            identifier: "far", origin: CaptionPoint(x: .percent(0), y: .percent(150)),
            size: CaptionSize(width: .percent(100), height: .percent(6)), displayAlignment: .after)
        let doc = CaptionDocument(captions: [Caption("a", start: .zero, end: ms(1000), region: region)])
        let written = try WebVTTWriter().write(doc)
        #expect(
            written.diagnostics.map(\.message) == [
                "WebVTT cannot carry a region reaching outside the video (moved inside): in caption 1"
            ])
    }

    /// A loss written another way says "in" the captions; one left out of the file says "dropped
    /// from" (the message said "dropped from" for both, though the cue and its text were written).
    @Test func aRewrittenLossIsNotCalledDropped() throws {
        var flashing = CaptionTextStyle.plain
        flashing.flash = true
        let doc = CaptionDocument(captions: [
            Caption(runs: [CaptionRun("a\n\nb", style: .plain)], timeRange: TimeRange(start: ms(0), end: ms(1000))),
            Caption(runs: [CaptionRun("c", style: flashing)], timeRange: TimeRange(start: ms(1000), end: ms(2000))),
        ])
        let written = try WebVTTWriter().write(doc)
        #expect(
            written.diagnostics.map(\.message) == [
                "WebVTT cannot carry empty lines in the text (a blank line ends a cue: written as a space): in caption 1",
                "WebVTT cannot carry flashing text: dropped from caption 2",
            ])
    }

    /// A document from JSON can hold any number: the writer clamps instead of trapping.
    @Test func absurdRegionNumbers() throws {
        for value in [Double.nan, .infinity, -1e300, 1e300] {
            let region = CaptionRegion(
                identifier: "r", origin: CaptionPoint(x: .percent(value), y: .percent(value)),
                size: CaptionSize(width: .percent(value), height: .percent(value)), displayAlignment: .after)
            let cells = CaptionRegion(
                origin: CaptionPoint(x: .cells(value), y: .cells(value)),
                size: CaptionSize(width: .cells(value), height: .cells(value)))
            let doc = CaptionDocument(captions: [
                Caption("a", start: .zero, end: ms(1000), region: region),
                Caption("b", start: ms(1000), end: ms(2000), region: cells),
            ])
            let (_, back) = try roundTrip(doc)
            #expect(back.document.captions.map(\.text) == ["a", "b"])
        }
    }

    @Test func verticalText() throws {
        let doc = CaptionDocument(captions: [
            Caption(
                runs: [CaptionRun("縦")], timeRange: TimeRange(start: .zero, end: ms(1000)),
                region: CaptionRegion(writingMode: .topToBottomAndRightToLeft))
        ])
        let (text, back) = try roundTrip(doc)
        #expect(text.contains("vertical:rl"))
        #expect(back.document.captions.first?.region?.writingMode == .topToBottomAndRightToLeft)
    }

    @Test func paintOnBecomesTimestampTags() throws {
        func part(_ text: String, _ a: Int64, _ b: Int64) -> Caption {
            var c = Caption(text, start: ms(a), end: ms(b))
            c.animation = .characterReveal
            return c
        }
        let doc = CaptionDocument(captions: [
            part("One ", 1000, 2000), part("One two", 2000, 3000), part("Other", 3000, 4000),
        ])
        let (text, back) = try roundTrip(doc)
        #expect(text.contains("00:00:01.000 --> 00:00:03.000\nOne <00:00:02.000>two\n"))
        #expect(back.document.captions.map(\.text) == ["One ", "One two", "Other"])
        #expect(back.document.captions.map(\.timeRange) == doc.captions.map(\.timeRange))
    }

    /// A timestamp tag before all the text or after it (vtt fuzz finding of 6488872: a cue whose
    /// text was the tag `<00:01.500` alone read as two paint-on captions with no text, and each was
    /// written as a cue of its own, so the paint-on was lost without a warning).
    @Test func aRevealBeforeOrAfterAllTheTextReadsBackAsTheSameCaptions() throws {
        let input = "WEBVTT\n\n00:01.001 --> 00:03.403\n<00:01.500>Hello\n\n"
            + "00:04.000 --> 00:06.000\n<i>Bye</i><00:05.000>\n\n00:07.000 --> 00:08.000\n<00:07.500\n"
        let read = try WebVTTReader().read(Array(input.utf8))
        #expect(read.document.captions.map(\.text) == ["", "Hello", "Bye", "Bye", "", ""])
        let written = try WebVTTWriter().write(read.document)
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(text.contains("00:00:01.001 --> 00:00:03.403\n<00:00:01.500>Hello\n"))
        #expect(text.contains("00:00:04.000 --> 00:00:06.000\n<i>Bye<00:00:05.000></i>\n"))
        #expect(text.contains("00:00:07.000 --> 00:00:08.000\n<00:00:07.500>\n"))
        #expect(written.diagnostics.isEmpty, "\(written.diagnostics)")
        let back = try WebVTTReader().read(written.bytes)
        #expect(back.document == read.document)
    }

    /// A paint-on caption with no neighbour to join is written whole from its start, and says so.
    /// "Alone" would extend "Al", but has an identifier of its own, which a joined cue would lose.
    @Test func aPaintOnCaptionAloneIsReportedAsWrittenPopOn() throws {
        var first = Caption("Al", start: ms(1000), end: ms(2000))
        first.animation = .characterReveal
        var named = Caption("Alone", start: ms(2000), end: ms(3000))
        named.animation = .characterReveal
        named.id = "own"
        let written = try WebVTTWriter().write(CaptionDocument(captions: [first, named]))
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(text.contains("00:00:01.000 --> 00:00:02.000\nAl\n"))
        #expect(text.contains("own\n00:00:02.000 --> 00:00:03.000\nAlone\n"))
        #expect(
            written.diagnostics.map(\.message) == [
                "WebVTT cannot carry paint-on (written as pop-on): in captions 1, 2"
            ])
    }

    @Test func lossesAreReportedOncePerKind() throws {
        let odd = CaptionColor(red: 1, green: 2, blue: 3)
        let doc = CaptionDocument(captions: [
            Caption(
                runs: [CaptionRun("a", style: CaptionTextStyle(textColor: odd))],
                timeRange: TimeRange(start: .zero, end: ms(1))),
            Caption(
                runs: [CaptionRun("b", style: CaptionTextStyle(textColor: odd, flash: true))],
                timeRange: TimeRange(start: ms(1), end: ms(2))),
        ])
        let written = try WebVTTWriter().write(doc)
        let colour = written.diagnostics.filter { $0.message.contains("text colour") }
        #expect(colour.count == 1)
        #expect(colour.first?.message.contains("captions 1, 2") == true)
        #expect(written.diagnostics.contains { $0.message.contains("flashing") })
    }

    @Test func blankLinesInTextDoNotEndTheCue() throws {
        let doc = CaptionDocument(captions: [Caption("a\n\nb", start: .zero, end: ms(1000))])
        let (_, back) = try roundTrip(doc)
        #expect(back.document.captions.count == 1)
        #expect(back.document.captions.first?.lines == ["a", " ", "b"])
    }

    /// The same at the end of the text (Fixtures/fuzz/vtt/text-ending-with-a-line-break.vtt,
    /// where `<c.WEBVTTB</c>` swallows the last line): the space that keeps the cue together
    /// changes the text, and was written without a warning (before).
    @Test func emptyLinesWrittenAsASpaceAreReported() throws {
        let url = TestPaths.fixture("fuzz/vtt/text-ending-with-a-line-break.vtt")
        let read = try WebVTTReader().read(Array(try Data(contentsOf: url)))
        #expect(read.document.captions.first?.text == "AB\nAB\n")
        let written = try WebVTTWriter().write(read.document)
        #expect(written.diagnostics.contains { $0.severity == .warning && $0.message.contains("empty lines") })
        let doc = CaptionDocument(captions: [Caption("a\n\nb", start: .zero, end: ms(1000))])
        #expect(try WebVTTWriter().write(doc).diagnostics.contains { $0.message.contains("empty lines") })
        let plain = CaptionDocument(captions: [Caption("a\nb", start: .zero, end: ms(1000))])
        #expect(try WebVTTWriter().write(plain).diagnostics.isEmpty)
    }
}

/// CEA-608 rows and columns through WebVTT and back: SCC → WebVTT → SCC (conformed by the
/// registry) puts every caption on the row and column the SCC reader found first.
@Suite struct WebVTTCEA608PositionTests {
    @Test(arguments: ["scc/ffmpeg/sub-scc-remux.scc", "scc/libcaption/tos.scc"])
    func rowsAndColumnsSurvive(_ fixture: String) throws {
        let dir = try TemporaryDirectory("vtt-608")
        let (original, _) = try CaptionFile.read(TestPaths.sharedFixture(fixture).path)
        let vtt = dir.path("a.vtt")
        let scc = dir.path("b.scc")
        try CaptionFile.write(original.document, to: vtt, overwrite: true)
        let (viaVTT, _) = try CaptionFile.read(vtt)
        try CaptionFile.write(
            viaVTT.document, to: scc, options: CaptionFormatOptions(applyShifts: true), overwrite: true)
        let (back, _) = try CaptionFile.read(scc)
        let a = original.document.captions
        let b = back.document.captions
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) {
            #expect(x.text == y.text)
            #expect(x.region?.origin == y.region?.origin, "\(x.text)")
        }
    }
}
