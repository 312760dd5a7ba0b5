import CaptionCore
// Foundation's TimeZone reads the tz database (Debian's tzdata) for `--camera-tz Europe/Paris`;
// no other library here knows the zones' rules and their summer times.
import Foundation

/// What a movie says of when its first frame was taken, clock by clock (Specs/timed-metadata.md,
/// "Clocks"): its creation time, where that was read and whether it names a time zone, and the
/// camera's GPS clock where its GPMF has one. ``MetadataSync`` places a ride by one of them.
public struct MovieClocks: Sendable, Hashable {
    /// Where the creation time was read.
    public enum CreationSource: Sendable, Hashable {
        /// QuickTime's `com.apple.quicktime.creationdate`: ISO 8601 text, with the UTC offset the
        /// camera wrote (`hasZone`) or without one.
        case quickTimeCreationDate(text: String, hasZone: Bool)
        /// A Sony camera's NonRealTimeMeta `CreationDate` (``SonyNonRealTimeMeta``): ISO 8601
        /// with the offset of the zone the camera's clock is set to.
        case sonyNonRealTimeMeta(text: String, hasZone: Bool)
        /// `mvhd` creation_time (ISO/IEC 14496-12 §8.2.2): seconds since 1904 with no time zone,
        /// meant as UTC; many cameras (GoPro among them) write their local wall-clock time there.
        case movieHeader
    }

    /// The creation time as written (a time without a zone taken as UTC).
    public var creationTime: UTCTime?
    public var creationSource: CreationSource?
    /// The camera's GPS clock: the UTC instant at movie time 0, the median over the GPMF payloads
    /// of their `GPSU`/`GPS9` time minus their movie time.
    public var gpsTime: UTCTime?

    /// Whether the creation time names its time zone (so `--camera-tz` has nothing to correct).
    public var creationTimeHasZone: Bool {
        switch creationSource {
        case .quickTimeCreationDate(_, true)?, .sonyNonRealTimeMeta(_, true)?: return true
        default: return false
        }
    }

    /// The creation time read as local wall-clock time in `zone` when it names no zone itself.
    public func creationTime(in zone: CameraTimeZone?) -> UTCTime? {
        guard let creationTime else { return nil }
        guard let zone, !creationTimeHasZone else { return creationTime }
        return zone.utc(fromLocal: creationTime)
    }

    /// Where the creation time came from, in words, and how a time without a zone was read.
    public func creationClockName(cameraTimeZone: CameraTimeZone? = nil) -> String {
        let read = cameraTimeZone.map { "read as \($0) local time" } ?? "taken as UTC"
        return switch creationSource {
        case .quickTimeCreationDate(let text, true)?: "its creation time (QuickTime creationdate \(text))"
        case .quickTimeCreationDate(let text, false)?:
            "its creation time (QuickTime creationdate \(text), no time zone: \(read))"
        case .sonyNonRealTimeMeta(let text, true)?: "its creation time (Sony NonRealTimeMeta \(text))"
        case .sonyNonRealTimeMeta(let text, false)?:
            "its creation time (Sony NonRealTimeMeta \(text), no time zone: \(read))"
        case .movieHeader?: "its creation time (mvhd, no time zone: \(read))"
        case nil: "its creation time"
        }
    }
}

/// The time zone a camera's clock was set to, for a creation time that names none: a tz
/// database name (`Europe/Paris`, summer time included) or a fixed offset (`+02:00`, `-0530`,
/// `UTC+2`, `UTC`).
public struct CameraTimeZone: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    let identifier: String?
    let fixedOffset: Int?

    /// Nil when `text` is neither a known zone name nor an offset within ±18 hours.
    public init?(_ text: String) {
        description = text
        if let offset = Self.offset(text) {
            (identifier, fixedOffset) = (nil, offset)
        } else if TimeZone(identifier: text) != nil, text.contains("/") || text == "UTC" || text == "GMT" {
            (identifier, fixedOffset) = (text, nil)
        } else {
            return nil
        }
    }

    /// `UTC`, `Z`, `±HH`, `±HH:MM`, `±HHMM`, or any of these after `UTC`/`GMT`: seconds east of UTC.
    static func offset(_ text: String) -> Int? {
        guard !text.isEmpty else { return nil }
        var rest = Substring(text)
        for prefix in ["UTC", "GMT"] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        if rest.isEmpty || rest == "Z" { return 0 }
        guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
        let digits = rest.dropFirst().filter { $0 != ":" }
        guard (1...4).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), !rest.dropFirst().hasPrefix(":")
        else { return nil }
        let (h, m): (Int, Int) =
            digits.count <= 2
            ? (Int(digits) ?? 0, 0) : (Int(digits.dropLast(2)) ?? 0, Int(digits.suffix(2)) ?? 0)
        guard h <= 18, m < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }

    /// Seconds east of UTC in force at the UTC instant `utc`.
    func secondsFromUTC(at utc: Int64) -> Int {
        if let fixedOffset { return fixedOffset }
        guard let identifier, let zone = TimeZone(identifier: identifier) else { return 0 }
        return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc)))
    }

    /// The UTC instant of `local`, a wall-clock time in this zone written as if it were UTC. The
    /// offset is the one in force at that instant (found in two steps: summer time changes at
    /// most once between the guess and the answer).
    public func utc(fromLocal local: UTCTime) -> UTCTime {
        // Clamped to ±2^53 s (safeInteger): a creation time is file data, and Int64(_:) traps.
        guard let seconds = local.sinceEpoch.seconds.safeInteger else { return local }
        let guess = seconds - Int64(secondsFromUTC(at: seconds))
        let offset = secondsFromUTC(at: guess)
        return UTCTime(sinceEpoch: local.sinceEpoch - MediaTime(value: Int64(offset), timescale: 1))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension MovieMetadata {
    /// The movie's clocks: its creation time and its GPS time (``MovieClocks``). A GPMF track
    /// that cannot be read gives no GPS time.
    public var clocks: MovieClocks {
        var clocks = MovieClocks()
        (clocks.creationTime, clocks.creationSource) = creationClock
        if let track = firstTrack(.gpmf), let telemetry = try? goProTelemetry(track) {
            clocks.gpsTime = MetadataSync.medianPayloadAnchor(telemetry.gps)
        }
        return clocks
    }

    /// The creation time and where it was read, a time that names its zone first: QuickTime's
    /// `com.apple.quicktime.creationdate` (Apple's cameras write the zone), then a Sony camera's
    /// NonRealTimeMeta `CreationDate` (with the zone its clock is set to), then either without a
    /// zone, else `mvhd`'s (seconds since 1904, no zone).
    var creationClock: (time: UTCTime?, source: MovieClocks.CreationSource?) {
        var found: [(UTCTime, MovieClocks.CreationSource, zoned: Bool)] = []
        if let text = movie.quickTimeCreationDate, let t = UTCTime(iso8601: Self.normalisedDate(text)) {
            let zoned = Self.namesZone(text)
            found.append((t, .quickTimeCreationDate(text: text, hasZone: zoned), zoned))
        }
        if !found.contains(where: \.zoned), let text = SonyNonRealTimeMeta.creationDate(in: source),
            let t = UTCTime(iso8601: Self.normalisedDate(text))
        {
            let zoned = Self.namesZone(text)
            found.append((t, .sonyNonRealTimeMeta(text: text, hasZone: zoned), zoned))
        }
        if let best = found.first(where: \.zoned) ?? found.first { return (best.0, best.1) }
        guard let seconds = movie.header.creationUnixTime else { return (nil, nil) }
        return (UTCTime(seconds: seconds), .movieHeader)
    }

    /// Whether ISO 8601 text ends with a zone: `Z`, or `±hh:mm`/`±hhmm` after the time.
    static func namesZone(_ text: String) -> Bool {
        guard let t = text.firstIndex(of: "T") else { return false }
        let time = text[t...]
        return time.hasSuffix("Z") || time.contains("+") || time.dropFirst().contains("-")
    }
}
