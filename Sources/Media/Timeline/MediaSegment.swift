import CaptionCore

/// One piece of a composition track on the output timeline, like `AVCompositionTrackSegment`:
/// a range of one source track placed at a range of the output. `source` nil is an empty
/// segment (black video, silence). When the source range and the target range differ in
/// duration the segment plays scaled: 2 s of source in 4 s of target is half speed.
public struct MediaSegment: Sendable, Hashable {
    /// Where a segment's media comes from.
    public struct Source: Sendable, Hashable {
        /// The movie file.
        public var path: String
        /// ``AssetTrack/trackID`` of the source track (the container's `track_ID`, as
        /// `AVAssetTrack.trackID`).
        public var trackID: Int
        /// The part used, on the source's asset timeline (the container's start taken off, as
        /// ``ExportSession`` counts).
        public var timeRange: TimeRange

        public init(path: String, trackID: Int, timeRange: TimeRange) {
            self.path = path
            self.trackID = trackID
            self.timeRange = timeRange
        }
    }

    /// The media, or nil for empty time.
    public var source: Source?
    /// Where the segment lies on the output timeline.
    public var targetRange: TimeRange

    public init(source: Source?, targetRange: TimeRange) {
        self.source = source
        self.targetRange = targetRange
    }

    /// An empty segment (black video, silence) over `targetRange`.
    public static func empty(_ targetRange: TimeRange) -> MediaSegment {
        MediaSegment(source: nil, targetRange: targetRange)
    }

    /// The source time shown at output time `time` (inside ``targetRange``), computed exactly:
    /// `source.start + (time − target.start) × source.duration / target.duration`. Nil for an
    /// empty segment.
    public func sourceTime(at time: MediaTime) throws(MediaTimeError) -> MediaTime? {
        guard let source else { return nil }
        let offset = try time.checkedSubtracting(targetRange.start)
        let sd = source.timeRange.duration
        let td = targetRange.duration
        guard td.isNumeric, sd.isNumeric, td > .zero else { return source.timeRange.start }
        // offset × (sd.v / sd.ts) / (td.v / td.ts)
        let scaled = try offset.checkedMultiplying(by: sd.value, dividingBy: Int64(sd.timescale))
            .checkedMultiplying(by: Int64(td.timescale), dividingBy: td.value)
        return try source.timeRange.start.checkedAdding(scaled)
    }

    /// Source seconds per output second: 1 for a segment played as is, 0.5 for half speed.
    public var speed: Double {
        guard let source, targetRange.duration.seconds > 0 else { return 1 }
        return source.timeRange.duration.seconds / targetRange.duration.seconds
    }
}
