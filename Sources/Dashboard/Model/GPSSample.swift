import CaptionCore
import Metadata

/// One timed-metadata group read as GPS and sensor values, with its place on the movie's
/// timeline: what the dashboard draws from.
public struct GPSSample: Sendable, Hashable {
    public var timeRange: TimeRange
    public var latitude: Double?
    public var longitude: Double?
    /// Metres.
    public var elevation: Double?
    /// Metres per second.
    public var speed: Double?
    /// Degrees clockwise from true north.
    public var course: Double?
    public var heartRate: Double?
    public var cadence: Double?
    public var power: Double?
    /// Degrees Celsius.
    public var temperature: Double?
    public var date: UTCTime?
    public var fix: Int?
    public var dilutionOfPrecision: Double?

    /// The values of `group` (the keys of Specs/timed-metadata.md).
    public init(_ group: TimedMetadataGroup) {
        timeRange = group.timeRange
        if case .location(let l)? = group.item(.location)?.value {
            latitude = l.latitude
            longitude = l.longitude
            elevation = l.altitude
        }
        if let e = group.item(.elevation)?.value.doubleValue { elevation = e }
        speed = group.item(.speed)?.value.doubleValue
        course = group.item(.course)?.value.doubleValue
        heartRate = group.item(.heartRate)?.value.doubleValue
        cadence = group.item(.cadence)?.value.doubleValue
        power = group.item(.power)?.value.doubleValue
        temperature = group.item(.temperature)?.value.doubleValue
        if case .date(let d)? = group.item(.date)?.value { date = d }
        fix = group.item(.gpsFix)?.value.doubleValue.flatMap { $0.isFinite ? Int($0) : nil }
        dilutionOfPrecision = group.item(.dilutionOfPrecision)?.value.doubleValue
    }
}
