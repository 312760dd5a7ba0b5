import CaptionCore
import Dashboard
import Metadata
import Render
import TestSupport
import Testing

/// The default dashboard shows a sensor widget (heart rate, cadence, power, temperature) only
/// where the ride has the data (issue 40), the other readouts closing the gap; a layout file
/// draws what it names.
@Suite struct SensorWidgetTests {
    static let sensors: Set<WidgetKind> = [
        .heartRate, .cadence, .power, .temperature, .averagePower, .heartRateZone, .elapsedTime, .movingTime,
    ]

    /// A ride of 20 points, each with the sensor values `values` gives it.
    static func series(_ values: [MetadataItem]) -> GPSSeries { series { _ in values } }

    static func series(_ values: (Int) -> [MetadataItem]) -> GPSSeries {
        let tenth = MediaTime(value: 1, timescale: 10)
        return GPSSeries(
            groups: (0..<20).map { i in
                let point = TrackPoint(time: nil, latitude: 45 + Double(i) * 1e-4, longitude: 6, elevation: 300)
                let start = MediaTime(value: Int64(i), timescale: 10)
                return TimedMetadataGroup(
                    timeRange: TimeRange(start: start, duration: tenth), items: point.metadataItems + values(i))
            })
    }

    static func placements(_ layout: DashboardLayout, _ series: GPSSeries, _ w: Int, _ h: Int) throws
        -> [(kind: WidgetKind, rect: WidgetRect)]
    {
        try DashboardRenderer(
            layout: layout, width: w, height: h, series: series, units: .metric, fonts: DefaultLayoutTests.fonts()
        ).placements
    }

    @Test(arguments: [(1920, 1080), (1080, 1920), (848, 480)])
    func aRideWithoutSensorsShowsNoSensorWidget(size: (Int, Int)) throws {
        let (w, h) = size
        let placed = try Self.placements(.standard, Self.series([]), w, h)
        #expect(Set(placed.map(\.kind)).isDisjoint(with: Self.sensors), "\(placed.map(\.kind))")
        #expect(placed.count == WidgetKind.allCases.count - Self.sensors.count)
        for (i, a) in placed.enumerated() {
            for b in placed[(i + 1)...] { #expect(!a.rect.intersects(b.rect), "\(a.kind) and \(b.kind) overlap") }
        }
        // The three readouts left (altitude, gradient, distance) share the row the seven had
        // (the eleven of a ride with every sensor take two rows of seven).
        let full = try Self.placements(.standard, DefaultLayoutTests.series(), w, h)
        let altitude = try #require(placed.first { $0.kind == .altitude }?.rect)
        let altitudeWithAll = try #require(full.first { $0.kind == .altitude }?.rect)
        #expect(w < h || altitude.width > 2 * altitudeWithAll.width, "\(altitude) vs \(altitudeWithAll)")
    }

    /// A FIT with heart rate and power (no cadence pod, no temperature): those two shown, with
    /// the 3 s power and the ride's times (no zone without `--max-hr`).
    @Test func aRideWithHeartRateAndPowerShowsThoseTwo() throws {
        let placed = try Self.placements(
            .standard, Self.series([.integer(.heartRate, 140), .integer(.power, 250)]), 1920, 1080)
        #expect(
            Set(placed.map(\.kind)).intersection(Self.sensors) == [
                .heartRate, .power, .averagePower, .elapsedTime, .movingTime,
            ])
    }

    /// A value on one point is enough: the widget shows, with "--" where the value is missing.
    @Test func oneTemperatureIsEnough() throws {
        let series = Self.series { i in i == 7 ? [.float(.temperature, 21)] : [] }
        let placed = try Self.placements(.standard, series, 1920, 1080)
        #expect(Set(placed.map(\.kind)).intersection(Self.sensors) == [.temperature, .elapsedTime, .movingTime])
    }

    /// A layout file names what it wants: every widget it names is drawn, data or not.
    @Test func aLayoutFileDrawsEveryWidgetItNames() throws {
        var layout = DashboardLayout.standard
        layout.showsOnlyRecordedSensors = false
        let placed = try Self.placements(layout, Self.series([]), 1920, 1080)
        #expect(placed.count == WidgetKind.allCases.count)
        let file = try DashboardLayoutReader(fileName: "dash.json").read(
            Array(#"{"widgets": [{"type": "heart-rate"}, {"type": "speed"}]}"#.utf8))
        #expect(try Self.placements(file, Self.series([]), 1920, 1080).map(\.kind) == [.heartRate, .speed])
    }
}
