import CaptionCore
import Media

/// What the compositor does over one span of the composition, like
/// `AVMutableVideoCompositionInstruction`: the time range, the layers (back to front are the
/// layer instructions in reverse: the first is on top, as in AVFoundation), and the source video
/// and sample-data tracks the compositor needs for each frame in the range.
public struct VideoCompositionInstruction: VideoCompositionInstructionProtocol, Hashable {
    public var timeRange: TimeRange
    /// Top layer first.
    public var layerInstructions: [VideoCompositionLayerInstruction]
    /// Video tracks whose frames each request carries; empty means those of the layer
    /// instructions.
    public var requiredSourceTrackIDs: [CompositionTrackID]
    /// Sample-data (timed metadata) tracks whose group in force each request carries. Each must
    /// be among the composition's ``VideoComposition/sourceSampleDataTrackIDs``.
    public var requiredSourceSampleDataTrackIDs: [CompositionTrackID]
    /// sRGB colour shown where no layer covers the picture (for compositors that build a new
    /// frame); 0xRRGGBB.
    public var backgroundColor: UInt32

    public init(
        timeRange: TimeRange, layerInstructions: [VideoCompositionLayerInstruction] = [],
        requiredSourceTrackIDs: [CompositionTrackID] = [], requiredSourceSampleDataTrackIDs: [CompositionTrackID] = [],
        backgroundColor: UInt32 = 0
    ) {
        self.timeRange = timeRange
        self.layerInstructions = layerInstructions
        self.requiredSourceTrackIDs = requiredSourceTrackIDs
        self.requiredSourceSampleDataTrackIDs = requiredSourceSampleDataTrackIDs
        self.backgroundColor = backgroundColor
    }

    /// The video tracks a request for this instruction carries.
    public var sourceVideoTrackIDs: [CompositionTrackID] {
        requiredSourceTrackIDs.isEmpty ? layerInstructions.map(\.trackID) : requiredSourceTrackIDs
    }
}
