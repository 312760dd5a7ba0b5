import CaptionCore
import Foundation
import Render
import TestSupport
import Testing

/// A paragraph's shear (TTML2 §10.2.38 `tts:shear`, ``Caption/shear``): its block slanted as a
/// whole by a percentage of 90°, about the block's centre line. Positive shear leans horizontal
/// text's tops to the right (the W3C reference shear001 at 1 s, 50 %: "三日坊主" slants as an
/// oblique face) and moves the right of a column up (the same picture's vertical region).
///
/// The test glyph is DejaVu Sans's "l", a plain vertical stem, white at 3 cells (72 px); turned
/// sideways in a `tbrl` column it is a horizontal bar. The paragraph is centred in the area (rows
/// 36..<324, centre row 180; columns 64..<576, centre column 320).
@Suite struct ShearTests {
    typealias L = ParagraphLayoutPictures
    static let text = CaptionTextStyle(textColor: .white, fontSize: .cells(3))

    static func picture(
        _ shear: Double?, text string: String = "l", style: CaptionTextStyle = text, vertical: Bool = false
    ) throws -> RGBAImage {
        try TTMLStylingPictures.render([
            L.caption([CaptionRun(string, style: style)], vertical: vertical, display: .center) { $0.shear = shear }
        ])
    }

    /// How far right the stem's ink moves from 2 rows below its top to 2 rows above its bottom
    /// (clear of the ends' anti-aliasing), per row climbed: the tangent of the slant.
    static func slant(_ image: RGBAImage) throws -> (perRow: Double, rows: Int) {
        let rows = try #require(L.bands(image, L.isWhite).first, "the stem")
        let (top, bottom) = (rows.lowerBound + 2, rows.upperBound - 2)
        let high = try #require(L.inkCentre(image, row: top)), low = try #require(L.inkCentre(image, row: bottom))
        return ((high - low) / Double(bottom - top), bottom - top)
    }

    /// 0 %: upright. 50 % is 45°, tan 1: the top moves right by as many pixels as it is high;
    /// -50 % as far left; 16.78842 % (15.11°, tan 0.270) about a quarter of that. Within 2 px
    /// over the stem's height (about 50 rows), for anti-aliasing.
    @Test(arguments: [(0.0, 0.0), (50, 1), (-50, -1), (16.78842, tan(15.109578 * Double.pi / 180))])
    func theStemLeansByTheTangentOfTheAngle(percent: Double, tangent: Double) throws {
        let (perRow, rows) = try Self.slant(try Self.picture(percent == 0 ? nil : percent))
        #expect(rows > 40, "a tall stem: \(rows) rows")
        #expect(abs(perRow - tangent) * Double(rows) <= 2, "\(perRow) per row over \(rows) rows, tan \(tangent)")
    }

    /// The block is slanted about its centre: where the stem crosses the block's centre row (180,
    /// the area being centred), it is where the upright stem is, within 1.5 px.
    @Test func theBlocksCentreLineStaysPut() throws {
        let upright = try #require(L.inkCentre(try Self.picture(nil), row: 180))
        let sheared = try #require(L.inkCentre(try Self.picture(50), row: 180))
        #expect(abs(sheared - upright) <= 1.5, "\(upright) → \(sheared)")
    }

    /// Lines are moved with the block: two lines of "l" are 72 × 125 % = 90 px apart, so at 45°
    /// the upper stem is 90 px right of the lower one (rows at the same height in each stem).
    @Test func upperLinesMoveRightAtPositiveShear() throws {
        let image = try Self.picture(50, text: "l\nl")
        let bands = L.bands(image, L.isWhite)
        try #require(bands.count == 2, "two stems: \(bands)")
        #expect(bands[1].lowerBound - bands[0].lowerBound == 90, "\(bands)")
        let upper = try #require(L.inkCentre(image, row: bands[0].lowerBound + 10))
        let lower = try #require(L.inkCentre(image, row: bands[1].lowerBound + 10))
        #expect(abs(upper - lower - 90) <= 2, "\(upper) vs \(lower)")
    }

    /// A run's background slants with its text: the top row of a black background lies right of
    /// its bottom row by as many pixels as the rows between them (45°), and is as wide.
    @Test func backgroundsAreParallelograms() throws {
        let style = CaptionTextStyle(textColor: .white, backgroundColor: .black, fontSize: .cells(1))
        let image = try Self.picture(50, text: "Hi", style: style)
        let rows = try #require(L.bands(image, L.isBlack).first)
        func span(_ y: Int) -> (Int, Int)? {
            let xs = (0..<image.width).filter { image.pixel(x: $0, y: y) == .black }
            return xs.first.map { ($0, xs.last!) }
        }
        let top = try #require(span(rows.lowerBound + 1)), bottom = try #require(span(rows.upperBound - 1))
        let height = rows.upperBound - rows.lowerBound - 2
        #expect(abs(top.0 - bottom.0 - height) <= 2, "\(top) over \(bottom), \(height) rows apart")
        #expect(abs((top.1 - top.0) - (bottom.1 - bottom.0)) <= 2, "\(top) over \(bottom)")
    }

    /// In a `tbrl` column the sideways "l" is a bar across the column; positive shear moves its
    /// right end up by its length at 45°.
    @Test func aColumnsRightSideMovesUp() throws {
        let image = try Self.picture(50, vertical: true)
        let columns = try #require(L.bands(image, columns: true, L.isWhite).first, "the bar")
        let (left, right) = (columns.lowerBound + 2, columns.upperBound - 2)
        let l = try #require(L.inkCentre(image, column: left)), r = try #require(L.inkCentre(image, column: right))
        #expect(right - left > 40, "a long bar: \(columns)")
        #expect(abs((l - r) - Double(right - left)) <= 2, "left end at row \(l), right end at \(r)")
    }
}
