/// A whole caption file in the format-neutral model: captions plus what the source said about
/// time and language.
public struct CaptionDocument: Sendable, Hashable {
    /// How the source expressed time (TTML `ttp:timeBase`; SCC is always SMPTE timecode).
    public enum TimeBase: String, Sendable, Hashable, Codable {
        case media, smpte, clock
    }

    public var captions: [Caption]
    /// BCP 47 language tag (`xml:lang`), e.g. "en-US".
    public var language: String?
    /// The frame rate the source's times were counted in, if it had one.
    public var frameRate: FrameRate?
    /// Whether the source used drop-frame timecode labels.
    public var dropFrame: Bool?
    public var timeBase: TimeBase?
    /// Document-level metadata (title, copyright, source format's header fields…).
    public var metadata: [String: String]
    /// Regions shown whether or not a caption is in them (TTML's `tts:showBackground` always), in
    /// the order the source declares them; empty for none.
    public var regionBackdrops: [CaptionRegionBackdrop]

    public init(
        captions: [Caption] = [], language: String? = nil, frameRate: FrameRate? = nil,
        dropFrame: Bool? = nil, timeBase: TimeBase? = nil, metadata: [String: String] = [:],
        regionBackdrops: [CaptionRegionBackdrop] = []
    ) {
        self.captions = captions
        self.language = language
        self.frameRate = frameRate
        self.dropFrame = dropFrame
        self.timeBase = timeBase
        self.metadata = metadata
        self.regionBackdrops = regionBackdrops
    }

    /// The span from the first caption's start to the last caption's end (zero when empty).
    public var timeRange: TimeRange {
        guard let first = captions.first else { return .zero }
        return captions.dropFirst().reduce(first.timeRange) { $0.union($1.timeRange) }
    }
}

extension CaptionDocument: Codable {
    enum CodingKeys: String, CodingKey {
        case format, version, language, frameRate, dropFrame, timeBase, metadata, regionBackdrops, captions
    }

    /// The value of the `format` key that identifies our JSON documents.
    public static let jsonFormatIdentifier = "captions-json"
    public static let jsonFormatVersion = 1

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let version = try c.decodeIfPresent(Int.self, forKey: .version),
            version > Self.jsonFormatVersion
        {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: c,
                debugDescription: "version \(version) is newer than this reader (\(Self.jsonFormatVersion))")
        }
        var rate: FrameRate?
        if let text = try c.decodeIfPresent(String.self, forKey: .frameRate) {
            guard let r = FrameRate(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .frameRate, in: c, debugDescription: "unknown frame rate \"\(text)\"")
            }
            rate = r
        }
        self.init(
            captions: try c.decodeIfPresent([Caption].self, forKey: .captions) ?? [],
            language: try c.decodeIfPresent(String.self, forKey: .language),
            frameRate: rate,
            dropFrame: try c.decodeIfPresent(Bool.self, forKey: .dropFrame),
            timeBase: try c.decodeIfPresent(TimeBase.self, forKey: .timeBase),
            metadata: try c.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:],
            regionBackdrops: try c.decodeIfPresent([CaptionRegionBackdrop].self, forKey: .regionBackdrops) ?? [])
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.jsonFormatIdentifier, forKey: .format)
        try c.encode(Self.jsonFormatVersion, forKey: .version)
        try c.encodeIfPresent(language, forKey: .language)
        if let frameRate { try c.encode(frameRate.description, forKey: .frameRate) }
        try c.encodeIfPresent(dropFrame, forKey: .dropFrame)
        try c.encodeIfPresent(timeBase, forKey: .timeBase)
        if !metadata.isEmpty { try c.encode(metadata, forKey: .metadata) }
        if !regionBackdrops.isEmpty { try c.encode(regionBackdrops, forKey: .regionBackdrops) }
        try c.encode(captions, forKey: .captions)
    }
}
