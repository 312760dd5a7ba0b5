import CaptionCore
import Media
import Render

/// Burns captions into video frames: each caption scene is rendered once by Render's
/// ``CaptionRenderer`` (which keeps the layers of every scene), and its layers are blended
/// straight into the request's destination frame, with the stream's matrix and range, at the
/// request's time. A frame with nothing on screen is passed on untouched (not even copied).
/// It stacks with other compositors in an export or in a ``VideoComposition``.
public final class CaptionCompositor: VideoCompositing {
    public let renderer: CaptionRenderer
    /// Added to each caption's times: captions authored for a movie starting at 01:00:00:00
    /// take `-3600 s`.
    public var offset: MediaTime
    private var target = FrameTarget.planes(.planar8, YCbCrConversion(matrix: .bt709, limitedRange: true))
    /// Frames that got captions.
    public private(set) var framesDrawn = 0

    public init(renderer: CaptionRenderer, offset: MediaTime = .zero) {
        self.renderer = renderer
        self.offset = offset
    }

    public var supportedPixelFormats: Set<PixelFormat> { FrameTarget.pixelFormats }

    public func prepare(for format: VideoFrameFormat) throws {
        renderer.bounds = RenderSize(width: format.width, height: format.height)
        target = try FrameTarget(format)
    }

    public func compose(_ request: VideoCompositionRequest) throws {
        let frame = request.destinationFrame
        let captionTime = request.compositionTime - offset
        guard try renderer.drawsSomething(at: captionTime) else { return }
        try target.draw(
            into: frame, planes: { try renderer.render(at: captionTime, into: $0) },
            rgba: { try renderer.render(at: captionTime, into: $0) })
        framesDrawn += 1
    }
}
