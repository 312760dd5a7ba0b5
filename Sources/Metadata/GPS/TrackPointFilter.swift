import CaptionCore

/// Drops points the user does not want written: imprecise fixes (`--max-dop`), impossible jumps
/// (`--max-speed`), and everything within a privacy zone (`--hide-near LAT,LON,RADIUS`). Each
/// drop is counted in a diagnostic.
public struct TrackPointFilter: Sendable, Hashable {
    /// A circle around a place, e.g. home, whose points are never written.
    public struct PrivacyZone: Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double
        /// Metres.
        public var radius: Double

        public init(latitude: Double, longitude: Double, radius: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.radius = radius
        }

        /// Parses `LAT,LON,RADIUS` with the radius in metres (`200`, `200m`) or kilometres
        /// (`1.5km`).
        public init?(argument: String) {
            let parts = argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 3, let lat = Double(parts[0]), let lon = Double(parts[1]), abs(lat) <= 90,
                abs(lon) <= 180
            else { return nil }
            var r = parts[2].lowercased()
            var scale = 1.0
            if r.hasSuffix("km") {
                scale = 1000
                r.removeLast(2)
            } else if r.hasSuffix("m") {
                r.removeLast()
            }
            guard let radius = Double(r), radius > 0, radius.isFinite else { return nil }
            self.init(latitude: lat, longitude: lon, radius: radius * scale)
        }
    }

    public var maximumDilutionOfPrecision: Double?
    /// Metres per second.
    public var maximumSpeed: Double?
    public var privacyZones: [PrivacyZone] = []

    public init(
        maximumDilutionOfPrecision: Double? = nil, maximumSpeed: Double? = nil, privacyZones: [PrivacyZone] = []
    ) {
        self.maximumDilutionOfPrecision = maximumDilutionOfPrecision
        self.maximumSpeed = maximumSpeed
        self.privacyZones = privacyZones
    }

    /// Whether any criterion is set (an empty filter keeps every point as it is).
    public var isActive: Bool {
        maximumDilutionOfPrecision != nil || maximumSpeed != nil || !privacyZones.isEmpty
    }

    /// The points kept, and one diagnostic per kind of drop.
    public func apply(to points: [TrackPoint], file: String? = nil) -> (points: [TrackPoint], diagnostics: [Diagnostic])
    {
        let (indices, diagnostics) = keptIndices(points, file: file)
        return (recomputed(indices.map { points[$0] }, dropped: indices.count < points.count), diagnostics)
    }

    /// The points of a movie's own track kept, at their movie times, and one diagnostic per kind
    /// of drop: what a dashboard drawn over the movie may show.
    public func apply(to placed: [PlacedPoint], file: String? = nil) -> (
        points: [PlacedPoint], diagnostics: [Diagnostic]
    ) {
        let (indices, diagnostics) = keptIndices(placed.map(\.point), file: file)
        let points = recomputed(indices.map { placed[$0].point }, dropped: indices.count < placed.count)
        return (zip(indices, points).map { PlacedPoint(movieTime: placed[$0].movieTime, point: $1) }, diagnostics)
    }

    /// The indices of the points kept, in order, and one diagnostic per kind of drop.
    private func keptIndices(_ points: [TrackPoint], file: String?) -> (indices: [Int], diagnostics: [Diagnostic]) {
        var candidates: [Int] = []
        candidates.reserveCapacity(points.count)
        var imprecise = 0
        var hidden = 0
        for (index, p) in points.enumerated() {
            if let maxDOP = maximumDilutionOfPrecision, let dop = p.dilutionOfPrecision, dop > maxDOP {
                imprecise += 1
                continue
            }
            if privacyZones.contains(where: {
                Geodesy.distance($0.latitude, $0.longitude, p.latitude, p.longitude) <= $0.radius
            }) {
                hidden += 1
                continue
            }
            candidates.append(index)
        }
        var kept: [Int] = []
        kept.reserveCapacity(candidates.count)
        var tooFast = 0
        if let maxSpeed = maximumSpeed {
            // Steps are judged between points that have a position; one without (a FIT record
            // before the fix, or of an indoor ride) has no step to judge and is kept, in its
            // place, with what it carries, and the points either side of it are judged against
            // each other.
            let positionless = candidates.filter { !points[$0].hasPosition }
            let candidates = candidates.filter { points[$0].hasPosition }
            // A point without a time has no speed to judge: it is never the fast one.
            func fast(_ a: TrackPoint, _ b: TrackPoint) -> Bool {
                guard let ta = a.time, let tb = b.time else { return false }
                let seconds = abs((tb.sinceEpoch - ta.sinceEpoch).seconds)
                let metres = Geodesy.distance(a.latitude, a.longitude, b.latitude, b.longitude)
                return seconds > 0 ? metres / seconds > maxSpeed : metres > 0
            }
            // A fix that jumps away and back is one bad point: it is fast to reach from the last
            // kept point and fast to leave for the next one. A first point has no predecessor: it
            // is the bad one when leaving it is fast but the two points after it agree.
            for (i, index) in candidates.enumerated() {
                let p = points[index]
                let next = i + 1 < candidates.count ? points[candidates[i + 1]] : nil
                let outlier: Bool
                if let last = kept.last {
                    outlier = fast(points[last], p) && (next.map { fast(p, $0) } ?? true)
                } else if let next {
                    let after = i + 2 < candidates.count ? points[candidates[i + 2]] : nil
                    outlier = fast(p, next) && (after.map { !fast(next, $0) } ?? false)
                } else {
                    outlier = false
                }
                if outlier { tooFast += 1 } else { kept.append(index) }
            }
            if !positionless.isEmpty { kept = (kept + positionless).sorted() }
        } else {
            kept = candidates
        }
        var diagnostics: [Diagnostic] = []
        let at = DiagnosticLocation(file: file)
        if imprecise > 0 {
            diagnostics.append(
                Diagnostic(
                    .info, "metadata.max-dop",
                    "\(imprecise) points with a dilution of precision above \(maximumDilutionOfPrecision ?? 0) were left out",
                    at: at))
        }
        if tooFast > 0 {
            diagnostics.append(
                Diagnostic(
                    .info, "metadata.max-speed",
                    "\(tooFast) points reached only faster than \(maximumSpeed ?? 0) m/s were left out", at: at))
        }
        if hidden > 0 {
            diagnostics.append(
                Diagnostic(
                    .info, "metadata.privacy-zone", "\(hidden) points inside a privacy zone were left out", at: at))
        }
        return (kept, diagnostics)
    }

    /// `kept` with speeds and courses computed from neighbours worked out again when points were
    /// `dropped`: a speed or course computed from a dropped point is the distance and bearing to
    /// it, and on the first point after a privacy zone they locate the last point inside it
    /// (Specs/timed-metadata.md, "Sync and filters"); recorded ones are the device's own and stay.
    private func recomputed(_ kept: [TrackPoint], dropped: Bool) -> [TrackPoint] {
        guard dropped else { return kept }
        var points = kept
        for i in points.indices {
            if points[i].speedIsComputed { (points[i].speed, points[i].speedIsComputed) = (nil, false) }
            if points[i].courseIsComputed { (points[i].course, points[i].courseIsComputed) = (nil, false) }
        }
        Geodesy.fillSpeedAndCourse(&points)
        return points
    }
}
