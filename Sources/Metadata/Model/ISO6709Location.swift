import Foundation

/// A position as ISO 6709 (Annex H text form) writes it: latitude and longitude in decimal
/// degrees, an optional altitude in metres, e.g. `+33.126770000-117.327343600+012.345/`.
public struct ISO6709Location: Sendable, Hashable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    /// `±DD.ddddddddd±DDD.ddddddddd[±A.aaa]/`: 9 decimals (about 0.1 mm), so a GPX value with
    /// up to 9 decimals is written back digit for digit; altitude in millimetres.
    public var iso6709: String {
        var s = String(format: "%+013.9f%+014.9f", latitude, longitude)
        if let altitude { s += String(format: "%+.3f", altitude) }
        return s + "/"
    }

    public var description: String { iso6709 }

    /// Parses the decimal-degree form (`±DD.D±DDD.D[±A.A][CRSxxx]/`); the degree-minute forms are
    /// not used by QuickTime writers and give nil.
    public init?(iso6709 text: String) {
        var numbers: [Double] = []
        var current = ""
        for c in text {
            if c == "+" || c == "-" || c == "/" {
                if !current.isEmpty {
                    guard let v = Double(current) else { return nil }
                    numbers.append(v)
                }
                current = c == "/" ? "" : String(c)
                if c == "/" { break }
            } else if c.isNumber || c == "." {
                guard !current.isEmpty else { return nil }
                current.append(c)
            } else if c == "C" {
                break  // "CRS…" suffix
            } else {
                return nil
            }
        }
        if !current.isEmpty, let v = Double(current) { numbers.append(v) }
        guard numbers.count == 2 || numbers.count == 3, abs(numbers[0]) <= 90, abs(numbers[1]) <= 180 else {
            return nil
        }
        latitude = numbers[0]
        longitude = numbers[1]
        altitude = numbers.count == 3 ? numbers[2] : nil
    }
}
