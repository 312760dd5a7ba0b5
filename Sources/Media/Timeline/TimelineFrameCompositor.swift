import CaptionCore

/// The per-frame hook of a ``TimelineExportSession`` (the role of AVFoundation's
/// `AVVideoCompositing`). For each output frame it gets the frame of every video track that
/// has a non-empty segment at `time` (already upright, at the render size, in one of
/// ``supportedPixelFormats``), keyed by the timeline track ID, and a writable output frame of
/// the render size, black. Source frames it does not change are not copied.
public protocol TimelineFrameCompositor: AnyObject {
    /// The formats it can read and write; the export picks yuv420p when offered, else one of
    /// ``PixelFormat/blendable``.
    var supportedPixelFormats: Set<PixelFormat> { get }
    /// Called once before the first frame, with the format of every frame it will see.
    func prepare(for format: VideoFrameFormat) throws
    /// Fills `output` (shown at `time` on the output timeline) from `sources`.
    func compose(sources: [Int: VideoFrame], into output: VideoFrame, at time: MediaTime) throws
    /// Called once after the last frame.
    func finish() throws
}

extension TimelineFrameCompositor {
    public var supportedPixelFormats: Set<PixelFormat> { PixelFormat.blendable }
    public func prepare(for format: VideoFrameFormat) throws {}
    public func finish() throws {}
}
