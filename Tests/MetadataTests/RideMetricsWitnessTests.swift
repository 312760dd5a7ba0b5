import CaptionCore
import Foundation
import Metadata
import TestSupport
import Testing

/// The ride figures (`RideMetrics`: distance, elapsed and moving time, 3 s power, heart-rate
/// zones) of the shared FIT files against the same figures worked out in Python from
/// fitdecode's records (`FITPeer.rideFigures`), by the rules of Specs/timed-metadata.md ("Ride
/// figures"), and the rules themselves on small made-up rides.
@Suite struct RideMetricsWitnessTests {
    static func fixture(_ name: String) -> URL { TestPaths.sharedFixture("fit/python-fitparse__\(name).fit") }

    /// Our reading of `url` as the dashboard takes it: records with a time and a position or a
    /// sensor value, in time order.
    static func points(_ url: URL) throws -> [TrackPoint] {
        let activity = try FITReader(fileName: url.lastPathComponent).read(Array(try Data(contentsOf: url)))
        return try activity.timedTrackPoints(file: url.lastPathComponent, keepingPositionless: true).points
    }

    static func close(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return abs(x - y) <= tolerance * max(1, abs(y))
        default: return false
        }
    }

    /// Three rides: with power and records before the GPS fix (Wahoo ELEMNT), with positions lost
    /// mid-ride (Edge 500), five sessions chained with records without a position (multiple header).
    @Test(arguments: ["2019-02-17-062644-ELEMNT-297E-195-0", "garmin-edge-500-activity", "sample_mulitple_header"])
    func figuresAreFitdecodesRecordsFigures(name: String) throws {
        let url = Self.fixture(name)
        let points = try Self.points(url)
        let ours = RideMetrics(points, maximumHeartRate: 185)
        let theirs = try FITPeer.rideFigures(url.path, maximumHeartRate: 185)
        try #require(!theirs.isEmpty, "fitdecode gave no record of \(name)")
        #expect(points.count == theirs.count, "\(name): \(points.count) points, fitdecode \(theirs.count)")
        var mismatches = 0
        for (i, (p, t)) in zip(points, theirs).enumerated() {
            let checks: [(String, Double?, Double?, Double)] = [
                ("time", p.time?.sinceEpoch.seconds, t.time, 1e-9),
                ("distance", ours.distances[i], t.distance, 1e-9),
                ("elapsed", ours.elapsed[i], t.elapsed, 1e-9),
                ("moving", ours.moving[i], t.moving, 1e-9),
                ("power 3 s", ours.power3s[i], t.power3s, 1e-9),
                ("zone", ours.heartRateZones[i].map(Double.init), t.zone.map(Double.init), 0),
            ]
            for (what, a, b, tolerance) in checks where !Self.close(a, b, tolerance) {
                mismatches += 1
                if mismatches <= 10 {
                    Issue.record("\(name) point \(i) \(what): ours \(a as Any), fitdecode \(b as Any)")
                }
            }
        }
        #expect(mismatches == 0, "\(name): \(mismatches) figures differ")
        // Every figure is exercised: power where the ride has it, zones, a moving time that is
        // neither zero nor the elapsed time (the rides stop on the way).
        let last = try #require(theirs.last)
        #expect(last.moving > 0 && last.moving < last.elapsed, "\(name): moving \(last.moving) of \(last.elapsed)")
        #expect(Set(theirs.compactMap(\.zone)).count >= 3, "\(name): zones \(Set(theirs.compactMap(\.zone)))")
        if name.contains("ELEMNT") { #expect(theirs.contains { ($0.power3s ?? 0) > 0 }) }
    }

    /// A movie that starts mid-ride: the ride placed on a 60 s movie from its 3,000th record on,
    /// as `export --fit` and `metadata add` place it, and read back from the timed-metadata
    /// groups as the dashboard reads them (`GPSSeries`: `TrackPoint(group)`, then `RideMetrics`).
    /// Distance, elapsed and moving time count from the ride's start, as the head unit and
    /// fitdecode's records give them, not from the movie's first sample.
    @Test func figuresCountFromTheRidesStartWhereTheMovieBeginsMidRide() throws {
        let url = Self.fixture("2019-02-17-062644-ELEMNT-297E-195-0")
        let points = RideMetrics.annotated(try Self.points(url))
        let theirs = try FITPeer.rideFigures(url.path, maximumHeartRate: 185)
        let anchor = try #require(points[3000].time)
        let (placed, _) = try MetadataSync.place(
            points, anchor: anchor, offset: .zero, duration: MediaTime(value: 60, timescale: 1), timescale: 1000)
        let groups = TimedMetadataTrackBuilder.groups(placed, movieDuration: MediaTime(value: 60, timescale: 1))
        let read = groups.compactMap { TrackPoint($0, allowingNoPosition: true) }
        try #require(read.count == placed.count && read.count > 30)
        let ours = RideMetrics(read)
        let byTime = Dictionary(theirs.map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
        for (i, p) in read.enumerated() {
            let t = try #require(p.time.flatMap { byTime[$0.sinceEpoch.seconds] })
            #expect(
                Self.close(ours.distances[i], t.distance, 1e-9),
                "distance at \(i): \(ours.distances[i] as Any) vs \(t.distance as Any)")
            #expect(Self.close(ours.elapsed[i], t.elapsed, 1e-9), "elapsed at \(i)")
            #expect(Self.close(ours.moving[i], t.moving, 1e-9), "moving at \(i)")
        }
        // Mid-ride indeed: the first sample's figures are far from zero.
        #expect((ours.distances.first ?? 0) ?? 0 > 1000 && (ours.elapsed.first ?? 0) ?? 0 > 600)
        // Without the ride's figures (a movie's own track), they count from its first sample.
        let own = RideMetrics(
            read.map {
                var p = $0; p.ride = nil; return p
            })
        #expect(own.elapsed.first == 0)
    }

    @Test func zonesStartAtTheDocumentedPercentagesOfTheMaximum() {
        // 190 bpm maximum: 95, 114, 133, 152, 171 bpm start zones 1 to 5 (50/60/70/80/90 %).
        let expected = [(94, 0), (95, 1), (113, 1), (114, 2), (133, 3), (151, 3), (152, 4), (171, 5), (200, 5)]
        for (hr, zone) in expected {
            #expect(RideMetrics.heartRateZone(hr, maximum: 190) == zone, "\(hr) bpm")
        }
    }

    /// A ride of 1 Hz points along a meridian (1e-4° ≈ 11.1 m a second), power 100, 200, 300…
    static func ride(_ count: Int, step: (Int) -> Double = { _ in 1e-4 }) -> [TrackPoint] {
        var lat = 45.0
        return (0..<count).map { i in
            if i > 0 { lat += step(i) }
            var p = TrackPoint(
                time: UTCTime(sinceEpoch: MediaTime(value: 1_700_000_000 + Int64(i), timescale: 1)), latitude: lat,
                longitude: 6)
            p.power = 100 * (i + 1)
            return p
        }
    }

    @Test func threeSecondPowerIsTheMeanOfTheLastThreeSeconds() {
        let m = RideMetrics(Self.ride(5))
        #expect(m.power3s == [100, 150, 200, 300, 400])
    }

    /// A standstill (no step) is no moving time; a gap in positions is bridged by the odometer.
    @Test func movingTimeLeavesOutTheStandstill() {
        // Points 3…6 do not move: steps 4, 5, 6 (into points 4, 5, 6) are not moving.
        let points = Self.ride(10) { i in (4...6).contains(i) ? 0 : 1e-4 }
        let m = RideMetrics(points)
        #expect(m.elapsed.last == 9)
        #expect(m.moving.last == 6)
    }

    @Test func theOdometerCarriesTheDistanceAcrossRecordsWithoutAPosition() throws {
        var points = Self.ride(4)
        for i in points.indices { points[i].distance = 1000 + 11 * Double(i) }
        points[1].latitude = .nan
        points[1].longitude = .nan
        points[2].latitude = .nan
        points[2].longitude = .nan
        let m = RideMetrics(points)
        #expect(m.distances[0] == 0)
        #expect(m.distances[1] == 11)
        #expect(m.distances[2] == 22)
        // Back on the GPS: the larger of the straight step (3e-4° ≈ 33.4 m) and the odometer's 22 m.
        let straight = Geodesy.distance(45, 6, points[3].latitude, 6)
        #expect(straight > 30)
        #expect(try #require(m.distances[3]) == max(straight, 22))
    }
}
