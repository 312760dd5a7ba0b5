import CaptionCore

/// What a rider reads off a head unit besides the recorded values, worked out once here (not in
/// a widget) over a ride's points in time order: the distance travelled, elapsed and moving
/// time, the 3-second average power and the heart-rate zone at each point
/// (Specs/timed-metadata.md, "Ride figures"). A point without a position (an indoor ride, a
/// record before the GPS fix: NaN coordinates) still has all of them.
public struct RideMetrics: Sendable, Hashable {
    /// Metres travelled at each point since the first: great-circle steps between the points
    /// that have a position; across points without one, the device's own odometer (FIT
    /// `distance`) moved on from the last position's total (and where the positions come back,
    /// the larger of the straight step across the gap and the odometer's count, so that the
    /// total never runs back); a ride with no position at all, the odometer from its first
    /// reading. Nil before the first position or odometer reading.
    public let distances: [Double?]
    /// Seconds since the first point's UTC time (nil for a point without a time).
    public let elapsed: [Double?]
    /// Seconds spent moving since the first point: the sum of the steps between consecutive
    /// timed points whose average speed (distance travelled over the step's duration) is at
    /// least ``movingSpeed``. A pause (auto-pause, a stop at a café) adds no distance, so its
    /// step does not count however long it is.
    public let moving: [Double?]
    /// Watts: the mean of the power values of the points in the 3 seconds ending at each point
    /// (UTC time in (t − 3 s, t]), nil when none of them has power.
    public let power3s: [Double?]
    /// The heart-rate zone of each point's heart rate (``heartRateZone(_:maximum:)``), when a
    /// maximum heart rate is given.
    public let heartRateZones: [Int?]

    /// 1 m/s (3.6 km/h): slower than a walking pace, faster than GPS drift at a standstill.
    public static let movingSpeed = 1.0
    /// The window of the average power.
    public static let powerWindow = 3.0
    /// The zones' lower bounds as percentages of the maximum heart rate: zone 1 from 50 %,
    /// zone 2 from 60 %, zone 3 from 70 %, zone 4 from 80 %, zone 5 from 90 % (the five-zone
    /// convention of Garmin's "% Max HR" zones); below 50 % is zone 0.
    public static let zoneBounds = [50, 60, 70, 80, 90]

    /// The zone (0–5) of `heartRate` for a rider whose maximum is `maximum` beats per minute,
    /// by ``zoneBounds``, in whole numbers (100 × rate ≥ bound × maximum): no rounding at the
    /// boundaries.
    public static func heartRateZone(_ heartRate: Int, maximum: Int) -> Int {
        zoneBounds.lastIndex { 100 * heartRate >= $0 * maximum }.map { $0 + 1 } ?? 0
    }

    /// The figures of `points` (in time order), with zones when `maximumHeartRate` is given.
    /// Points that each carry the figures of the whole ride they were taken from
    /// (``TrackPoint/ride``, ``annotated(_:)``: a GPX or FIT placed on a movie that starts
    /// mid-ride) give those distances, elapsed and moving times, counted from the ride's start
    /// as a head unit counts them, not from the movie's first sample.
    public init(_ points: [TrackPoint], maximumHeartRate: Int? = nil) {
        let seconds = points.map { $0.time?.sinceEpoch.seconds }
        if !points.isEmpty, points.allSatisfy({ $0.ride != nil }) {
            distances = points.map { $0.ride?.distance }
            elapsed = points.map { $0.ride?.elapsedTime }
            moving = points.map { $0.ride?.movingTime }
        } else {
            distances = Self.distances(points)
            let start = seconds.lazy.compactMap { $0 }.first
            elapsed = seconds.map { t in t.flatMap { t in start.map { t - $0 } } }
            moving = Self.moving(seconds, distances)
        }
        power3s = Self.averagePower(points, seconds)
        heartRateZones = points.map { p in
            guard let hr = p.heartRate, let maximum = maximumHeartRate, maximum > 0 else { return nil }
            return Self.heartRateZone(hr, maximum: maximum)
        }
    }

    /// `points` (a whole ride, in time order) each with its ride figures (``TrackPoint/ride``):
    /// whatever part of the ride is later placed on a movie counts from the ride's start.
    public static func annotated(_ points: [TrackPoint]) -> [TrackPoint] {
        let metrics = RideMetrics(points.map { var p = $0; p.ride = nil; return p })
        var out = points
        for i in out.indices {
            out[i].ride = TrackPoint.RideFigures(
                distance: metrics.distances[i], elapsedTime: metrics.elapsed[i], movingTime: metrics.moving[i])
        }
        return out
    }

    private static func distances(_ points: [TrackPoint]) -> [Double?] {
        var out: [Double?] = []
        out.reserveCapacity(points.count)
        // The last point with a position and the total there; the odometer reading at it.
        var lastPositioned: TrackPoint?
        var total: Double?
        var odometerBase: Double?
        var shown: Double?
        for p in points {
            let positioned = p.latitude.isFinite && p.longitude.isFinite
            if positioned {
                if let last = lastPositioned {
                    let step = Geodesy.distance(last.latitude, last.longitude, p.latitude, p.longitude)
                    total = max((total ?? 0) + (step.isFinite ? step : 0), shown ?? 0)
                } else {
                    total = shown ?? 0
                }
                lastPositioned = p
                odometerBase = p.distance
                shown = total
            } else if let d = p.distance {
                // Across a gap in positions, the device's odometer moves the total on.
                if odometerBase == nil { odometerBase = d }
                shown = (total ?? 0) + max(0, d - (odometerBase ?? d))
            }
            out.append(shown)
        }
        return out
    }

    private static func moving(_ seconds: [Double?], _ distances: [Double?]) -> [Double?] {
        var out: [Double?] = []
        out.reserveCapacity(seconds.count)
        var sum = 0.0
        var last: (time: Double, distance: Double?)?
        for (t, d) in zip(seconds, distances) {
            guard let t else {
                out.append(nil)
                continue
            }
            if let last, t > last.time, let d, let d0 = last.distance, (d - d0) / (t - last.time) >= movingSpeed {
                sum += t - last.time
            }
            last = (t, d)
            out.append(sum)
        }
        return out
    }

    private static func averagePower(_ points: [TrackPoint], _ seconds: [Double?]) -> [Double?] {
        var out: [Double?] = []
        out.reserveCapacity(points.count)
        // The timed points with power in the window, as a queue (points are in time order).
        var window: [(time: Double, watts: Double)] = []
        var head = 0
        var sum = 0.0
        for (p, t) in zip(points, seconds) {
            guard let t else {
                out.append(nil)
                continue
            }
            if let w = p.power {
                window.append((t, Double(w)))
                sum += Double(w)
            }
            while head < window.count, window[head].time <= t - powerWindow {
                sum -= window[head].watts
                head += 1
            }
            let n = window.count - head
            out.append(n > 0 ? sum / Double(n) : nil)
        }
        return out
    }
}
