import CaptionCore
import Media

/// A track of a source file as an edit names it, like the `AVAssetTrack` handed to
/// `insertTimeRange(_:of:at:)`: the file, the track's `track_ID`, its kind and the range of its
/// timeline that holds media (used to refuse ranges outside it).
public struct SourceTrack: Sendable, Hashable {
    public var path: String
    public var trackID: Int
    public var mediaType: CompositionTrack.MediaType
    /// From the track's start to its end on the source's timeline.
    public var timeRange: TimeRange

    public init(path: String, trackID: Int, mediaType: CompositionTrack.MediaType, timeRange: TimeRange) {
        self.path = path
        self.trackID = trackID
        self.mediaType = mediaType
        self.timeRange = timeRange
    }

    /// The video or audio `track` of the file at `path`; nil for other kinds or a track that
    /// does not say how long it is (`fallbackDuration`, the container's, is used then when given).
    public init?(path: String, track: AssetTrack, fallbackDuration: MediaTime? = nil) {
        let type: CompositionTrack.MediaType
        switch track.mediaType {
        case .video: type = .video
        case .audio: type = .audio
        default: return nil
        }
        guard let duration = track.duration ?? fallbackDuration, duration.isNumeric else { return nil }
        let start = track.startTime.flatMap { $0.isNumeric && $0 > .zero ? $0 : nil } ?? .zero
        self.init(
            path: path, trackID: track.trackID, mediaType: type, timeRange: TimeRange(start: start, duration: duration))
    }
}
