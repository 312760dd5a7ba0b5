import CEA608
import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

/// A space whose underline differs from the character before it cannot be written as it is: an
/// attribute code takes a cell and shows a space in the attributes before it (15.119(h)(1)), so
/// the writer gives each space the style of the character before it, and the space shows that
/// character's underline. Where that changes a space's underline the writer says so
/// (`608.space-underline`, Specs/scc.md "Styles").
@Suite struct SpaceUnderlineTests {
    /// GStreamer's WGBH reel read, written and read back: the captions come back with the same
    /// text, place and styles, but for three whose codes' cells left spaces underlined otherwise
    /// than the character before them (a mid-row code with underline followed by the italics
    /// code, 00:03:28;18; a paint-on change whose old space stays beside new underlined text),
    /// which are the three the writer warns about.
    @Test func theReelsSpacesThatChangeUnderlineAreTheOnesReported() throws {
        let options = CaptionFormatOptions(fileName: "608-all-features.scc")
        let read = try SCCReader(options: options).read(try fixtureBytes("gstreamer/608-all-features.scc"))
        let written = try SCCWriter(options: CaptionFormatOptions(fileName: "out.scc")).write(read.document)
        let back = try SCCReader(options: options).read(written.bytes).document.captions
        let before = read.document.captions
        #expect(back.count == before.count)
        var restyled: [Int] = []
        for (index, (old, new)) in zip(before, back).enumerated() {
            #expect(old.text == new.text && old.region == new.region, "caption \(index + 1)")
            if old.normalizedRuns != new.normalizedRuns { restyled.append(index + 1) }
        }
        let warned = written.diagnostics.filter { $0.ruleID == "608.space-underline" }.compactMap { d in
            d.message.split(separator: ":").first.flatMap { Int($0.dropFirst("caption ".count)) }
        }
        #expect(restyled == [85, 86, 115])
        #expect(warned == restyled)
        for number in warned {
            let warning = written.diagnostics.first {
                $0.ruleID == "608.space-underline" && $0.message.hasPrefix("caption \(number):")
            }
            #expect(warning?.location.time == before[number - 1].timeRange.start)
        }
    }

    @Test func aSpaceUnderlinedLikeTheCharacterBeforeItIsNoFinding() throws {
        let rate = FrameRate.fps29_97
        func caption(_ runs: [CaptionRun]) -> Caption {
            Caption(
                runs: runs, timeRange: TimeRange(start: rate.time(ofFrame: 60), end: rate.time(ofFrame: 120)),
                region: .cells(row: 14, column: 0, rows: 1, columns: 32))
        }
        let underlined = CaptionTextStyle(underline: true)
        let cases: [(Caption, Bool)] = [
            // "A", an underlined space, underlined "B": the space shows A's (no underline).
            (caption([CaptionRun("A"), CaptionRun(" B", style: underlined)]), true),
            // Underlined "A", a space that is not, "B": the space shows A's underline.
            (caption([CaptionRun("A", style: underlined), CaptionRun(" B")]), true),
            // The space as the character before it: nothing changes.
            (caption([CaptionRun("A ", style: underlined), CaptionRun("B")]), false),
            (caption([CaptionRun("A "), CaptionRun("B", style: underlined)]), false),
        ]
        for (caption, reported) in cases {
            let encoded = CEA608Encoder().transmissionPlans(for: [caption], rate: rate)
            #expect(encoded.diagnostics.contains { $0.ruleID == "608.space-underline" } == reported, "\(caption.runs)")
        }
    }
}
