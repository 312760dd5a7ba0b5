import CaptionCore

/// What an ``ExportSession`` of a timeline writes: tracks of segments taken from movie files, the
/// picture size and frame rate of the output, and its audio format. Compositions (the
/// Composition module) are turned into one of these to be exported.
public struct MediaTimeline: Sendable, Hashable {
    public var tracks: [MediaTimelineTrack]
    /// Every video source is made upright (its display matrix applied), scaled to fit inside
    /// this size keeping its aspect, centred, with black around.
    public var renderSize: VideoSize
    /// One output frame every `frameDuration`, from 0 to ``duration``.
    public var frameDuration: MediaTime
    public var audioSampleRate: Int = 48_000
    public var audioChannelCount: Int = 2

    public init(
        tracks: [MediaTimelineTrack], renderSize: VideoSize, frameDuration: MediaTime, audioSampleRate: Int = 48_000,
        audioChannelCount: Int = 2
    ) {
        self.tracks = tracks
        self.renderSize = renderSize
        self.frameDuration = frameDuration
        self.audioSampleRate = audioSampleRate
        self.audioChannelCount = audioChannelCount
    }

    /// The latest segment end (empty segments count), zero for no segments.
    public var duration: MediaTime {
        var end = MediaTime.zero
        for track in tracks {
            for segment in track.segments where segment.targetRange.end.isNumeric && segment.targetRange.end > end {
                end = segment.targetRange.end
            }
        }
        return end
    }

    /// The number of output frames: those whose time `n × frameDuration` is before ``duration``.
    public var frameCount: Int {
        let d = duration
        guard frameDuration.isNumeric, frameDuration > .zero, d > .zero,
            let q = try? d.checkedMultiplying(by: Int64(frameDuration.timescale), dividingBy: frameDuration.value)
                .converted(toTimescale: 1, rounding: .up)
        else { return 0 }
        return Int(q.value)
    }

    /// The time of output frame `n`.
    public func frameTime(_ n: Int) -> MediaTime {
        (try? frameDuration.checkedMultiplying(by: Int64(n))) ?? .invalid
    }
}
