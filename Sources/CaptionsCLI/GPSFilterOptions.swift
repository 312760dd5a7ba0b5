import ArgumentParser
import Metadata

/// The points of a GPS track a command leaves out: imprecise fixes, impossible jumps and every
/// place within a privacy zone (``TrackPointFilter``). One group for `metadata add` (the tracks
/// it writes) and `export --overlay gps` (what the dashboard draws), so a zone is given with the
/// same words wherever a position could leak.
public struct GPSFilterOptions: ParsableArguments {
    @Option(name: .customLong("max-dop"), help: "Leave out points whose dilution of precision is above this.")
    public var maxDOP: Double?

    @Option(name: .customLong("max-speed"), help: "Leave out points reached faster than this many metres per second.")
    public var maxSpeed: Double?

    @Option(
        name: .customLong("hide-near"), parsing: .singleValue,
        help: "LAT,LON,RADIUS: leave out points within RADIUS (metres, or 1.5km) of a place; repeatable.")
    public var hideNear: [String] = []

    public init() {}

    /// Whether any of the options was given.
    public var isGiven: Bool { maxDOP != nil || maxSpeed != nil || !hideNear.isEmpty }

    public func validate() throws { _ = try filter() }

    /// The filter the options ask for (an inactive one when none is given).
    public func filter() throws(ValidationError) -> TrackPointFilter {
        if let maxDOP, maxDOP <= 0 { throw ValidationError("--max-dop must be positive") }
        if let maxSpeed, maxSpeed <= 0 { throw ValidationError("--max-speed must be positive") }
        var zones: [TrackPointFilter.PrivacyZone] = []
        for z in hideNear {
            guard let zone = TrackPointFilter.PrivacyZone(argument: z) else {
                throw ValidationError("--hide-near \(z): expected LAT,LON,RADIUS such as 48.85,2.35,300m")
            }
            zones.append(zone)
        }
        return TrackPointFilter(maximumDilutionOfPrecision: maxDOP, maximumSpeed: maxSpeed, privacyZones: zones)
    }
}
