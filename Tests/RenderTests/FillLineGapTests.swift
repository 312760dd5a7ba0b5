import CaptionCore
import Render
import TestSupport
import Testing

/// Filled line gaps (IMSC 1.1 §8.5.2 `itts:fillLineGap`, ``Caption/fillsLineGap``): the runs'
/// backgrounds of adjacent lines reach across the gap between them, meeting halfway, and the first
/// and last lines' reach the block's edges.
///
/// The paragraphs are two lines of white "Hi" at 1 cell (24 px) on black, 2 cells (48 px) apart,
/// from the top of the area (rows 36..<324, columns 64..<576): the block is 2 × 48 = 96 px deep,
/// rows 36...131. A line's background covers its face's ascent and descent, about 28 px (DejaVu
/// Sans: 1901 + 483 of 2048 units at 24 px, 27.9 px), so without the fill 48 − 28 = 20 rows
/// between the two lines' backgrounds are left uncovered.
@Suite struct FillLineGapTests {
    typealias L = ParagraphLayoutPictures
    static let text = CaptionTextStyle(textColor: .white, backgroundColor: .black, fontSize: .cells(1))

    static func picture(fills: Bool, vertical: Bool = false) throws -> RGBAImage {
        try TTMLStylingPictures.render([
            L.caption([CaptionRun("Hi\nHi", style: text)], vertical: vertical) {
                $0.lineHeight = .cells(2)
                $0.fillsLineGap = fills
            }
        ])
    }

    @Test func withoutTheFillTheLinesBackgroundsAreApart() throws {
        let bands = L.bands(try Self.picture(fills: false), L.isBlack)
        try #require(bands.count == 2, "two separate backgrounds: \(bands)")
        let gap = bands[1].lowerBound - bands[0].upperBound - 1
        #expect(abs(gap - 20) <= 1, "about 48 − 28 rows uncovered: \(bands)")
    }

    /// With the fill, one band of black rows from the block's top to its bottom, 36...131: no
    /// uncovered row between the lines; across, each line's background is as wide as it was.
    @Test func theFillCoversTheGapAndReachesTheBlocksEdges() throws {
        let plain = try Self.picture(fills: false), filled = try Self.picture(fills: true)
        let bands = L.bands(filled, L.isBlack)
        #expect(bands == [36...131], "one band over the block's rows: \(bands)")
        let before = try #require(L.box(plain, L.isBlack)), after = try #require(L.box(filled, L.isBlack))
        #expect(after.minX == before.minX && after.maxX == before.maxX, "\(before) → \(after)")
        // The text has not moved.
        #expect(L.box(plain, L.isWhite) == L.box(filled, L.isWhite))
    }

    /// The lines meet halfway between their text: with the first line on black and the second on
    /// blue, black runs from the block's top (row 36) down to the middle of the rows left
    /// uncovered without the fill, and blue from there to the block's bottom (row 131).
    @Test func theLinesMeetHalfway() throws {
        let plain = L.bands(try Self.picture(fills: false), L.isBlack)
        try #require(plain.count == 2)
        var second = Self.text
        second.backgroundColor = .blue
        let image = try TTMLStylingPictures.render([
            L.caption([CaptionRun("Hi\n", style: Self.text), CaptionRun("Hi", style: second)]) {
                $0.lineHeight = .cells(2)
                $0.fillsLineGap = true
            }
        ])
        let black = L.bands(image, L.isBlack), blue = L.bands(image) { $0 == .blue }
        try #require(black.count == 1 && blue.count == 1, "black \(black), blue \(blue)")
        // The uncovered rows are plain[0].upperBound + 1 ..< plain[1].lowerBound.
        let middle = Double(plain[0].upperBound + 1 + plain[1].lowerBound) / 2
        #expect(black[0].lowerBound == 36 && blue[0].upperBound == 131, "black \(black), blue \(blue)")
        #expect(blue[0].lowerBound == black[0].upperBound + 1, "they meet: black \(black), blue \(blue)")
        #expect(abs(Double(blue[0].lowerBound) - middle) <= 1, "at \(middle): black \(black), blue \(blue)")
    }

    /// In a `tbrl` region the lines are columns 48 px apart from the area's right edge (column
    /// 576) leftwards: the block is columns 480...575. A column's background is an em (24 px)
    /// wide, so 24 columns are uncovered between the two without the fill; with it, none.
    @Test func columnsFillTheirGapsToo() throws {
        let plain = L.bands(try Self.picture(fills: false, vertical: true), columns: true, L.isBlack)
        try #require(plain.count == 2, "\(plain)")
        #expect(abs(plain[1].lowerBound - plain[0].upperBound - 1 - 24) <= 1, "\(plain)")
        let filled = L.bands(try Self.picture(fills: true, vertical: true), columns: true, L.isBlack)
        #expect(filled == [480...575], "\(filled)")
    }
}
