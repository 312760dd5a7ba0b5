import CaptionCore
import Media

extension MutableComposition {
    /// The composition as Media's timeline, what ``TimelineExportSession`` exports: every
    /// track with its non-empty segments (empty ones are gaps there), at `renderSize` with a
    /// frame every `frameDuration`.
    public func toMediaTimeline(renderSize: VideoSize, frameDuration: MediaTime) -> MediaTimeline {
        let list = tracks.map { track in
            MediaTimelineTrack(
                trackID: track.trackID, mediaType: track.mediaType == .video ? .video : .audio,
                segments: track.segments.compactMap { s in
                    s.source.map { source in
                        MediaSegment(
                            source: MediaSegment.Source(
                                path: source.path, trackID: source.trackID, timeRange: s.timeMapping.source),
                            targetRange: s.timeMapping.target)
                    }
                })
        }
        return MediaTimeline(tracks: list, renderSize: renderSize, frameDuration: frameDuration)
    }
}
