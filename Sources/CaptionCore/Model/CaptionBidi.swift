/// A run set apart from the bidirectional ordering around it, in a direction of its own (TTML1
/// §8.2.21 `tts:unicodeBidi` embed or bidiOverride with the span's `tts:direction`, and TTML2's
/// isolate; UAX #9 §2's explicit embeddings, overrides and isolates, which is how a renderer
/// applies it). Neighbouring runs with the same value are one embedding.
public struct CaptionBidi: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The run is a level of its own in `direction` (LRE/RLE … PDF).
        case embed
        /// The run's characters are laid out in `direction` whatever their own (LRO/RLO … PDF).
        case override = "bidiOverride"
        /// As embed, and the text around it is ordered as if the run were one neutral character
        /// (LRI/RLI … PDI).
        case isolate
    }

    public var kind: Kind
    public var direction: CaptionTextDirection

    public init(_ kind: Kind, _ direction: CaptionTextDirection) {
        self.kind = kind
        self.direction = direction
    }
}
