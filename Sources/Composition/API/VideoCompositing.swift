import CaptionCore
import Media

/// A custom compositor, like AVFoundation's `AVVideoCompositing`: it gets one
/// ``VideoCompositionRequest`` per output frame and draws that frame. Several stack with
/// ``CompositorStack``; users write their own in Swift against this protocol.
public protocol VideoCompositing: AnyObject {
    /// The pixel formats it draws into (`sourcePixelBufferAttributes`); frames in any other
    /// are converted first through libswscale.
    var supportedPixelFormats: Set<PixelFormat> { get }

    /// Called once before the first request with the format of every frame
    /// (`renderContextChanged(_:)`).
    func prepare(for format: VideoFrameFormat) throws

    /// Draws the frame of `request` (`startRequest(_:)`), into
    /// ``VideoCompositionRequest/destinationFrame``.
    func compose(_ request: VideoCompositionRequest) throws

    /// Called once after the last request.
    func finish() throws
}

extension VideoCompositing {
    public var supportedPixelFormats: Set<PixelFormat> { PixelFormat.blendable }
    public func prepare(for format: VideoFrameFormat) throws {}
    public func finish() throws {}
}
