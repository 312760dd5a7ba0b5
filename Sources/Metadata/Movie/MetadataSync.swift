import CaptionCore

/// How GPS clock time maps to movie time: `movie time = UTC − anchor + offset`.
public enum MetadataSync: String, Sendable, Hashable, CaseIterable {
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
    }

    /// The UTC instant at movie time zero for `movie`, or a clear error when the movie has no
    /// such clock.
    public func anchor(for movie: MovieMetadata, points: [TrackPoint]) throws(MetadataError) -> UTCTime {
        switch self {
        case .creationTime:
            guard let t = movie.creationTime else {
                throw MetadataError(
                    .missing,
                    "the movie has no creation time (mvhd or com.apple.quicktime.creationdate); use \(ParameterWords.gps) "
                        + "for a GoPro file, or \(ParameterWords.start) with \(ParameterWords.offset)"
                )
            }
            return t
        case .gps:
            guard let track = movie.firstTrack(.gpmf) else {
                throw MetadataError(.missing, "\(ParameterWords.gps) needs a GoPro GPMF track, and the movie has none")
            }
            let telemetry = try movie.goProTelemetry(track)
            guard let anchor = Self.medianPayloadAnchor(telemetry.gps) else {
                throw MetadataError(
                    .missing, "\(ParameterWords.gps): the movie's GPMF track has no GPS time (GPSU or GPS9)")
            }
            return anchor
        case .start:
            guard let first = points.first(where: { $0.time != nil })?.time else {
                throw MetadataError(.noData, "no point with a time")
            }
            return first
        }
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
