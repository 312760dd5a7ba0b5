import CaptionCore
import Render
import TestSupport
import Testing

/// EBU-TT-D multi-row alignment (``Caption/multiRowAlign``, `ebutts:multiRowAlign`, EBU Tech
/// 3380 §4.4): the block of lines, as wide as its widest, is placed by the text alignment, and
/// the lines are aligned within it by the multi-row alignment.
///
/// Two lines, "Hello there" over "Hi", white at 1 cell on black, 48 px apart, in the area
/// (columns 64..<576). Each line's background is its text's advance and a fifth of an em more at
/// each end, the same for both lines, so aligned lines have aligned backgrounds.
@Suite struct MultiRowAlignTests {
    typealias L = ParagraphLayoutPictures
    static let text = CaptionTextStyle(textColor: .white, backgroundColor: .black, fontSize: .cells(1))

    /// The two lines' black boxes, top line first.
    static func lines(
        _ alignment: CaptionTextAlignment, rows: CaptionTextAlignment?, vertical: Bool = false
    ) throws -> (wide: InkBox, short: InkBox) {
        let image = try TTMLStylingPictures.render([
            L.caption([CaptionRun("Hello there\nHi", style: text)], alignment: alignment, vertical: vertical) {
                $0.lineHeight = .cells(2)
                $0.multiRowAlign = rows
            }
        ])
        let bands = L.bands(image, columns: vertical, L.isBlack)
        try #require(bands.count == 2, "two separate lines: \(bands)")
        if vertical {
            // The first line is the right-hand column.
            return (
                try #require(L.box(image, columns: bands[1], L.isBlack)),
                try #require(L.box(image, columns: bands[0], L.isBlack))
            )
        }
        return (
            try #require(L.box(image, rows: bands[0], L.isBlack)),
            try #require(L.box(image, rows: bands[1], L.isBlack))
        )
    }

    /// Centred block, lines at its start: the widest line is where centring puts it, and the
    /// short line starts where it starts.
    @Test func startLinesInACentredBlockShareTheWidestLinesLeftEdge() throws {
        let centred = try Self.lines(.center, rows: nil)
        let rows = try Self.lines(.center, rows: .start)
        #expect(rows.wide == centred.wide, "\(centred.wide) → \(rows.wide)")
        #expect(rows.short.minX == rows.wide.minX, "\(rows)")
        #expect(rows.short.maxX < rows.wide.maxX, "\(rows)")
    }

    @Test func endLinesInACentredBlockShareTheWidestLinesRightEdge() throws {
        let centred = try Self.lines(.center, rows: nil)
        let rows = try Self.lines(.center, rows: .end)
        #expect(rows.wide == centred.wide, "\(centred.wide) → \(rows.wide)")
        #expect(rows.short.maxX == rows.wide.maxX, "\(rows)")
    }

    /// A block at the start, lines centred in it: the widest line starts at the area's left, as
    /// start-aligned text does, and the short line's middle is the widest line's (within a pixel
    /// for rounding).
    @Test func centredLinesInABlockAtTheStart() throws {
        let start = try Self.lines(.start, rows: nil)
        let rows = try Self.lines(.start, rows: .center)
        #expect(rows.wide == start.wide, "\(start.wide) → \(rows.wide)")
        #expect(abs(rows.short.centre.x - rows.wide.centre.x) <= 1, "\(rows)")
        #expect(rows.short.minX > start.short.minX, "moved off the area's edge: \(start.short) → \(rows.short)")
    }

    /// The same alignment for the block and its lines is the text alignment alone.
    @Test func theSameAlignmentChangesNothing() throws {
        for a in [CaptionTextAlignment.start, .center, .end] {
            let plain = try Self.lines(a, rows: nil), rows = try Self.lines(a, rows: a)
            #expect(plain.wide == rows.wide && plain.short == rows.short, "\(a)")
        }
    }

    /// In a `tbrl` region the lines run down: centred columns, their tops at the widest's top.
    @Test func columnsAlignAlongTheirLength() throws {
        let centred = try Self.lines(.center, rows: nil, vertical: true)
        let rows = try Self.lines(.center, rows: .start, vertical: true)
        #expect(rows.wide == centred.wide, "\(centred.wide) → \(rows.wide)")
        #expect(rows.short.minY == rows.wide.minY, "\(rows)")
    }
}
