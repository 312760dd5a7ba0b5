import CaptionCore
import Render
import TestSupport
import Testing

/// Where a region's text goes: inside its padding (TTML1 §8.2.16), its lines a caption's line
/// height apart (§8.2.12), on one line when it does not wrap (§8.2.23).
@Suite struct RegionTextLayoutTests {
    typealias P = TTMLStylingPictures
    /// 10 %–90 % of 640 × 360: x 64…576 (512 wide), y 36…324 (288 tall).
    static let area = P.region(x: 10, y: 10, width: 80, height: 80)
    static let red = CaptionTextStyle(textColor: .red, fontSize: .cells(1))

    static func inkOf(_ padding: CaptionPadding?, alignment: CaptionTextAlignment = .left) throws -> InkBox {
        var region = area
        region.padding = padding
        region.background = .blue
        let image = try P.render([P.caption([CaptionRun("Hg", style: red)], in: region, alignment: alignment)])
        // The fill still covers the region's whole area, padding included: its corner pixel.
        #expect(image.pixel(x: 65, y: 37) == .blue, "fill at the region's top-left corner")
        return try #require(P.ink(image) { $0.red > 128 && $0.blue < 128 }, "the text is drawn")
    }

    static let zero = CaptionDimension.pixels(0)

    /// Padding moves the text by its length in picture pixels: 25 % of the region's 288 rows is
    /// 72 px down and 10 % of its 512 columns 51.2 px across; a cell is 640 / 32 = 20 px across
    /// and 360 / 15 = 24 px down; 30 px are 30 picture pixels (no root extent given).
    @Test(arguments: [
        (CaptionPadding(top: .percent(25), right: zero, bottom: zero, left: .percent(10)), 51.2, 72.0),
        (CaptionPadding(all: .cells(1)), 20, 24),
        (CaptionPadding(top: .pixels(30), right: zero, bottom: zero, left: .pixels(30)), 30, 30),
    ])
    func paddingMovesTheTextInsideTheRegion(padding: CaptionPadding, dx: Double, dy: Double) throws {
        let bare = try Self.inkOf(nil), padded = try Self.inkOf(padding)
        #expect(abs(Double(padded.minX - bare.minX) - dx) <= 1, "across: \(bare) → \(padded)")
        #expect(abs(Double(padded.minY - bare.minY) - dy) <= 1, "down: \(bare) → \(padded)")
    }

    /// Right-aligned text ends at the padding's inner edge: 10 % of 512 = 51.2 px left of the
    /// region's right edge.
    @Test func rightAlignedTextEndsInsideTheRightPadding() throws {
        let padding = CaptionPadding(top: Self.zero, right: .percent(10), bottom: Self.zero, left: Self.zero)
        let bare = try Self.inkOf(nil, alignment: .right), padded = try Self.inkOf(padding, alignment: .right)
        #expect(abs(Double(bare.maxX - padded.maxX) - 51.2) <= 1, "\(bare) → \(padded)")
    }

    /// Two lines of "H" at 24 px (one cell): their ink bands start a line height apart. 2.5
    /// cells of 24 px and 180 px of a 1080-row root container on 360 rows are 60 px; a percentage
    /// is of the initial font size, as a run's percentage size is (the reader has taken the
    /// paragraph's own size into it), here the iTT look's 0.8 cell, 19.2 px: 250 % is 48 px, not
    /// 250 % of the run's 24 px; without one, IMSC's normal 125 % of the 24 px text gives 30 px.
    @Test(
        arguments: [
            (CaptionDimension.percent(250), 48.0), (.cells(2.5), 60), (.pixels(180), 60), (nil, 30),
        ] as [(CaptionDimension?, Double)])
    func linesAreALineHeightApart(lineHeight: CaptionDimension?, expected: Double) throws {
        var caption = P.caption([CaptionRun("H\nH", style: Self.red)], in: Self.area)
        caption.lineHeight = lineHeight
        let bands = P.rowBands(try P.render([caption]))
        try #require(bands.count == 2, "two lines of ink: \(bands)")
        #expect(abs(Double(bands[1].lowerBound - bands[0].lowerBound) - expected) <= 1, "\(bands)")
        #expect(bands[0].count == bands[1].count, "the same letter: \(bands)")
    }

    /// The viewer's font size (`--font-size`) replaces the caption's sizes and the spacing the
    /// document gave for them: at 2 cells (48 px), the caption's 1 cell (24 px) would overlap the
    /// lines' ink; the normal 125 % of 48 px, 60 px, is used.
    @Test func theViewersFontSizeTakesTheNormalSpacing() throws {
        var caption = P.caption([CaptionRun("H\nH", style: Self.red)], in: Self.area)
        caption.lineHeight = .cells(1)
        var options = CaptionRenderOptions(outlineWidth: 0)
        options.fontSizeInCells = 2
        let bands = P.rowBands(try P.render([caption], options: options))
        try #require(bands.count == 2, "two lines of ink: \(bands)")
        #expect(abs(Double(bands[1].lowerBound - bands[0].lowerBound) - 60) <= 1, "\(bands)")
    }

    /// Words far longer than a 192 px region (30 % of 640) at 24 px: wrapped, they take several
    /// lines inside it; with noWrap, one line of ink (no taller than the 24 px em) running past
    /// the region's width.
    @Test func noWrapKeepsTheTextOnOneLine() throws {
        var region = P.region(x: 10, y: 10, width: 30, height: 80)
        region.overflow = .visible
        var caption = P.caption([CaptionRun("one two three four five six", style: Self.red)], in: region)
        let wrapped = try P.render([caption])
        caption.wrapsLines = false
        let unwrapped = try P.render([caption])
        #expect(P.rowBands(wrapped).count >= 2, "wrapped: \(P.rowBands(wrapped))")
        let bands = P.rowBands(unwrapped)
        try #require(bands.count == 1, "one line: \(bands)")
        #expect(bands[0].count <= 24, "\(bands)")
        let box = try #require(P.ink(unwrapped))
        #expect(box.maxX - box.minX + 1 > 192, "wider than the region: \(box)")
    }
}
