import CaptionKit
import CaptionsCLI
import Composition
import Media

/// What `frame` and `thumbnails` take pictures of: a movie (``AssetImageGenerator``) or a
/// composition file (its ``CompositionAsset``'s ``TimelineImageGenerator``: the exported
/// frame, composed and titled, without the encoder).
enum PictureSource {
    case movie(AssetImageGenerator)
    case composition(CompositionAsset, TimelineImageGenerator)

    /// The frame rate timecode arguments count in: the video's, or the composition's output rate.
    func frameRate() throws -> FrameRate {
        switch self {
        case .movie(let generator): return try MovieFacts.frameRate(of: generator.asset)
        case .composition(let asset, _):
            let d = asset.frameDuration
            return FrameRate(frames: d.timescale, seconds: Int32(clamping: d.value)) ?? .fps30
        }
    }

    /// How long the movie or the composition lasts, when known.
    func duration() throws -> MediaTime? {
        switch self {
        case .movie(let generator):
            return try generator.asset.loadDescription().duration
        case .composition(let asset, _): return asset.duration
        }
    }

    /// A box the pictures fit inside, keeping their aspect.
    func setMaximumSize(_ size: VideoSize) {
        switch self {
        case .movie(let generator): generator.maximumSize = size
        case .composition(_, let generator): generator.maximumSize = size
        }
    }

    /// The pictures at `times`, in the order asked.
    func images(at times: [MediaTime]) throws -> [GeneratedImage] {
        switch self {
        case .movie(let generator): return try generator.images(at: times)
        case .composition(_, let generator): return try generator.images(at: times)
        }
    }

    /// Hands each picture at `times` to `body` with its index as soon as it is made, in
    /// increasing time order, holding none of them afterwards.
    func generateImages(at times: [MediaTime], _ body: (Int, GeneratedImage) throws -> Void) throws {
        switch self {
        case .movie(let generator): try generator.generateImages(at: times, body)
        case .composition(_, let generator): try generator.generateImages(at: times, body)
        }
    }

    /// Source pictures the last ``images(at:)`` decoded.
    var decodedFrameCount: Int {
        switch self {
        case .movie(let generator): return generator.decodedFrameCount
        case .composition(_, let generator): return generator.decodedFrameCount
        }
    }
}
