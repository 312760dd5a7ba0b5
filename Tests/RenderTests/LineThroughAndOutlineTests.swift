import CaptionCore
import Render
import TestSupport
import Testing

/// A run's line through (TTML `tts:textDecoration` lineThrough) and its own outline thickness
/// (TTML `tts:textOutline`, TTML1 §8.2.20).
@Suite struct LineThroughAndOutlineTests {
    typealias P = TTMLStylingPictures
    static let area = P.region(x: 5, y: 10, width: 90, height: 80)

    /// "x x x" at 3 cells (72 px): the plain run's ink spans the x-height, from its top row down
    /// to the baseline; between the letters (the spaces and side bearings) its columns are empty.
    /// Struck through, every one of those empty columns has ink, and only between the x-height
    /// and the baseline (a strike-out, not an underline below the baseline).
    @Test func aLineThroughCrossesTheGapsBetweenTheLettersAtMidXHeight() throws {
        func picture(lineThrough: Bool) throws -> RGBAImage {
            var style = CaptionTextStyle(textColor: .white, fontSize: .cells(3))
            style.lineThrough = lineThrough
            return try P.render([P.caption([CaptionRun("x x x", style: style)], in: Self.area)])
        }
        let plain = try picture(lineThrough: false), struck = try picture(lineThrough: true)
        let letters = try #require(P.ink(plain), "the plain run is drawn")
        let gaps = (letters.minX...letters.maxX).filter { x in
            (0..<plain.height).allSatisfy { (plain.pixel(x: x, y: $0)?.alpha ?? 0) == 0 }
        }
        // Two spaces of about 0.32 em (23 px) each, with the x's side bearings.
        #expect(gaps.count >= 30, "\(gaps.count) empty columns between the letters")
        let unstruck = gaps.compactMap { x -> String? in
            let rows = (0..<struck.height).filter { (struck.pixel(x: x, y: $0)?.alpha ?? 0) > 0 }
            guard let top = rows.first, let bottom = rows.last else { return "column \(x): no ink" }
            return top > letters.minY && bottom < letters.maxY ? nil : "column \(x): ink rows \(top)…\(bottom)"
        }
        #expect(
            unstruck.isEmpty,
            "\(unstruck.count) of \(gaps.count) columns not struck between rows \(letters.minY) and \(letters.maxY), such as \(unstruck.prefix(3))"
        )
    }

    /// White "HH" at 3 cells (72 px) with a red uniform edge: 10 % of the font size is 7.2 px on
    /// each side, 2 % is 1.44 px, so the ink is about 2 × 5.76 = 11.5 px wider and taller.
    @Test func anOutlineOfTenPercentIsWiderThanOneOfTwoPercent() throws {
        let wide = try Self.outlined(.percent(10)), narrow = try Self.outlined(.percent(2))
        let wideWidth = wide.maxX - wide.minX, narrowWidth = narrow.maxX - narrow.minX
        let wideHeight = wide.maxY - wide.minY, narrowHeight = narrow.maxY - narrow.minY
        #expect((9...14).contains(wideWidth - narrowWidth), "widths \(wideWidth) and \(narrowWidth)")
        #expect((9...14).contains(wideHeight - narrowHeight), "heights \(wideHeight) and \(narrowHeight)")
    }

    /// 7.2 px three ways: 10 % of 72 px, 0.3 of a 24 px cell, 21.6 px of a 1080-row root
    /// container on 360 rows.
    @Test(arguments: [CaptionDimension.cells(0.3), .pixels(21.6)])
    func cellsAndRootContainerPixelsGiveTheSameThickness(_ width: CaptionDimension) throws {
        let percent = try Self.outlined(.percent(10)), other = try Self.outlined(width)
        #expect(abs((other.maxX - other.minX) - (percent.maxX - percent.minX)) <= 1, "\(other) against \(percent)")
        #expect(abs((other.maxY - other.minY) - (percent.maxY - percent.minY)) <= 1, "\(other) against \(percent)")
    }

    /// An edge without a thickness leaves the outline to the options (none here): the ink is the
    /// text's own, in white only.
    @Test func anEdgeWithoutAThicknessKeepsTheOptionsOutline() throws {
        let plain = try #require(
            P.ink(try P.render([P.caption([CaptionRun("HH", style: Self.big(edge: nil))], in: Self.area)])))
        let image = try P.render([
            P.caption([CaptionRun("HH", style: Self.big(edge: CaptionEdge(.uniform, color: .red)))], in: Self.area)
        ])
        #expect(P.ink(image) == plain)
        #expect(P.ink(image) { $0.alpha > 0 && $0.red > 100 && $0.green < 50 } == nil, "no red edge drawn")
    }

    static func big(edge: CaptionEdge?) -> CaptionTextStyle {
        CaptionTextStyle(textColor: .white, fontSize: .cells(3), edge: edge)
    }

    /// The ink box of red-edged "HH", and that the edge is drawn in its own colour.
    static func outlined(_ width: CaptionDimension) throws -> InkBox {
        let style = big(edge: CaptionEdge(.uniform, color: .red, width: width))
        let image = try P.render([P.caption([CaptionRun("HH", style: style)], in: area)])
        #expect(P.ink(image) { $0.red > 200 && $0.green < 50 && $0.alpha > 200 } != nil, "the edge is red")
        return try #require(P.ink(image))
    }
}
