import CaptionCore
import Metadata

/// What the widgets show at one frame: the values of the group in force, interpolated towards
/// the next group (so that 10 Hz GPS moves smoothly on 60 fps video), plus what the whole track
/// gives (distance travelled, gradient). SI units; widgets convert.
public struct DashboardValues: Sendable, Hashable {
    public var time: MediaTime
    /// The index of the group in force in the series.
    public var sampleIndex: Int
    /// 0 at the group's start, towards 1 at the next group's start.
    public var fraction: Double
    public var latitude: Double?
    public var longitude: Double?
    public var elevation: Double?
    public var speed: Double?
    public var course: Double?
    public var heartRate: Double?
    public var cadence: Double?
    public var power: Double?
    public var temperature: Double?
    /// Metres travelled since the first sample.
    public var distance: Double?
    /// Percent (rise over run).
    public var gradient: Double?
    public var date: UTCTime?
    public var fix: Int?
    public var dilutionOfPrecision: Double?

    public init(time: MediaTime, sampleIndex: Int, fraction: Double) {
        self.time = time
        self.sampleIndex = sampleIndex
        self.fraction = fraction
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
