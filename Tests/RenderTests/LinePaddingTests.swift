import CaptionCore
import Render
import TestSupport
import Testing

/// EBU-TT-D line padding (``Caption/linePadding``, `ebutts:linePadding`, EBU Tech 3380 §4.4):
/// space at the start and end of each line inside its background; the text stays where it was.
///
/// White text at 1 cell (24 px) on black, centred in the area (columns 64..<576). Half a cell is
/// 640 / 32 / 2 = 10 px across horizontal lines and 360 / 15 / 2 = 12 px down a column.
@Suite struct LinePaddingTests {
    typealias L = ParagraphLayoutPictures
    static let text = CaptionTextStyle(textColor: .white, backgroundColor: .black, fontSize: .cells(1))

    static func picture(
        _ runs: [CaptionRun], padding: CaptionDimension?, vertical: Bool = false
    ) throws -> RGBAImage {
        try TTMLStylingPictures.render([
            L.caption(runs, vertical: vertical) {
                $0.lineHeight = .cells(2)
                $0.linePadding = padding
            }
        ])
    }

    /// Each of two lines' backgrounds is 10 px wider at each end, over the same rows; the text
    /// has not moved.
    @Test func halfACellWidensEachLineByTenPixelsEachSide() throws {
        let runs = [CaptionRun("Hello\nHi", style: Self.text)]
        let plain = try Self.picture(runs, padding: nil), padded = try Self.picture(runs, padding: .cells(0.5))
        let rows = L.bands(plain, L.isBlack)
        try #require(rows.count == 2, "two separate lines: \(rows)")
        #expect(L.bands(padded, L.isBlack) == rows)
        for band in rows {
            let before = try #require(L.box(plain, rows: band, L.isBlack))
            let after = try #require(L.box(padded, rows: band, L.isBlack))
            #expect(after.minX == before.minX - 10 && after.maxX == before.maxX + 10, "\(before) → \(after)")
        }
        #expect(L.box(plain, L.isWhite) == L.box(padded, L.isWhite))
    }

    /// The padding is at the line's ends: a background that starts after the line's start (its
    /// first word has none) keeps its left edge, and grows 10 px at the line's end.
    @Test func onlyTheLinesEndsArePadded() throws {
        let runs = [
            CaptionRun("Hi ", style: CaptionTextStyle(textColor: .white, fontSize: .cells(1))),
            CaptionRun("there", style: Self.text),
        ]
        let before = try #require(L.box(try Self.picture(runs, padding: nil), L.isBlack))
        let after = try #require(L.box(try Self.picture(runs, padding: .cells(0.5)), L.isBlack))
        #expect(after.minX == before.minX && after.maxX == before.maxX + 10, "\(before) → \(after)")
    }

    /// Down a `tbrl` column the padding is in cells down the picture: 12 px above and below.
    @Test func aColumnIsPaddedAlongIt() throws {
        let runs = [CaptionRun("Hi", style: Self.text)]
        let before = try #require(L.box(try Self.picture(runs, padding: nil, vertical: true), L.isBlack))
        let after = try #require(L.box(try Self.picture(runs, padding: .cells(0.5), vertical: true), L.isBlack))
        #expect(after.minY == before.minY - 12 && after.maxY == before.maxY + 12, "\(before) → \(after)")
        #expect(after.minX == before.minX && after.maxX == before.maxX, "\(before) → \(after)")
    }

    /// A negative padding (EBU-TT-D allows none) is read as none.
    @Test func aNegativePaddingIsNone() throws {
        let runs = [CaptionRun("Hi", style: Self.text)]
        #expect(
            L.box(try Self.picture(runs, padding: .cells(-1)), L.isBlack)
                == L.box(try Self.picture(runs, padding: nil), L.isBlack))
    }
}
