/// What an ``ExportSession`` or an ``ImageGenerator`` reads its frames from, as AVFoundation's
/// export session and image generator take an `AVAsset` that may be an `AVComposition`: one
/// movie, or a ``MediaTimeline`` (a composition of several).
public enum MediaSource {
    /// One movie, its frames at its own times.
    case asset(Asset)
    /// Segments of several movies placed on one timeline, each output frame made anew at the
    /// timeline's render size and frame rate.
    case timeline(MediaTimeline)

    /// Whether the frames are the asset's own (not made anew on a timeline).
    var isAsset: Bool {
        if case .asset = self { return true }
        return false
    }
}
