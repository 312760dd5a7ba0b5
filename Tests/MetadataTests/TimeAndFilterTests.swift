import CaptionCore
import Foundation
import Metadata
import Testing

/// UTC text, ISO 6709 text, distances and the point filters, against independent references:
/// Foundation's ISO 8601 formatter, and distances worked out by hand on the sphere.
@Suite struct TimeAndFilterTests {
    @Test func utcTimesParseLikeFoundationAndFormatBackExactly() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for text in [
            "1970-01-01T00:00:00.000Z", "2000-02-29T23:59:59.999Z", "2024-05-01T10:00:01.317Z",
            "1999-12-31T22:00:00.500-02:00", "2038-01-19T03:14:08.250+05:30", "1969-07-20T20:17:40.000Z",
        ] {
            let ours = try #require(UTCTime(iso8601: text))
            let theirs = try #require(formatter.date(from: text))
            #expect(abs(ours.sinceEpoch.seconds - theirs.timeIntervalSince1970) < 1e-6, "\(text)")
            // Back to text in UTC, then parsed again: the same instant, exactly.
            #expect(UTCTime(iso8601: ours.iso8601) == ours)
        }
        #expect(UTCTime(iso8601: "2024-05-01T10:00:00.123456789Z")?.iso8601 == "2024-05-01T10:00:00.123456789Z")
        // Far from 1970: no overflow, whole seconds kept.
        #expect(UTCTime(iso8601: "9999-12-31T23:59:59.5Z")?.iso8601 == "9999-12-31T23:59:59Z")
        #expect(UTCTime(iso8601: "0001-01-01T00:00:00Z")?.iso8601 == "0001-01-01T00:00:00Z")
        for bad in ["2024-13-01T00:00:00Z", "2024-05-01", "2024-05-01T10:00:00+2", "yesterday", ""] {
            #expect(UTCTime(iso8601: bad) == nil, "\(bad)")
        }
    }

    @Test func iso6709TextRoundTrips() throws {
        let l = ISO6709Location(latitude: -33.8568, longitude: 151.2153, altitude: 12.345)
        #expect(l.iso6709 == "-33.856800000+151.215300000+12.345/")
        #expect(ISO6709Location(iso6709: l.iso6709) == l)
        #expect(ISO6709Location(iso6709: "+27.5916+086.5640+8850CRSWGS_84/")?.altitude == 8850)
        #expect(ISO6709Location(iso6709: "+91.0+000.0/") == nil)
    }

    /// One degree of latitude on a sphere of radius R is 2πR/360 metres.
    @Test func distancesFollowTheSphere() {
        let degree = 2 * Double.pi * Geodesy.meanEarthRadius / 360
        #expect(abs(Geodesy.distance(10, 20, 11, 20) - degree) < 1e-6)
        #expect(abs(Geodesy.bearing(0, 0, 1, 0) - 0) < 1e-9)
        #expect(abs(Geodesy.bearing(0, 0, 0, 1) - 90) < 1e-9)
        #expect(abs(Geodesy.bearing(0, 0, -1, 0) - 180) < 1e-9)
    }

    @Test func filtersDropWhatTheyShouldAndSaySo() throws {
        let degree = 2 * Double.pi * Geodesy.meanEarthRadius / 360
        func point(_ second: Int64, _ lat: Double, dop: Double? = nil) -> TrackPoint {
            var p = TrackPoint(time: UTCTime(seconds: second), latitude: lat, longitude: 0)
            p.dilutionOfPrecision = dop
            return p
        }
        // 0.0001° a second is 11.1 m/s; the third point jumps 1° (111 km) in a second.
        let points = [point(0, 0), point(1, 0.0001, dop: 5), point(2, 1.0001), point(3, 0.0003), point(4, 0.0004)]
        let zone = try #require(TrackPointFilter.PrivacyZone(argument: "0,0,0.005km"))
        #expect(zone.radius == 5)
        let filter = TrackPointFilter(maximumDilutionOfPrecision: 4, maximumSpeed: 20, privacyZones: [zone])
        let (kept, diagnostics) = filter.apply(to: points)
        // Point 0 is inside the 5 m zone, point 1 too imprecise, point 2 too fast.
        #expect(kept.map(\.latitude) == [0.0003, 0.0004])
        #expect(Set(diagnostics.map(\.ruleID)) == ["metadata.max-dop", "metadata.max-speed", "metadata.privacy-zone"])
        #expect(0.0001 * degree / 1 < 20)
        #expect(TrackPointFilter.PrivacyZone(argument: "91,0,10") == nil)
        #expect(TrackPointFilter.PrivacyZone(argument: "1,2") == nil)
    }

    /// `--camera-tz`: a zone name with its summer time (Europe/Paris: +01:00 in January, +02:00
    /// in July, by the tz database), fixed offsets in their forms, and what is neither refused.
    @Test func cameraTimeZonesReadALocalCreationTime() throws {
        func utc(_ zone: String, _ local: String) throws -> String {
            let z = try #require(CameraTimeZone(zone), "\(zone)")
            return z.utc(fromLocal: try #require(UTCTime(iso8601: local))).iso8601
        }
        #expect(try utc("Europe/Paris", "2024-01-15T12:00:00Z") == "2024-01-15T11:00:00Z")
        #expect(try utc("Europe/Paris", "2024-07-15T12:00:00.250Z") == "2024-07-15T10:00:00.250Z")
        #expect(try utc("America/Los_Angeles", "2019-11-18T15:45:32Z") == "2019-11-18T23:45:32Z")
        #expect(try utc("+05:30", "2024-01-01T05:30:00Z") == "2024-01-01T00:00:00Z")
        #expect(try utc("-0800", "2024-01-01T00:00:00Z") == "2024-01-01T08:00:00Z")
        #expect(try utc("UTC+2", "2024-01-01T02:00:00Z") == "2024-01-01T00:00:00Z")
        #expect(try utc("UTC", "2024-01-01T02:00:00Z") == "2024-01-01T02:00:00Z")
        // A creation time far beyond any zone's rules (file data) is read, not a trap.
        let far = UTCTime(seconds: .max / 2)
        #expect(try #require(CameraTimeZone("+02:00")).utc(fromLocal: far).sinceEpoch.isNumeric)
        for bad in ["Mars/Base", "+25:00", "+2:3", "Paris", "", "UTC+", "+1234567"] {
            #expect(CameraTimeZone(bad) == nil, "\(bad)")
        }
    }

    /// A record without a position (a FIT record before the fix, NaN coordinates) has no step to
    /// judge: it is kept in its place, and the jump after it is judged against the last point
    /// with a position. Judged against the NaN point, the jump was never too fast and stayed.
    @Test func maximumSpeedJudgesStepsAcrossARecordWithoutAPosition() throws {
        func point(_ second: Int64, _ lat: Double) -> TrackPoint {
            TrackPoint(time: UTCTime(seconds: second), latitude: lat, longitude: lat.isNaN ? .nan : 0)
        }
        var indoor = point(1, .nan)
        indoor.heartRate = 120
        // 0.0001° a second is 11.1 m/s; the third point jumps 1° (111 km) in a second.
        let points = [point(0, 0), indoor, point(2, 1.0001), point(3, 0.0003), point(4, 0.0004)]
        let (kept, diagnostics) = TrackPointFilter(maximumSpeed: 20).apply(to: points)
        #expect(kept.map(\.time) == [0, 1, 3, 4].map { UTCTime(seconds: $0) })
        #expect(kept[1].heartRate == 120 && !kept[1].hasPosition)
        #expect(diagnostics.map(\.ruleID) == ["metadata.max-speed"])
    }

    /// Values that Int(_:) would trap on (NaN, 1e300) come from files: they are dropped or
    /// clamped, never a crash.
    @Test func hostileNumbersInGPXAreNotACrash() throws {
        let text = """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:t="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
            <trk><trkseg><trkpt lat="1" lon="2"><ele>1e308</ele><time>2024-01-01T00:00:00Z</time>
            <extensions><t:TrackPointExtension><t:hr>1e300</t:hr><t:cad>nan</t:cad><t:atemp>-inf</t:atemp></t:TrackPointExtension></extensions>
            </trkpt></trkseg></trk></gpx>
            """
        let document = try GPXReader().read(Array(text.utf8))
        let p = try #require(document.trackPoints.first)
        #expect(p.heartRate == 9_007_199_254_740_992)
        #expect(p.cadence == nil && p.temperature == nil)
        #expect(document.diagnostics.count == 2)
    }
}
