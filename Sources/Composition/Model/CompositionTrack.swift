import CaptionCore

/// One track of a ``MutableComposition``, like `AVMutableCompositionTrack`: segments that follow
/// each other without gap from time zero (empty segments stand for nothing), each mapping a
/// source track's range onto the composition's timeline. The edits keep that invariant and work
/// in CaptionCore's exact time arithmetic, so a cut lands on the very instant asked for.
public struct CompositionTrack: Sendable, Hashable {
    /// The kind of media a track holds (a source track must be of the same kind).
    public enum MediaType: String, Sendable, Hashable, Codable {
        case video, audio
    }

    public let trackID: Int
    public let mediaType: MediaType
    /// Sorted, contiguous from zero.
    public internal(set) var segments: [CompositionTrackSegment] = []

    public init(trackID: Int, mediaType: MediaType) {
        self.trackID = trackID
        self.mediaType = mediaType
    }

    /// The end of the last segment (zero for a track without segments).
    public var duration: MediaTime { segments.last?.targetRange.end ?? .zero }

    /// The segment playing at `time` (start ≤ time < end), empty ones included.
    public func segment(at time: MediaTime) -> CompositionTrackSegment? {
        segments.first { $0.targetRange.contains(time) }
    }
}
