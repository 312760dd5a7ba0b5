import CaptionCore

/// Everything ``Asset`` loads from a movie in one pass: the container and its tracks.
public struct AssetDescription: Sendable, Hashable {
    /// libavformat's demuxer names ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm"), as ffprobe's
    /// `format_name`.
    public var containerFormat: String
    public var duration: MediaTime?
    public var startTime: MediaTime?
    /// Bits per second over the whole file.
    public var bitRate: Int?
    /// The container's `creation_time` tag (ISO 8601), when it has one.
    public var creationDate: String?
    public var metadata: [MediaTag]
    public var tracks: [AssetTrack]

    public init(
        containerFormat: String, duration: MediaTime?, startTime: MediaTime?, bitRate: Int?,
        creationDate: String?, metadata: [MediaTag], tracks: [AssetTrack]
    ) {
        self.containerFormat = containerFormat
        self.duration = duration
        self.startTime = startTime
        self.bitRate = bitRate
        self.creationDate = creationDate
        self.metadata = metadata
        self.tracks = tracks
    }
}
