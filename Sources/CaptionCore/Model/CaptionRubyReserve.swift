/// Room a paragraph keeps for ruby on every line, whether or not the line has any (TTML2
/// §10.2.35 `tts:rubyReserve`), so that lines with and without ruby are spaced alike. JSON form:
/// `{"position": "outside", "length": "50%"}`.
public struct CaptionRubyReserve: Sendable, Hashable, Codable {
    /// Which side of each line keeps the room.
    public enum Position: String, Sendable, Hashable, Codable {
        /// Before and after every line.
        case both
        /// Before every line (above horizontal text).
        case before
        /// After every line.
        case after
        /// Before the first line and after every other line; a paragraph of one line keeps room
        /// on both sides (TTML2 §10.2.35, as imscJS draws it).
        case outside
    }

    public var position: Position
    /// The font size of the ruby text the room is kept for (TTML2 §10.2.35: the room is what
    /// ruby of this size takes): cells or pixels, or a percentage of the paragraph's font size;
    /// nil for the size ruby is drawn at (TTML2's `auto`, half the font size).
    public var length: CaptionDimension?

    public init(position: Position, length: CaptionDimension? = nil) {
        self.position = position
        self.length = length
    }
}
