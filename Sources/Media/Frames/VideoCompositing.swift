import CaptionCore

/// The one per-frame hook of the suite, AVFoundation's `AVVideoCompositing`: it gets one
/// ``VideoCompositionRequest`` per output frame — the frame's time, the picture being made, the
/// source frames by track ID and the timed metadata in force — and draws that frame. Captions,
/// GPS dashboards, titles and a composition's layer instructions are all compositors of this
/// kind, so each works wherever frames are made: ``ExportSession`` (an asset or a timeline) and
/// ``ImageGenerator`` alike.
///
/// Several run in the order given on each request, each seeing what the ones before drew. A
/// compositor that draws over the picture writes into ``VideoCompositionRequest/destinationFrame``;
/// one that builds the whole picture from the sources (a cross-fade) takes a fresh black frame
/// from ``VideoCompositionRequest/makeBlackFrame()`` and hands it back with
/// ``VideoCompositionRequest/finish(withComposedVideoFrame:)``. Frames it does not change are
/// never copied.
public protocol VideoCompositing: AnyObject {
    /// The pixel formats it draws into (`sourcePixelBufferAttributes`); frames in any other
    /// are converted first through libswscale (and the export says so).
    var supportedPixelFormats: Set<PixelFormat> { get }

    /// Called once before the first request with the format of every frame
    /// (`renderContextChanged(_:)`).
    func prepare(for format: VideoFrameFormat) throws

    /// Draws the frame of `request` (`startRequest(_:)`).
    func compose(_ request: VideoCompositionRequest) throws

    /// Called once after the last request.
    func finish() throws
}

extension VideoCompositing {
    public var supportedPixelFormats: Set<PixelFormat> { PixelFormat.blendable }
    public func prepare(for format: VideoFrameFormat) throws {}
    public func finish() throws {}
}

/// What an instruction of a video composition tells its compositor, like AVFoundation's
/// `AVVideoCompositionInstructionProtocol`: the span it covers and the tracks each request in
/// that span carries. A compositor that knows the concrete type (Composition's
/// `VideoCompositionInstruction`, with its layer instructions) casts to it.
public protocol VideoCompositionInstructionProtocol: Sendable {
    var timeRange: TimeRange { get }
    /// The video tracks whose frames a request for this instruction carries.
    var sourceVideoTrackIDs: [CompositionTrackID] { get }
    /// The sample-data (timed metadata) tracks whose group in force a request carries.
    var requiredSourceSampleDataTrackIDs: [CompositionTrackID] { get }
}

/// A track's ID in its movie (`tkhd` track_ID, ISO/IEC 14496-12 §8.3.2) or its timeline, like
/// Core Media's `CMPersistentTrackID`. Video and sample-data (timed metadata) tracks share the
/// space.
public typealias CompositionTrackID = Int32

/// What runs compositors over the frames of a source: an ``ExportSession`` (every frame, then the
/// encoder) or an ``ImageGenerator`` (the frames asked for, then RGBA). A video composition is
/// applied to either the same way (Composition's `apply(_:sampleDataTracks:)`).
public protocol VideoCompositionHost: AnyObject {
    var source: MediaSource { get }
    var compositors: [any VideoCompositing] { get set }
}

extension ExportSession: VideoCompositionHost {}
extension ImageGenerator: VideoCompositionHost {}
