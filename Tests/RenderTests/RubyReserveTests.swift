import CaptionCore
import Render
import TestSupport
import Testing

/// Room a paragraph keeps for ruby on its lines (TTML2 §10.2.35 `tts:rubyReserve`,
/// ``Caption/rubyReserve``), whether or not they have any, inside its block's fill.
///
/// The paragraphs are white "Hi" lines at 1 cell (24 px) on a blue block in a region from 10 % to
/// 90 % of 640 × 360 (rows 36..<324), from its top: a line's normal pitch is IMSC's 125 % of
/// 24 px, 30 px (DejaVu Sans's ascent and descent, 1901 + 483 of its 2048 units, are 27.9 px at
/// 24 px, less than that). Ruby is drawn at half the size, 12 px, and a line of it takes its
/// face's ascent and descent: 13.97 px, 14 to 16 px once each is a whole number of pixels. That
/// room, R, is measured on a line that has ruby (``rubyRoom()``).
@Suite struct RubyReserveTests {
    typealias P = TTMLStylingPictures
    static let area = P.region(x: 10, y: 10, width: 80, height: 80)
    static let text = CaptionTextStyle(textColor: .white, fontSize: .cells(1))

    static func paragraph(
        lines: Int, reserve: CaptionRubyReserve?, in region: CaptionRegion = area, first: CaptionTextStyle = text
    ) -> Caption {
        var runs = [CaptionRun("Hi", style: first)]
        if lines > 1 { runs.append(CaptionRun(String(repeating: "\nHi", count: lines - 1), style: text)) }
        var caption = P.caption(runs, in: region, alignment: .center)
        caption.blockBackground = .blue
        caption.rubyReserve = reserve
        return caption
    }

    /// The blue block's box, and the first row of each band of white ink, top to bottom.
    static func measure(_ caption: Caption) throws -> (block: InkBox, lineTops: [Int]) {
        let image = try P.render([caption])
        let block = try #require(P.ink(image) { $0 == .blue }, "the block is filled")
        var tops: [Int] = []
        var previous = false
        for y in 0..<image.height {
            let white = (0..<image.width).contains { x in
                image.pixel(x: x, y: y).map { $0.red > 200 && $0.green > 200 && $0.blue > 200 } ?? false
            }
            if white && !previous { tops.append(y) }
            previous = white
        }
        return (block, tops)
    }

    /// R: how much taller one line gets with ruby "hi" before its base.
    static func rubyRoom() throws -> Int {
        var annotated = text
        annotated.ruby = CaptionRuby(text: "hi")
        let plain = try measure(paragraph(lines: 1, reserve: nil)).block
        let ruby = try measure(paragraph(lines: 1, reserve: nil, first: annotated)).block
        return (ruby.maxY - ruby.minY) - (plain.maxY - plain.minY)
    }

    @Test func rubyAtTwelvePixelsTakesItsFacesAscentAndDescent() throws {
        #expect((14...16).contains(try Self.rubyRoom()))
    }

    /// Each position's room, in R, and how far each line's text moves down from where it is
    /// without a reserve: `before` adds R above every line, `after` R below every line, `both`
    /// both; `outside` R above the first line and below every other (TTML2 §10.2.35), or both
    /// for a single line. The fill starts where it did (the region's top, row 36) and ends
    /// lower by the whole room: it covers the reserve.
    @Test(
        arguments: [
            (CaptionRubyReserve.Position.before, [1, 2], 2), (.after, [0, 1], 2), (.both, [1, 3], 4),
            (.outside, [1, 1], 2), (.outside, [1], 2), (.outside, [1, 1, 2], 3),
        ] as [(CaptionRubyReserve.Position, [Int], Int)])
    func eachPositionKeepsItsRoom(position: CaptionRubyReserve.Position, moves: [Int], rooms: Int) throws {
        let r = try Self.rubyRoom()
        let plain = try Self.measure(Self.paragraph(lines: moves.count, reserve: nil))
        let reserved = try Self.measure(
            Self.paragraph(lines: moves.count, reserve: CaptionRubyReserve(position: position)))
        try #require(plain.lineTops.count == moves.count && reserved.lineTops.count == moves.count)
        #expect(plain.block.minY == 36 && reserved.block.minY == 36, "\(plain.block) → \(reserved.block)")
        #expect(plain.block.maxY == 36 + 30 * moves.count - 1, "\(plain.block)")
        #expect(reserved.block.maxY - plain.block.maxY == rooms * r, "R = \(r): \(plain.block) → \(reserved.block)")
        #expect(
            zip(reserved.lineTops, plain.lineTops).map { $0 - $1 } == moves.map { $0 * r },
            "R = \(r): lines at \(plain.lineTops) → \(reserved.lineTops)")
    }

    /// Where a line has ruby, the ruby is set in the reserved room: with room before every line,
    /// ruby over the first line adds nothing, and the second line stays where it was.
    @Test func rubySitsInTheReservedRoom() throws {
        var annotated = Self.text
        annotated.ruby = CaptionRuby(text: "hi")
        let reserve = CaptionRubyReserve(position: .before)
        let without = try Self.measure(Self.paragraph(lines: 2, reserve: reserve))
        let with = try Self.measure(Self.paragraph(lines: 2, reserve: reserve, first: annotated))
        #expect(with.block == without.block)
        #expect(with.lineTops.last == without.lineTops.last, "\(without.lineTops) → \(with.lineTops)")
    }

    /// A length is the size of the ruby the room is for, a percentage being of the paragraph's
    /// font size: 50 % of 24 px, half a cell (24 / 2) and 36 root-container pixels (36 × 360 /
    /// 1080) are all 12 px, the size ruby is drawn at, so they keep the room an absent length
    /// keeps. Ruby of 100 % (24 px) takes its face's ascent and descent at 24 px, 27.9 px, 28 to
    /// 30 px in whole pixels; a zero length keeps none.
    @Test func aLengthIsTheSizeOfTheRubyToMakeRoomFor() throws {
        func block(_ length: CaptionDimension?) throws -> InkBox {
            try Self.measure(
                Self.paragraph(lines: 2, reserve: CaptionRubyReserve(position: .before, length: length))
            ).block
        }
        let auto = try block(nil)
        for length in [CaptionDimension.percent(50), .cells(0.5), .pixels(36)] {
            #expect(try block(length) == auto, "\(length)")
        }
        let plain = try Self.measure(Self.paragraph(lines: 2, reserve: nil)).block
        let large = try block(.percent(100))
        #expect((28...30).contains((large.maxY - plain.maxY) / 2), "\(plain) → \(large)")
        #expect(try block(.pixels(0)) == plain)
    }

    /// In a `tbrl` region a line is a column, and ruby before it is at its right: a 12 px ruby
    /// column is as wide as its em, so room before one 30 px column makes the block 42 px wide,
    /// from the region's right edge (column 576) leftwards, columns 534..<576.
    @Test func aVerticalLineKeepsRoomAtItsRight() throws {
        var region = Self.area
        region.writingMode = .topToBottomAndRightToLeft
        let caption = Self.paragraph(lines: 1, reserve: CaptionRubyReserve(position: .before), in: region)
        let block = try #require(P.ink(try P.render([caption])) { $0 == .blue })
        #expect(block.minX == 534 && block.maxX == 575, "\(block)")
    }
}
