import CaptionCore
import Testing

@testable import Review

/// How the page's captions (frames and text) become the document's again.
@Suite struct ReviewEditTests {
    static let rate = FrameRate.fps29_97
    /// Times off the frame grid and a styled run: what an unedited caption must keep exactly.
    static let captions = [
        Caption(
            runs: [CaptionRun("HELLO ", style: .plain), CaptionRun("WORLD", style: CaptionTextStyle(italic: true))],
            timeRange: TimeRange(start: MediaTime(value: 1001, timescale: 1000), end: MediaTime(value: 2, timescale: 1))
        ),
        Caption("SECOND", start: MediaTime(value: 3, timescale: 1), end: MediaTime(value: 4, timescale: 1)),
    ]

    static func unedited() -> [ReviewEdit] {
        captions.enumerated().map { index, caption in
            ReviewEdit(
                index: index, startFrame: ReviewEdit.frame(of: caption.timeRange.start, rate: rate),
                endFrame: ReviewEdit.frame(of: caption.timeRange.end, rate: rate), text: caption.text)
        }
    }

    @Test func uneditedCaptionsKeepTheirExactTimesAndRuns() throws {
        #expect(try ReviewEdit.apply(Self.unedited(), to: Self.captions, rate: Self.rate) == Self.captions)
    }

    @Test func anEditedStartIsItsFrameAndAnEditedTextOneRunInTheFirstRunsStyle() throws {
        var edits = Self.unedited()
        // 1.001 s is frame 30 at 30000/1001 (30 × 1001/30000 = 1.001).
        #expect(edits[0].startFrame == 30)
        edits[0].startFrame = 32
        edits[1].text = "CHANGED"
        let result = try ReviewEdit.apply(edits, to: Self.captions, rate: Self.rate)
        #expect(result[0].timeRange.start == MediaTime(value: 32 * 1001, timescale: 30000))
        #expect(result[0].runs == Self.captions[0].runs)
        #expect(result[1].runs == [CaptionRun("CHANGED", style: Self.captions[1].runs[0].style)])
        #expect(result[1].timeRange == Self.captions[1].timeRange)
    }

    @Test func editsThatAreNotTheDocumentsCaptionsAreRefused() {
        var missing = Self.unedited()
        missing.removeLast()
        var swapped = Self.unedited()
        swapped.swapAt(0, 1)
        var backwards = Self.unedited()
        backwards[0].endFrame = backwards[0].startFrame
        var negative = Self.unedited()
        negative[1].startFrame = -1
        var empty = Self.unedited()
        empty[0].text = ""
        var long = Self.unedited()
        long[0].text = String(repeating: "A", count: 5000)
        for edits in [missing, swapped, backwards, negative, empty, long] {
            #expect(throws: ReviewEdit.Refusal.self) { try ReviewEdit.apply(edits, to: Self.captions, rate: Self.rate) }
        }
    }

    /// Captions on the grid (a two-row pop-on at row 14, one at row 15) and in named regions.
    static let placed: [Caption] = {
        var a = Caption("TWO\nROWS", start: MediaTime(value: 1, timescale: 1), end: MediaTime(value: 2, timescale: 1))
        a.region = .cells(row: 13, column: 4, rows: 2, columns: 10)
        var b = Caption("ONE", start: MediaTime(value: 3, timescale: 1), end: MediaTime(value: 4, timescale: 1))
        b.region = .cells(row: 14, column: 0, rows: 1, columns: 32)
        return [a, b]
    }()

    static func edits(_ captions: [Caption]) -> [ReviewEdit] {
        captions.enumerated().map { index, caption in
            ReviewEdit(
                index: index, startFrame: ReviewEdit.frame(of: caption.timeRange.start, rate: rate),
                endFrame: ReviewEdit.frame(of: caption.timeRange.end, rate: rate), text: caption.text,
                row: ReviewEdit.row(of: caption), region: caption.region?.identifier)
        }
    }

    /// A row edit moves the region's top row and keeps its column, size and scroll; a region
    /// that would leave rows 1–15 is refused (CTA-608-E's 15 rows), and so is a row for a
    /// caption that is not on the grid.
    @Test func aRowEditMovesTheRegionWithinTheFifteenRows() throws {
        #expect(Self.edits(Self.placed).map(\.row) == [14, 15])
        var edits = Self.edits(Self.placed)
        edits[0].row = 1
        let moved = try ReviewEdit.apply(edits, to: Self.placed, rate: Self.rate)
        #expect(moved[0].region == .cells(row: 0, column: 4, rows: 2, columns: 10))
        #expect(moved[1] == Self.placed[1])
        for row in [0, 15, 16] {
            var bad = Self.edits(Self.placed)
            bad[0].row = row
            #expect(throws: ReviewEdit.Refusal.self) { try ReviewEdit.apply(bad, to: Self.placed, rate: Self.rate) }
        }
        var unplaced = Self.unedited()
        unplaced[0].row = 3
        #expect(throws: ReviewEdit.Refusal.self) { try ReviewEdit.apply(unplaced, to: Self.captions, rate: Self.rate) }
    }

    /// A region edit gives the caption the whole region of another caption of that name; a
    /// name no caption has is refused.
    @Test func aRegionEditTakesTheNamedRegionOfTheDocument() throws {
        var named = Self.placed
        named[0].region = CaptionRegion(identifier: "top", origin: CaptionPoint(x: .percent(10), y: .percent(10)))
        named[1].region = CaptionRegion(identifier: "bottom", origin: CaptionPoint(x: .percent(10), y: .percent(80)))
        var edits = Self.edits(named)
        edits[1].region = "top"
        let result = try ReviewEdit.apply(edits, to: named, rate: Self.rate)
        #expect(result[1].region == named[0].region)
        #expect(result[0] == named[0])
        edits[1].region = "nowhere"
        #expect(throws: ReviewEdit.Refusal.self) { try ReviewEdit.apply(edits, to: named, rate: Self.rate) }
    }
}
