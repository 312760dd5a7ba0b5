/// Units a widget shows its value in. Conversions are exact definitions: 1 mile = 1,609.344 m,
/// 1 foot = 0.3048 m (international yard and pound, 1959), 1 nautical mile = 1,852 m.
public enum SpeedUnit: String, Sendable, Hashable, CaseIterable {
    case kilometresPerHour = "km/h"
    case milesPerHour = "mph"
    case knots = "kn"
    case metresPerSecond = "m/s"
    /// Pace: minutes per kilometre (shown m:ss).
    case minutesPerKilometre = "min/km"
    case minutesPerMile = "min/mi"

    /// `metresPerSecond` in this unit (minutes for paces; nil for a pace at a standstill).
    public func convert(_ metresPerSecond: Double) -> Double? {
        switch self {
        case .kilometresPerHour: return metresPerSecond * 3.6
        case .milesPerHour: return metresPerSecond * 3600 / 1609.344
        case .knots: return metresPerSecond * 3600 / 1852
        case .metresPerSecond: return metresPerSecond
        case .minutesPerKilometre: return metresPerSecond > 0.1 ? 1000 / metresPerSecond / 60 : nil
        case .minutesPerMile: return metresPerSecond > 0.1 ? 1609.344 / metresPerSecond / 60 : nil
        }
    }

    public var isPace: Bool { self == .minutesPerKilometre || self == .minutesPerMile }
}

public enum AltitudeUnit: String, Sendable, Hashable, CaseIterable {
    case metres = "m"
    case feet = "ft"

    public func convert(_ metres: Double) -> Double { self == .metres ? metres : metres / 0.3048 }
}

public enum DistanceUnit: String, Sendable, Hashable, CaseIterable {
    case kilometres = "km"
    case miles = "mi"
    case nauticalMiles = "nmi"
    case metres = "m"

    public func convert(_ metres: Double) -> Double {
        switch self {
        case .kilometres: return metres / 1000
        case .miles: return metres / 1609.344
        case .nauticalMiles: return metres / 1852
        case .metres: return metres
        }
    }
}

public enum TemperatureUnit: String, Sendable, Hashable, CaseIterable {
    case celsius = "°C"
    case fahrenheit = "°F"

    public func convert(_ celsius: Double) -> Double { self == .celsius ? celsius : celsius * 9 / 5 + 32 }
}

/// The units every widget uses unless it names its own (`--units`, or the layout's `units`).
public enum UnitSystem: String, Sendable, Hashable, CaseIterable {
    case metric, imperial, nautical

    public var speed: SpeedUnit {
        switch self {
        case .metric: return .kilometresPerHour
        case .imperial: return .milesPerHour
        case .nautical: return .knots
        }
    }

    public var altitude: AltitudeUnit { self == .metric ? .metres : .feet }

    public var distance: DistanceUnit {
        switch self {
        case .metric: return .kilometres
        case .imperial: return .miles
        case .nautical: return .nauticalMiles
        }
    }

    public var temperature: TemperatureUnit { self == .metric || self == .nautical ? .celsius : .fahrenheit }
}
