import CaptionKit
import CaptionsCLI
import Composition
import Media

/// What `frame` and `thumbnails` take pictures of: the ``ImageGenerator`` of a movie, or of a
/// composition file's timeline (its ``CompositionAsset``: the exported frame, composed and
/// titled, without the encoder).
struct PictureSource {
    let generator: ImageGenerator
    /// The composition the timeline comes from; nil for a movie.
    let composition: CompositionAsset?

    /// The frame rate timecode arguments count in: the video's, or the composition's output rate.
    func frameRate() throws -> FrameRate {
        switch generator.source {
        case .asset(let asset): return try MovieFacts.frameRate(of: asset)
        case .timeline(let timeline):
            let d = composition?.frameDuration ?? timeline.frameDuration
            return FrameRate(frames: d.timescale, seconds: Int32(clamping: d.value)) ?? .fps30
        }
    }

    /// How long the movie or the composition lasts, when known.
    func duration() throws -> MediaTime? {
        switch generator.source {
        case .asset(let asset): return try asset.loadDescription().duration
        case .timeline(let timeline): return composition?.duration ?? timeline.duration
        }
    }
}
