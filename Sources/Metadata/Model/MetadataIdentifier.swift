/// A metadata item's identifier: a key space and a key, written `keySpace/key` as AVFoundation's
/// `AVMetadataIdentifier` is (`mdta/com.apple.quicktime.location.ISO6709`).
public struct MetadataIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The key space: `mdta` for QuickTime metadata keys (reverse-DNS strings).
    public var keySpace: String
    public var key: String

    public init(keySpace: String = "mdta", key: String) {
        self.keySpace = keySpace
        self.key = key
    }

    /// Parses `keySpace/key`; nil when there is no slash.
    public init?(_ text: String) {
        guard let slash = text.firstIndex(of: "/") else { return nil }
        keySpace = String(text[..<slash])
        key = String(text[text.index(after: slash)...])
        guard !keySpace.isEmpty, !key.isEmpty else { return nil }
    }

    public var description: String { keySpace + "/" + key }

    public static func < (a: Self, b: Self) -> Bool { a.description < b.description }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = MetadataIdentifier(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not keySpace/key"))
        }
        self = id
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

extension MetadataIdentifier {
    /// The position as an ISO 6709 string (QuickTime File Format, "QuickTime metadata keys":
    /// `com.apple.quicktime.location.ISO6709`; AVFoundation's
    /// `quickTimeMetadataLocationISO6709`).
    public static let location = MetadataIdentifier(key: "com.apple.quicktime.location.ISO6709")
    /// Horizontal accuracy in metres (`com.apple.quicktime.location.accuracy.horizontal`).
    public static let horizontalAccuracy = MetadataIdentifier(key: "com.apple.quicktime.location.accuracy.horizontal")
    /// The keys below have no Apple-defined equivalent; they live in this project's own
    /// reverse-DNS space, as QuickTime metadata keys allow (Specs/timed-metadata.md).
    /// Ground speed, metres per second.
    public static let speed = MetadataIdentifier(key: "org.captions.gps.speed")
    /// Elevation above mean sea level, metres.
    public static let elevation = MetadataIdentifier(key: "org.captions.gps.elevation")
    /// Course over ground, degrees clockwise from true north.
    public static let course = MetadataIdentifier(key: "org.captions.gps.course")
    /// Heart rate, beats per minute.
    public static let heartRate = MetadataIdentifier(key: "org.captions.fitness.heart-rate")
    /// Cadence, revolutions (or steps) per minute.
    public static let cadence = MetadataIdentifier(key: "org.captions.fitness.cadence")
    /// Power, watts.
    public static let power = MetadataIdentifier(key: "org.captions.fitness.power")
    /// Air temperature, degrees Celsius.
    public static let temperature = MetadataIdentifier(key: "org.captions.weather.temperature")
    /// Distance travelled since the start as the device counted it, metres (FIT `distance`).
    public static let distance = MetadataIdentifier(key: "org.captions.fitness.distance")
    /// Gradient, percent (FIT `grade`).
    public static let grade = MetadataIdentifier(key: "org.captions.gps.grade")
    /// The UTC time the values were measured, ISO 8601 text.
    public static let date = MetadataIdentifier(key: "org.captions.gps.date")
    /// The ride's figures at the sample, counted from the ride's first point rather than the
    /// movie's first sample (``RideMetrics``): metres travelled, seconds elapsed, seconds moving.
    public static let rideDistance = MetadataIdentifier(key: "org.captions.ride.distance")
    public static let rideElapsedTime = MetadataIdentifier(key: "org.captions.ride.elapsed-time")
    public static let rideMovingTime = MetadataIdentifier(key: "org.captions.ride.moving-time")
    /// GPS fix: 0 none, 2 2D, 3 3D (GoPro `GPSF` or `GPS9`'s own field, GPX `fix`).
    public static let gpsFix = MetadataIdentifier(key: "org.captions.gps.fix")
    /// Dilution of precision (GoPro `GPSP` ÷ 100 or `GPS9`'s own field, GPX `pdop`, else `hdop`).
    public static let dilutionOfPrecision = MetadataIdentifier(key: "org.captions.gps.dilution-of-precision")
}
