import CaptionCore
import Render
import Testing

/// The CEA-708 look (Specs/cea708-look.md): chosen for documents read from 708, pen sizes, the
/// viewer's size and edge, and justification in the window. Expected values come from the
/// pictures (ink found by colour) and from CTA-708-E's screen (the safe-title area), never from
/// the look's own geometry.
@Suite struct CEA708LookTests {
    static let t1 = MediaTime(value: 1, timescale: 1)
    static let size = RenderSize(width: 640, height: 360)

    static func render(_ captions: [Caption], options: CaptionRenderOptions) throws -> RGBAImage {
        var options = options
        options.look = .cea708
        let renderer = try CaptionRenderer(
            captions: captions, bounds: size, fonts: try TestFonts.catalog(), options: options)
        return try renderer.render(at: t1)
    }

    static func caption(_ runs: [CaptionRun], region: CaptionRegion?, alignment: CaptionTextAlignment? = nil) -> Caption
    {
        Caption(
            runs: runs, timeRange: TimeRange(start: .zero, end: MediaTime(value: 10, timescale: 1)), region: region,
            textAlignment: alignment)
    }

    /// A region in percent, as the 708 reader gives a window off the 608 grid.
    static let window = CaptionRegion(
        origin: CaptionPoint(x: .percent(10), y: .percent(40)),
        size: CaptionSize(width: .percent(60), height: .percent(16)))

    @Test func aDocumentReadFrom708AsksForThe708Look() {
        let marked = CaptionDocument(metadata: [CaptionDocument.cea708ScreenKey: "16:9"])
        #expect(CaptionRenderOptions().adopting(marked).look == .cea708)
        #expect(CaptionRenderOptions().adopting(CaptionDocument()).look == .automatic)
        #expect(CaptionRenderOptions(look: .timedText).adopting(marked).look == .timedText)
    }

    /// Small, standard and large pens (the model's 80 %, nil, 120 %) on three rows: the ink of
    /// "H" grows with the pen; the viewer's size makes them one size.
    @Test func penSizesAndTheViewersSize() throws {
        let colours: [CaptionColor] = [.red, .green, .yellow]
        let sizes: [CaptionDimension?] = [.percent(80), nil, .percent(120)]
        let runs = zip(colours, sizes).enumerated().map { index, pair in
            CaptionRun((index > 0 ? "\n" : "") + "HHHH", style: CaptionTextStyle(textColor: pair.0, fontSize: pair.1))
        }
        let caption = Self.caption(runs, region: Self.window)
        let image = try Self.render([caption], options: CaptionRenderOptions())
        let heights = try colours.map { try #require(InkBand(of: $0, in: image), "no \($0)").height }
        #expect(heights[0] < heights[1] && heights[1] < heights[2], "\(heights)")
        // The standard pen's capital is about 0.73 em of a row (safe-title height / 15 = 19.2 px).
        #expect((10...16).contains(heights[1]), "\(heights)")
        let viewer = try Self.render([caption], options: CaptionRenderOptions(fontSizeInCells: 1))
        let same = try colours.map { try #require(InkBand(of: $0, in: viewer)).height }
        #expect(Set(same).count == 1, "\(same)")
    }

    /// The viewer's edges: a right drop shadow puts edge-coloured ink right of and below the
    /// text, a left one left of and below it, uniform all round; none draws no edge ink.
    @Test func viewerEdges() throws {
        let caption = Self.caption(
            [CaptionRun("EDGE", style: CaptionTextStyle(backgroundColor: .clear))], region: Self.window)
        let blue = CaptionColor(red: 0, green: 0, blue: 255)
        func edgeInk(_ edge: CharacterEdge) throws -> (InkBand?, InkBand) {
            let image = try Self.render([caption], options: CaptionRenderOptions(edge: edge, edgeColor: blue))
            return (InkBand(of: blue, in: image), try #require(InkBand(of: .white, in: image)))
        }
        #expect(try edgeInk(.none).0 == nil)
        let (right, text) = try edgeInk(.rightDropShadow)
        let r = try #require(right)
        #expect(r.maxX > text.maxX && r.maxY > text.maxY && r.minX > text.minX, "\(r) \(text)")
        let (left, text2) = try edgeInk(.leftDropShadow)
        let l = try #require(left)
        #expect(l.minX < text2.minX && l.maxY > text2.maxY, "\(l) \(text2)")
        let (uniform, text3) = try edgeInk(.uniform)
        let u = try #require(uniform)
        #expect(u.minX < text3.minX && u.maxX > text3.maxX && u.minY < text3.minY && u.maxY > text3.maxY)
    }

    /// The caption's own edge (a 708 pen's edge type and colour) is drawn without a viewer's
    /// choice; the viewer's choice replaces it (47 CFR 79.102).
    @Test func theCaptionsOwnEdge() throws {
        let blue = CaptionColor(red: 0, green: 0, blue: 255)
        let caption = Self.caption(
            [
                CaptionRun(
                    "EDGE",
                    style: CaptionTextStyle(backgroundColor: .clear, edge: CaptionEdge(.rightDropShadow, color: blue)))
            ],
            region: Self.window)
        let own = try Self.render([caption], options: CaptionRenderOptions())
        let shadow = try #require(InkBand(of: blue, in: own))
        let text = try #require(InkBand(of: .white, in: own))
        #expect(shadow.maxX > text.maxX && shadow.maxY > text.maxY && shadow.minX > text.minX, "\(shadow) \(text)")
        let viewer = try Self.render([caption], options: CaptionRenderOptions(edge: CharacterEdge.none))
        #expect(InkBand(of: blue, in: viewer) == nil)
    }

    /// A window fill covers the region (10 %–70 % across, 40 %–56 % down of 640 × 360, from the
    /// region's own figures) behind the text, and a uniform border lies just outside it.
    @Test func windowFillAndBorder() throws {
        var region = Self.window
        region.background = .green
        region.border = CaptionEdge(.uniform, color: .red)
        let caption = Self.caption([CaptionRun("HI", style: CaptionTextStyle(backgroundColor: .clear))], region: region)
        let image = try Self.render([caption], options: CaptionRenderOptions())
        let fill = try #require(InkBand(of: .green, in: image))
        #expect(abs(fill.minX - 64) <= 1 && abs(fill.maxX + 1 - 448) <= 1, "\(fill)")
        #expect(abs(fill.minY - 144) <= 1 && abs(Double(fill.maxY + 1) - 201.6) <= 1, "\(fill)")
        let border = try #require(InkBand(of: .red, in: image))
        #expect(
            border.minX < fill.minX && border.maxX > fill.maxX && border.minY < fill.minY && border.maxY > fill.maxY)
        #expect(border.minX >= fill.minX - 3 && border.maxY <= fill.maxY + 3, "\(border) \(fill)")
        #expect(try #require(InkBand(of: .white, in: image)).minX > fill.minX)
        let bare = try Self.render([Self.caption(caption.runs, region: Self.window)], options: CaptionRenderOptions())
        #expect(InkBand(of: .green, in: bare) == nil && InkBand(of: .red, in: bare) == nil)
    }

    /// A window on the 608 grid (cells) is placed by its 708 anchor: row 0 at the top of the
    /// safe-title area (10 % down), and the 4:3 area's first column at grid column 25 of 209
    /// across the safe-title area (§8.4.4), on a 16:9 picture.
    @Test func aWindowOnThe608GridSitsAtIts708Anchor() throws {
        let caption = Self.caption(
            [CaptionRun("X", style: CaptionTextStyle(textColor: .red))],
            region: .cells(row: 0, column: 0, rows: 1, columns: 1))
        let image = try Self.render([caption], options: CaptionRenderOptions())
        let ink = try #require(InkBand(of: .red, in: image))
        let left = 0.1 * 640 + 0.8 * 640 * 25 / 209
        #expect(abs(Double(ink.minX) - left) < 4, "\(ink) vs \(left)")
        #expect(ink.minY >= 36 && ink.minY < 36 + 10, "\(ink)")
    }

    /// Centred and right-justified windows put their lines' centres and ends where the window's
    /// are (the region is the window).
    @Test func justification() throws {
        let region = CaptionRegion(
            origin: CaptionPoint(x: .percent(20), y: .percent(40)),
            size: CaptionSize(width: .percent(60), height: .percent(6)))
        let run = CaptionRun("MIDDLE", style: CaptionTextStyle(textColor: .red))
        let centred = try Self.render([Self.caption([run], region: region, alignment: .center)], options: .init())
        let c = try #require(InkBand(of: .red, in: centred))
        #expect(abs(c.centreX - 0.5 * 640) < 4, "\(c)")
        let right = try Self.render([Self.caption([run], region: region, alignment: .right)], options: .init())
        let r = try #require(InkBand(of: .red, in: right))
        #expect(abs(Double(r.maxX) - 0.8 * 640) < 6, "\(r)")
        let left = try Self.render([Self.caption([run], region: region)], options: .init())
        let l = try #require(InkBand(of: .red, in: left))
        #expect(abs(Double(l.minX) - 0.2 * 640) < 6, "\(l)")
    }
}
