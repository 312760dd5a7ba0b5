/// A region drawn while it is active whether or not a caption is in it: TTML1 §8.2.17
/// `tts:showBackground` always (the initial value) paints a region's `tts:backgroundColor` even
/// when no content is flowed into it, from the region's `begin` to its `end` (without them, for
/// the whole document). The model's regions otherwise exist only on captions; these are the
/// times a region is shown whether a caption is in it or not.
public struct CaptionRegionBackdrop: Sendable, Hashable {
    /// The region, with its ``CaptionRegion/background`` (and its opacity and border).
    public var region: CaptionRegion
    /// When the region is shown.
    public var timeRange: TimeRange

    public init(region: CaptionRegion, timeRange: TimeRange) {
        self.region = region
        self.timeRange = timeRange
    }
}

extension CaptionRegionBackdrop: Codable {
    /// The JSON format's keys (Specs/json-format.md), times as a caption's.
    enum CodingKeys: String, CodingKey {
        case region, startTime, endTime
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            region: try c.decode(CaptionRegion.self, forKey: .region),
            timeRange: .asWritten(
                start: try c.decode(MediaTime.self, forKey: .startTime),
                end: try c.decode(MediaTime.self, forKey: .endTime)))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(region, forKey: .region)
        try c.encode(timeRange.start, forKey: .startTime)
        try c.encode(timeRange.end, forKey: .endTime)
    }
}
