// Window fills and borders and character edges (CTA-708-E §8.10.5.5–8.10.5.7) through the 708
// encoder, scheduler and builder: what the model holds comes back as it went in, in colours 708
// can send (2 bits a component, solid / translucent / transparent). The bytes the builder reads
// have their own hand-worked test (CaptionBuilderTests.fillBorderAndEdgeFromBytes).

import CaptionCore
import Testing

@testable import CEA708

@Suite("CEA-708 window fill, border and edges round trip")
struct CEA708WindowLookRoundTripTests {
    static let rate = FrameRate.fps29_97
    static func t(_ seconds: Double) -> MediaTime { MediaTime(value: Int64(seconds * 1000), timescale: 1000) }

    @Test("A pop-on caption's fill, border and edges, and a roll-up window's fill, come back")
    func popOnAndRollUp() throws {
        var popOn = CaptionRegion.cells(row: 10, column: 4, rows: 2, columns: 6)
        popOn.background = CaptionColor(red: 255, green: 255, blue: 0, alpha: 128)
        popOn.border = CaptionEdge(.uniform, color: .red)
        let edged = CaptionTextStyle(edge: CaptionEdge(.raised, color: .blue))
        let shadowed = CaptionTextStyle(italic: true, edge: CaptionEdge(.leftDropShadow, color: .black))
        var rollUp = CaptionRegion.cells(row: 12, column: 0, rows: 2, columns: 5, scroll: .rollUp(rows: 2))
        rollUp.background = CaptionColor(red: 0, green: 0, blue: 255)
        let captions = [
            Caption(
                runs: [CaptionRun("BANG\n", style: edged), CaptionRun("BOOM!!", style: shadowed)],
                timeRange: TimeRange(start: Self.t(1), end: Self.t(3)), region: popOn),
            Caption(
                runs: [CaptionRun("ONE", style: .plain)],
                timeRange: TimeRange(start: Self.t(4), end: Self.t(6)), region: rollUp),
        ]
        let (back, schedule, encoding) = CEA708SCCRoundTripTests.roundTrip(
            CaptionDocument(captions: captions), rate: Self.rate)
        #expect(schedule.late.isEmpty)
        #expect(encoding.diagnostics.isEmpty, "\(encoding.diagnostics)")
        try #require(back.captions.count == 2)
        #expect(back.captions[0].region == popOn)
        #expect(back.captions[0].normalizedRuns == captions[0].normalizedRuns)
        #expect(back.captions[1].region?.background == rollUp.background)
        #expect(back.captions[1].region?.border == nil)
    }

    @Test("Colours 708 cannot send come back at the nearest it can: each component to a third, alpha to an opacity")
    func nearestColours() throws {
        var region = CaptionRegion.cells(row: 14, column: 0, rows: 1, columns: 2)
        region.background = CaptionColor(red: 200, green: 30, blue: 100, alpha: 200)
        let caption = Caption(
            runs: [
                CaptionRun(
                    "HI",
                    style: CaptionTextStyle(
                        edge: CaptionEdge(.uniform, color: CaptionColor(red: 90, green: 0, blue: 250))))
            ],
            timeRange: TimeRange(start: Self.t(1), end: Self.t(2)), region: region)
        let (back, _, _) = CEA708SCCRoundTripTests.roundTrip(CaptionDocument(captions: [caption]), rate: Self.rate)
        let shown = try #require(back.captions.first)
        // 200 → 2 (170), 30 → 0, 100 → 1 (85); alpha 200 is neither 0 nor 255: translucent (128).
        #expect(shown.region?.background == CaptionColor(red: 170, green: 0, blue: 85, alpha: 128))
        #expect(
            shown.runs.first?.style.edge == CaptionEdge(.uniform, color: CaptionColor(red: 85, green: 0, blue: 255)))
    }
}
