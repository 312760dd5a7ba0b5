import CaptionCore
import Render
import Testing

/// What the renderer must do beyond looking like the goldens: order, joining, fallback,
/// caches, the YUV path.
@Suite struct RenderBehaviourTests {
    static let size = RenderSize(width: 640, height: 360)
    static let bottom = CaptionRegion(
        origin: CaptionPoint(x: .percent(5), y: .percent(60)),
        size: CaptionSize(width: .percent(90), height: .percent(30)))

    static func caption(_ runs: [CaptionRun], from: Int64 = 0, to: Int64 = 10, region: CaptionRegion? = bottom)
        -> Caption
    {
        Caption(
            runs: runs,
            timeRange: TimeRange(start: MediaTime(value: from, timescale: 1), end: MediaTime(value: to, timescale: 1)),
            region: region)
    }

    static func renderer(_ captions: [Caption], options: CaptionRenderOptions = CaptionRenderOptions(outlineWidth: 0))
        throws -> CaptionRenderer
    {
        try CaptionRenderer(captions: captions, bounds: size, fonts: try TestFonts.catalog(), options: options)
    }

    /// Mean x of the pixels of exactly `colour`.
    static func meanX(of colour: CaptionColor, in image: RGBAImage) -> Double? {
        var sum = 0, count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y) == colour {
                sum += x
                count += 1
            }
        }
        return count > 0 ? Double(sum) / Double(count) : nil
    }

    static let t1 = MediaTime(value: 1, timescale: 1)

    @Test(arguments: [
        ("שלום ", "עולם"),  // Hebrew
        ("مرحبا ", "بالعالم"),  // Arabic
    ])
    func rightToLeftWordsRunFromTheRight(first: String, second: String) throws {
        let r = try Self.renderer([
            Self.caption([
                CaptionRun(first, style: CaptionTextStyle(textColor: .red)),
                CaptionRun(second, style: CaptionTextStyle(textColor: .green)),
            ])
        ])
        let image = try r.render(at: Self.t1)
        let a = try #require(Self.meanX(of: .red, in: image))
        let b = try #require(Self.meanX(of: .green, in: image))
        #expect(a > b, "the first word must be right of the second")
    }

    @Test func latinInsideRightToLeftStaysLeftToRightAndParagraphOrderHolds() throws {
        // An LTR paragraph: "abc" first (left), then the Hebrew, whose two words run leftwards.
        let r = try Self.renderer([
            Self.caption([
                CaptionRun("abc ", style: CaptionTextStyle(textColor: .yellow)),
                CaptionRun("שלום ", style: CaptionTextStyle(textColor: .red)),
                CaptionRun("עולם", style: CaptionTextStyle(textColor: .green)),
                CaptionRun(" xyz", style: CaptionTextStyle(textColor: .cyan)),
            ])
        ])
        let image = try r.render(at: Self.t1)
        let xs = try [CaptionColor.yellow, .green, .red, .cyan].map { try #require(Self.meanX(of: $0, in: image)) }
        #expect(xs == xs.sorted(), "visual order abc, עולם, שלום, xyz")
    }

    @Test func arabicLettersJoin() throws {
        // Three behs joined (initial, medial, final forms) are narrower than three isolated ones,
        // and lam + alef becomes one ligature glyph.
        func width(_ text: String) throws -> Int {
            let r = try Self.renderer([Self.caption([CaptionRun(text, style: CaptionTextStyle(textColor: .red))])])
            let layers = try r.layers(at: Self.t1)
            let lo = layers.map(\.x).min() ?? 0, hi = layers.map { $0.x + $0.width }.max() ?? 0
            return hi - lo
        }
        #expect(try width("ببب") < (try width("ب ب ب")) - (try width(" ")) * 2)
        let r = try Self.renderer([Self.caption([CaptionRun("لا")])])
        #expect(try r.layers(at: Self.t1).count == 1)
    }

    @Test func eachCharacterFallsBackToAFaceThatHasIt() throws {
        let r = try Self.renderer([Self.caption([CaptionRun("Latin, Ελληνικά, Кириллица, 日本語, 한국어")])])
        _ = try r.render(at: Self.t1)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
    }

    @Test func fontOverrideComesFirst() throws {
        let mono = TestFonts.directory + "/DejaVuSansMono.ttf"
        let text = [Self.caption([CaptionRun("iiiiiiii")])]
        let plain = try CaptionRenderer(captions: text, bounds: Self.size, fonts: try TestFonts.catalog())
        let overridden = try CaptionRenderer(
            captions: text, bounds: Self.size, fonts: try TestFonts.catalog(overrides: [mono]))
        func width(_ r: CaptionRenderer) throws -> Int {
            let l = try r.layers(at: Self.t1)
            return (l.map { $0.x + $0.width }.max() ?? 0) - (l.map(\.x).min() ?? 0)
        }
        // A monospaced "i" is far wider than a proportional one.
        #expect(try width(overridden) > (try width(plain)) * 3 / 2)
        #expect(throws: RenderError.self) { try TestFonts.catalog(overrides: ["/nonexistent/font.ttf"]) }
    }

    /// A region's fill (TTML1 §8.2.2, the iTT look) covers the region's area (5 %–95 % across,
    /// 60 %–90 % down of 640 × 360: x 32…607, y 216…323, from the region's own figures), behind
    /// the text, and once however many captions the region holds: a translucent fill under two
    /// captions is as light as under one.
    /// The rows holding pixels of exactly `colour`.
    static func rows(of colour: CaptionColor, in image: RGBAImage) -> ClosedRange<Int>? {
        var found: [Int] = []
        for y in 0..<image.height where (0..<image.width).contains(where: { image.pixel(x: $0, y: y) == colour }) {
            found.append(y)
        }
        return found.first.flatMap { a in found.last.map { a...$0 } }
    }

    /// Two paragraphs shown at once in one region flow into it one after the other (TTML1 §9.3),
    /// in document order, as one block placed by the region's display alignment: the first's
    /// text above the second's, apart, and the block at the region's bottom (after: its rows
    /// y 216…324) or top (before). Until this, both were placed alone and drawn over each other.
    @Test(arguments: [CaptionRegion.DisplayAlignment.after, .before])
    func captionsSharingARegionAtOnceAreStacked(_ alignment: CaptionRegion.DisplayAlignment) throws {
        var region = Self.bottom
        region.displayAlignment = alignment
        let red = CaptionTextStyle(textColor: .red),
            green = CaptionTextStyle(textColor: CaptionColor(red: 0, green: 255, blue: 0))
        let image = try Self.renderer([
            Self.caption([CaptionRun("FIRST", style: red)], region: region),
            Self.caption([CaptionRun("SECOND", style: green)], region: region),
        ]).render(at: Self.t1)
        let first = try #require(Self.rows(of: .red, in: image), "the first is drawn")
        let second = try #require(
            Self.rows(of: CaptionColor(red: 0, green: 255, blue: 0), in: image), "the second is drawn")
        #expect(first.upperBound < second.lowerBound, "\(first) above \(second)")
        if alignment == .after {
            #expect(324 - second.upperBound < second.count, "the block at the region's bottom: \(second)")
        } else {
            #expect(first.lowerBound - 216 < first.count, "the block at the region's top: \(first)")
        }
    }

    /// A caption that never ends (a TTML `p` with no end: +infinity, TTML1 §10.4) is drawn from
    /// its start on; the renderer used to leave it out.
    @Test func aCaptionThatNeverEndsStaysOnScreen() throws {
        let caption = Caption(
            runs: [CaptionRun("FOREVER", style: CaptionTextStyle(textColor: .red))],
            timeRange: TimeRange(start: Self.t1, end: .positiveInfinity), region: Self.bottom)
        let renderer = try Self.renderer([caption])
        #expect(Self.rows(of: .red, in: try renderer.render(at: MediaTime(value: 1, timescale: 2))) == nil)
        for seconds: Int64 in [1, 60, 86_400] {
            #expect(
                Self.rows(of: .red, in: try renderer.render(at: MediaTime(value: seconds, timescale: 1))) != nil,
                "shown at \(seconds) s")
        }
    }

    @Test func aRegionsFillCoversItsAreaOnce() throws {
        var region = Self.bottom
        region.background = CaptionColor(red: 0, green: 0, blue: 255, alpha: 128)
        let one = try Self.renderer([Self.caption([CaptionRun("A")], region: region)]).render(at: Self.t1)
        let two = try Self.renderer([
            Self.caption([CaptionRun("A")], region: region), Self.caption([CaptionRun("\n\nB")], region: region),
        ]).render(at: Self.t1)
        for image in [one, two] {
            let inside = try #require(image.pixel(x: 40, y: 220))
            #expect(inside.blue > 100 && inside.red < 20 && inside.alpha > 100, "\(inside)")
            #expect(image.pixel(x: 600, y: 320) == inside)
            #expect(image.pixel(x: 30, y: 220)?.alpha == 0 && image.pixel(x: 40, y: 213)?.alpha == 0)
            #expect(image.pixel(x: 609, y: 220)?.alpha == 0 && image.pixel(x: 40, y: 326)?.alpha == 0)
        }
        #expect(one.pixel(x: 40, y: 220) == two.pixel(x: 40, y: 220))
        let bare = try Self.renderer([Self.caption([CaptionRun("A")])]).render(at: Self.t1)
        #expect(bare.pixel(x: 40, y: 220)?.alpha == 0)
    }

    @Test func unchangedCaptionIsNeverRenderedAgain() throws {
        let a = Self.caption([CaptionRun("stays on screen")], from: 0, to: 10)
        let b = Self.caption([CaptionRun("comes and goes")], from: 2, to: 4, region: nil)
        let r = try Self.renderer([a, b])
        for tenth in 0..<100 {
            let t = MediaTime(value: Int64(tenth), timescale: 10)
            // Compositing a whole picture is slow in debug builds; every tenth call does it.
            if tenth % 10 == 0 { _ = try r.render(at: t) } else { _ = try r.layers(at: t) }
        }
        // Three scenes (a; a+b; a) and two captions: each caption laid out exactly once.
        #expect(r.statistics.captionsRendered == 2)
        #expect(r.statistics.sceneCacheHits == 97)
        // Adding a caption later keeps the layers of the ones that stay.
        r.captions.append(Self.caption([CaptionRun("new")], from: 20, to: 21))
        _ = try r.render(at: Self.t1)
        _ = try r.render(at: MediaTime(value: 20, timescale: 1))
        #expect(r.statistics.captionsRendered == 3)
    }

    @Test func sceneChangesFollowTheGrouperAndFlash() throws {
        let a = Self.caption([CaptionRun("a")], from: 1, to: 3)
        let b = Self.caption([CaptionRun("b", style: CaptionTextStyle(flash: true))], from: 2, to: 5)
        let r = try Self.renderer([a, b])
        let scenes = r.captionSceneChanges(in: TimeRange(start: .zero, end: MediaTime(value: 6, timescale: 1)))
        #expect(scenes.map(\.timeRange.start.seconds) == [0, 1, 2, 3, 5])
        #expect(scenes.map(\.hasActiveCaptions) == [false, true, true, true, false])
        #expect(scenes.map(\.needsPeriodicRefresh) == [false, false, true, true, false])
    }

    @Test func yuvFrameGetsTheSameCaptionsWithoutRGB() throws {
        let red = Self.caption(
            [CaptionRun("RED BOX", style: CaptionTextStyle(textColor: .white, backgroundColor: .red))],
            region: .cells(row: 14, column: 2, rows: 1, columns: 7))
        let r = try Self.renderer([red])
        var frame = try YUV420Frame(width: Self.size.width, height: Self.size.height)
        try r.render(at: Self.t1, into: &frame)
        let rgba = try r.render(at: Self.t1)
        // Find a pixel of the red box in the RGBA rendering and look at the same place in YUV.
        // 360 lines: BT.601, limited range. Pure red is Y' 81, Cb 90, Cr 240: the published
        // 100% colour-bar values, not re-derived from the formula under test.
        var checked = 0
        for y in stride(from: 0, to: Self.size.height, by: 2) {
            for x in stride(from: 0, to: Self.size.width, by: 2)
            where rgba.pixel(x: x, y: y) == .red
                && rgba.pixel(x: x + 1, y: y) == .red && rgba.pixel(x: x, y: y + 1) == .red
                && rgba.pixel(x: x + 1, y: y + 1) == .red
            {
                #expect(frame.y[y * frame.width + x] == 81)
                let c = (y / 2) * frame.chromaWidth + x / 2
                #expect(frame.u[c] == 90)
                #expect(frame.v[c] == 240)
                checked += 1
            }
        }
        #expect(checked > 50)
        // White text on the box: some luma at the top of the range.
        #expect(frame.y.contains { $0 >= 234 })
    }

    @Test(arguments: [
        // (R, G, B) → (Y', Cb, Cr), BT.601 limited range: published reference values.
        (CaptionColor.red, (81, 90, 240) as (Int, Int, Int)),
        (CaptionColor.white, (235, 128, 128)),
        (CaptionColor.black, (16, 128, 128)),
        (CaptionColor.green, (145, 54, 34)),
        (CaptionColor.blue, (41, 240, 110)),
    ])
    func bt601LimitedRangeComponentsMatchPublishedValues(colour: CaptionColor, expected: (Int, Int, Int)) throws {
        let frame = try YUV420Frame(width: 16, height: 16, matrix: .bt601, limitedRange: true)
        let c = frame.components(red: colour.red, green: colour.green, blue: colour.blue)
        #expect(Int(c.y) == expected.0 && Int(c.u) == expected.1 && Int(c.v) == expected.2, "\(c)")
    }

    @Test func bt709LimitedRangeWhiteAndBlackAreNominal() throws {
        let frame = try YUV420Frame(width: 16, height: 16, matrix: .bt709, limitedRange: true)
        #expect(frame.components(red: 255, green: 255, blue: 255) == (235, 128, 128))
        #expect(frame.components(red: 0, green: 0, blue: 0) == (16, 128, 128))
    }

    @Test func replacedBuffersOfTheWrongLengthAreAnErrorNotAWrite() throws {
        let r = try Self.renderer([Self.caption([CaptionRun("WRITE HERE")])])
        var image = try RGBAImage(width: Self.size.width, height: Self.size.height)
        image.pixels = []
        #expect(throws: RenderError.self) { try r.render(at: Self.t1, into: &image) }
        #expect(image.pixels.isEmpty)
        image.pixels = [UInt8](repeating: 0, count: 17)
        #expect(throws: RenderError.self) { try r.render(at: Self.t1, into: &image) }

        for plane in 0..<3 {
            var frame = try YUV420Frame(width: Self.size.width, height: Self.size.height)
            switch plane {
            case 0: frame.y = []
            case 1: frame.u = [1, 2, 3]
            default: frame.v.removeLast()
            }
            #expect(throws: RenderError.self) { try r.render(at: Self.t1, into: &frame) }
        }
    }

    @Test func pixelOutsideThePictureIsNilNotTheNextRow() throws {
        var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
        pixels[4 * 4] = 255  // (0, 1) is red; (4, 0) would read it if rows were not checked
        pixels[4 * 4 + 3] = 255
        let image = try RGBAImage(width: 4, height: 4, pixels: pixels)
        #expect(image.pixel(x: 0, y: 1) == CaptionColor(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(image.pixel(x: 4, y: 0) == nil)
        #expect(image.pixel(x: -1, y: 1) == nil)
        #expect(image.pixel(x: 0, y: 4) == nil)
        #expect(image.pixel(x: 3, y: 3) == .clear)
    }

    /// A provider with no faces at all, as a misconfigured system or a custom provider can be.
    struct NoFonts: FontProvider {
        func fallbackChain(for request: FontRequest) -> [FontChoice] { [] }
    }

    @Test func anEmptyFontChainReportsMissingGlyphsInsteadOfTrapping() throws {
        let captions = [
            Self.caption([CaptionRun("Hello\nworld", style: CaptionTextStyle(ruby: CaptionRuby(text: "ruby")))]),
            Self.caption(
                [CaptionRun("608", style: CaptionTextStyle(flash: true))], from: 0, to: 10,
                region: .cells(row: 14, column: 2, rows: 1, columns: 7)),
        ]
        let r = try CaptionRenderer(captions: captions, bounds: Self.size, fonts: NoFonts())
        var image = try RGBAImage(width: Self.size.width, height: Self.size.height)
        try r.render(at: Self.t1, into: &image)
        var frame = try YUV420Frame(width: Self.size.width, height: Self.size.height)
        try r.render(at: Self.t1, into: &frame)
        #expect(!r.diagnostics.isEmpty)
        #expect(r.diagnostics.allSatisfy { $0.ruleID == "render.missingGlyph" })
    }

    @Test func renderingOntoAPictureOfAnotherSizeIsAnError() throws {
        let r = try Self.renderer([Self.caption([CaptionRun("x")])])
        var image = try RGBAImage(width: 10, height: 10)
        #expect(throws: RenderError.invalidSize(width: 10, height: 10)) { try r.render(at: Self.t1, into: &image) }
        #expect(throws: RenderError.self) { try RGBAImage(width: 0, height: 10) }
    }

    @Test func oddInputsRenderWithoutTrapping() throws {
        let huge = CaptionRegion(
            origin: CaptionPoint(x: .pixels(1e300), y: .percent(-50)),
            size: CaptionSize(width: .cells(0), height: .percent(1e9)))
        let nan = CaptionRegion.cells(row: 99, column: -5, rows: 0, columns: 0)
        let vertical = CaptionRegion(
            origin: CaptionPoint(x: .percent(0), y: .percent(0)),
            size: CaptionSize(width: .percent(1), height: .percent(1)),
            writingMode: .topToBottomAndRightToLeft)
        let captions = [
            Self.caption([CaptionRun("")]),
            Self.caption([CaptionRun("\n\n\n")]),
            Self.caption([CaptionRun("big", style: CaptionTextStyle(fontSize: .pixels(1e12)))]),
            Self.caption([CaptionRun("tiny", style: CaptionTextStyle(fontSize: .percent(-3)))]),
            Self.caption([CaptionRun("far away")], region: huge),
            Self.caption([CaptionRun("off the grid")], region: nan),
            Self.caption(
                [CaptionRun("縦 text 12", style: CaptionTextStyle(ruby: CaptionRuby(text: ""), textCombine: true))],
                region: vertical),
            Self.caption([CaptionRun("combine in horizontal text", style: CaptionTextStyle(textCombine: true))]),
            Self.caption([CaptionRun("\u{200F}\u{202E}mixed\u{0301}\u{FE0F}\u{0000}\t marks")]),
        ]
        let r = try Self.renderer(captions)
        var frame = try YUV420Frame(width: 641, height: 361)  // odd sizes: chroma rounds up
        let odd = try CaptionRenderer(
            captions: captions, bounds: RenderSize(width: 641, height: 361), fonts: try TestFonts.catalog())
        try odd.render(at: Self.t1, into: &frame)
        _ = try r.render(at: Self.t1)
        #expect(r.statistics.captionsRendered == captions.count)
    }
}
