import CaptionCore
import Dashboard
import Metadata
import Render
import TestSupport
import Testing

/// The default layout renders without overlap at the sizes the issue names (and a few odd
/// ones): every widget's box inside the picture, no two boxes sharing a pixel, and every layer
/// a widget draws (text included, at its widest values) inside its own box.
@Suite struct DefaultLayoutTests {
    static let sizes: [(Int, Int)] = [
        (848, 480), (1920, 1080), (1080, 1920), (3840, 2160), (640, 640), (720, 1280), (2560, 1080),
    ]

    static func fonts() throws -> FontCatalog {
        try FontCatalog(directories: [TestPaths.fixture("render/fonts").path])
    }

    /// A ride with every value at its widest: negative altitude, four-digit power, and so on
    /// (heart-rate zones for a maximum of 190 bpm, so that every widget kind has its data).
    static func series() -> GPSSeries {
        let groups = (0..<50).map { i in
            TimedMetadataGroup(
                timeRange: TimeRange(
                    start: MediaTime(value: Int64(i), timescale: 10), duration: MediaTime(value: 1, timescale: 10)),
                items: [
                    MetadataItem(
                        identifier: .location, dataType: .utf8,
                        value: .location(
                            ISO6709Location(
                                latitude: -33.12345 + Double(i) * 1e-4, longitude: -117.3 - Double(i) * 2e-4,
                                altitude: -1234.5))),
                    .float(.speed, 88.8), .float(.course, 359), .integer(.heartRate, 188), .integer(.cadence, 128),
                    .integer(.power, 1888), .float(.temperature, -38.8),
                    MetadataItem(
                        identifier: .date, dataType: .utf8, value: .date(UTCTime(seconds: 1_574_120_720 + Int64(i)))),
                    .integer(.gpsFix, 3), .float(.dilutionOfPrecision, 18.8),
                ])
        }
        return GPSSeries(groups: groups, maximumHeartRate: 190)
    }

    @Test(arguments: sizes.indices)
    func widgetsDoNotOverlapAndStayInTheirBoxes(index: Int) throws {
        let (w, h) = Self.sizes[index]
        let series = Self.series()
        let renderer = try DashboardRenderer(
            layout: .standard, width: w, height: h, series: series, units: .metric, fonts: Self.fonts())
        let placements = renderer.placements
        #expect(placements.count == WidgetKind.allCases.count, "every widget kind is placed")
        let picture = WidgetRect(x: 0, y: 0, width: w, height: h)
        for (i, a) in placements.enumerated() {
            #expect(picture.contains(a.rect), "\(a.kind) at \(a.rect) is inside \(w)x\(h)")
            #expect(a.rect.width >= 8 && a.rect.height >= 8, "\(a.kind) is big enough to see: \(a.rect)")
            for b in placements[(i + 1)...] {
                #expect(!a.rect.intersects(b.rect), "\(a.kind) \(a.rect) and \(b.kind) \(b.rect) overlap at \(w)x\(h)")
            }
        }
        let values = series.values(at: MediaTime(value: 25, timescale: 10), groupInForce: nil)
        #expect(values == nil)
        for frame in [0, 25, 49] {
            let t = MediaTime(value: Int64(frame), timescale: 10)
            let v = series.values(
                at: t,
                groupInForce: TimedMetadataGroup(
                    timeRange: TimeRange(start: t, duration: MediaTime(value: 1, timescale: 10)), items: []))
            let layers = try renderer.layersByWidget(for: v)
            for (p, list) in zip(placements, layers) {
                for layer in list where layer.width > 0 && layer.height > 0 {
                    let box = WidgetRect(x: layer.x, y: layer.y, width: layer.width, height: layer.height)
                    #expect(
                        p.rect.contains(box), "a layer of \(p.kind) at \(box) leaves its box \(p.rect) at \(w)x\(h)")
                }
            }
            let shown = renderer.readouts
            #expect(shown[.power] == "1888" && shown[.heartRate] == "188", "\(shown)")
        }
    }

    @Test func portraitAndLandscapeArrangeDifferently() {
        let wide = DefaultLayout(width: 1920, height: 1080), tall = DefaultLayout(width: 1080, height: 1920)
        #expect(wide.rect(for: .map).y < wide.rect(for: .coordinates).maxY, "landscape: the map beside the top row")
        #expect(tall.rect(for: .map).y > tall.rect(for: .coordinates).maxY, "portrait: the map under the top row")
        // Sizes follow the shorter side: the same widget is twice as big at twice the size.
        let small = DefaultLayout(width: 1920, height: 1080).rect(for: .speed)
        let big = DefaultLayout(width: 3840, height: 2160).rect(for: .speed)
        #expect(abs(big.height - 2 * small.height) <= 2)
    }
}
