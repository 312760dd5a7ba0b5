import CaptionCore
import Render
import TestSupport
import Testing

/// A run's own drop shadows (TTML2 §10.2.43 `tts:textShadow`, ``CaptionTextStyle/shadows``):
/// copies of its glyphs behind them, moved, coloured and blurred as each says, the first on top.
/// The pictures are 640 × 360 on the default 32 × 15 cell grid: a cell is 20 px across and 24 px
/// down, and a root-container pixel (no root extent) is 360 / 1080 of a picture pixel.
@Suite struct TextShadowTests {
    typealias P = TTMLStylingPictures
    static let area = P.region(x: 5, y: 10, width: 90, height: 80)

    /// White "HH" at 3 cells (72 px) with `shadows`.
    static func picture(
        _ shadows: [CaptionShadow], text: String = "HH", color: CaptionColor = .white, fontSize: Double = 3,
        style change: (inout CaptionTextStyle) -> Void = { _ in }
    ) throws -> RGBAImage {
        var style = CaptionTextStyle(textColor: color, fontSize: .cells(fontSize), shadows: shadows)
        change(&style)
        return try P.render([P.caption([CaptionRun(text, style: style)], in: area)])
    }

    static func alpha(_ image: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(image.pixel(x: x, y: y)?.alpha ?? 0) }

    /// The pixels where a shadow `dx`, `dy` away shows whole: the text fully covers the place the
    /// shadow came from and leaves the pixel itself empty.
    static func shadowOnly(_ plain: RGBAImage, dx: Int, dy: Int) -> [(x: Int, y: Int)] {
        var result: [(x: Int, y: Int)] = []
        for y in 0..<plain.height {
            for x in 0..<plain.width where alpha(plain, x, y) == 0 && alpha(plain, x - dx, y - dy) == 255 {
                result.append((x, y))
            }
        }
        return result
    }

    static let red = CaptionColor.red

    /// Half a cell each way is 10 px across (640 / 32 / 2) and 12 px down (360 / 15 / 2). The
    /// shadowed picture is the plain one with the text's coverage, moved by exactly that, in red
    /// behind it: red wherever the moved text covers a pixel the text leaves empty, the text's own
    /// pixels unchanged, and no ink anywhere neither covers.
    @Test func aSharpShadowIsTheTextMovedByItsOffset() throws {
        let plain = try Self.picture([])
        let shadowed = try Self.picture([CaptionShadow(offsetX: .cells(0.5), offsetY: .cells(0.5), color: Self.red)])
        var red = 0
        var wrong: [String] = []
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                let text = Self.alpha(plain, x, y), moved = Self.alpha(plain, x - 10, y - 12)
                let got = shadowed.pixel(x: x, y: y)
                if text == 255 {
                    if got != plain.pixel(x: x, y: y) { wrong.append("text at \(x),\(y): \(String(describing: got))") }
                } else if text == 0 && moved == 255 {
                    if got == Self.red {
                        red += 1
                    } else {
                        wrong.append("shadow at \(x),\(y): \(String(describing: got))")
                    }
                } else if text == 0 && moved == 0 && got?.alpha != 0 {
                    wrong.append("ink at \(x),\(y) outside the text and its shadow: \(String(describing: got))")
                }
            }
        }
        #expect(red > 500, "\(red) whole red shadow pixels")
        #expect(wrong.count == 0, "\(wrong.count) pixels wrong, such as \(wrong.prefix(3))")
    }

    /// Two shadows, red 10 px right and 12 px down, green 20 px right and 24 px down: where both
    /// cover a pixel the first (red) shows, and the green shows only where the red does not reach.
    @Test func theFirstShadowIsOnTop() throws {
        let plain = try Self.picture([])
        let image = try Self.picture([
            CaptionShadow(offsetX: .cells(0.5), offsetY: .cells(0.5), color: Self.red),
            CaptionShadow(offsetX: .cells(1), offsetY: .cells(1), color: .green),
        ])
        var both = 0, greenOnly = 0
        var wrong: [String] = []
        for (x, y) in Self.shadowOnly(plain, dx: 20, dy: 24) {
            let got = image.pixel(x: x, y: y)
            switch Self.alpha(plain, x - 10, y - 12) {
            case 255:
                both += 1
                if got != Self.red { wrong.append("\(x),\(y) under both: \(String(describing: got))") }
            case 0:
                greenOnly += 1
                if got != .green { wrong.append("\(x),\(y) under the green only: \(String(describing: got))") }
            default: continue
            }
        }
        #expect(both > 100 && greenOnly > 100, "\(both) pixels under both, \(greenOnly) under the green only")
        #expect(wrong.count == 0, "\(wrong.count) pixels wrong, such as \(wrong.prefix(3))")
    }

    /// A shadow without a colour takes the text's (amber here); a colour's alpha applies: a red
    /// of alpha 128 over the transparent picture leaves red of alpha 128.
    @Test func aShadowsColourIsItsOwnOrElseTheTexts() throws {
        let amber = CaptionColor(red: 255, green: 200, blue: 0)
        let plain = try Self.picture([], color: amber)
        let offset = CaptionShadow(offsetX: .cells(0.5), offsetY: .cells(0.5))
        var translucent = offset
        translucent.color = CaptionColor(red: 255, green: 0, blue: 0, alpha: 128)
        let uncoloured = try Self.picture([offset], color: amber)
        let faint = try Self.picture([translucent], color: amber)
        let places = Self.shadowOnly(plain, dx: 10, dy: 12)
        #expect(places.count > 500)
        let notAmber = places.filter { uncoloured.pixel(x: $0.x, y: $0.y) != amber }
        let notFaint = places.filter {
            faint.pixel(x: $0.x, y: $0.y) != CaptionColor(red: 255, green: 0, blue: 0, alpha: 128)
        }
        #expect(notAmber.count == 0, "\(notAmber.count) shadow pixels not amber, such as \(notAmber.prefix(3))")
        #expect(
            notFaint.count == 0,
            "\(notFaint.count) shadow pixels not half-transparent red, such as \(notFaint.prefix(3))")
    }

    /// The shadow's far edges are its offset beyond the text's: 25 % across and 50 % down of a
    /// 72 px font are 18 and 36 px, of a 36 px font 9 and 18 px (percentages are of the run's font
    /// size, as an outline's thickness); 0.1 cell across is 2 px (a cell is 20 px wide) and 30
    /// root-container pixels down are 10 px (30 × 360 / 1080).
    @Test(
        arguments: [
            (3.0, CaptionDimension.percent(25), CaptionDimension.percent(50), 18, 36),
            (1.5, .percent(25), .percent(50), 9, 18),
            (3, .cells(0.1), .pixels(30), 2, 10),
        ] as [(Double, CaptionDimension, CaptionDimension, Int, Int)])
    func offsetsAreMeasuredAsTheSpecSays(fontSize: Double, x: CaptionDimension, y: CaptionDimension, dx: Int, dy: Int)
        throws
    {
        let text = try #require(P.ink(try Self.picture([], fontSize: fontSize)))
        let image = try Self.picture([CaptionShadow(offsetX: x, offsetY: y, color: Self.red)], fontSize: fontSize)
        let shadow = try #require(P.ink(image) { $0.alpha > 0 && $0.red > 200 && $0.green < 50 }, "a red shadow")
        #expect(shadow.maxX - text.maxX == dx, "across: text \(text), shadow \(shadow)")
        #expect(shadow.maxY - text.maxY == dy, "down: text \(text), shadow \(shadow)")
    }

    /// A shadow 4 cells (96 px) below 72 px text, clear of it, blurred over 24 root-container
    /// pixels: a radius of 8 px, a Gaussian of standard deviation 4 px (CSS's half the radius). It
    /// spreads past the sharp shadow's edges by about the radius (the Gaussian reaches about 3
    /// deviations, 12 px; between half the radius and twice it here) and keeps its ink: the sum
    /// of its coverage is the sharp shadow's within 5 %.
    @Test func aBlurredShadowSpreadsByAboutItsRadiusAndKeepsItsInk() throws {
        func shadow(blur: CaptionDimension?) throws -> (box: InkBox, ink: Int) {
            let image = try Self.picture([
                CaptionShadow(offsetX: .cells(0), offsetY: .cells(4), blur: blur, color: Self.red)
            ])
            var ink = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    if let p = image.pixel(x: x, y: y), p.red == 255, p.green == 0 { ink += Int(p.alpha) }
                }
            }
            return (try #require(P.ink(image) { $0.alpha > 0 && $0.red == 255 && $0.green == 0 }), ink)
        }
        let sharp = try shadow(blur: nil), blurred = try shadow(blur: .pixels(24))
        let spread = [
            sharp.box.minX - blurred.box.minX, blurred.box.maxX - sharp.box.maxX,
            sharp.box.minY - blurred.box.minY, blurred.box.maxY - sharp.box.maxY,
        ]
        #expect(spread.allSatisfy { (4...16).contains($0) }, "sharp \(sharp.box), blurred \(blurred.box)")
        let ratio = Double(blurred.ink) / Double(sharp.ink)
        #expect(abs(ratio - 1) < 0.05, "ink \(blurred.ink) blurred, \(sharp.ink) sharp")
    }

    /// A blur of 1000 cells (24,000 px) is kept to one em, 72 px: its layers (the underline's
    /// shadow's too) are those of a blur of 100 %, each a glyph or the rule with less than three
    /// ems of blur round it.
    @Test func aHugeBlurIsKeptToAnEm() throws {
        func layers(_ blur: CaptionDimension) throws -> [CaptionImage] {
            var style = CaptionTextStyle(textColor: .white, underline: true, fontSize: .cells(3))
            style.shadows = [CaptionShadow(offsetX: .cells(0), offsetY: .cells(0), blur: blur, color: Self.red)]
            let caption = P.caption([CaptionRun("HH", style: style)], in: Self.area)
            return try CaptionRenderer(
                captions: [caption], bounds: P.size, fonts: try TestFonts.catalog(),
                options: CaptionRenderOptions(outlineWidth: 0)
            ).layers(at: P.t1)
        }
        let huge = try layers(.cells(1000)), em = try layers(.percent(100))
        let boxes = { (layers: [CaptionImage]) in layers.map { "\($0.x),\($0.y) \($0.width)×\($0.height)" } }
        let alike = huge == em
        #expect(alike, "\(boxes(huge)) against \(boxes(em))")
        let shadows = huge.filter { $0.color == Self.red }
        #expect(shadows.count == 3, "two glyphs and the underline")
        #expect(shadows.allSatisfy { $0.width < 2 * 72 + 3 * 72 && $0.height < 72 + 3 * 72 }, "\(shadows.map(\.width))")
    }

    /// A run's yellow background is painted under its red shadow: every pixel the shadow alone
    /// covers whole is red with the background too, and the background shows beside them.
    @Test func theBackgroundIsUnderTheShadow() throws {
        let shadow = CaptionShadow(offsetX: .cells(0.5), offsetY: .cells(0.5), color: Self.red)
        let places = Self.shadowOnly(try Self.picture([]), dx: 10, dy: 12)
        let image = try Self.picture([shadow]) { $0.backgroundColor = .yellow }
        let hidden = places.filter { image.pixel(x: $0.x, y: $0.y) != Self.red }
        #expect(places.count > 500)
        #expect(hidden.count == 0, "\(hidden.count) shadow pixels not red, such as \(hidden.prefix(3))")
        #expect(P.ink(image) { $0 == .yellow } != nil, "the background shows")
    }

    /// An underline and a line through are shadowed with their text: the rules' rows, 12 px (half
    /// a cell) further down, are red across the rules' whole length, where the letters' own
    /// shadows leave gaps.
    @Test(arguments: [false, true])
    func decorationsAreShadowed(lineThrough: Bool) throws {
        func picture(_ shadows: [CaptionShadow]) throws -> RGBAImage {
            try Self.picture(shadows, text: "x x x") {
                $0.underline = !lineThrough
                $0.lineThrough = lineThrough
            }
        }
        let plain = try picture([])
        let image = try picture([CaptionShadow(offsetX: .cells(0), offsetY: .cells(0.5), color: Self.red)])
        let bare = try Self.picture([], text: "x x x")
        let letters = try #require(P.ink(bare))
        // The rule's rows: those where a column between the first two letters has ink.
        let gap = (letters.minX...letters.maxX).first { x in
            x > letters.minX + 20 && (0..<bare.height).allSatisfy { Self.alpha(bare, x, $0) == 0 }
        }
        let column = try #require(gap, "a column between the letters")
        let rows = (0..<plain.height).filter { Self.alpha(plain, column, $0) == 255 }
        try #require(!rows.isEmpty, "the rule crosses column \(column)")
        for y in rows {
            let unshadowed = (letters.minX...letters.maxX).filter { x in
                Self.alpha(plain, x, y + 12) == 0 && image.pixel(x: x, y: y + 12) != Self.red
            }
            #expect(unshadowed.count == 0, "row \(y + 12): \(unshadowed.count) columns not red")
        }
    }
}
