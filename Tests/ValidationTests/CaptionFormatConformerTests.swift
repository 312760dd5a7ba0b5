import CaptionCore
import Testing
import Validation

@Suite struct CaptionFormatConformerTests {
    let rate = FrameRate.fps29_97
    func caption(_ runs: [CaptionRun], region: CaptionRegion? = nil, alignment: CaptionTextAlignment? = nil) -> Caption
    {
        Caption(
            runs: runs, timeRange: TimeRange(start: rate.time(ofFrame: 30), end: rate.time(ofFrame: 90)),
            region: region, textAlignment: alignment)
    }

    @Test func wrapsAtSpacesToThirtyTwoColumnsKeepingStyles() {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running"
        let c = caption([
            CaptionRun("The quick brown fox jumps over "), CaptionRun("the lazy dog", style: .init(italic: true)),
            CaptionRun(" and keeps on running"),
        ])
        #expect(c.text == text)
        let (out, _) = CaptionFormatConformer().conformedCaption(c)
        #expect(out.lines == ["The quick brown fox jumps over", "the lazy dog and keeps on", "running"])
        #expect(out.lines.allSatisfy { $0.count <= 32 })
        #expect(out.runs.contains { $0.text == "the lazy dog" && $0.style.italic })
    }

    @Test func placesTopBottomAndCustomRegions() {
        let two = [CaptionRun("first line\nsecond line")]
        let bottom = CaptionFormatConformer().conformedCaption(
            caption(two, region: CaptionRegion(identifier: "bottom"))
        ).0
        #expect(bottom.region?.origin?.y == .cells(13))  // rows 14–15 in 608 numbering
        #expect(bottom.region?.size?.height == .cells(2))
        #expect(bottom.textAlignment == .center)
        let top = CaptionFormatConformer().conformedCaption(caption(two, region: CaptionRegion(identifier: "top"))).0
        #expect(top.region?.origin?.y == .cells(0))
        // A custom region at 50% from the top, aligned after, 20% tall: rows end at row 10.
        let custom = CaptionRegion(
            origin: CaptionPoint(x: .percent(10), y: .percent(50)),
            size: CaptionSize(width: .percent(80), height: .percent(20)),
            displayAlignment: .after)
        let placed = CaptionFormatConformer().conformedCaption(caption(two, region: custom, alignment: .left)).0
        #expect(placed.region?.origin?.y == .cells(9))
        #expect(placed.region?.origin?.x == .cells(3))  // 10% of 32 columns, rounded
        #expect(placed.textAlignment == nil)
        // A 608 cells region is kept.
        let native = CaptionFormatConformer().conformedCaption(
            caption([CaptionRun("x")], region: .cells(row: 4, column: 8, rows: 1, columns: 1))
        ).0
        #expect(native.region?.origin == CaptionPoint(x: .cells(8), y: .cells(4)))
    }

    @Test func substitutesMapsAndReportsOncePerKind() {
        let doc = CaptionDocument(captions: [
            caption([
                CaptionRun(
                    "\u{201C}Hi\u{201D} \u{2013} Łódź",
                    style: .init(textColor: CaptionColor(red: 250, green: 128, blue: 10), bold: true))
            ]),
            caption([CaptionRun("\u{201C}again\u{201D}", style: .init(bold: true))]),
        ])
        let (out, diagnostics) = CaptionFormatConformer().conform(doc)
        // “ ” and ó are in the extended sets (CTA-608-E §6.4.2); – Ł ź are not.
        #expect(out.captions[0].text == "\u{201C}Hi\u{201D} - L\u{F3}dz")
        #expect(out.captions[0].runs[0].style.textColor == .red || out.captions[0].runs[0].style.textColor == .yellow)
        #expect(out.captions[0].runs.allSatisfy { !$0.style.bold })
        let bold = diagnostics.filter { $0.ruleID == "608.bold" }
        #expect(bold.count == 1)
        #expect(bold[0].message.contains("2 captions"))
        #expect(diagnostics.filter { $0.ruleID == "608.charset" }.count == 3)
        #expect(diagnostics.contains { $0.message.contains("U+2013") && $0.message.contains("sent as \"-\"") })
    }

    @Test func snapsTimesToTheFrameGrid() {
        var c = caption([CaptionRun("x")])
        c.timeRange = TimeRange(start: MediaTime(value: 1234, timescale: 1000), end: MediaTime(value: 3, timescale: 1))
        let (out, changes) = CaptionFormatConformer().conformedCaption(c)
        #expect(rate.isOnFrameGrid(out.timeRange.start))
        #expect(out.timeRange.start == rate.time(ofFrame: 37))  // 1.234 s × 29.97 = 36.98 → frame 37
        #expect(changes.contains(.frameGrid))
    }
}

@Suite struct ConformerFastPathTests {
    @Test func nativeCaptionsPassUnchangedButOverflowingOnesMove() {
        let rate = FrameRate.fps29_97
        let range = TimeRange(start: rate.time(ofFrame: 30), end: rate.time(ofFrame: 90))
        let native = Caption(
            runs: [CaptionRun("Fits here")], timeRange: range, region: .cells(row: 14, column: 4, rows: 1, columns: 9))
        #expect(CaptionFormatConformer().conformedCaption(native).0 == native)
        // 30 characters from column 4 would pass column 32: the conformer moves them to column 2.
        let wide = Caption(
            runs: [CaptionRun(String(repeating: "w", count: 30))], timeRange: range,
            region: .cells(row: 14, column: 4, rows: 1, columns: 28))
        #expect(CaptionFormatConformer().conformedCaption(wide).0.region?.origin?.x == .cells(2))
    }
}

@Suite struct ConformerRowLimitTests {
    @Test func captionsOfMoreThanFourRowsBecomeConsecutiveScreens() {
        let rate = FrameRate.fps29_97
        let text = (1...6).map { "row \($0)" }.joined(separator: "\n")
        let caption = Caption(
            runs: [CaptionRun(text, style: .init(italic: true))],
            timeRange: TimeRange(start: rate.time(ofFrame: 30), end: rate.time(ofFrame: 150)))
        let (out, notes) = CaptionFormatConformer().conform(CaptionDocument(captions: [caption]))
        #expect(out.captions.map(\.lines) == [["row 1", "row 2", "row 3", "row 4"], ["row 5", "row 6"]])
        #expect(out.captions.map { rate.frame(at: $0.timeRange.start) } == [30, 90])
        #expect(out.captions.map { rate.frame(at: $0.timeRange.end) } == [90, 150])
        #expect(out.captions.allSatisfy { $0.runs.allSatisfy(\.style.italic) })
        // Both screens sit on the bottom rows.
        #expect(out.captions[0].region?.origin?.y == .cells(11))
        #expect(out.captions[1].region?.origin?.y == .cells(13))
        #expect(notes.contains { $0.ruleID == "608.rows" })
    }
}

@Suite struct ConformerHostileRegionTests {
    /// Regions straight from a file: absurd origins and sizes are clamped onto the grid.
    @Test func absurdRegionsArePlacedOnTheGrid() {
        let rate = FrameRate.fps29_97
        let range = TimeRange(start: rate.time(ofFrame: 30), end: rate.time(ofFrame: 90))
        let regions = [
            CaptionRegion(
                origin: CaptionPoint(x: .cells(0), y: .cells(1e300)),
                size: CaptionSize(width: .cells(1e300), height: .cells(1))),
            CaptionRegion(
                origin: CaptionPoint(x: .percent(1e300), y: .percent(-1e300)),
                size: CaptionSize(width: .percent(1e300), height: .percent(1e300))),
            CaptionRegion(origin: CaptionPoint(x: .percent(.nan), y: .percent(.infinity))),
        ]
        for region in regions {
            let out = CaptionFormatConformer().conformedCaption(
                Caption(runs: [CaptionRun("text")], timeRange: range, region: region)
            ).0
            let x = out.region?.origin?.x.value ?? -1
            let y = out.region?.origin?.y.value ?? -1
            #expect((0...31).contains(x) && (0...14).contains(y), "\(region) → \(String(describing: out.region))")
        }
    }
}
