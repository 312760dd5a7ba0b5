import CaptionCore

/// How GPS clock time maps to movie time: `movie time = UTC − anchor + offset`.
public enum MetadataSync: String, Sendable, Hashable, CaseIterable {
    /// The movie's GPS time when its GPMF has one, else its creation time (with the camera's
    /// time zone where the creation time names none): the clocks in the order of their trust.
    case auto
    /// The anchor is the movie's creation time (QuickTime creation date, else `mvhd`).
    case creationTime = "creation-time"
    /// The anchor is the movie's own GoPro GPS time: the median over the payloads of their UTC
    /// (`GPSU`/`GPS9`) minus their movie time.
    case gps
    /// The first point plays at movie time zero (for movies without a usable clock).
    case start
}

extension MetadataSync {
    /// How messages name the choices and the offset, in the API's own words; a command line puts
    /// its flags for them (the CLI's `CommandLineWords`).
    public enum ParameterWords {
        public static let gps = "MetadataSync.gps"
        public static let start = "MetadataSync.start"
        /// The choice of anchor itself.
        public static let sync = "the MetadataSync case"
        public static let offset = "the offset: of MetadataSync.place"
        public static let cameraTimeZone = "the cameraTimeZone: of MetadataSync.resolve"
    }

    /// The clock a ride was placed by: the UTC instant at movie time zero, the clock's name, and
    /// what the movie's clocks say against each other.
    public struct Resolution: Sendable {
        public var anchor: UTCTime
        /// The clock, in words ("the movie's GPS time (GoPro GPMF)", "its creation time (mvhd, …)").
        public var clock: String
        /// An info naming the clock and the anchor, and a warning when the movie's GPS time and
        /// its creation time disagree by more than ``clocksDisagreeAfter``.
        public var diagnostics: [Diagnostic]
    }

    /// 60 s: more than a camera's clock drifts in months, less than any time zone's offset.
    public static let clocksDisagreeAfter = 60.0

    /// The UTC instant at movie time zero for `movie`, or a clear error when the movie has no
    /// such clock.
    public func anchor(for movie: MovieMetadata, points: [TrackPoint]) throws(MetadataError) -> UTCTime {
        try resolve(for: movie, points: points).anchor
    }

    /// The anchor, the clock it came from and what the clocks say (Specs/timed-metadata.md,
    /// "Clocks"). `cameraTimeZone`: the zone the camera's clock was set to, for a creation time
    /// that names none.
    public func resolve(for movie: MovieMetadata, points: [TrackPoint], cameraTimeZone: CameraTimeZone? = nil)
        throws(MetadataError) -> Resolution
    {
        try resolve(for: movie, clocks: movie.clocks, points: points, cameraTimeZone: cameraTimeZone)
    }

    /// ``resolve(for:points:cameraTimeZone:)`` with the movie's clocks read once by the caller
    /// (the GPS clock reads the whole GPMF track; the sync report asks every choice).
    func resolve(
        for movie: MovieMetadata, clocks: MovieClocks, points: [TrackPoint], cameraTimeZone: CameraTimeZone?
    ) throws(MetadataError) -> Resolution {
        let creation = clocks.creationTime(in: cameraTimeZone)
        let creationName = clocks.creationClockName(cameraTimeZone: cameraTimeZone)
        let gpsName = "the movie's GPS time (GoPro GPMF GPSU/GPS9)"
        let anchor: UTCTime
        let clock: String
        switch self {
        case .auto:
            if let gps = clocks.gpsTime {
                (anchor, clock) = (gps, gpsName)
            } else if let creation {
                (anchor, clock) = (creation, "the movie's " + creationName.dropFirst(4))
            } else {
                throw MetadataError(
                    .missing,
                    "the movie has neither a GPS time (GPMF) nor a creation time (mvhd or com.apple.quicktime.creationdate); "
                        + "use \(ParameterWords.start) with \(ParameterWords.offset)")
            }
        case .creationTime:
            guard let creation else {
                throw MetadataError(
                    .missing,
                    "the movie has no creation time (mvhd or com.apple.quicktime.creationdate); use \(ParameterWords.gps) "
                        + "for a GoPro file, or \(ParameterWords.start) with \(ParameterWords.offset)"
                )
            }
            (anchor, clock) = (creation, "the movie's " + creationName.dropFirst(4))
        case .gps:
            if let gps = clocks.gpsTime {
                (anchor, clock) = (gps, gpsName)
                break
            }
            // No GPS clock: read the track again for the error that says why.
            guard let track = movie.firstTrack(.gpmf) else {
                throw MetadataError(.missing, "\(ParameterWords.gps) needs a GoPro GPMF track, and the movie has none")
            }
            let telemetry = try movie.goProTelemetry(track)
            guard let gps = Self.medianPayloadAnchor(telemetry.gps) else {
                throw MetadataError(
                    .missing, "\(ParameterWords.gps): the movie's GPMF track has no GPS time (GPSU or GPS9)")
            }
            (anchor, clock) = (gps, gpsName)
        case .start:
            guard let first = points.first(where: { $0.time != nil })?.time else {
                throw MetadataError(.noData, "no point with a time")
            }
            (anchor, clock) = (first, "the ride's first point (\(ParameterWords.start))")
        }
        var diagnostics = [
            Diagnostic(.info, "metadata.sync", "placed by \(clock): movie time 0 is \(anchor.iso8601)")
        ]
        if let gps = clocks.gpsTime, let creation {
            diagnostics += Self.disagreement(gps: gps, creation: creation, creationName: creationName, clocks: clocks)
        }
        return Resolution(anchor: anchor, clock: clock, diagnostics: diagnostics)
    }

    /// A warning when the GPS clock and the creation time are more than a minute apart, naming
    /// both; where the creation time names no zone and the gap is within a minute of a whole
    /// quarter hour, the zone the camera's clock looks set to.
    static func disagreement(gps: UTCTime, creation: UTCTime, creationName: String, clocks: MovieClocks)
        -> [Diagnostic]
    {
        let gap = (creation.sinceEpoch - gps.sinceEpoch).seconds
        guard abs(gap) > clocksDisagreeAfter else { return [] }
        var fix: String?
        let quarters = (gap / 900).rounded()
        if !clocks.creationTimeHasZone, quarters != 0, abs(gap - quarters * 900) <= clocksDisagreeAfter,
            abs(quarters) <= 18 * 4
        {
            let minutes = Int(quarters) * 15
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let zone = (minutes < 0 ? "-" : "+") + two(abs(minutes) / 60) + ":" + two(abs(minutes) % 60)
            fix =
                "the camera's clock looks set to local time UTC\(zone): \(ParameterWords.cameraTimeZone) \(zone) (or its zone's name) reads the creation time so"
        }
        return [
            Diagnostic(
                .warning, "metadata.clocks-disagree",
                "the movie's clocks disagree by \(Self.duration(gap)): its GPS time puts movie time 0 at \(gps.iso8601), "
                    + "\(creationName) at \(creation.iso8601)", suggestedFix: fix)
        ]
    }

    /// `5025.5` → "1 h 23 min 45.5 s" (signless).
    static func duration(_ seconds: Double) -> String {
        let total = abs(seconds)
        guard total.isFinite, total < 1e15 else { return "\(total) s" }
        let h = Int(total / 3600)
        let m = Int(total.truncatingRemainder(dividingBy: 3600) / 60)
        let s = total.truncatingRemainder(dividingBy: 60)
        let sText = s == s.rounded() ? "\(Int(s)) s" : "\((s * 1000).rounded() / 1000) s"
        return h > 0 ? "\(h) h \(m) min \(sText)" : m > 0 ? "\(m) min \(sText)" : sText
    }

    /// The median over GPMF payloads of (UTC − movie time): within a payload every sample gives
    /// the same value (its `GPSU` plus the sample's share of the payload), so each run of equal
    /// values is one payload. A camera's first payload can carry a stale `GPSU`: the GoPro Max
    /// fixture's is 1.47 s before the ten after it (gpmf-parser reads the same), which the first
    /// sample's time would have made the anchor. With an even count, the lower middle: always
    /// one payload's own value.
    static func medianPayloadAnchor(_ samples: [PlacedPoint]) -> UTCTime? {
        var offsets: [MediaTime] = []
        for sample in samples {
            guard let utc = sample.point.time else { continue }
            let offset = utc.sinceEpoch - sample.movieTime
            if offsets.last != offset { offsets.append(offset) }
        }
        guard !offsets.isEmpty else { return nil }
        return UTCTime(sinceEpoch: offsets.sorted()[(offsets.count - 1) / 2])
    }

    /// Places `points` (sorted by time) on a movie of `duration`: each point's movie time is
    /// rounded to `timescale`; points before zero or at or after the end are left out, and so is
    /// a point that rounds to the time of the one before or has no time, each kind counted in a
    /// diagnostic.
    public static func place(
        _ points: [TrackPoint], anchor: UTCTime, offset: MediaTime, duration: MediaTime, timescale: Int32
    ) throws(MetadataError) -> (points: [PlacedPoint], diagnostics: [Diagnostic]) {
        var placed: [PlacedPoint] = []
        var before = 0
        var after = 0
        var duplicates = 0
        let end = (try? duration.converted(toTimescale: timescale, rounding: .down)) ?? duration
        var untimed = 0
        for p in points {
            guard let time = p.time else {
                untimed += 1
                continue
            }
            let exact = time.sinceEpoch - anchor.sinceEpoch + offset
            guard exact.isNumeric,
                let t = try? exact.converted(toTimescale: timescale, rounding: .nearestOrAwayFromZero)
            else {
                after += 1
                continue
            }
            if t < .zero {
                before += 1
            } else if t >= end {
                after += 1
            } else if let last = placed.last, last.movieTime == t {
                duplicates += 1
            } else {
                placed.append(PlacedPoint(movieTime: t, point: p))
            }
        }
        var diagnostics: [Diagnostic] = []
        if before > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning, "metadata.before-movie", "\(before) points fall before the movie starts and were left out"
                ))
        }
        if after > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning, "metadata.after-movie", "\(after) points fall after the movie ends and were left out"))
        }
        if untimed > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning, "metadata.no-time", "\(untimed) points without a time cannot be placed and were left out")
            )
        }
        if duplicates > 0 {
            diagnostics.append(
                Diagnostic(
                    .info, "metadata.same-time",
                    "\(duplicates) points fall on the same 1/\(timescale) s as the point before and were left out"))
        }
        guard !placed.isEmpty else {
            let first = points.first?.time?.iso8601 ?? "?"
            let last = points.last?.time?.iso8601 ?? "?"
            throw MetadataError(
                .noData,
                "no point falls within the movie: the points run from \(first) to \(last), the movie from \(anchor.iso8601) for \(duration.seconds) s (after the offset); check \(ParameterWords.sync) and \(ParameterWords.offset)"
            )
        }
        return (placed, diagnostics)
    }
}
