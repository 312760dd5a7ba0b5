import CaptionCore

/// A piece of a paragraph's content, flattened from its spans, with the interval in which it is
/// active and whether `xml:space="preserve"` applies to it.
struct TTMLSegment {
    enum Kind {
        case text(String)
        case lineBreak
        /// Base text with its annotation (Apple's `ry:kind="ruby"` or TTML2's `tts:ruby`).
        case ruby(base: String, annotation: CaptionRuby)
    }

    var kind: Kind
    var style: CaptionTextStyle
    var begin: MediaTime
    var end: MediaTime
    var preservesSpace: Bool
}
