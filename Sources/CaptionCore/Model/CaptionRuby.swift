/// Ruby (furigana) annotating a run of base text, like `AVCaptionRuby`.
public struct CaptionRuby: Sendable, Hashable, Codable {
    /// Where the annotation sits relative to its base text.
    public enum Position: String, Sendable, Hashable, Codable {
        /// Above horizontal text, right of vertical text.
        case before
        /// Below horizontal text, left of vertical text.
        case after
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
