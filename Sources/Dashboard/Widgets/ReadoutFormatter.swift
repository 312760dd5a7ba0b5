import CaptionCore
import Metadata

/// The text a readout shows for its value, and the widest text it can show (for sizing).
struct ReadoutFormatter {
    let kind: WidgetKind
    let units: UnitSystem
    /// The widget's own unit name, if it names one.
    let unitName: String?
    let utcOffsetMinutes: Int

    static let missing = "--"

    var speedUnit: SpeedUnit { unitName.flatMap(SpeedUnit.init(rawValue:)) ?? units.speed }
    var altitudeUnit: AltitudeUnit { unitName.flatMap(AltitudeUnit.init(rawValue:)) ?? units.altitude }
    var distanceUnit: DistanceUnit { unitName.flatMap(DistanceUnit.init(rawValue:)) ?? units.distance }
    var temperatureUnit: TemperatureUnit { unitName.flatMap(TemperatureUnit.init(rawValue:)) ?? units.temperature }

    /// The unit written after the value.
    var unitText: String {
        switch kind {
        case .speed: return speedUnit.rawValue
        case .altitude: return altitudeUnit.rawValue
        case .distance: return distanceUnit.rawValue
        case .temperature: return temperatureUnit.rawValue
        case .gradient: return "%"
        case .heartRate: return "bpm"
        case .cadence: return "rpm"
        case .power, .averagePower: return "W"
        case .heading: return "°"
        default: return ""
        }
    }

    /// The widest value text (digits are the same width in the fonts we use).
    var sample: String {
        switch kind {
        case .speed: return speedUnit.isPace ? "88:88" : "888.8"
        case .altitude: return "-8888"
        case .gradient: return "-88.8"
        case .heartRate, .cadence, .power, .averagePower: return "8888"
        case .heartRateZone: return "Z8"
        case .elapsedTime, .movingTime: return "888:88:88"
        case .temperature: return "-88.8"
        case .distance: return "8888.88"
        case .heading: return "888"
        case .datetime: return "8888-88-88 88:88:88"
        case .coordinates: return "-88.88888° -888.88888°"
        case .gps: return "NO FIX DOP 88.8"
        case .chart, .map: return ""
        }
    }

    func text(_ v: DashboardValues?) -> String {
        guard let v else { return Self.missing }
        func f(_ x: Double?, _ decimals: Int) -> String {
            guard let x, x.isFinite else { return Self.missing }
            return Self.fixed(x, decimals)
        }
        switch kind {
        case .speed:
            guard let s = v.speed, let c = speedUnit.convert(s) else { return Self.missing }
            if speedUnit.isPace {
                guard c < 100 else { return Self.missing }
                let total = Int((c * 60).rounded())
                return "\(total / 60):" + (total % 60 < 10 ? "0" : "") + "\(total % 60)"
            }
            return Self.fixed(c, 1)
        case .altitude: return f(v.elevation.map(altitudeUnit.convert), 0)
        case .gradient: return f(v.gradient, 1)
        case .heartRate: return f(v.heartRate, 0)
        case .cadence: return f(v.cadence, 0)
        case .power: return f(v.power, 0)
        case .averagePower: return f(v.averagePower, 0)
        case .heartRateZone: return v.heartRateZone.map { "Z\($0)" } ?? Self.missing
        case .elapsedTime: return Self.duration(v.elapsedTime)
        case .movingTime: return Self.duration(v.movingTime)
        case .temperature: return f(v.temperature.map(temperatureUnit.convert), 1)
        case .distance: return f(v.distance.map(distanceUnit.convert), 2)
        case .heading: return f(v.course, 0)
        case .datetime:
            guard let d = v.date else { return Self.missing }
            let shifted = UTCTime(
                sinceEpoch: d.sinceEpoch + MediaTime(value: Int64(utcOffsetMinutes) * 60, timescale: 1))
            // ISO 8601 to the second: "2023-05-01T10:22:03.5Z" → "2023-05-01 10:22:03".
            return String(shifted.iso8601.prefix(19).map { $0 == "T" ? " " : $0 })
        case .coordinates:
            guard v.latitude.isFinite, v.longitude.isFinite else { return Self.missing }
            return Self.fixed(v.latitude, 5) + "° " + Self.fixed(v.longitude, 5) + "°"
        case .gps:
            let fix: String
            // A sample without a position (a FIT record before the fix) has no fix, whatever it says.
            switch v.hasPosition ? v.fix : 0 {
            case 3?: fix = "3D"
            case 2?: fix = "2D"
            case 0?: fix = "NO FIX"
            default: fix = "FIX"
            }
            return v.dilutionOfPrecision.map { fix + " DOP " + Self.fixed($0, 1) } ?? fix
        case .chart, .map: return ""
        }
    }

    /// `seconds` as h:mm:ss, down to the whole second (a clock does not round up); "--" for
    /// none.
    static func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0, seconds < 3_600_000 else { return missing }
        let s = Int(seconds.rounded(.down))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(s / 3600):" + two(s / 60 % 60) + ":" + two(s % 60)
    }

    /// `x` with `decimals` digits after the point, rounded half away from zero; no "-0".
    static func fixed(_ x: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let n = (abs(x) * scale).rounded()
        guard n < 1e15 else { return x < 0 ? "-∞" : "∞" }
        let whole = Int64(n)
        var digits = String(whole)
        if decimals > 0 {
            while digits.count <= decimals { digits = "0" + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return (x < 0 && whole != 0 ? "-" : "") + digits
    }
}
