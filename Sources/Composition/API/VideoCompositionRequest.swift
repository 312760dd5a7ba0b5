import CaptionCore
import Media
import Metadata

/// One output frame to compose, like `AVAsynchronousVideoCompositionRequest`: the composition
/// time, the instruction in force, the source frames by track ID, and for each sample-data
/// track the instruction requires, the timed-metadata group in force at that time.
public final class VideoCompositionRequest {
    /// The frame's time on the composition's timeline.
    public let compositionTime: MediaTime
    public let instruction: VideoCompositionInstruction
    /// The picture being composed. When drawing over one source track this is that track's
    /// decoded frame (written in place, so stacked compositors see each other's drawing).
    public let destinationFrame: VideoFrame?
    private let frames: [CompositionTrackID: VideoFrame]
    private let metadata: [CompositionTrackID: TimedMetadataGroup]
    private let samples: [CompositionTrackID: SampleBuffer]

    public init(
        compositionTime: MediaTime, instruction: VideoCompositionInstruction,
        sourceFrames: [CompositionTrackID: VideoFrame], destinationFrame: VideoFrame?,
        sourceTimedMetadata: [CompositionTrackID: TimedMetadataGroup], sourceSamples: [CompositionTrackID: SampleBuffer]
    ) {
        self.compositionTime = compositionTime
        self.instruction = instruction
        self.frames = sourceFrames
        self.destinationFrame = destinationFrame
        self.metadata = sourceTimedMetadata
        self.samples = sourceSamples
    }

    /// The video tracks whose frames this request carries.
    public var sourceTrackIDs: [CompositionTrackID] { instruction.sourceVideoTrackIDs }
    /// The sample-data tracks this request carries (the instruction's required ones).
    public var sourceSampleDataTrackIDs: [CompositionTrackID] { instruction.requiredSourceSampleDataTrackIDs }

    /// The decoded frame of `trackID` at this time, nil for a track the instruction does not
    /// require.
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
}
