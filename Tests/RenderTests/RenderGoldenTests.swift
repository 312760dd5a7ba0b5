import CaptionCore
import Render
import Testing

/// Golden images in Fixtures/render/, named `<what>_<time as HH-MM-SS-FF at 30 fps>.png`.
/// Re-record with `RECORD_GOLDENS=1 swift test --filter RenderGoldenTests`.
@Suite struct RenderGoldenTests {
    static let size = RenderSize(width: 960, height: 540)

    static func seconds(_ s: Int64) -> MediaTime { MediaTime(value: s, timescale: 1) }

    static func caption(
        _ runs: [CaptionRun], region: CaptionRegion?, from: Int64 = 0, to: Int64 = 10,
        alignment: CaptionTextAlignment? = nil
    ) -> Caption {
        Caption(
            runs: runs, timeRange: TimeRange(start: seconds(from), end: seconds(to)), region: region,
            textAlignment: alignment)
    }

    static func render(_ captions: [Caption], at time: MediaTime, options: CaptionRenderOptions = .init()) throws -> (
        RGBAImage, CaptionRenderer
    ) {
        let renderer = try CaptionRenderer(
            captions: captions, bounds: size, fonts: try TestFonts.catalog(), options: options)
        var image = try Golden.backdrop(size)
        try renderer.render(at: time, into: &image)
        return (image, renderer)
    }

    // MARK: - CEA-608

    @Test func cea608RowsOneToFifteen() throws {
        let colours: [CaptionColor] = [.white, .green, .blue, .cyan, .red, .yellow, .magenta]
        let captions = (0..<15).map { row in
            let column = min(row * 2, 19)
            let text = "Row \(row + 1) col \(column)"
            return Self.caption(
                [CaptionRun(text, style: CaptionTextStyle(textColor: colours[row % 7]))],
                region: .cells(row: row, column: column, rows: 1, columns: text.count))
        }
        let (image, renderer) = try Self.render(captions, at: Self.seconds(1))
        #expect(renderer.diagnostics.isEmpty)
        try Golden.check(image, "cea608-rows-1-15_00-00-01-00.png")
    }

    @Test func cea608ColoursItalicsUnderlineBackgrounds() throws {
        let colours: [(String, CaptionColor)] = [
            ("WHITE", .white), ("GREEN", .green), ("BLUE", .blue), ("CYAN", .cyan), ("RED", .red),
            ("YELLOW", .yellow), ("MAGENTA", .magenta), ("BLACK", .black),
        ]
        var runs: [CaptionRun] = []
        for (i, (name, colour)) in colours.enumerated() {
            let bg: CaptionColor? = colour == .black ? .white : nil
            runs.append(
                CaptionRun(
                    name + (i == 3 ? "\n" : " "), style: CaptionTextStyle(textColor: colour, backgroundColor: bg)))
        }
        let styles = [
            CaptionRun("Italics ", style: CaptionTextStyle(italic: true)),
            CaptionRun("Underline", style: CaptionTextStyle(underline: true)),
            CaptionRun(" both", style: CaptionTextStyle(textColor: .yellow, italic: true, underline: true)),
        ]
        let captions = [
            Self.caption(runs, region: .cells(row: 1, column: 2, rows: 2, columns: 28)),
            Self.caption(styles, region: .cells(row: 5, column: 4, rows: 1, columns: 24)),
            Self.caption(
                [CaptionRun("Opaque black box", style: CaptionTextStyle(backgroundColor: .black))],
                region: .cells(row: 8, column: 4, rows: 1, columns: 24)),
            Self.caption(
                [
                    CaptionRun(
                        "Semi-transparent box",
                        style: CaptionTextStyle(backgroundColor: CaptionColor.black.withAlpha(128)))
                ],
                region: .cells(row: 9, column: 4, rows: 1, columns: 24)),
            Self.caption(
                [CaptionRun("Transparent box", style: CaptionTextStyle(backgroundColor: .clear))],
                region: .cells(row: 10, column: 4, rows: 1, columns: 24)),
            Self.caption(
                [
                    CaptionRun("Blue box ", style: CaptionTextStyle(textColor: .yellow, backgroundColor: .blue)),
                    CaptionRun("flash ♪", style: CaptionTextStyle(flash: true)),
                ],
                region: .cells(row: 11, column: 4, rows: 1, columns: 24)),
            Self.caption(
                [CaptionRun(">> ROLL-UP LINE ONE\nROLL-UP LINE TWO")],
                region: .cells(row: 12, column: 0, rows: 3, columns: 32, scroll: .rollUp(rows: 3))),
        ]
        let (on, _) = try Self.render(captions, at: Self.seconds(2))
        try Golden.check(on, "cea608-styles_00-00-02-00.png")
        // 2.75 s is in the "off" half of the one-second flash cycle: the flashing text is hidden.
        let (off, _) = try Self.render(captions, at: MediaTime(value: 11, timescale: 4))
        let flashed = on.pixels != off.pixels
        #expect(flashed)
    }

    // MARK: - iTT

    /// Apple's iTT regions: top and bottom are horizontal, left and right are vertical (tbrl).
    static let top = CaptionRegion(
        identifier: "top", origin: CaptionPoint(x: .percent(10), y: .percent(5)),
        size: CaptionSize(width: .percent(80), height: .percent(20)), displayAlignment: .before)
    static let bottom = CaptionRegion(
        identifier: "bottom", origin: CaptionPoint(x: .percent(10), y: .percent(75)),
        size: CaptionSize(width: .percent(80), height: .percent(20)), displayAlignment: .after)
    static let left = CaptionRegion(
        identifier: "left", origin: CaptionPoint(x: .percent(5), y: .percent(10)),
        size: CaptionSize(width: .percent(15), height: .percent(80)), displayAlignment: .after,
        writingMode: .topToBottomAndRightToLeft)
    static let right = CaptionRegion(
        identifier: "right", origin: CaptionPoint(x: .percent(80), y: .percent(10)),
        size: CaptionSize(width: .percent(15), height: .percent(80)), displayAlignment: .before,
        writingMode: .topToBottomAndRightToLeft)

    @Test func ittTopBottomLeftRightRegions() throws {
        let captions = [
            Self.caption([CaptionRun("Top region, aligned to the start")], region: Self.top, alignment: .start),
            Self.caption([CaptionRun("Bottom region, centred\nsecond line")], region: Self.bottom),
            Self.caption([CaptionRun("左の字幕です")], region: Self.left),
            Self.caption([CaptionRun("右の縦書き字幕")], region: Self.right),
        ]
        let (image, renderer) = try Self.render(captions, at: Self.seconds(3))
        #expect(renderer.diagnostics.isEmpty)
        try Golden.check(image, "itt-regions_00-00-03-00.png")
    }

    @Test func ittFacesColoursBackgroundsOutlineShadow() throws {
        let captions = [
            Self.caption(
                [
                    CaptionRun("Bold ", style: CaptionTextStyle(bold: true)),
                    CaptionRun("Italic ", style: CaptionTextStyle(italic: true)),
                    CaptionRun("Bold italic", style: CaptionTextStyle(italic: true, bold: true)),
                    CaptionRun("\nYellow on blue", style: CaptionTextStyle(textColor: .yellow, backgroundColor: .blue)),
                    CaptionRun(" cyan ", style: CaptionTextStyle(textColor: .cyan)),
                    CaptionRun("underlined", style: CaptionTextStyle(underline: true)),
                ], region: Self.top),
            Self.caption(
                [CaptionRun("Outline and shadow for burn-in, wrapped where the region is too narrow for one line")],
                region: Self.bottom),
        ]
        var options = CaptionRenderOptions()
        options.outlineWidth = 0.08
        options.shadowOffset = 0.06
        let (image, _) = try Self.render(captions, at: Self.seconds(4), options: options)
        try Golden.check(image, "itt-styles_00-00-04-00.png")
    }

    @Test func verticalJapaneseWithRubyAndTextCombine() throws {
        let region = CaptionRegion(
            identifier: "right", origin: CaptionPoint(x: .percent(55), y: .percent(8)),
            size: CaptionSize(width: .percent(40), height: .percent(84)), displayAlignment: .before,
            writingMode: .topToBottomAndRightToLeft)
        let ruby = { (text: String) in CaptionTextStyle(ruby: CaptionRuby(text: text)) }
        let caption = Self.caption(
            [
                CaptionRun("縦書き", style: ruby("たてが")),
                CaptionRun("の"),
                CaptionRun("字幕", style: ruby("じまく")),
                CaptionRun("です。\n第"),
                CaptionRun("12", style: CaptionTextStyle(textCombine: true)),
                CaptionRun("話「"),
                CaptionRun("東京", style: ruby("とうきょう")),
                CaptionRun("」\nTokyo 2024"),
            ], region: region, alignment: .start)
        let horizontal = Self.caption(
            [
                CaptionRun("日本語", style: ruby("にほんご")), CaptionRun("の字幕、中文字幕、한국어 자막"),
            ], region: Self.bottom)
        let (image, renderer) = try Self.render([caption, horizontal], at: Self.seconds(5))
        #expect(renderer.diagnostics.isEmpty, "\(renderer.diagnostics)")
        try Golden.check(image, "vertical-japanese-ruby_00-00-05-00.png")
    }

    @Test func arabicAndHebrewMixedWithLatin() throws {
        let captions = [
            Self.caption(
                [
                    CaptionRun("Arabic: "), CaptionRun("مرحبا بالعالم", style: CaptionTextStyle(textColor: .yellow)),
                    CaptionRun(" means hello world."),
                ],
                region: Self.top),
            Self.caption(
                [
                    CaptionRun("Hebrew: "), CaptionRun("שלום עולם", style: CaptionTextStyle(textColor: .cyan)),
                    CaptionRun(" (2024)"),
                ],
                region: CaptionRegion(
                    origin: CaptionPoint(x: .percent(10), y: .percent(35)),
                    size: CaptionSize(width: .percent(80), height: .percent(15)))),
            Self.caption(
                [CaptionRun("قال \"Hello\" ثم غادر في 3 دقائق\nאמר \"Shalom\" ויצא")],
                region: Self.bottom),
        ]
        let (image, renderer) = try Self.render(captions, at: Self.seconds(6))
        #expect(renderer.diagnostics.isEmpty, "\(renderer.diagnostics)")
        try Golden.check(image, "bidi-arabic-hebrew_00-00-06-00.png")
    }

    @Test func glyphNoFontHasGivesDiagnostic() throws {
        // U+13080 EGYPTIAN HIEROGLYPH D010 is in neither DejaVu nor the CJK subset.
        let caption = Self.caption([CaptionRun("Eye of Horus: \u{13080}")], region: Self.bottom, from: 7)
        let (image, renderer) = try Self.render([caption], at: Self.seconds(7))
        #expect(renderer.diagnostics.count == 1)
        let d = try #require(renderer.diagnostics.first)
        #expect(d.ruleID == "render.missingGlyph")
        #expect(d.severity == .warning)
        #expect(d.message.contains("U+13080"))
        #expect(d.location.time == Self.seconds(7))
        try Golden.check(image, "missing-glyph_00-00-07-00.png")
    }
}
