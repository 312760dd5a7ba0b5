import CaptionCore
import Testing

/// SMPTE ST 12-1 timecode: labels ↔ frame counts ↔ media time (see Specs/timecode.md).
@Suite struct TimecodeTests {
    @Test(arguments: [FrameRate.fps29_97, .fps59_94])
    func everyDropFrameLabelOfADayRoundTrips(rate: FrameRate) throws {
        let perDay = Timecode.framesPerDay(rate: rate, dropFrame: true)
        // 24 h at 29.97 DF: 24 × 107,892 = 2,589,408 frames (ST 12-1 drop-frame count).
        #expect(perDay == (rate == .fps29_97 ? 2_589_408 : 5_178_816))
        var previous: Timecode?
        // Plain checks in the loop (millions of frames); the first failure is recorded.
        for frame in 0..<perDay {
            let tc = try Timecode(frameCount: frame, rate: rate, dropFrame: true)
            // Labels map back to their frame, are valid, strictly increase and skip nothing.
            var ok = tc.frameCount(at: rate) == frame
            if ok { ok = (try? tc.validate(rate: rate)) != nil }
            if ok, let p = previous { ok = p.description < tc.description }
            if ok, frame % 100_003 == 0 { ok = (try? Timecode(tc.description, rate: rate)) == tc }
            if !ok {
                Issue.record("frame \(frame) → \(tc) → \(tc.frameCount(at: rate))")
                return
            }
            previous = tc
        }
        #expect(previous?.description == (rate == .fps29_97 ? "23:59:59;29" : "23:59:59;59"))
    }

    @Test func everyDropFrameLabelTextParsesOrIsRejected() throws {
        // Walk every label of the 29.97 DF day as text: existing ones map to consecutive frames,
        // the dropped ones (;00 and ;01 of minutes not divisible by ten) throw the typed error.
        let rate = FrameRate.fps29_97
        var expected: Int64 = 0
        var dropped = 0
        for h in 0..<24 {
            for m in 0..<60 {
                for s in 0..<60 {
                    for f in 0..<30 {
                        let tc = Timecode(hours: h, minutes: m, seconds: s, frames: f, dropFrame: true)
                        switch Result(catching: { () throws(TimecodeError) in try tc.validate(rate: rate) }) {
                        case .success:
                            if tc.frameCount(at: rate) != expected {
                                Issue.record("\(tc) → \(tc.frameCount(at: rate)), expected \(expected)")
                                return
                            }
                            expected += 1
                        case .failure(.nonexistentDropFrameLabel) where s == 0 && f < 2 && m % 10 != 0:
                            dropped += 1
                        case .failure(let error):
                            Issue.record("\(tc) rejected: \(error)")
                            return
                        }
                    }
                }
            }
        }
        #expect(dropped == 24 * 54 * 2)
        #expect(expected == Timecode.framesPerDay(rate: rate, dropFrame: true))
    }

    @Test(arguments: FrameRate.standard)
    func everyNonDropLabelOfADayRoundTrips(rate: FrameRate) throws {
        let perDay = Timecode.framesPerDay(rate: rate, dropFrame: false)
        #expect(perDay == Int64(24 * 3600 * rate.nominal))
        for frame in stride(from: Int64(0), to: perDay, by: 1) {
            let tc = try Timecode(frameCount: frame, rate: rate, dropFrame: false)
            if tc.frames >= rate.nominal || tc.frameCount(at: rate) != frame {
                Issue.record("frame \(frame) → \(tc) → \(tc.frameCount(at: rate))")
                return
            }
        }
        let last = try Timecode(frameCount: perDay - 1, rate: rate, dropFrame: false)
        #expect(last.description == "23:59:59:\(rate.nominal - 1)")
    }

    @Test func knownDropFrameLabels() throws {
        let rate = FrameRate.fps29_97
        // The first frame after a dropped pair, and the ten-minute exception.
        #expect(try Timecode(frameCount: 1800, rate: rate, dropFrame: true).description == "00:01:00;02")
        #expect(try Timecode(frameCount: 1799, rate: rate, dropFrame: true).description == "00:00:59;29")
        #expect(try Timecode(frameCount: 17982, rate: rate, dropFrame: true).description == "00:10:00;00")
        #expect(try Timecode(frameCount: 107_892, rate: rate, dropFrame: true).description == "01:00:00;00")
        #expect(try Timecode("01:00:00;00", rate: rate).frameCount(at: rate) == 107_892)
        // 59.94 drops four labels.
        #expect(try Timecode(frameCount: 3600, rate: .fps59_94, dropFrame: true).description == "00:01:00;04")
        // Non-drop at 29.97 counts 30 labels a second, so one hour of labels is 108,000 frames.
        #expect(try Timecode("01:00:00:00", rate: rate).frameCount(at: rate) == 108_000)
    }

    @Test func mediaTimeOfLabels() throws {
        let rate = FrameRate.fps29_97
        let tc = try Timecode("00:00:01;00", rate: rate)
        #expect(tc.mediaTime(at: rate) == MediaTime(value: 30 * 1001, timescale: 30000))
        let hour = try Timecode("01:00:00;00", rate: rate).mediaTime(at: rate)
        // Drop-frame keeps the label within 3.6 ms of wall-clock time over an hour.
        #expect(abs(hour.seconds - 3600) < 0.004)
        #expect(try Timecode(time: hour, rate: rate, dropFrame: true).description == "01:00:00;00")
        // A time inside a frame maps to the frame that contains it.
        let inside = hour + MediaTime(value: 1, timescale: 1_000_000)
        #expect(try Timecode(time: inside, rate: rate, dropFrame: true).description == "01:00:00;00")
        #expect(try Timecode("00:00:02:12", rate: .fps25).mediaTime(at: .fps25) == MediaTime(value: 62, timescale: 25))
    }

    @Test func malformedTimecodesGiveTheTypedError() {
        let rate = FrameRate.fps29_97
        for text in [
            "", "1:00:00:00", "00:00:00", "00:00:00:0", "aa:bb:cc:dd", "00-00-00-00", "00:00:00:00 ", "00:00:00:000",
        ] {
            #expect(throws: TimecodeError.malformed(text)) { try Timecode(text, rate: rate) }
        }
        #expect(throws: TimecodeError.frameOutOfRange("00:00:00:30", frames: 30, nominalRate: 30)) {
            try Timecode("00:00:00:30", rate: rate)
        }
        #expect(throws: TimecodeError.frameOutOfRange("00:00:00:25", frames: 25, nominalRate: 25)) {
            try Timecode("00:00:00:25", rate: .fps25)
        }
        #expect(throws: TimecodeError.nonexistentDropFrameLabel("00:01:00;00")) {
            try Timecode("00:01:00;00", rate: rate)
        }
        #expect(throws: TimecodeError.nonexistentDropFrameLabel("00:01:00;01")) {
            try Timecode("00:01:00;01", rate: rate)
        }
        #expect(throws: TimecodeError.nonexistentDropFrameLabel("00:02:00;03")) {
            try Timecode("00:02:00;03", rate: .fps59_94)
        }
        #expect(throws: TimecodeError.fieldOutOfRange("24:00:00:00", field: "hours")) {
            try Timecode("24:00:00:00", rate: rate)
        }
        #expect(throws: TimecodeError.fieldOutOfRange("00:60:00:00", field: "minutes")) {
            try Timecode("00:60:00:00", rate: rate)
        }
        #expect(throws: TimecodeError.dropFrameUnsupported("00:00:01;00", rate: .fps25)) {
            try Timecode("00:00:01;00", rate: .fps25)
        }
        // The message names the bad text.
        #expect(TimecodeError.malformed("12:3x:00:00").description.contains("12:3x:00:00"))
        // 00:10:00;00 exists (every tenth minute keeps its labels).
        #expect(throws: Never.self) { try Timecode("00:10:00;00", rate: rate) }
        #expect(throws: TimecodeError.frameCountOutOfRange(-1)) {
            try Timecode(frameCount: -1, rate: rate, dropFrame: true)
        }
    }

    @Test func frameRatesAreExact() {
        #expect(FrameRate("29.97") == .fps29_97)
        #expect(FrameRate("30000/1001") == .fps29_97)
        #expect(FrameRate("23.976") == .fps23_976)
        #expect(FrameRate("25") == .fps25)
        #expect(FrameRate("fast") == nil)
        #expect(FrameRate("0") == nil)
        #expect(FrameRate.fps29_97.frameDuration == MediaTime(value: 1001, timescale: 30000))
        #expect(FrameRate.standard.map(\.nominal) == [24, 24, 25, 30, 30, 48, 48, 50, 60, 60])
        #expect(FrameRate.fps29_97.frame(at: MediaTime(value: 1, timescale: 1)) == 29)
        #expect(FrameRate.fps29_97.frame(at: MediaTime(value: 1, timescale: 1), rounding: .up) == 30)
        #expect(FrameRate.fps29_97.isOnFrameGrid(MediaTime(value: 1001, timescale: 30000)))
        #expect(!FrameRate.fps29_97.isOnFrameGrid(MediaTime(value: 1, timescale: 30)))
    }
}

@Suite struct FrameRateLimitTests {
    @Test func ratesOutsideOneToAThousandAreRefused() {
        #expect(FrameRate("2147483647/2") == nil)  // 1 073 741 823.5 fps
        #expect(FrameRate("1/3") == nil)  // below one frame a second: no timecode
        #expect(FrameRate("0") == nil)
        #expect(FrameRate("1001") == nil)
        #expect(FrameRate("1000")?.nominal == 1000)
        #expect(FrameRate(frames: Int32.max, seconds: Int32.max - 1)?.nominal == 1)
    }
}
