/// The caption burn-in as a custom compositor, so that it stacks with others in a
/// ``VideoComposition``: it draws into the request's destination frame at the composition time.
extension CaptionCompositor: VideoCompositing {
    public func compose(_ request: VideoCompositionRequest) throws {
        guard let frame = request.destinationFrame else { return }
        try composite(frame, at: request.compositionTime)
    }

    /// Nothing to flush (both protocols' default would otherwise be ambiguous).
    public func finish() throws {}
}
