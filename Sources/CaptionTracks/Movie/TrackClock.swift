import CaptionCore
import ISOBMFF

/// A track's media time on the movie's timeline, through its edit list (ISO/IEC 14496-12
/// §8.6.6): leading empty edits delay the track, and the first media edit says which media time
/// plays first. Later edits (rare outside edited camera files) are not applied.
struct TrackClock: Sendable {
    let timescale: Int32
    /// Movie time at which `mediaStart` plays.
    let delay: MediaTime
    let mediaStart: Int64

    init(track: Track, movieTimescale: UInt32) throws(CaptionTracksError) {
        guard track.timescale <= UInt32(Int32.max) else {
            throw CaptionTracksError(
                .unreadable,
                "track \(track.id) has a media timescale of \(track.timescale), more than this reader takes")
        }
        timescale = Int32(track.timescale)
        var empty: UInt64 = 0
        var start: Int64 = 0
        for edit in track.edits {
            if edit.mediaTime < 0 {
                empty &+= edit.segmentDuration
            } else {
                start = edit.mediaTime
                break
            }
        }
        delay = MediaTime(value: Int64(clamping: empty), timescale: Int32(clamping: max(1, movieTimescale)))
        mediaStart = start
    }

    /// The movie time of media time `t` (invalid when a hostile table overflows).
    func movieTime(_ t: Int64) -> MediaTime {
        let (offset, overflow) = t.subtractingReportingOverflow(mediaStart)
        return overflow ? .invalid : (delay + MediaTime(value: offset, timescale: timescale)).reduced
    }

    func duration(_ units: Int64) -> MediaTime { MediaTime(value: units, timescale: timescale) }
}
