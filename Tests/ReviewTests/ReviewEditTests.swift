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
}
