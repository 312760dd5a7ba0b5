import Media

/// Several compositors run one after another on each request, in the order given: each draws
/// over what the ones before drew (captions over a dashboard, or the other way round).
public final class CompositorStack: VideoCompositing {
    public let compositors: [any VideoCompositing]

    public init(_ compositors: [any VideoCompositing]) {
        self.compositors = compositors
    }

    public var supportedPixelFormats: Set<PixelFormat> {
        compositors.reduce(FrameTarget.pixelFormats) { $0.intersection($1.supportedPixelFormats) }
    }

    public func prepare(for format: VideoFrameFormat) throws {
        for c in compositors { try c.prepare(for: format) }
    }

    public func compose(_ request: VideoCompositionRequest) throws {
        for c in compositors { try c.compose(request) }
    }

    public func finish() throws {
        for c in compositors { try c.finish() }
    }
}
