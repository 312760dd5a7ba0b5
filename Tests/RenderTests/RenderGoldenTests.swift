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

    /// A 4-row roll-up window as the SCC reader gives it: one caption per line, each with the
    /// window as its region, one line a second; at 5 s the fifth line has pushed the first out.
    @Test func cea608RollUpFourRowWindow() throws {
        let window = CaptionRegion.cells(row: 10, column: 0, rows: 4, columns: 32, scroll: .rollUp(rows: 4))
        let lines = [
            ">> THE FIRST LINE HAS GONE", ">> GOOD EVENING. THE STORM", "REACHED THE COAST AT NOON,",
            "WITH WINDS OF 90 MILES AN HOUR.", ">> ROADS ARE CLOSED NORTH OF",
        ]
        let captions = lines.enumerated().map { index, text in
            Self.caption(
                [CaptionRun(text)], region: window, from: Int64(index), to: index == 0 ? 4 : 10)
        }
        let (image, renderer) = try Self.render(captions, at: Self.seconds(5))
        #expect(renderer.diagnostics.isEmpty)
        try Golden.check(image, "cea608-roll-up-4-rows_00-00-05-00.png")
    }

    /// Pop-on rows at their own columns (tos.scc at 00:00:42:10 and around it): two rows an
    /// encoder centred one by one (the reader's centred caption), a row at column 2 and one
    /// ending at column 32.
    @Test func cea608PopOnRowsAtTheirColumns() throws {
        let time = MediaTime(value: 42 * 30 + 10, timescale: 30)
        let captions = [
            Self.caption(
                [CaptionRun("[DOOR SLAMS]", style: CaptionTextStyle(textColor: .cyan))],
                region: .cells(row: 1, column: 2, rows: 1, columns: 12), from: 40, to: 50),
            Self.caption(
                [CaptionRun("THOM:", style: CaptionTextStyle(textColor: .yellow))],
                region: .cells(row: 11, column: 27, rows: 1, columns: 5), from: 40, to: 50),
            Self.caption(
                [CaptionRun("\"Fourty years later\"\nWhatever, Thom. We're done.")],
                region: .cells(row: 13, column: 0, rows: 2, columns: 32), from: 40, to: 50, alignment: .center),
        ]
        let (image, renderer) = try Self.render(captions, at: time)
        #expect(renderer.diagnostics.isEmpty)
        try Golden.check(image, "cea608-pop-on-columns_00-00-42-10.png")
    }

    /// The 608 cells at HD and SD sizes: full rows of 32 characters, solid blocks that show each
    /// cell's edges, accents and descenders. Drawn over flat grey so the golden stays small.
    @Test(arguments: [RenderSize(width: 1920, height: 1080), RenderSize(width: 720, height: 480)])
    func cea608CellMetrics(size: RenderSize) throws {
        func blocks(_ first: CaptionColor, _ second: CaptionColor) -> [CaptionRun] {
            (0..<32).map { CaptionRun("\u{2588}", style: CaptionTextStyle(textColor: $0 % 2 == 0 ? first : second)) }
        }
        let captions = [
            Self.caption(
                [CaptionRun("ABCDEFGHIJKLMNOPQRSTUVWXYZ012345")],
                region: .cells(row: 0, column: 0, rows: 1, columns: 32)),
            Self.caption(blocks(.white, .green), region: .cells(row: 1, column: 0, rows: 1, columns: 32)),
            Self.caption(
                [CaptionRun("Égypte, Ñandú, ¡Sí! ¿Qué? gjpqy")], region: .cells(row: 7, column: 0, rows: 1, columns: 31)
            ),
            Self.caption(blocks(.green, .white), region: .cells(row: 13, column: 0, rows: 1, columns: 32)),
            Self.caption(
                [CaptionRun("0123456789abcdefghijklmnopqrstuv")],
                region: .cells(row: 14, column: 0, rows: 1, columns: 32)),
        ]
        let renderer = try CaptionRenderer(captions: captions, bounds: size, fonts: try TestFonts.catalog())
        let grey = try RGBAImage(
            width: size.width, height: size.height, filledWith: CaptionColor(red: 96, green: 96, blue: 96))
        var image = grey
        try renderer.render(at: Self.seconds(1), into: &image)
        #expect(renderer.diagnostics.isEmpty)
        try Golden.check(image, "cea608-cells-\(size)_00-00-01-00.png", background: grey)
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
