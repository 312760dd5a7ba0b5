// Caption modes: 47 CFR 15.119(f) (now 47 CFR 79.101).

/// What the encoder puts on screen at once: a pop-on scene (every pop-on caption visible over
/// one stretch of frames), a roll-up line or a paint-on caption.
struct CEA608DisplayUnit: Equatable {
    var captionIndices: [Int]
    var mode: CEA608CaptionMode
    var startFrame: Int64
    var endFrame: Int64
    var rows: [CEA608Row]
    /// Whether the rows are those of several captions shown together (a pop-on scene where
    /// captions overlap), in row order, rather than one caption's as laid out
    /// (``CEA608Encoder/rows(of:layout:)``).
    var mergesRows = false
}
