internal import CFFmpeg
import CaptionCore

/// The part of the source an export keeps, and the shift that moves its start to zero.
///
/// Times here are "raw": a packet's timestamp times its stream's time base, before the
/// container's start time is taken off. The asset timeline (what compositors and the user's
/// `--from`/`--to` see) is raw time minus ``assetStart``, as the ffmpeg command does it.
struct TrimWindow {
    /// The container's start (`AVFormatContext.start_time`), zero when it has none.
    var assetStart: MediaTime
    /// Asset times; nil for "from the beginning" and "to the end".
    var from: MediaTime?
    var to: MediaTime?
    /// Raw time of the first kept video frame once known: every stream is shifted back by it
    /// when trimming the start; zero (no shift) otherwise.
    var shift: MediaTime?

    var trimsStart: Bool { from != nil }

    /// The raw time of `units` in `base`.
    static func raw(_ units: Int64, _ base: AVRational) -> MediaTime {
        FFmpegNames.time(units, base) ?? .invalid
    }

    func assetTime(raw: MediaTime) -> MediaTime { raw - assetStart }

    /// `time` (raw) in units of `base`, rounded to nearest.
    static func units(_ time: MediaTime, _ base: AVRational) -> Int64 {
        guard time.isNumeric, base.num > 0, base.den > 0 else { return 0 }
        let exact = (try? time.checkedMultiplying(by: Int64(base.den), dividingBy: Int64(base.num))) ?? .invalid
        guard exact.isNumeric else { return 0 }
        let r = (try? exact.converted(toTimescale: 1, rounding: .nearestOrAwayFromZero)) ?? .zero
        return r.value
    }
}
