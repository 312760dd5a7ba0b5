import CaptionCore
import Render
import TestSupport
import Testing

/// Ruby `outside` (TTML2 §10.2.39 `tts:rubyPosition`, the initial value): before its base on the
/// paragraph's first line, after it on every other, so two lines' ruby sits outside the pair.
///
/// "Hi" at 1 cell (24 px: its capital is about 17 px tall) with ruby at half that size (12 px:
/// "ab" and "cd" about 9 px tall), in a region from 10 % to 90 % of 640 × 360; the first line in
/// red, the second in green, so each line's ink and its ruby's are told apart from the other's.
@Suite struct OutsideRubyTests {
    typealias P = TTMLStylingPictures
    static let area = P.region(x: 10, y: 10, width: 80, height: 80)

    static func style(_ color: CaptionColor, ruby text: String, _ position: CaptionRuby.Position) -> CaptionTextStyle {
        CaptionTextStyle(textColor: color, ruby: CaptionRuby(text: text, position: position), fontSize: .cells(1))
    }

    /// One line of red "Hi", or two with green "Hi" under it; each with its ruby in `first`'s
    /// and `second`'s position.
    static func render(lines: Int, _ first: CaptionRuby.Position, _ second: CaptionRuby.Position? = nil) throws
        -> RGBAImage
    {
        var runs = [CaptionRun("Hi", style: style(.red, ruby: "ab", first))]
        if lines > 1 { runs.append(CaptionRun("\nHi", style: style(.green, ruby: "cd", second ?? first))) }
        return try P.render([P.caption(runs, in: area, alignment: .center)])
    }

    /// The heights of the bands of rows holding mostly-`red` (or mostly-green) ink, top to bottom.
    static func bands(_ image: RGBAImage, red: Bool) -> [Int] {
        var heights: [Int] = []
        var previous = false
        for y in 0..<image.height {
            let lit = (0..<image.width).contains { x in
                guard let p = image.pixel(x: x, y: y), p.alpha > 128 else { return false }
                return red ? p.red > 200 && p.green < 60 : p.green > 200 && p.red < 60
            }
            if lit && previous { heights[heights.count - 1] += 1 } else if lit { heights.append(1) }
            previous = lit
        }
        return heights
    }

    /// On two lines the first line's ruby is above its base (red: a short band, then the tall
    /// one of "Hi") and the second line's below it (green: tall, then short), exactly as ruby
    /// given before on the first line and after on the second is drawn.
    @Test func twoLinesHaveTheirRubyOutsideThePair() throws {
        let outside = try Self.render(lines: 2, .outside)
        let red = Self.bands(outside, red: true), green = Self.bands(outside, red: false)
        try #require(red.count == 2 && green.count == 2, "ruby and base apart: red \(red), green \(green)")
        #expect(red[0] < red[1], "ruby above the first line: \(red)")
        #expect(green[0] > green[1], "ruby below the second line: \(green)")
        #expect(outside.pixels == (try Self.render(lines: 2, .before, .after)).pixels)
        #expect(outside.pixels != (try Self.render(lines: 2, .before)).pixels)
    }

    /// A line that is its paragraph's only one is its first: its ruby is before it, as `before`'s.
    @Test func oneLineHasItsRubyBefore() throws {
        let outside = try Self.render(lines: 1, .outside)
        #expect(outside.pixels == (try Self.render(lines: 1, .before)).pixels)
        #expect(outside.pixels != (try Self.render(lines: 1, .after)).pixels)
        let red = Self.bands(outside, red: true)
        #expect(red.count == 2 && red[0] < red[1], "ruby above: \(red)")
    }
}
