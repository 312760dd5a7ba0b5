/// Ruby (furigana) annotating a run of base text, like `AVCaptionRuby`.
public struct CaptionRuby: Sendable, Hashable, Codable {
    /// Where the annotation sits relative to its base text.
    public enum Position: String, Sendable, Hashable, Codable {
        /// Above horizontal text, right of vertical text.
        case before
        /// Below horizontal text, left of vertical text.
        case after
        /// Before on a paragraph's first line, after on its other lines, so that two lines' ruby
        /// sits outside the pair (TTML2 §10.2.39 `tts:rubyPosition` outside, the initial value,
        /// and IMSC 1.1 §8.5.3's only permitted one; the lines' sides are those of TTML2
        /// §10.2.35's `outside` reserve).
        case outside
    }

    /// How the annotation is spread over its base text.
    public enum Alignment: String, Sendable, Hashable, Codable {
        case start, center, distributeSpaceBetween, distributeSpaceAround
    }

    public var text: String
    public var position: Position
    public var alignment: Alignment

    public init(text: String, position: Position = .before, alignment: Alignment = .center) {
        self.text = text
        self.position = position
        self.alignment = alignment
    }
}
