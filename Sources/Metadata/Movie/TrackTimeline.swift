import CaptionCore
import ISOBMFF

/// Maps a track's media times to movie times through its edit list (ISO/IEC 14496-12 §8.6.6):
/// leading empty edits delay the track, the first media edit says which media time plays first.
/// Later edits (rare in camera and metadata tracks) are not applied.
struct TrackTimeline {
    let mediaTimescale: Int32
    /// Movie time of the first media edit.
    let delay: MediaTime
    /// Media time that plays at `delay`.
    let mediaStart: Int64

    init(track: Track, movieTimescale: UInt32) {
        mediaTimescale = Int32(clamping: track.timescale)
        var empty: UInt64 = 0
        var start: Int64 = 0
        for edit in track.edits {
            if edit.mediaTime < 0 {
                empty += edit.segmentDuration
            } else {
                start = edit.mediaTime
                break
            }
        }
        delay = MediaTime(value: Int64(clamping: empty), timescale: Int32(clamping: movieTimescale))
        mediaStart = start
    }

    func movieTime(_ mediaTime: Int64) -> MediaTime {
        // A hostile edit list may name any media time: no overflow, an invalid time instead.
        let (offset, overflow) = mediaTime.subtractingReportingOverflow(mediaStart)
        return overflow ? .invalid : delay + MediaTime(value: offset, timescale: mediaTimescale)
    }

    func range(of sample: Sample) -> TimeRange {
        TimeRange(start: movieTime(sample.time), duration: MediaTime(value: sample.duration, timescale: mediaTimescale))
    }
}
