import CaptionCore
import Render
import TestSupport
import Testing

/// A paragraph's own background (TTML1 §8.2.2 `tts:backgroundColor` on `p`, ``Caption/blockBackground``):
/// the fill of its block, across the region's content area and over its lines' line boxes, under
/// its runs' backgrounds, faded and cut with the rest of its region.
@Suite struct BlockBackgroundTests {
    typealias P = TTMLStylingPictures
    /// 10 %–90 % of 640 × 360: columns 64..<576 (512 wide), rows 36..<324 (288 tall).
    static let area = P.region(x: 10, y: 10, width: 80, height: 80)
    static let text = CaptionTextStyle(textColor: .white, fontSize: .cells(1))

    /// Two lines of "Hi" at 24 px, 1.5 cells (36 px) apart, centred, on a blue block.
    static func paragraph(
        _ runs: [CaptionRun] = [CaptionRun("Hi\nHi", style: text)], in region: CaptionRegion = area
    ) -> Caption {
        var caption = P.caption(runs, in: region, alignment: .center)
        caption.lineHeight = .cells(1.5)
        caption.blockBackground = .blue
        return caption
    }

    static func blue(_ image: RGBAImage) -> InkBox? { P.ink(image) { $0 == .blue } }

    /// From the region's top (display before), two 36 px line boxes: rows 36..<108; across the
    /// region's whole width, columns 64..<576, though the words are about 30 px wide in its
    /// middle. Nothing is drawn above the first line box or below the last.
    @Test func theFillCoversTheWholeWidthOverTheLineBoxes() throws {
        let image = try P.render([Self.paragraph()])
        let box = try #require(Self.blue(image), "the block is filled")
        #expect(abs(box.minX - 64) <= 1 && abs(box.maxX - 575) <= 1, "across the region: \(box)")
        #expect(abs(box.minY - 36) <= 1 && abs(box.maxY - 107) <= 1, "over the two line boxes: \(box)")
        let words = try #require(P.ink(image) { $0.red > 200 && $0.blue > 200 && $0.green > 200 }, "the text")
        #expect(words.maxX - words.minX < 100, "a short word: \(words)")
        // Far left of the word, at its rows: the fill, not only behind the ink.
        for y in [words.minY, (words.minY + words.maxY) / 2, words.maxY] {
            #expect(image.pixel(x: 70, y: y) == .blue, "row \(y) at column 70")
        }
        for y in [33, 34, 110, 111] {
            #expect(image.pixel(x: 70, y: y)?.alpha == 0, "row \(y), outside the line boxes")
        }
    }

    /// Padding narrows the area the block spans: 10 % of the region's 512 columns is 51.2 px on
    /// each side (columns 115..<525), and 1 cell (24 px) at the top moves it down to row 60.
    @Test func thePaddingIsLeftUnfilled() throws {
        var region = Self.area
        region.padding = CaptionPadding(
            top: .cells(1), right: .percent(10), bottom: .pixels(0), left: .percent(10))
        let box = try #require(Self.blue(try P.render([Self.paragraph(in: region)])), "the block is filled")
        #expect(abs(box.minX - 115) <= 1 && abs(box.maxX - 524) <= 1, "inside the padding: \(box)")
        #expect(abs(box.minY - 60) <= 1 && abs(box.maxY - 131) <= 1, "below the top padding: \(box)")
    }

    /// A `tbrl` region's block is a column 36 px wide at its right (display before) that runs
    /// down the region's whole height.
    @Test func aVerticalBlockRunsDownTheRegion() throws {
        var region = Self.area
        region.writingMode = .topToBottomAndRightToLeft
        let box = try #require(
            Self.blue(try P.render([Self.paragraph([CaptionRun("Hi", style: Self.text)], in: region)])),
            "the block is filled")
        #expect(abs(box.minX - 540) <= 1 && abs(box.maxX - 575) <= 1, "one column at the right: \(box)")
        #expect(abs(box.minY - 36) <= 1 && abs(box.maxY - 323) <= 1, "down the region: \(box)")
    }

    /// A run's own yellow background is drawn over the block's blue, not hidden under it.
    @Test func aSpanBackgroundIsDrawnOverTheFill() throws {
        var style = Self.text
        style.backgroundColor = .yellow
        let image = try P.render([Self.paragraph([CaptionRun("Hi", style: style)])])
        #expect(P.ink(image) { $0 == .yellow } != nil, "the span's background shows")
        #expect(image.pixel(x: 70, y: 50) == .blue, "the block's fill beside it")
    }

    /// Hidden overflow cuts the block at the region's edge: a region 10 % (36 px) tall, rows
    /// 36..<72, holds only the first of the two 36 px line boxes.
    @Test func hiddenOverflowCutsTheFill() throws {
        var region = P.region(x: 10, y: 10, width: 80, height: 10)
        region.overflow = .hidden
        let box = try #require(Self.blue(try P.render([Self.paragraph(in: region)])), "the block is filled")
        #expect(abs(box.minY - 36) <= 1 && box.maxY == 71, "cut at the region's bottom: \(box)")
    }

    /// In a region at opacity 0.5 the fill is half-seen blue (255 × 0.5 = 127.5), and no pixel is
    /// more opaque than that: the fill and the text over it are faded as one picture, where
    /// fading each would leave 0.5 + 0.5 × 0.5 = 0.75 wherever text covers fill.
    @Test func theFillIsFadedWithItsRegion() throws {
        var region = Self.area
        region.opacity = 0.5
        let image = try P.render([Self.paragraph(in: region)])
        let fill = try #require(image.pixel(x: 70, y: 50))
        #expect(fill.blue == 255 && fill.red == 0 && abs(Double(fill.alpha) - 127.5) <= 1.5, "\(fill)")
        #expect(P.ink(image) { $0.alpha > 129 } == nil, "nothing more opaque than the group")
        #expect(P.ink(image) { $0.red > 200 && $0.blue > 200 } != nil, "the text is drawn")
    }
}
