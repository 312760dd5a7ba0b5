import CaptionCore
import Metadata

/// One output frame to make, like `AVAsynchronousVideoCompositionRequest`: its time, the picture
/// being made, the source frames by track ID, the instruction in force (when a video composition
/// drives the frames) and, for each sample-data track the instruction requires, the timed-metadata
/// group and the stored sample in force at that time.
///
/// Exporting or imaging an asset, the destination is the decoded frame itself (drawn on in place,
/// so stacked compositors see each other's drawing) and the one source is that frame; for a
/// timeline it is the first video track's picture in force (black where none has media), and
/// the sources are the pictures of every video track playing then.
public final class VideoCompositionRequest {
    /// The frame's time on the source's timeline (the asset's, or the timeline's).
    public let compositionTime: MediaTime
    /// The instruction in force; nil when no video composition drives the frames.
    public let instruction: (any VideoCompositionInstructionProtocol)?
    private let output: Destination
    private let frames: [CompositionTrackID: VideoFrame]
    private let metadata: [CompositionTrackID: TimedMetadataGroup]
    private let samples: [CompositionTrackID: SampleBuffer]
    private let blackFrame: () throws -> VideoFrame

    /// The picture being made, which the compositor draws into (``VideoFrame/makeWritable()``
    /// first) or replaces with ``finish(withComposedVideoFrame:)``.
    public var destinationFrame: VideoFrame { output.frame }

    /// A request without instruction or timed metadata, as an export or an image generator makes
    /// one for each frame. `makeBlackFrame` gives a new black frame of the destination's format.
    package convenience init(
        compositionTime: MediaTime, destinationFrame: VideoFrame, sourceFrames: [CompositionTrackID: VideoFrame],
        makeBlackFrame: @escaping () throws -> VideoFrame
    ) {
        self.init(
            time: compositionTime, instruction: nil, output: Destination(destinationFrame), frames: sourceFrames,
            metadata: [:], samples: [:], blackFrame: makeBlackFrame)
    }

    private init(
        time: MediaTime, instruction: (any VideoCompositionInstructionProtocol)?, output: Destination,
        frames: [CompositionTrackID: VideoFrame], metadata: [CompositionTrackID: TimedMetadataGroup],
        samples: [CompositionTrackID: SampleBuffer], blackFrame: @escaping () throws -> VideoFrame
    ) {
        compositionTime = time
        self.instruction = instruction
        self.output = output
        self.frames = frames
        self.metadata = metadata
        self.samples = samples
        self.blackFrame = blackFrame
    }

    /// The same frame as seen under `instruction` (what a video composition hands its compositor):
    /// only the source frames the instruction requires, and the given groups and samples of its
    /// sample-data tracks. The two requests share their destination: a frame composed through
    /// the new one is the frame of this one.
    public func applying(
        _ instruction: any VideoCompositionInstructionProtocol,
        timedMetadata: [CompositionTrackID: TimedMetadataGroup] = [:],
        sampleBuffers: [CompositionTrackID: SampleBuffer] = [:]
    ) -> VideoCompositionRequest {
        let required = Set(instruction.sourceVideoTrackIDs)
        return VideoCompositionRequest(
            time: compositionTime, instruction: instruction, output: output,
            frames: frames.filter { required.contains($0.key) }, metadata: timedMetadata, samples: sampleBuffers,
            blackFrame: blackFrame)
    }

    /// The video tracks whose frames this request carries, in increasing ID order.
    public var sourceTrackIDs: [CompositionTrackID] { frames.keys.sorted() }
    /// The sample-data tracks this request carries (the instruction's required ones).
    public var sourceSampleDataTrackIDs: [CompositionTrackID] { instruction?.requiredSourceSampleDataTrackIDs ?? [] }

    /// The frame of `trackID` at this time; nil for a track with no picture then, or that the
    /// instruction does not require.
    public func sourceFrame(byTrackID trackID: CompositionTrackID) -> VideoFrame? { frames[trackID] }

    /// The group of `trackID` whose time range contains ``compositionTime``; nil when the
    /// instruction does not require the track or no group is in force (before the first sample,
    /// after the last, in a gap).
    public func sourceTimedMetadata(byTrackID trackID: CompositionTrackID) -> TimedMetadataGroup? {
        metadata[trackID]
    }

    /// The stored sample of `trackID` in force at ``compositionTime`` (a whole GPMF payload),
    /// nil as for ``sourceTimedMetadata(byTrackID:)``.
    public func sourceSampleBuffer(byTrackID trackID: CompositionTrackID) -> SampleBuffer? { samples[trackID] }

    /// A new black frame of the destination's format, writable, that nothing else refers to
    /// (the render context's `newPixelBuffer()`), for a compositor that builds the whole picture.
    public func makeBlackFrame() throws -> VideoFrame { try blackFrame() }

    /// Makes `frame` the picture of this request (`finish(withComposedVideoFrame:)`): the
    /// compositors after this one draw on it, and it is what is encoded or imaged. It must have
    /// the destination's format.
    public func finish(withComposedVideoFrame frame: VideoFrame) throws {
        guard frame.format == output.frame.format else {
            throw MediaFileError.invalidSetting(
                "a compositor returned a \(frame.width)x\(frame.height) \(frame.pixelFormat.name) frame "
                    + "for a \(output.frame.width)x\(output.frame.height) \(output.frame.pixelFormat.name) one")
        }
        output.frame = frame
    }

    /// The picture a request and those derived from it share.
    private final class Destination {
        var frame: VideoFrame
        init(_ frame: VideoFrame) { self.frame = frame }
    }
}
