import CaptionCore
import Render
import TestSupport
import Testing

/// Emphasis marks (TTML2 §10.2.44 `tts:textEmphasis`, ``CaptionTextStyle/emphasis``): a mark
/// at half the font size centred on each character that is not a space, control or punctuation
/// (CSS Text Decoration 3 §3), before or after the line, in its own colour or the text's.
///
/// The text is white at 2 cells (48 px) in the area (columns 64..<576, rows 36..<324), so marks
/// are 24 px; the default mark is a filled circle, U+25CF.
@Suite struct EmphasisMarkTests {
    typealias L = ParagraphLayoutPictures
    static let red = CaptionEmphasis(shape: .circle, color: .red, position: .before)

    static func picture(
        _ text: String, _ emphasis: CaptionEmphasis?, color: CaptionColor = .white, vertical: Bool = false,
        change: (inout Caption) -> Void = { _ in }
    ) throws -> RGBAImage {
        let style = CaptionTextStyle(textColor: color, fontSize: .cells(2), emphasis: emphasis)
        return try TTMLStylingPictures.render([
            L.caption([CaptionRun(text, style: style)], vertical: vertical, change: change)
        ])
    }

    /// "a b": one red mark over each letter, none over the space, each centred on its letter
    /// (its ink, within 3 px for side bearings), above the text's top.
    @Test func aMarkSitsAboveEachLetterAndNotAboveTheSpace() throws {
        let image = try Self.picture("a b", Self.red)
        let letters = L.bands(image, columns: true, L.isWhite)
        let marks = L.bands(image, columns: true, L.isRed)
        try #require(letters.count == 2, "two letters: \(letters)")
        #expect(marks.count == 2, "two marks: \(marks)")
        for (mark, letter) in zip(marks, letters) {
            let m = Double(mark.lowerBound + mark.upperBound) / 2, c = Double(letter.lowerBound + letter.upperBound) / 2
            #expect(abs(m - c) <= 3, "mark \(mark) over letter \(letter)")
        }
        let text = try #require(L.box(image, L.isWhite)), red = try #require(L.box(image, L.isRed))
        #expect(red.maxY < text.minY, "marks \(red) above text \(text)")
    }

    /// Punctuation takes no mark: "a." has one.
    @Test func punctuationTakesNoMark() throws {
        #expect(L.bands(try Self.picture("a.", Self.red), columns: true, L.isRed).count == 1)
    }

    /// A mark is the mark's character at half the font size: as large as "●" set as text at
    /// 1 cell (24 px), within a pixel.
    @Test func theMarkIsHalfTheFontSize() throws {
        let mark = try #require(L.box(try Self.picture("a", Self.red), L.isRed))
        let dot = try TTMLStylingPictures.render([
            L.caption([CaptionRun("\u{25CF}", style: CaptionTextStyle(textColor: .red, fontSize: .cells(1)))])
        ])
        let set = try #require(L.box(dot, L.isRed))
        #expect(
            abs((mark.maxX - mark.minX) - (set.maxX - set.minX)) <= 1
                && abs((mark.maxY - mark.minY) - (set.maxY - set.minY)) <= 1, "mark \(mark), text \(set)")
    }

    @Test func afterPutsTheMarksBelow() throws {
        var e = Self.red
        e.position = .after
        let image = try Self.picture("ab", e)
        let text = try #require(L.box(image, L.isWhite)), red = try #require(L.box(image, L.isRed))
        #expect(red.minY > text.maxY, "marks \(red) below text \(text)")
    }

    /// Without a colour the marks are the text's: green text has green ink above its own.
    @Test func withoutAColourTheMarksAreTheTexts() throws {
        let image = try Self.picture("ab", CaptionEmphasis(position: .before), color: .green)
        let green = L.bands(image) { $0 == .green }
        #expect(green.count == 2, "marks, then text: \(green)")
        #expect(L.box(image, L.isRed) == nil)
    }

    /// Outside: before the first line, after the second.
    @Test func outsideIsBeforeTheFirstLineAndAfterTheOthers() throws {
        var e = Self.red
        e.position = .outside
        let image = try Self.picture("ab\nab", e)
        let text = L.bands(image, L.isWhite), marks = L.bands(image, L.isRed)
        try #require(text.count == 2 && marks.count == 2, "text \(text), marks \(marks)")
        #expect(marks[0].upperBound < text[0].lowerBound, "text \(text), marks \(marks)")
        #expect(marks[1].lowerBound > text[1].upperBound, "text \(text), marks \(marks)")
    }

    /// The marks take room as ruby does: a line with marks before it is as much taller as a line
    /// of 24 px text takes (DejaVu Sans's ascent and descent, 1901 + 483 of 2048 units: 27.9 px),
    /// so the paragraph's blue fill is 28 rows taller, within a row for rounding.
    @Test func theMarksTakeRoomAboveTheLine() throws {
        func block(_ e: CaptionEmphasis?) throws -> InkBox {
            try #require(L.box(try Self.picture("ab", e) { $0.blockBackground = .blue }) { $0 == .blue })
        }
        let plain = try block(nil), marked = try block(Self.red)
        #expect(marked.minY == plain.minY, "\(plain) → \(marked)")
        #expect(abs((marked.maxY - plain.maxY) - 28) <= 1, "\(plain) → \(marked)")
    }

    /// In a `tbrl` column, before is the right and after the left.
    @Test func aColumnsMarksAreBesideIt() throws {
        var after = Self.red
        after.position = .after
        for (e, right) in [(Self.red, true), (after, false)] {
            let image = try Self.picture("ab", e, vertical: true)
            let text = try #require(L.box(image, L.isWhite)), red = try #require(L.box(image, L.isRed))
            #expect(right ? red.minX > text.maxX : red.maxX < text.minX, "marks \(red), text \(text)")
        }
    }
}
