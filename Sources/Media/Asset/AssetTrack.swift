import CaptionCore

/// One track of a movie, like `AVAssetTrack`: what it holds and how it is timed. Every member
/// that a file may leave out is optional; nil means the file does not say.
public struct AssetTrack: Sendable, Hashable, Identifiable {
    /// The kind of media, named as ffprobe's `codec_type`.
    public enum MediaType: String, Sendable, Hashable, Codable {
        case video, audio, subtitle, data, attachment, unknown
    }

    /// The container's own track number (`track_ID` in MP4/MOV), like `AVAssetTrack.trackID`.
    public var trackID: Int
    /// The position among the file's streams, from 0 (ffprobe's `index`; `-map 0:N`).
    public var index: Int
    public var id: Int { index }
    public var mediaType: MediaType
    /// FFmpeg's codec name ("h264", "aac", "bin_data"; "unknown" when FFmpeg has no codec for it).
    public var codec: String
    /// The sample description's four-character code ("avc1", "mp4a", "gpmd", "tmcd").
    public var codecTag: String
    /// "High", "Main", "LC"…
    public var profile: String?
    /// Coded picture size in pixels (video).
    public var width: Int?
    public var height: Int?
    /// FFmpeg's pixel format name ("yuv420p", "yuvj420p", "yuv420p10le"…).
    public var pixelFormat: String?
    public var color: ColorDescription?
    /// The exact frame rate (the stream's real base rate, ffprobe's `r_frame_rate`).
    public var frameRate: FrameRate?
    /// The mean rate over the track (`avg_frame_rate`).
    public var averageFrameRate: FrameRate?
    /// The unit of the track's timestamps: `1/timescale` seconds, e.g. 1/90000.
    public var timeBase: MediaTime
    public var startTime: MediaTime?
    public var duration: MediaTime?
    /// Samples (frames, audio packets, data samples) listed in the container's index.
    public var sampleCount: Int?
    /// Bits per second.
    public var bitRate: Int?
    /// ISO 639-2 language code of the track ("eng", "und").
    public var language: String?
    /// Audio: samples per second, channel count and layout ("stereo").
    public var sampleRate: Int?
    public var channels: Int?
    public var channelLayout: String?
    /// Display rotation in degrees, counter-clockwise, from the track's display matrix.
    public var rotation: Double?
    /// Whether the video carries CEA-608/708 captions as ATSC A/53 user data.
    public var hasClosedCaptions: Bool
    /// The track's tags (language, handler_name, timecode…).
    public var tags: [MediaTag]

    public init(
        trackID: Int, index: Int, mediaType: MediaType, codec: String, codecTag: String,
        timeBase: MediaTime, hasClosedCaptions: Bool = false, tags: [MediaTag] = []
    ) {
        self.trackID = trackID
        self.index = index
        self.mediaType = mediaType
        self.codec = codec
        self.codecTag = codecTag
        self.timeBase = timeBase
        self.hasClosedCaptions = hasClosedCaptions
        self.tags = tags
    }

    /// "video track 1 (h264)": how messages name a track.
    public var label: String { "\(mediaType.rawValue) track \(trackID) (\(codecTag.isEmpty ? codec : codecTag))" }
}
