import CaptionCore

/// One piece of a ``CompositionTrack``, like `AVCompositionTrackSegment`: a source track's time
/// range mapped onto the composition's timeline, or an empty stretch (black, silence). When the
/// two ranges of the mapping differ in duration the segment plays scaled: 2 s of source in a
/// 4 s target range plays at half speed.
public struct CompositionTrackSegment: Sendable, Hashable {
    /// Where a segment's media comes from: a file and the track in it (its `track_ID`).
    public struct Source: Sendable, Hashable {
        public var path: String
        public var trackID: Int

        public init(path: String, trackID: Int) {
            self.path = path
            self.trackID = trackID
        }
    }

    /// nil for an empty segment.
    public var source: Source?
    /// Source range → target range. For an empty segment both are the target range
    /// (AVFoundation gives it an invalid source start; we keep the mapping usable instead).
    public var timeMapping: TimeMapping

    public init(source: Source?, timeMapping: TimeMapping) {
        self.source = source
        self.timeMapping = timeMapping
    }

    /// An empty segment over `targetRange`.
    public static func empty(_ targetRange: TimeRange) -> CompositionTrackSegment {
        CompositionTrackSegment(source: nil, timeMapping: TimeMapping(source: targetRange, target: targetRange))
    }

    public var isEmpty: Bool { source == nil }
    public var targetRange: TimeRange { timeMapping.target }
}
