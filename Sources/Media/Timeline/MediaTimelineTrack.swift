import CaptionCore

/// One track of a ``MediaTimeline``, like `AVCompositionTrack`: segments in output order.
public struct MediaTimelineTrack: Sendable, Hashable {
    /// The output track's ID (the composition track ID), used by ``AudioMixInputParameters``
    /// and as the key of the source frames in a ``VideoCompositionRequest``.
    public var trackID: Int
    /// `.video` or `.audio`.
    public var mediaType: AssetTrack.MediaType
    /// Sorted by target time, not overlapping; time between them is empty (black, silence).
    public var segments: [MediaSegment]

    public init(trackID: Int, mediaType: AssetTrack.MediaType, segments: [MediaSegment]) {
        self.trackID = trackID
        self.mediaType = mediaType
        self.segments = segments
    }

    /// The segment that covers output time `time`, if any (ranges are half-open).
    public func segment(at time: MediaTime) -> MediaSegment? {
        segments.first { $0.targetRange.contains(time) }
    }

    /// "video track 1": how messages name the track.
    var label: String { "\(mediaType.rawValue) track \(trackID)" }
}
