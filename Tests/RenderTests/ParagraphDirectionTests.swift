import CaptionCore
import Render
import TestSupport
import Testing

/// A paragraph's base direction (TTML `tts:direction`, ``Caption/direction``): the side its
/// lines start at, and the UAX #9 paragraph level that orders mixed-direction text.
@Suite struct ParagraphDirectionTests {
    typealias P = TTMLStylingPictures
    /// 10 %–90 % of 640 across: columns 64..<576.
    static let area = P.region(x: 10, y: 10, width: 80, height: 80)

    static func render(
        _ runs: [(String, CaptionColor)], direction: CaptionTextDirection?, alignment: CaptionTextAlignment = .start
    ) throws -> RGBAImage {
        var caption = P.caption(
            runs.map { CaptionRun($0.0, style: CaptionTextStyle(textColor: $0.1, fontSize: .cells(1))) }, in: area,
            alignment: alignment)
        caption.direction = direction
        return try P.render([caption])
    }

    /// "abc def" aligned to the start: in a right-to-left paragraph its ink ends at the content
    /// area's right edge (column 575), in a left-to-right one or one without a direction it
    /// starts at the left (column 64), within the letters' side bearings and overhangs (a few
    /// pixels either way).
    @Test(
        arguments: [
            (CaptionTextDirection.rightToLeft, CaptionTextAlignment.start, true),
            (.leftToRight, .start, false), (nil, .start, false), (.rightToLeft, .end, false),
            (.leftToRight, .end, true),
        ] as [(CaptionTextDirection?, CaptionTextAlignment, Bool)])
    func startIsTheParagraphsFirstSide(direction: CaptionTextDirection?, alignment: CaptionTextAlignment, right: Bool)
        throws
    {
        let image = try Self.render([("abc def", .white)], direction: direction, alignment: alignment)
        let box = try #require(P.ink(image), "the text is drawn")
        if right {
            #expect(abs(575 - box.maxX) <= 4, "at the right: \(box)")
        } else {
            #expect(abs(box.minX - 64) <= 4, "at the left: \(box)")
        }
    }

    /// UAX #9 with paragraph level 1 (rule P3 set by the higher-level protocol, HL1) for
    /// "abc " + "אבג": a, b, c are L and go to level 2 (rule I2); the space between L and R
    /// takes the embedding direction, level 1 (rule N2); the Hebrew letters are R at level 1.
    /// Rule L2 reverses level ≥ 2 ("cba"), then level ≥ 1, the whole line: "גבא abc" from the
    /// left, the Hebrew word left of the Latin one. At paragraph level 0 (ltr, or from the first
    /// strong character, the "a") the space is level 0 and only the Hebrew is reversed: "abc גבא",
    /// the Latin word first. "abc " + "def" stays in that order either way: all L, and the space
    /// between two L's is L (rule N1), all at level 2 or all at 0: with no odd level on the line,
    /// L2 reverses nothing.
    ///
    /// "אבג " + "abc" the other way round: without a direction its first strong character, the
    /// R "א", makes the paragraph level 1 (P2, P3): the space between R and L is level 1 (N2),
    /// "abc" level 2, and L2 gives "abc גבא", the Latin word left. Given ltr (level 0) the space
    /// is level 0 (N2), the Hebrew alone is reversed: "גבא abc", the Hebrew word left.
    @Test(
        arguments: [
            (CaptionTextDirection.rightToLeft, "abc ", "אבג", false), (.leftToRight, "abc ", "אבג", true),
            (nil, "abc ", "אבג", true), (.rightToLeft, "abc ", "def", true), (nil, "אבג ", "abc", false),
            (.leftToRight, "אבג ", "abc", true),
        ] as [(CaptionTextDirection?, String, String, Bool)])
    func mixedTextIsOrderedByTheParagraphLevel(
        direction: CaptionTextDirection?, first: String, second: String, firstLeft: Bool
    ) throws {
        let image = try Self.render([(first, .red), (second, .green)], direction: direction)
        let red = try #require(P.ink(image) { $0 == .red }, "\(first) is drawn")
        let green = try #require(P.ink(image) { $0 == .green }, "\(second) is drawn")
        if firstLeft {
            #expect(red.maxX < green.minX, "\(first) left of \(second): \(red), \(green)")
        } else {
            #expect(green.maxX < red.minX, "\(second) left of \(first): \(green), \(red)")
        }
    }
}
