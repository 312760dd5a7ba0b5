/// The widgets a dashboard can hold (Specs/dashboard-layout.md, "type").
public enum WidgetKind: String, Sendable, Hashable, CaseIterable {
    case speed, altitude, gradient
    /// A compass dial with the course and its value.
    case heading
    case heartRate = "heart-rate"
    case cadence, power, temperature, distance
    /// Power averaged over 3 s, the heart-rate zone (with `--max-hr`), elapsed and moving time:
    /// the ride figures Metadata works out (``RideMetrics``).
    case averagePower = "power-3s"
    case heartRateZone = "heart-rate-zone"
    case elapsedTime = "elapsed-time"
    case movingTime = "moving-time"
    case datetime = "date-time"
    case coordinates
    /// GPS lock (none, 2D, 3D) and dilution of precision.
    case gps
    /// A metric over a time window ending at the frame.
    case chart
    /// The whole journey drawn from the track, with the current position.
    case map

    /// The label a readout shows unless the layout gives one.
    var defaultLabel: String {
        switch self {
        case .speed: return "SPEED"
        case .altitude: return "ALTITUDE"
        case .gradient: return "GRADIENT"
        case .heading: return "HEADING"
        case .heartRate: return "HEART RATE"
        case .cadence: return "CADENCE"
        case .power: return "POWER"
        case .temperature: return "TEMP"
        case .distance: return "DISTANCE"
        case .averagePower: return "POWER 3S"
        case .heartRateZone: return "HR ZONE"
        case .elapsedTime: return "ELAPSED"
        case .movingTime: return "MOVING"
        case .datetime: return "TIME (UTC)"
        case .coordinates: return "POSITION"
        case .gps: return "GPS"
        case .chart: return ""
        case .map: return ""
        }
    }

    /// The unit names the widget accepts in its "units" member.
    var acceptedUnits: [String] {
        switch self {
        case .speed: return SpeedUnit.allCases.map(\.rawValue)
        case .altitude: return AltitudeUnit.allCases.map(\.rawValue)
        case .distance: return DistanceUnit.allCases.map(\.rawValue)
        case .temperature: return TemperatureUnit.allCases.map(\.rawValue)
        case .chart:
            return SpeedUnit.allCases.map(\.rawValue) + AltitudeUnit.allCases.map(\.rawValue)
                + DistanceUnit.allCases.map(\.rawValue) + TemperatureUnit.allCases.map(\.rawValue)
        default: return []
        }
    }
}
