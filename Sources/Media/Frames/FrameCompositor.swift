import CaptionCore

/// One stage of the per-frame chain of an export: it receives each decoded frame, writable in
/// place, with its presentation time, and draws on it. Stages run in the order given, between
/// decoding and encoding; frames they do not change are never copied.
///
/// The time is on the export source's timeline (the asset's, or a composition's), so a caption
/// compositor shows each caption at the time its file gives, whatever `--from` trims away.
/// The compositions issue drives AVFoundation's `VideoCompositing` request model through this
/// protocol: a request per output frame is one `composite` call.
public protocol FrameCompositor: AnyObject {
    /// The pixel formats the stage draws into; frames in any other are converted first through
    /// libswscale (and the export says so).
    var supportedPixelFormats: Set<PixelFormat> { get }

    /// Called once before the first frame.
    func prepare(for format: VideoFrameFormat) throws

    /// Draws on `frame`, which is shown at `time`. Call ``VideoFrame/makeWritable()`` before
    /// changing its pixels.
    func composite(_ frame: VideoFrame, at time: MediaTime) throws

    /// Called once after the last frame.
    func finish() throws
}

extension FrameCompositor {
    public var supportedPixelFormats: Set<PixelFormat> { PixelFormat.blendable }
    public func prepare(for format: VideoFrameFormat) throws {}
    public func finish() throws {}
}
