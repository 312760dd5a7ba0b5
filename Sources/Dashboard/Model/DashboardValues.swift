import CaptionCore
import Metadata

/// What the widgets show at one frame: the GPS sample in force and the next one (so that 10 Hz
/// GPS moves smoothly on 60 fps video: numbers move linearly between the two, the course the
/// short way round), plus what the whole track gives (distance travelled, gradient). It holds
/// the samples themselves, not a copy of their fields: the values are read from them. SI
/// units; widgets convert.
public struct DashboardValues: Sendable, Hashable {
    public var time: MediaTime
    /// The index of the sample in force in the series.
    public var sampleIndex: Int
    /// 0 at the sample's start, towards 1 at the next sample's start.
    public var fraction: Double
    /// The sample in force: its fix and precision are shown as they are.
    public var point: TrackPoint
    /// The sample that follows it without a gap, when the values move towards it.
    public var next: TrackPoint?
    /// Metres travelled since the first sample.
    public var distance: Double?
    /// Percent (rise over run).
    public var gradient: Double?
    /// Seconds since the first sample, and of them the seconds moving (``RideMetrics``).
    public var elapsedTime: Double?
    public var movingTime: Double?
    /// Watts averaged over the 3 s ending at the sample (``RideMetrics/power3s``).
    public var averagePower: Double?
    /// The heart-rate zone (0–5) of the sample in force, when `--max-hr` was given.
    public var heartRateZone: Int?

    public init(time: MediaTime, sampleIndex: Int, fraction: Double, point: TrackPoint, next: TrackPoint? = nil) {
        self.time = time
        self.sampleIndex = sampleIndex
        self.fraction = fraction
        self.point = point
        self.next = next
    }

    /// `value` of the sample in force, moved `fraction` of the way to the next sample's.
    func mix(_ value: (TrackPoint) -> Double?) -> Double? {
        mix(value(point), towards: next.flatMap(value))
    }

    /// `p`, moved `fraction` of the way to `q` when there is a next sample.
    func mix(_ p: Double?, towards q: Double?) -> Double? {
        guard let p else { return nil }
        guard next != nil, let q, fraction > 0 else { return p }
        return p + (q - p) * fraction
    }

    /// NaN while the sample in force has no position (a FIT record before the GPS fix); towards
    /// a next sample without one, the position stays the sample's own.
    public var latitude: Double { next?.hasPosition == false ? point.latitude : mix(\.latitude) ?? point.latitude }
    public var longitude: Double {
        next?.hasPosition == false ? point.longitude : mix(\.longitude) ?? point.longitude
    }
    /// Whether the sample in force has a position (the map and position widgets need one).
    public var hasPosition: Bool { point.hasPosition }
    public var elevation: Double? { mix(\.elevation) }
    public var speed: Double? { mix(\.speed) }
    public var heartRate: Double? { mix { $0.heartRate.map(Double.init) } }
    public var cadence: Double? { mix { $0.cadence.map(Double.init) } }
    public var power: Double? { mix { $0.power.map(Double.init) } }
    public var temperature: Double? { mix(\.temperature) }
    public var fix: Int? { point.fix }
    public var dilutionOfPrecision: Double? { point.dilutionOfPrecision }

    /// Degrees clockwise from true north, turning the short way round towards the next sample.
    public var course: Double? {
        guard let c = point.course else { return nil }
        guard let d = next?.course, fraction > 0 else { return c }
        var delta = (d - c).truncatingRemainder(dividingBy: 360)
        if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
        return (c + delta * fraction + 360).truncatingRemainder(dividingBy: 360)
    }

    /// The UTC time, moved towards the next sample's to the millisecond.
    public var date: UTCTime? {
        guard let d = point.time else { return nil }
        guard let e = next?.time, fraction > 0 else { return d }
        let span = e.sinceEpoch - d.sinceEpoch
        guard span.isNumeric else { return d }
        let offset = MediaTime(value: Int64((span.seconds * fraction * 1000).rounded()), timescale: 1000)
        return UTCTime(sinceEpoch: d.sinceEpoch + offset)
    }

    /// The value of `metric` (for charts and generic readouts), SI units.
    public func value(of metric: DashboardMetric) -> Double? {
        switch metric {
        case .speed: return speed
        case .altitude: return elevation
        case .gradient: return gradient
        case .heading: return course
        case .heartRate: return heartRate
        case .cadence: return cadence
        case .power: return power
        case .temperature: return temperature
        case .distance: return distance
        }
    }
}

/// A quantity a widget or chart can show.
public enum DashboardMetric: String, Sendable, Hashable, CaseIterable {
    case speed, altitude, gradient, heading
    case heartRate = "heart-rate"
    case cadence, power, temperature, distance
}
