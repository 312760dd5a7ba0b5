import CaptionCore

/// Everything ``Asset`` loads from a movie in one pass: the container and its tracks.
public struct AssetDescription: Sendable, Hashable {
    /// libavformat's demuxer names ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm"), as ffprobe's
    /// `format_name`.
    public var containerFormat: String
    /// How sure libavformat is of ``containerFormat``, 0 to 100, as ffprobe's `probe_score`:
    /// up to 100 from the file's contents, 50 from its extension alone, and at most 25 when it
    /// only guessed (``isFormatGuessed``). Nil when not known (a description made by hand).
    public var probeScore: Int?
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
        creationDate: String?, metadata: [MediaTag], tracks: [AssetTrack], probeScore: Int? = nil
    ) {
        self.containerFormat = containerFormat
        self.probeScore = probeScore
        self.duration = duration
        self.startTime = startTime
        self.bitRate = bitRate
        self.creationDate = creationDate
        self.metadata = metadata
        self.tracks = tracks
    }

    /// True when the format was only guessed: a probe score of at most `AVPROBE_SCORE_RETRY`
    /// (25), where libavformat warns "misdetection possible". Damaged files and files that are
    /// not media end up here.
    public var isFormatGuessed: Bool { probeScore.map { $0 <= Self.highestGuessScore } ?? false }

    /// `AVPROBE_SCORE_RETRY` (avformat.h): at or below it, libavformat only guessed the format.
    static let highestGuessScore = 25
}
