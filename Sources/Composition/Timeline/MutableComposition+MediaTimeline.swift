import CaptionCore
import Media

extension MutableComposition {
    /// The composition as Media's timeline, what an ``ExportSession`` of a timeline exports: every track
    /// that has segments, each segment mapped as it is (empty ones too, so that a trailing empty
    /// range still lengthens the movie), at `renderSize` with a frame every `frameDuration`.
    public func toMediaTimeline(renderSize: VideoSize, frameDuration: MediaTime) -> MediaTimeline {
        let list = tracks.filter { !$0.segments.isEmpty }.map { track in
            MediaTimelineTrack(
                trackID: track.trackID, mediaType: track.mediaType == .video ? .video : .audio,
                segments: track.segments.map { s in
                    MediaSegment(
                        source: s.source.map {
                            MediaSegment.Source(path: $0.path, trackID: $0.trackID, timeRange: s.timeMapping.source)
                        },
                        targetRange: s.timeMapping.target)
                })
        }
        return MediaTimeline(tracks: list, renderSize: renderSize, frameDuration: frameDuration)
    }
}
