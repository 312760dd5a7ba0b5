import CaptionCore
import Foundation
import Metadata
import TestSupport
import Testing

/// The GPX reader against gpxpy (PyPI), the most used GPX library, on every shared GPX fixture,
/// and on hostile and broken input.
@Suite struct GPXReaderTests {
    /// gpxpy's reading of a file: per kind ("wpt", "rte", "trk"), lists of points as
    /// [lat, lon, ele or null, unix seconds or null, speed or null].
    static let gpxpyScript = """
        import sys, json, calendar, gpxpy
        g = gpxpy.parse(open(sys.argv[1], encoding='utf-8-sig'))
        def t(p):
            if p.time is None: return None
            if p.time.tzinfo is None: return calendar.timegm(p.time.timetuple()) + p.time.microsecond / 1e6
            return p.time.timestamp()
        def pt(p): return [p.latitude, p.longitude, p.elevation, t(p), getattr(p, 'speed', None)]
        print(json.dumps({
            "wpt": [[pt(p) for p in g.waypoints]],
            "rte": [[pt(p) for p in r.points] for r in g.routes],
            "trk": [[pt(p) for p in s.points] for tr in g.tracks for s in tr.segments],
        }))
        """

    static func gpxpy(_ path: String) throws -> [String: [[[Double?]]]] {
        let result = try CLIRunner.runProcess(
            try PeerDecoders.tool("python3"), ["-c", gpxpyScript, path])
        guard result.status == 0 else {
            throw PeerDecoders.Failure.failed("gpxpy (run `make test` to install it)", result.stderr)
        }
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [[[Any]]]] ?? [:]
        return json.mapValues { lists in lists.map { points in points.map { $0.map { $0 as? Double } } } }
    }

    static func ours(_ points: [TrackPoint]) -> [[Double?]] {
        points.map { [$0.latitude, $0.longitude, $0.elevation, $0.time?.sinceEpoch.seconds, $0.speed] }
    }

    static let fixtures = TestPaths.files(in: TestPaths.sharedFixture("gpx/gpxpy"), withExtension: "gpx")

    @Test func everySharedFixtureReadsLikeGpxpy() throws {
        #expect(Self.fixtures.count == 5)
        for url in Self.fixtures {
            let document = try GPXReader(fileName: url.lastPathComponent).read(Array(try Data(contentsOf: url)))
            let theirs = try Self.gpxpy(url.path)
            let ours: [String: [[[Double?]]]] = [
                "wpt": [Self.ours(document.waypoints)],
                "rte": document.routes.map(Self.ours),
                "trk": document.tracks.flatMap { $0.segments.map(Self.ours) },
            ]
            for kind in ["wpt", "rte", "trk"] {
                let a = ours[kind] ?? []
                let b = theirs[kind] ?? []
                #expect(a.count == b.count, "\(url.lastPathComponent) \(kind): \(a.count) lists vs gpxpy's \(b.count)")
                for (x, y) in zip(a, b) {
                    #expect(x.count == y.count, "\(url.lastPathComponent) \(kind): \(x.count) points vs \(y.count)")
                    for (p, q) in zip(x, y) where !Self.same(p, q) {
                        Issue.record("\(url.lastPathComponent) \(kind): ours \(p) vs gpxpy \(q)")
                        break
                    }
                }
            }
        }
    }

    static func same(_ a: [Double?], _ b: [Double?]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (nil, nil): continue
            case (let x?, let y?): if abs(x - y) > 1e-6 * max(1, abs(y)) { return false }
            default: return false
            }
        }
        return true
    }

    @Test func garminExtensionsAreFoundByNamespaceWhateverThePrefix() throws {
        let text = """
            <?xml version="1.0"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:x="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
            <trk><trkseg>
            <trkpt lat="1.5" lon="2.5"><time>2020-01-01T00:00:00.250Z</time><extensions><x:TrackPointExtension><x:hr>140</x:hr><x:cad>88</x:cad><x:atemp>21.5</x:atemp><x:speed>4.25</x:speed></x:TrackPointExtension></extensions></trkpt>
            </trkseg><trkseg></trkseg></trk>
            </gpx>
            """
        let doc = try GPXReader().read(Array(text.utf8))
        let p = try #require(doc.trackPoints.first)
        #expect(p.heartRate == 140 && p.cadence == 88 && p.temperature == 21.5 && p.speed == 4.25)
        #expect(p.time == UTCTime(seconds: 1_577_836_800, nanoseconds: 250_000_000))
        #expect(doc.tracks[0].segments.count == 2)
    }

    @Test func billionLaughsIsRefusedWithALocatedError() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!ENTITY lol \"lol\">\n"
        for i in 1...9 {
            text +=
                "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">\n"
        }
        text += "]>\n<gpx version=\"1.1\"><trk><name>&lol9;</name></trk></gpx>"
        #expect {
            try GPXReader(fileName: "laughs.gpx").read(Array(text.utf8))
        } throws: { error in
            guard let e = error as? MetadataError else { return false }
            return e.location.line == 2 && e.message.contains("DOCTYPE") && e.message.contains("GPX")
        }
    }

    @Test func aTrackWithoutTimesIsAnErrorAndPointsWithoutTimeAreLocatedWarnings() throws {
        let none =
            #"<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="1" lon="3"/></trkseg></trk></gpx>"#
        #expect(throws: MetadataError.self) {
            try GPXReader(fileName: "t.gpx").read(Array(none.utf8)).timedTrackPoints()
        }
        let some = """
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="1" lon="2"><time>2020-01-01T00:00:01Z</time></trkpt>
            <trkpt lat="1" lon="3"/>
            <trkpt lat="91" lon="3"><time>2020-01-01T00:00:02Z</time></trkpt>
            <trkpt lat="1" lon="4"><time>2020-01-01T00:00:03+01:00</time></trkpt>
            </trkseg></trk></gpx>
            """
        let doc = try GPXReader(fileName: "t.gpx").read(Array(some.utf8))
        #expect(doc.diagnostics.map(\.ruleID) == ["gpx.coordinates"])
        #expect(doc.diagnostics.first?.location.line == 4)
        let (points, diagnostics) = try doc.timedTrackPoints()
        #expect(diagnostics.first { $0.ruleID == "gpx.no-time" }?.location.line == 3)
        // +01:00 is an hour earlier in UTC: sorted first.
        #expect(points.map(\.longitude) == [4, 2])
        #expect(points[0].time?.iso8601 == "2019-12-31T23:00:03Z")
    }
}
