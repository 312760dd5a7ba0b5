import CaptionCore

/// `captions metadata dump MOVIE --sync-report [--ride FILE]`: the movie's clocks, the one each
/// `--sync` choice takes and movie time 0 by it, what the clocks say against each other, and,
/// given a ride, where the movie falls in it (Specs/timed-metadata.md, "Clocks").
public struct SyncReport: Sendable {
    public let movie: MovieMetadata
    public var cameraTimeZone: CameraTimeZone?
    /// The ride's timed points (``RideFile/timedTrackPoints(file:keepingPositionless:)``).
    public var ride: (name: String, points: [TrackPoint])?

    public init(movie: MovieMetadata, cameraTimeZone: CameraTimeZone? = nil) {
        self.movie = movie
        self.cameraTimeZone = cameraTimeZone
    }

    /// The report as text lines, and the findings (the clocks' disagreement).
    public func text() -> (text: String, diagnostics: [Diagnostic]) {
        let clocks = movie.clocks
        var lines: [String] = []
        if let creation = clocks.creationTime {
            var line = "creation time: \(creation.iso8601), \(clocks.creationClockName(cameraTimeZone: cameraTimeZone))"
            if let zone = cameraTimeZone, !clocks.creationTimeHasZone,
                let read = clocks.creationTime(in: zone)
            {
                line += " = \(read.iso8601)"
            }
            lines.append(line)
        } else {
            lines.append("creation time: none (no mvhd creation_time, no com.apple.quicktime.creationdate)")
        }
        lines.append(
            clocks.gpsTime.map {
                "GPS time: \($0.iso8601) at movie time 0 (GoPro GPMF GPSU/GPS9, median over payloads)"
            }
                ?? "GPS time: none (no GoPro GPMF track with GPSU or GPS9)")
        var diagnostics: [Diagnostic] = []
        let points = ride?.points ?? []
        for sync in MetadataSync.allCases where sync != .start || ride != nil {
            do throws(MetadataError) {
                let resolution = try sync.resolve(
                    for: movie, clocks: clocks, points: points, cameraTimeZone: cameraTimeZone)
                lines.append(
                    "--sync \(sync.rawValue): \(resolution.clock): movie time 0 is \(resolution.anchor.iso8601)")
                if sync == .auto {
                    diagnostics = resolution.diagnostics.filter { $0.severity >= .warning }
                    if let ride { lines += Self.placement(ride, anchor: resolution.anchor, duration: movie.duration) }
                }
            } catch {
                // A message that opens with the choice's own words (`--sync gps needs …`) says it.
                let named = sync == .gps && error.message.hasPrefix(MetadataSync.ParameterWords.gps)
                lines.append(named ? error.message : "--sync \(sync.rawValue): \(error.message)")
            }
        }
        return (lines.joined(separator: "\n") + "\n", diagnostics)
    }

    /// Where a movie placed at `anchor` falls in the ride, by `--sync auto`.
    static func placement(_ ride: (name: String, points: [TrackPoint]), anchor: UTCTime, duration: MediaTime)
        -> [String]
    {
        let times = ride.points.compactMap(\.time)
        guard let first = times.first, let last = times.last else { return ["\(ride.name): no point with a time"] }
        let start = (anchor.sinceEpoch - first.sinceEpoch).seconds
        let end = start + duration.seconds
        let inside = times.filter {
            let t = ($0.sinceEpoch - anchor.sinceEpoch).seconds
            return t >= 0 && t < duration.seconds
        }.count
        return [
            "\(ride.name): \(first.iso8601) to \(last.iso8601), \(times.count) timed points",
            "by --sync auto the movie runs from \(Self.seconds(start)) to \(Self.seconds(end)) into the ride: "
                + "\(inside) point(s) fall within it",
        ]
    }

    static func seconds(_ s: Double) -> String { "\((s * 1000).rounded() / 1000) s" }
}
