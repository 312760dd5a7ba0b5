import CaptionCore

/// Why an edit of a ``MutableComposition`` could not be made. The composition is left as it was.
public enum CompositionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A time range that is not numeric, has a negative duration or starts before zero.
    case invalidTimeRange(TimeRange, String)
    /// The range asked of a source track lies (partly) outside that track.
    case outsideSource(path: String, trackID: Int, range: TimeRange, available: TimeRange)
    /// A source track of another media type than the composition track's.
    case mediaTypeMismatch(trackID: Int, expected: String, found: String)
    case noSuchTrack(Int)
    case duplicateTrackID(Int)
    /// The exact result of the time arithmetic does not fit a MediaTime (an Int64 value over an
    /// Int32 timescale).
    case timeOverflow(String)

    public var description: String {
        switch self {
        case .invalidTimeRange(let r, let why): return "the time range \(Self.text(r)) \(why)"
        case .outsideSource(let path, let id, let r, let a):
            return "\(path): track \(id) has media from \(Self.text(a.start)) to \(Self.text(a.end)) s, "
                + "not \(Self.text(r.start)) to \(Self.text(r.end)) s"
        case .mediaTypeMismatch(let id, let expected, let found):
            return "composition track \(id) holds \(expected), not \(found)"
        case .noSuchTrack(let id): return "the composition has no track \(id)"
        case .duplicateTrackID(let id): return "the composition already has a track \(id)"
        case .timeOverflow(let what): return "the exact time of \(what) does not fit a media time"
        }
    }

    static func text(_ t: MediaTime) -> String {
        guard t.isNumeric else { return t.description }
        let ms = (try? t.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero))?.value ?? 0
        let whole = ms / 1000
        let frac = abs(ms % 1000)
        let sign = ms < 0 && whole == 0 ? "-" : ""
        if frac == 0 { return "\(sign)\(whole)" }
        var f = String(frac)
        while f.count < 3 { f = "0" + f }
        while f.hasSuffix("0") { f.removeLast() }
        return "\(sign)\(whole).\(f)"
    }

    static func text(_ r: TimeRange) -> String { "[\(text(r.start)), \(text(r.end)))" }
}
