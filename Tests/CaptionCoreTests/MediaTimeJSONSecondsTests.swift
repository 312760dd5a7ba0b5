import CaptionCore
import Testing

/// JSON `start`/`end` seconds (Specs/json-format.md): to the microsecond, within ±1e8 s.
@Suite struct MediaTimeJSONSecondsTests {
    @Test func secondsAreTakenToTheMicrosecond() {
        #expect(MediaTime(jsonSeconds: 1.5) == MediaTime(value: 3, timescale: 2))
        #expect(MediaTime(jsonSeconds: -2) == MediaTime(value: -2, timescale: 1))
        // 1.5 µs rounds away from zero to 2 µs.
        #expect(MediaTime(jsonSeconds: 0.000_001_5) == MediaTime(value: 1, timescale: 500_000))
        #expect(MediaTime(jsonSeconds: 99_999_999) == MediaTime(value: 99_999_999, timescale: 1))
    }

    @Test func unusableSecondsAreRefused() {
        for s in [1e8, -1e8, 1e300, .infinity, -.infinity, .nan] {
            #expect(MediaTime(jsonSeconds: s) == nil, "\(s)")
        }
    }
}
