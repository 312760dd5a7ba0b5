import Media

/// Replaces every frame from `startSeconds` on with a new black one, as a compositor that
/// builds the whole picture does: it takes a black frame of the destination's format and
/// hands it back. The compositors after it draw on that frame.
final class FadeToBlack: VideoCompositing {
    let startSeconds: Double

    init(startSeconds: Double) {
        self.startSeconds = startSeconds
    }

    func compose(_ request: VideoCompositionRequest) throws {
        guard request.compositionTime.seconds >= startSeconds else { return }
        let black = try request.makeBlackFrame()
        try request.finish(withComposedVideoFrame: black)
    }
}
