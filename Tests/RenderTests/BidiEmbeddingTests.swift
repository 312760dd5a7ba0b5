import CaptionCore
import Render
import TestSupport
import Testing

/// A run's embedding, override or isolate (``CaptionTextStyle/bidi``; UAX #9's explicit
/// formatting, TTML1 §8.2.21 `tts:unicodeBidi`), in a left-to-right paragraph at 1 cell (24 px).
@Suite struct BidiEmbeddingTests {
    typealias P = TTMLStylingPictures
    static let area = P.region(x: 10, y: 10, width: 80, height: 80)

    static func run(_ text: String, _ color: CaptionColor, _ bidi: CaptionBidi? = nil) -> CaptionRun {
        CaptionRun(text, style: CaptionTextStyle(textColor: color, fontSize: .cells(1), bidi: bidi))
    }

    static func render(_ runs: [CaptionRun]) throws -> RGBAImage {
        var caption = P.caption(runs, in: area)
        caption.direction = .leftToRight
        return try P.render([caption])
    }

    static func box(_ image: RGBAImage, _ color: CaptionColor) throws -> InkBox {
        try #require(P.ink(image) { $0 == color }, "\(color) is drawn")
    }

    /// An override lays "abc" out right to left whatever its letters' own direction (RLO … PDF):
    /// the picture is that of a plain "cba", glyph for glyph, and the formatting characters draw
    /// nothing of their own.
    @Test func aRightToLeftOverrideDrawsLatinBackwards() throws {
        let overridden = try Self.render([Self.run("abc", .white, CaptionBidi(.override, .rightToLeft))])
        let plain = try Self.render([Self.run("cba", .white)])
        #expect(P.ink(overridden) != nil)
        #expect(overridden.pixels == plain.pixels)
    }

    /// A right-to-left embedding (RLE … PDF) of "abc def" + "!" (two runs with the same value:
    /// one embedding) after "x ". In the embedding's level run (level 1; its sos and eos are R) the
    /// letters are L and the space between two L's is L (rule N1): all at level 2 (rule I2); the
    /// "!" between L and the eos R takes the embedding's direction, R (rule N2), and stays at
    /// level 1. Rule L2 reverses the level-2 stretch and then the whole embedding: "abc def" keeps
    /// its words and their letters in order, and the "!" moves to the run's start, its left:
    /// "x !abc def", the picture of plain runs in that order.
    @Test func aRightToLeftEmbeddingKeepsLatinWordsInOrder() throws {
        let embed = CaptionBidi(.embed, .rightToLeft)
        let embedded = try Self.render([
            Self.run("x ", .red), Self.run("abc def", .green, embed), Self.run("!", .blue, embed),
        ])
        let x = try Self.box(embedded, .red), words = try Self.box(embedded, .green)
        let mark = try Self.box(embedded, .blue)
        #expect(x.maxX < mark.minX && mark.maxX < words.minX, "x \(x), ! \(mark), abc def \(words)")
        let plain = try Self.render([Self.run("x ", .red), Self.run("!", .blue), Self.run("abc def", .green)])
        #expect(embedded.pixels == plain.pixels)
    }

    /// "ג " then a run "d" set right to left. Embedded (RLE d PDF): the space's level run ends
    /// where the level-1 embedding starts, so its eos is R and the space between R and R is R
    /// (rule N1): "ג", the space and "d" form one right-to-left stretch, "d ג" from the left.
    /// Isolated (RLI d PDI): the isolate counts as a neutral in the paragraph, whose end (eos) is
    /// L, so the space between R and L takes the paragraph's direction (rule N2), L: it stays
    /// where it was and "ג d" reads from the left, as with no isolate at all.
    @Test(
        arguments: [
            (Optional(CaptionBidi(.embed, .rightToLeft)), false), (CaptionBidi(.isolate, .rightToLeft), true),
            (nil, true),
        ] as [(CaptionBidi?, Bool)])
    func anIsolateLeavesTheNeutralsAroundItAlone(bidi: CaptionBidi?, hebrewLeft: Bool) throws {
        let image = try Self.render([Self.run("ג ", .red), Self.run("d", .green, bidi)])
        let hebrew = try Self.box(image, .red), latin = try Self.box(image, .green)
        if hebrewLeft {
            #expect(hebrew.maxX < latin.minX, "ג \(hebrew) left of d \(latin)")
        } else {
            #expect(latin.maxX < hebrew.minX, "d \(latin) left of ג \(hebrew)")
        }
    }
}
