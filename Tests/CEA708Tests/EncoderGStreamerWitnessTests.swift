// Witness for the encoder: GStreamer 1.22's cc708overlay decodes the service data our caption
// encoder and scheduler made for small hand-made documents (one service block a frame, wrapped
// in DTVCC packets and cc_data by the test's own helper): its decoder writes each caption's text
// into the window we defined for it (its `window_add_char` log) and DSW displays those windows.
// GStreamer 1.22 renders a window on DSW before it marks it visible ("Window is not visible,
// skipping rendering"), so it draws only at a later ETX or packet: its rendered grids are not
// compared here (Specs/cea708.md, GStreamer).

import CaptionCore
import Testing

@testable import CEA708

@Suite("CEA-708 encoder output through GStreamer's cc708overlay")
struct CEA708EncoderGStreamerWitnessTests {
    static let rate = FrameRate.fps30

    /// GStreamer's grids for the document's service data, scheduled at 30 fps.
    static func gstreamer(_ document: CaptionDocument) throws -> (GStreamerDTVCC, CEA708ServiceEncoding) {
        let encoding = CEA708CaptionEncoder().encode(document)
        let schedule = CEA708Scheduler.schedule(encoding, rate: rate, constructsPerFrame: 18)
        #expect(schedule.late.isEmpty)
        // Three frames later than scheduled: GStreamer's decoder places a window in percent of
        // the video's size, which a loaded machine may not have negotiated by frame 0 (a wrong
        // placement was seen once in a clean-clone run of the whole suite, never alone). This was
        // the first guard; CC708Overlay now also holds the cc_data back until the caps are through.
        var frames: [Int: [UInt8]] = [:]
        for frame in schedule.frames { frames[Int(frame.index) + 3] = frame.bytes }
        return (try GStreamerDTVCC.run(frames: frames), encoding)
    }

    static func windows(_ encoding: CEA708ServiceEncoding) -> [CEA708WindowDefinition] {
        encoding.chunks.flatMap(\.commands).compactMap { if case .defineWindow(let d) = $0 { d } else { nil } }
    }

    @Test("A two-line pop-on caption on the 608 grid: GStreamer's window shows both lines")
    func popOn() throws {
        let document = CaptionDocument(captions: [
            Caption(
                "HELLO THERE\nGENERAL", start: Self.rate.time(ofFrame: 10), end: Self.rate.time(ofFrame: 90),
                region: .cells(row: 13, column: 4, rows: 2, columns: 11))
        ])
        let (decoded, encoding) = try Self.gstreamer(document)
        let window = try #require(Self.windows(encoding).first)
        #expect(decoded.written[window.window] == ["HELLO THERE", "GENERAL"], "\(decoded.log.suffix(2000))")
        #expect(decoded.displayed == [window.window])
        // Absolute anchor: row 13 × 5 = 65 down, 25 + 4 × 5 = 45 across, as GStreamer placed it.
        let placement = try #require(decoded.placements.first)
        #expect(
            abs(placement.down - 65.0 / 74 * 100) < 1e-3 && abs(placement.across - 45.0 / 209 * 100) < 1e-3,
            "\(decoded.placements) \(decoded.log.suffix(1500))")
    }

    @Test("Two captions on screen at once in two windows, one of them centred")
    func twoWindows() throws {
        var centred = Caption(
            "TOP", start: Self.rate.time(ofFrame: 8), end: Self.rate.time(ofFrame: 90),
            region: .cells(row: 1, column: 0, rows: 1, columns: 32))
        centred.textAlignment = .center
        let document = CaptionDocument(captions: [
            centred,
            Caption(
                "BOTTOM", start: Self.rate.time(ofFrame: 12), end: Self.rate.time(ofFrame: 90),
                region: .cells(row: 14, column: 2, rows: 1, columns: 6)),
        ])
        let (decoded, encoding) = try Self.gstreamer(document)
        let windows = Self.windows(encoding)
        try #require(windows.count == 2)
        // The centred line is placed at column (32 − 3) / 2 = 14 and the window justified centre.
        #expect(decoded.written[windows[0].window] == [String(repeating: " ", count: 14) + "TOP"])
        #expect(decoded.written[windows[1].window] == ["BOTTOM"], "\(decoded.log.suffix(2000))")
        #expect(decoded.displayed == Set(windows.map(\.window)))
    }

    @Test("A one-line paint-on caption: GStreamer displays its window before any character is written into it")
    func paintOn() throws {
        var line = Caption(
            "PAINTED ON", start: Self.rate.time(ofFrame: 10), end: Self.rate.time(ofFrame: 90),
            region: .cells(row: 14, column: 3, rows: 1, columns: 10))
        line.animation = .characterReveal
        let (decoded, encoding) = try Self.gstreamer(CaptionDocument(captions: [line]))
        let window = try #require(Self.windows(encoding).first).window
        #expect(decoded.written[window] == ["PAINTED ON"], "\(decoded.log.suffix(2000))")
        // The order in GStreamer's own log: DSW, then the characters (paint-on, §8.10.5.3).
        let lines = decoded.log.split(separator: "\n")
        let shown = lines.firstIndex { $0.contains("display_window[\(window)]:1") }
        let written = lines.firstIndex { $0.contains("win=\(window) vis=") && $0.contains("[text x=") }
        let (s, w) = (try #require(shown), try #require(written))
        #expect(s < w, "DSW at log line \(s), the first character at \(w)")
        #expect(!encoding.diagnostics.contains { $0.ruleID == "708.encode.animation" })
    }
}
