import CaptionCore
import Dashboard
import Metadata
import Testing

/// Values between GPS samples move smoothly (10 Hz GPS on 60 fps video), and units convert by
/// their definitions.
@Suite struct GPSSeriesTests {
    static func group(_ tenth: Int64, speed: Double, course: Double, lat: Double) -> TimedMetadataGroup {
        TimedMetadataGroup(
            timeRange: TimeRange(
                start: MediaTime(value: tenth, timescale: 10), duration: MediaTime(value: 1, timescale: 10)),
            items: [
                MetadataItem(
                    identifier: .location, dataType: .utf8,
                    value: .location(ISO6709Location(latitude: lat, longitude: 6, altitude: 100))),
                .float(.speed, speed), .float(.course, course),
            ])
    }

    @Test func valuesAreInterpolatedFrameByFrame() throws {
        let groups = [
            Self.group(0, speed: 10, course: 350, lat: 45), Self.group(1, speed: 16, course: 10, lat: 45.0001),
            Self.group(2, speed: 16, course: 10, lat: 45.0002),
        ]
        let series = GPSSeries(groups: groups)
        // 60 fps frames between the first two samples: 0, 1/60 … 5/60 s.
        var speeds: [Double] = []
        for k in 0..<6 {
            let t = MediaTime(value: Int64(k), timescale: 60)
            let v = try #require(series.values(at: t, groupInForce: groups[0]))
            speeds.append(try #require(v.speed))
            #expect(abs(v.fraction - Double(k) / 6) < 1e-9)
        }
        // 10 → 16 m/s over 0.1 s: 1 m/s a frame, never a jump at the sample.
        for (k, s) in speeds.enumerated() { #expect(abs(s - (10 + Double(k))) < 1e-9) }
        let atNext = try #require(series.values(at: MediaTime(value: 6, timescale: 60), groupInForce: groups[1]))
        #expect(atNext.speed == 16)
        let half = try #require(series.values(at: MediaTime(value: 3, timescale: 60), groupInForce: groups[0]))
        #expect(
            abs((half.course ?? -1) - 0) < 1e-9 || abs((half.course ?? -1) - 360) < 1e-9, "350° → 10° the short way")
        #expect(abs(half.latitude - 45.00005) < 1e-12)
        // Distance: 0.0001° of latitude is 11.1195 m on the mean-radius sphere (R·Δφ).
        let end = try #require(series.values(at: MediaTime(value: 2, timescale: 10), groupInForce: groups[2]))
        #expect(abs((end.distance ?? 0) - 2 * 6_371_008.8 * 0.0001 * Double.pi / 180) < 0.01)
        // Nothing in force: nothing to show.
        #expect(series.values(at: MediaTime(value: 5, timescale: 1), groupInForce: nil) == nil)
    }

    @Test func unitsConvertByDefinition() throws {
        #expect(SpeedUnit.kilometresPerHour.convert(10) == 36)
        #expect(abs((SpeedUnit.milesPerHour.convert(10) ?? 0) - 22.369362920544) < 1e-9)
        #expect(abs((SpeedUnit.knots.convert(10) ?? 0) - 19.438444924406) < 1e-9)
        #expect(abs((SpeedUnit.minutesPerKilometre.convert(10) ?? 0) - 100.0 / 60) < 1e-12, "1:40 a km")
        #expect(SpeedUnit.minutesPerKilometre.convert(0) == nil, "no pace standing still")
        #expect(abs(AltitudeUnit.feet.convert(100) - 328.083989501312) < 1e-9)
        #expect(abs(DistanceUnit.miles.convert(1609.344) - 1) < 1e-12)
        #expect(TemperatureUnit.fahrenheit.convert(-40) == -40)
        #expect(UnitSystem.imperial.speed == .milesPerHour && UnitSystem.nautical.speed == .knots)
    }
}
