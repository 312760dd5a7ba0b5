internal import CFFmpeg
import CaptionCore

/// The compositors of an export or an image generator, run in order on each frame: the one
/// place that makes ``VideoCompositionRequest``s, so a compositor sees the same request in
/// `export`, `burn`, `compose`, `frame` and `thumbnails`.
final class CompositorChain {
    let compositors: [any VideoCompositing]
    private var pool: OutputPicturePool?

    /// Whether a picture composed anew takes the properties of the frame it replaces.
    private let keepsFrameProperties: Bool

    /// New black frames come from a pool of their own, made at the first
    /// ``VideoCompositionRequest/makeBlackFrame()``, unless ``use(_:)`` gives one.
    /// `keepsFrameProperties`: an asset's frame is the output frame, so a picture composed in its
    /// place keeps its side data (the source's A/53 captions) and colour tags; a timeline's default
    /// picture is one source's frame at a mapped time, whose side data would carry that clip's
    /// captions to the wrong times of the output.
    init(_ compositors: [any VideoCompositing], keepsFrameProperties: Bool) {
        self.compositors = compositors
        self.keepsFrameProperties = keepsFrameProperties
    }

    /// Takes new black frames from `pool` (a timeline's, whose default pictures come from it too).
    func use(_ pool: OutputPicturePool) {
        self.pool = pool
    }

    var isEmpty: Bool { compositors.isEmpty }

    /// Black frames allocated so far (the rest were recycled from the pool).
    var allocatedPictures: Int { pool?.allocatedCount ?? 0 }

    /// The pixel formats every compositor draws into.
    var supportedPixelFormats: Set<PixelFormat> {
        compositors.reduce(PixelFormat.blendable) { $0.intersection($1.supportedPixelFormats) }
    }

    func prepare(for format: VideoFrameFormat) throws {
        for compositor in compositors { try compositor.prepare(for: format) }
    }

    /// Runs every compositor on the frame shown at `time` and returns the picture they made:
    /// `frame` itself, drawn on, unless one of them composed a new one.
    func run(on frame: VideoFrame, sources: [CompositionTrackID: VideoFrame], at time: MediaTime) throws -> VideoFrame {
        guard !compositors.isEmpty else { return frame }
        // The request holds the chain (not the other way round): a compositor that keeps a
        // request past its frame can still ask it for a black frame.
        let request = VideoCompositionRequest(
            compositionTime: time, destinationFrame: frame, sourceFrames: sources,
            makeBlackFrame: { [self] in try blackFrame(like: frame.format) })
        for compositor in compositors { try compositor.compose(request) }
        let made = request.destinationFrame
        if made !== frame, keepsFrameProperties {
            // A picture composed anew keeps the frame's properties (side data such as the
            // source's A/53 captions, colour tags), as a frame drawn on in place does.
            try MediaError.check(
                av_frame_copy_props(made.frame.pointer, frame.frame.pointer), call: "av_frame_copy_props",
                "keeping a composed frame's properties")
        }
        return made
    }

    func finish() throws {
        for compositor in compositors { try compositor.finish() }
    }

    private func blackFrame(like format: VideoFrameFormat) throws -> VideoFrame {
        if pool?.format != format { pool = try OutputPicturePool(format: format) }
        guard let pool else { return try VideoFrame.black(format) }
        return VideoFrame(frame: try pool.blackPicture(), format: format)
    }
}
