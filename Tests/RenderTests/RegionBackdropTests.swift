import CaptionCore
import Render
import TestSupport
import Testing

/// Regions shown whether or not a caption is in them (TTML1 §8.2.17 `tts:showBackground`
/// always; ``CaptionDocument/regionBackdrops``), given to the renderer with the document's
/// options (``CaptionRenderOptions/adopting(_:)``).
///
/// The picture is 320 × 180; the region is 20 % × 10 % at 10 %, 80 %: columns 32..<96 (64 wide)
/// and rows 144..<162 (18 tall), 1,152 pixels. The backdrop is shown from 1 s to 3 s.
@Suite struct RegionBackdropTests {
    static let size = RenderSize(width: 320, height: 180)
    static let columns = 32..<96, rows = 144..<162
    static func seconds(_ s: Int64) -> MediaTime { MediaTime(value: s, timescale: 1) }
    static let shown = TimeRange(start: seconds(1), end: seconds(3))

    static func region(
        _ id: String? = "r1", background: CaptionColor? = .red, opacity: Double? = nil, x: Double = 10
    ) -> CaptionRegion {
        CaptionRegion(
            identifier: id, origin: CaptionPoint(x: .percent(x), y: .percent(80)),
            size: CaptionSize(width: .percent(20), height: .percent(10)), displayAlignment: .before,
            background: background, opacity: opacity)
    }

    static func caption(in region: CaptionRegion, from start: Int64 = 0, to end: Int64 = 10) -> Caption {
        Caption(
            runs: [CaptionRun("Hi", style: CaptionTextStyle(textColor: .white))],
            timeRange: TimeRange(start: seconds(start), end: seconds(end)), region: region, textAlignment: .left)
    }

    static func renderer(_ captions: [Caption], backdrops: [CaptionRegionBackdrop]) throws -> CaptionRenderer {
        let document = CaptionDocument(captions: captions, regionBackdrops: backdrops)
        return try CaptionRenderer(
            captions: captions, bounds: size, fonts: try TestFonts.catalog(),
            options: CaptionRenderOptions(outlineWidth: 0).adopting(document))
    }

    /// The pixels with any alpha, and whether every one of them is in the region.
    static func painted(_ image: RGBAImage) -> (count: Int, allInside: Bool) {
        var count = 0, inside = true
        for y in 0..<image.height {
            for x in 0..<image.width where (image.pixel(x: x, y: y)?.alpha ?? 0) > 0 {
                count += 1
                if !(columns.contains(x) && rows.contains(y)) { inside = false }
            }
        }
        return (count, inside)
    }

    @Test func adoptingADocumentTakesItsBackdrops() {
        let backdrops = [CaptionRegionBackdrop(region: Self.region(), timeRange: Self.shown)]
        let options = CaptionRenderOptions().adopting(CaptionDocument(regionBackdrops: backdrops))
        #expect(options.regionBackdrops == backdrops)
    }

    /// With no caption at all, inside its time range: every pixel of the region is opaque red
    /// (64 × 18 = 1,152), none outside it is touched.
    @Test func anEmptyRegionIsFilledWithNoCaption() throws {
        let r = try Self.renderer([], backdrops: [CaptionRegionBackdrop(region: Self.region(), timeRange: Self.shown)])
        let image = try r.render(at: Self.seconds(2))
        #expect(image.pixel(x: 32, y: 144) == .red && image.pixel(x: 95, y: 161) == .red)
        #expect(image.pixel(x: 31, y: 150)?.alpha == 0 && image.pixel(x: 96, y: 150)?.alpha == 0)
        #expect(image.pixel(x: 60, y: 143)?.alpha == 0 && image.pixel(x: 60, y: 162)?.alpha == 0)
        let painted = Self.painted(image)
        #expect(painted.count == 64 * 18 && painted.allInside, "\(painted)")
    }

    /// Before 1 s, at 3 s (the range is half-open) and after it, nothing is drawn.
    @Test(arguments: [0, 3, 5] as [Int64])
    func nothingIsDrawnOutsideItsTimeRange(second: Int64) throws {
        let r = try Self.renderer([], backdrops: [CaptionRegionBackdrop(region: Self.region(), timeRange: Self.shown)])
        #expect(Self.painted(try r.render(at: Self.seconds(second))).count == 0)
    }

    /// A region without an end (TTML1: shown to the end of the document) is drawn at any later time.
    @Test func aRegionWithoutAnEndStaysShown() throws {
        let open = TimeRange(start: Self.seconds(1), duration: .positiveInfinity)
        let r = try Self.renderer([], backdrops: [CaptionRegionBackdrop(region: Self.region(), timeRange: open)])
        #expect(Self.painted(try r.render(at: Self.seconds(10_000))).count == 64 * 18)
    }

    /// At 50 % opacity the region's red has alpha 127.5 ± 1 whether a caption is in it or not
    /// (painted once: twice would give 1 − 0.5² = 75 %, alpha 191); the caption's region is
    /// matched by its identifier, or by its origin and size when neither has one. Column 94 of
    /// row 160 is far right of the caption's "Hi".
    @Test(arguments: [(Optional("r1"), Optional("r1")), (nil, nil), ("r1", nil)] as [(String?, String?)])
    func aRegionWithItsCaptionIsPaintedOnce(backdropID: String?, captionID: String?) throws {
        let backdrop = CaptionRegionBackdrop(region: Self.region(backdropID, opacity: 0.5), timeRange: Self.shown)
        let caption = Self.caption(in: Self.region(captionID, opacity: 0.5), from: 2, to: 10)
        let r = try Self.renderer([caption], backdrops: [backdrop])
        for second: Int64 in [1, 2] {
            let pixel = try #require(try r.render(at: Self.seconds(second)).pixel(x: 94, y: 160))
            #expect(pixel.red == 255 && pixel.green == 0 && pixel.blue == 0, "at \(second) s: \(pixel)")
            #expect(abs(Double(pixel.alpha) - 127.5) <= 1, "at \(second) s: \(pixel)")
        }
        // The caption's text is drawn at 2 s: white over the fill in its region.
        let text = try r.render(at: Self.seconds(2))
        #expect((32..<96).contains { x in (144..<162).contains { (text.pixel(x: x, y: $0)?.green ?? 0) > 100 } })
    }

    /// A caption in another region (another identifier, elsewhere) does not hide the backdrop,
    /// and is drawn over it: its blue region at 15 %–35 % across (columns 48..<112) covers the
    /// red from column 48 on.
    @Test func backdropsAreBelowTheCaptionsOfOtherRegions() throws {
        let other = Self.caption(in: Self.region("r2", background: .blue, x: 15))
        let r = try Self.renderer(
            [other], backdrops: [CaptionRegionBackdrop(region: Self.region(), timeRange: Self.shown)])
        let image = try r.render(at: Self.seconds(2))
        #expect(image.pixel(x: 40, y: 150) == .red)
        #expect(image.pixel(x: 50, y: 161) == .blue)
    }

    /// Backdrops are painted in the document's order: where the second overlaps the first, it is on top.
    @Test func laterBackdropsArePaintedOverEarlierOnes() throws {
        let r = try Self.renderer(
            [],
            backdrops: [
                CaptionRegionBackdrop(region: Self.region("a"), timeRange: Self.shown),
                CaptionRegionBackdrop(region: Self.region("b", background: .blue, x: 15), timeRange: Self.shown),
            ])
        let image = try r.render(at: Self.seconds(2))
        #expect(image.pixel(x: 40, y: 150) == .red && image.pixel(x: 60, y: 150) == .blue)
    }

    /// A region's border is drawn round it as a CEA-708 window's (uniform: a band all round), in
    /// the iTT look as wide as the 708 look's edge for a 1-cell pen: 1/16 of a cell (180 / 15 =
    /// 12 px), 0.75, one pixel at least: column 31 and row 143 are black, column 30 untouched.
    @Test func aRegionsBorderIsDrawnRoundIt() throws {
        var region = Self.region()
        region.border = CaptionEdge(.uniform, color: .black)
        let r = try Self.renderer([], backdrops: [CaptionRegionBackdrop(region: region, timeRange: Self.shown)])
        let image = try r.render(at: Self.seconds(2))
        #expect(image.pixel(x: 31, y: 150) == .black && image.pixel(x: 96, y: 150) == .black)
        #expect(image.pixel(x: 31, y: 143) == .black && image.pixel(x: 60, y: 162) == .black)
        #expect(image.pixel(x: 30, y: 150)?.alpha == 0 && image.pixel(x: 60, y: 141)?.alpha == 0)
        #expect(image.pixel(x: 32, y: 144) == .red)
    }

    /// In the CEA-708 look the region is the window it would be with a caption in it: a region
    /// in percent is where it says, filled as the window is.
    @Test func the708LookDrawsTheEmptyWindow() throws {
        let document = CaptionDocument(
            regionBackdrops: [CaptionRegionBackdrop(region: Self.region(), timeRange: Self.shown)])
        let r = try CaptionRenderer(
            bounds: Self.size, fonts: try TestFonts.catalog(),
            options: CaptionRenderOptions(look: .cea708).adopting(document))
        let painted = Self.painted(try r.render(at: Self.seconds(2)))
        #expect(painted.count == 64 * 18 && painted.allInside, "\(painted)")
    }

    /// Burning into a video frame takes the same path: limited-range BT.601 (180 lines) pure red
    /// is Y' 81, Cb 90, Cr 240 (the published colour-bar values).
    @Test func aVideoFrameGetsTheBackdrop() throws {
        let r = try Self.renderer([], backdrops: [CaptionRegionBackdrop(region: Self.region(), timeRange: Self.shown)])
        var frame = try YUV420Frame(width: Self.size.width, height: Self.size.height)
        try r.render(at: Self.seconds(2), into: &frame)
        #expect(frame.y[150 * frame.width + 40] == 81)
        #expect(frame.u[75 * frame.chromaWidth + 20] == 90 && frame.v[75 * frame.chromaWidth + 20] == 240)
        #expect(frame.y[150 * frame.width + 100] == 16, "black outside the region")
    }

    /// The scenes change where a backdrop starts and ends (1 s, 3 s) as well as where the caption
    /// does (2 s, 4 s); only spans with the caption on screen have active captions.
    @Test func scenesChangeWhereABackdropStartsAndEnds() throws {
        let r = try Self.renderer(
            [Self.caption(in: Self.region("r2", x: 60), from: 2, to: 4)],
            backdrops: [CaptionRegionBackdrop(region: Self.region(), timeRange: Self.shown)])
        let scenes = r.captionSceneChanges(in: TimeRange(start: .zero, end: Self.seconds(5)))
        #expect(scenes.map(\.timeRange.start.seconds) == [0, 1, 2, 3, 4])
        #expect(scenes.map(\.hasActiveCaptions) == [false, false, true, true, false])
    }
}
