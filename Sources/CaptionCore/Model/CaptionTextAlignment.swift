/// How each line sits along the region's inline direction, like `AVCaption.TextAlignment`.
public enum CaptionTextAlignment: String, Sendable, Hashable, Codable {
    case start, end, center, left, right
}

/// How a caption's text appears, like `AVCaption.Animation`.
public enum CaptionAnimation: String, Sendable, Hashable, Codable {
    /// The whole caption appears at once (pop-on, and each roll-up line).
    case none
    /// Characters appear one by one as they arrive (CEA-608 paint-on).
    case characterReveal
}

/// A paragraph's base direction (TTML2 §10.2.12 `tts:direction`; UAX #9's paragraph level).
public enum CaptionTextDirection: String, Sendable, Hashable, Codable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
