import CaptionCore
import Dashboard
import Foundation
import Metadata
import TestSupport
import Testing

/// FIT records without a position (the records before the GPS fix, a tunnel, an indoor ride)
/// reach the dashboard: speed, heart rate, cadence, power, temperature and distance shown from
/// them as fitdecode reads them at the same times, the map and position widgets empty (issue 40).
@Suite struct PositionlessRecordTests {
    static func fixture(_ name: String) -> URL { TestPaths.sharedFixture("fit/python-fitparse__\(name).fit") }

    /// The FIT's records placed on a movie as `export --overlay gps --fit --sync start` places
    /// them (the first at 0), as the groups of its sample-data track.
    static func groups(_ url: URL) throws -> [TimedMetadataGroup] {
        let activity = try FITReader(fileName: url.lastPathComponent).read(Array(try Data(contentsOf: url)))
        let points = try activity.timedTrackPoints(file: url.lastPathComponent, keepingPositionless: true).points
        let anchor = try #require(points.first?.time)
        let duration = MediaTime(value: 1 << 30, timescale: 1)
        let placed = try MetadataSync.place(points, anchor: anchor, offset: .zero, duration: duration, timescale: 1000)
        return TimedMetadataTrackBuilder.groups(placed.points, movieDuration: duration)
    }

    /// The number a readout shows ("12.3" of "12.3 km/h"), nil for "--".
    static func number(_ text: String?) -> Double? { text.flatMap { Double($0) } }

    /// `shown` is `expected` (SI units) converted by `scale`, to the readout's `decimals`.
    static func expectShown(_ shown: String?, _ expected: Double?, scale: Double = 1, decimals: Int, _ what: String) {
        guard let expected else {
            #expect(shown == "--", "\(what): shows \(shown ?? "nothing"), fitdecode has none")
            return
        }
        var half = 0.5
        for _ in 0..<decimals { half /= 10 }
        guard let n = number(shown) else {
            Issue.record("\(what): shows \(shown ?? "nothing"), fitdecode \(expected)")
            return
        }
        #expect(abs(n - expected * scale) <= half + 1e-9, "\(what): shows \(n), fitdecode \(expected * scale)")
    }

    /// Every record of the Wahoo ELEMNT ride before its first fix, and of the Edge 500 ride
    /// where the fix is lost, drawn with the default dashboard: each sensor readout is
    /// fitdecode's value at the same time.
    @Test(arguments: ["2019-02-17-062644-ELEMNT-297E-195-0", "garmin-edge-500-activity"])
    func sensorValuesOfRecordsWithoutAPositionAreShown(name: String) throws {
        let url = Self.fixture(name)
        let theirs = try FITPeer.fitdecode.read(url.path).records.filter {
            $0.time != nil && $0.latitude == nil
                && [$0.speed, $0.distance, $0.heartRate, $0.cadence, $0.power, $0.temperature].contains { $0 != nil }
        }
        try #require(theirs.count >= 9, "\(name): \(theirs.count) records without a position")
        let groups = try Self.groups(url)
        let series = GPSSeries(groups: groups)
        let renderer = try DashboardRenderer(
            layout: .standard, width: 1280, height: 720, series: series, units: .metric,
            fonts: DefaultLayoutTests.fonts())
        let byTime = Dictionary(
            groups.compactMap { g in TrackPoint(g, allowingNoPosition: true)?.time.map { ($0.sinceEpoch.seconds, g) } },
            uniquingKeysWith: { a, _ in a })
        for r in theirs {
            let t = try #require(r.time)
            let group = try #require(byTime[t], "\(name): no dashboard sample at \(t)")
            let values = try #require(series.values(at: group.timeRange.start, groupInForce: group), "\(name) at \(t)")
            _ = try renderer.layers(for: values)
            let shown = renderer.readouts
            let at = "\(name) at \(t)"
            Self.expectShown(shown[.speed], r.speed, scale: 3.6, decimals: 1, "speed \(at)")
            Self.expectShown(shown[.heartRate], r.heartRate, decimals: 0, "heart rate \(at)")
            Self.expectShown(shown[.cadence], r.cadence, decimals: 0, "cadence \(at)")
            Self.expectShown(shown[.temperature], r.temperature, decimals: 1, "temperature \(at)")
            if name.contains("ELEMNT") { Self.expectShown(shown[.power], r.power, decimals: 0, "power \(at)") }
            #expect(shown[.coordinates] == "--", "\(at): \(shown[.coordinates] ?? "")")
            #expect(renderer.mapMarkerCentre == nil, "\(at): a marker without a position")
        }
    }

    /// Before the first fix the distance is the device's odometer from its first reading; where
    /// the fix is lost mid-ride, the odometer carries the distance across the gap.
    @Test func distanceAcrossRecordsWithoutAPositionIsTheOdometers() throws {
        for name in ["2019-02-17-062644-ELEMNT-297E-195-0", "garmin-edge-500-activity"] {
            let url = Self.fixture(name)
            let records = try FITPeer.fitdecode.read(url.path).records
            let series = GPSSeries(groups: try Self.groups(url))
            let index = Dictionary(
                series.points.enumerated().compactMap { i, p in p.time.map { ($0.sinceEpoch.seconds, i) } },
                uniquingKeysWith: { a, _ in a })
            var checked = 0
            // Each record without a position, against the last record before it (with or
            // without one) that has an odometer reading: the distance grew by as much.
            var previous: (time: Double, odometer: Double)?
            for r in records {
                guard let t = r.time, let odometer = r.distance else { continue }
                defer { previous = (t, odometer) }
                guard r.latitude == nil, let p = previous, let i = index[t], let j = index[p.time] else { continue }
                let grew = series.distances[i] - series.distances[j]
                #expect(
                    abs(grew - (odometer - p.odometer)) < 1e-9, "\(name) at \(t): \(grew) vs \(odometer - p.odometer)")
                checked += 1
            }
            #expect(checked >= 9, "\(name): \(checked) records checked")
        }
    }
}
