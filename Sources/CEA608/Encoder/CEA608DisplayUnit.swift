// Caption modes: 47 CFR 15.119(f) (now 47 CFR 79.101).

/// What the encoder puts on screen at once: a pop-on scene (every pop-on caption visible over
/// one stretch of frames), a roll-up line or a paint-on caption.
struct CEA608DisplayUnit {
    var captionIndices: [Int]
    var mode: CEA608CaptionMode
    var startFrame: Int64
    var endFrame: Int64
    var rows: [CEA608Row]
}
