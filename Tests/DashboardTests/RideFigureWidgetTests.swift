import CaptionCore
import Dashboard
import Metadata
import Render
import TestSupport
import Testing

/// The ride-figure widgets (3 s power, heart-rate zone, elapsed and moving time) show what
/// Metadata worked out (`RideMetrics`), placed by the default layout where the ride has the
/// data, inside their boxes, and a layout file can name them (issue 40).
@Suite struct RideFigureWidgetTests {
    static let figures: [WidgetKind] = [.averagePower, .heartRateZone, .elapsedTime, .movingTime]

    /// 20 points a second apart along a meridian (≈ 11 m/s), standing still from point 10 to
    /// 14; power 100, 110, 120…; heart rate 90 + 5 i.
    static func groups() -> [TimedMetadataGroup] {
        var lat = 45.0
        return (0..<20).map { i in
            if i > 0, !(10...14).contains(i) { lat += 1e-4 }
            var p = TrackPoint(time: UTCTime(seconds: 1_700_000_000 + Int64(i)), latitude: lat, longitude: 6)
            p.power = 100 + 10 * i
            p.heartRate = 90 + 5 * i
            return TimedMetadataGroup(
                timeRange: TimeRange(
                    start: MediaTime(value: Int64(i), timescale: 1), duration: MediaTime(value: 1, timescale: 1)),
                items: p.metadataItems)
        }
    }

    @Test func theReadoutsShowTheRideFiguresAtEachSample() throws {
        let groups = Self.groups()
        let series = GPSSeries(groups: groups, maximumHeartRate: 200)
        let renderer = try DashboardRenderer(
            layout: .standard, width: 1920, height: 1080, series: series, units: .metric,
            fonts: DefaultLayoutTests.fonts())
        let placed = renderer.placements.map(\.kind)
        #expect(Set(Self.figures).isSubset(of: placed), "\(placed)")
        // Expected values from the rules of Specs/timed-metadata.md, worked out by hand:
        // at sample 12 (t = 12 s): samples 10, 11, 12 have 200, 210, 220 W → 210 W; heart rate 150 of 200 = 75 % → zone 3; elapsed 0:00:12;
        // moving: steps 1…9 moved (9 s), 10…12 stood → 0:00:09.
        // At sample 19: power 270, 280, 290 → 280 W; 185 bpm = 92.5 % → zone 5; elapsed 0:00:19;
        // moving 9 + steps 15…19 (5 s) = 0:00:14.
        for (i, expected) in [
            (0, ["100", "Z0", "0:00:00", "0:00:00"]), (12, ["210", "Z3", "0:00:12", "0:00:09"]),
            (19, ["280", "Z5", "0:00:19", "0:00:14"]),
        ] {
            let values = series.values(at: groups[i].timeRange.start, groupInForce: groups[i])
            _ = try renderer.layers(for: values)
            #expect(Self.figures.map { renderer.readouts[$0] } == expected, "sample \(i): \(renderer.readouts)")
        }
        _ = try renderer.layers(for: nil)
        #expect(Self.figures.map { renderer.readouts[$0] } == ["--", "--", "--", "--"])
    }

    /// Half-way between two samples the times move on with the frame; the zone is the sample's.
    @Test func timesMoveOnBetweenSamples() throws {
        let groups = Self.groups()
        let series = GPSSeries(groups: groups, maximumHeartRate: 200)
        let v = try #require(series.values(at: MediaTime(value: 35, timescale: 10), groupInForce: groups[3]))
        #expect(v.elapsedTime == 3.5)
        #expect(v.movingTime == 3.5)
        #expect(v.heartRateZone == 1)  // 105 bpm = 52.5 %
    }

    /// Every size the default layout is checked at, with every figure drawn: each widget's
    /// layers inside its box, no two boxes overlapping.
    @Test(arguments: DefaultLayoutTests.sizes.indices)
    func figureWidgetsStayInTheirBoxes(index: Int) throws {
        let (w, h) = DefaultLayoutTests.sizes[index]
        let groups = Self.groups()
        let renderer = try DashboardRenderer(
            layout: .standard, width: w, height: h, series: GPSSeries(groups: groups, maximumHeartRate: 200),
            units: .metric, fonts: DefaultLayoutTests.fonts())
        let placements = renderer.placements
        for (i, a) in placements.enumerated() {
            for b in placements[(i + 1)...] {
                #expect(!a.rect.intersects(b.rect), "\(a.kind) and \(b.kind) at \(w)x\(h)")
            }
        }
        // The widest values: 8888 W, zone 5, 99:59:59.
        let values = GPSSeries(groups: groups, maximumHeartRate: 200).values(
            at: groups[19].timeRange.start, groupInForce: groups[19])
        var widest = try #require(values)
        widest.averagePower = 8888
        widest.elapsedTime = 99 * 3600 + 59 * 60 + 59
        widest.movingTime = widest.elapsedTime
        let layers = try renderer.layersByWidget(for: widest)
        var checked = 0
        for (p, list) in zip(placements, layers) where Self.figures.contains(p.kind) {
            checked += 1
            for layer in list where layer.width > 0 && layer.height > 0 {
                let box = WidgetRect(x: layer.x, y: layer.y, width: layer.width, height: layer.height)
                #expect(p.rect.contains(box), "a layer of \(p.kind) at \(box) leaves its box \(p.rect) at \(w)x\(h)")
            }
        }
        #expect(checked == 4)
        #expect(renderer.readouts[.elapsedTime] == "99:59:59")
    }

    @Test func aLayoutFileNamesThem() throws {
        let file = try DashboardLayoutReader(fileName: "dash.json").read(
            Array(
                #"{"widgets": [{"type": "power-3s"}, {"type": "heart-rate-zone"}, {"type": "elapsed-time"}, {"type": "moving-time"}]}"#
                    .utf8))
        #expect(file.widgets.map(\.kind) == Self.figures)
    }
}
