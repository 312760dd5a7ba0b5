import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import Media

/// The mixer opens a source's decoder only while its segment plays: a timeline of many
/// segments sounds as its source does (levels by ffmpeg's astats, as TimelineAudioTests
/// measures them) and never holds more decoders open than segments overlap.
@Suite struct TimelineAudioSegmentTests {
    typealias T = TimelineAudioTests

    /// Track 1: the source cut into 12 half-second segments played in order (so the output is
    /// the source's first 6 s). Track 2: two 1 s segments of a 1000 Hz tone at 1–2 s and 4–5 s,
    /// overlapping track 1's segments there.
    static func timeline(_ low: String, _ high: String) -> MediaTimeline {
        let half = MediaTime(value: 1, timescale: 2)
        let pieces = (0..<12).map { i -> MediaSegment in
            let at = MediaTime(value: Int64(i), timescale: 2)
            return T.segment(low, at, at + half, at: at, at + half)
        }
        return T.timeline([
            T.audioTrack(1, pieces),
            T.audioTrack(
                2,
                [
                    T.segment(high, .zero, T.s(1), at: T.s(1), T.s(2)),
                    T.segment(high, T.s(1), T.s(2), at: T.s(4), T.s(5)),
                ]),
        ])
    }

    @Test func twelveSegmentsOpenNoMoreDecodersThanOverlap() throws {
        let dir = try TemporaryDirectory()
        let low = dir.path("low.m4a"), high = dir.path("high.m4a")
        try T.sine(low, frequency: 440, seconds: 7)
        try T.sine(high, frequency: 1000, seconds: 3)
        let timeline = Self.timeline(low, high)
        let mixer = try #require(
            try TimelineAudioMixer(
                timeline: timeline, mix: [], sources: try timeline.checkedSources(), layout: "stereo",
                frameSize: 1024))
        var frames = 0
        var mostAtOnce = 0
        while let _ = try mixer.nextFrame() {
            frames += 1
            mostAtOnce = max(mostAtOnce, mixer.decoders.open)
        }
        // 6 s at 48 kHz in 1024-sample frames.
        #expect(mixer.samplesPulled == 6 * 48000)
        #expect(frames == (6 * 48000 + 1023) / 1024)
        // Two tracks: at most one segment of each plays at any time.
        #expect(mixer.decoders.peak <= 2, "peak \(mixer.decoders.peak)")
        #expect(mostAtOnce >= 1)
        #expect(mixer.decoders.open == 0, "every decoder closed at the end")
    }

    @Test func twelveSegmentsSoundAsTheirSource() throws {
        let dir = try TemporaryDirectory()
        let low = dir.path("low.m4a"), high = dir.path("high.m4a")
        try T.sine(low, frequency: 440, seconds: 7)
        try T.sine(high, frequency: 1000, seconds: 3)
        let out = dir.path("twelve.mp4")
        try T.export(Self.timeline(low, high), to: out)
        let single = try T.rmsLevel(low, from: 0.5, for: 0.4)
        // Windows across segment edges (every 0.5 s) with track 1 alone, and with both tracks
        // (two sines of equal amplitude: +3.01 dB).
        let windows: [(Double, Double, Double)] = [
            (0.3, 0.4, 0), (2.3, 0.4, 0), (2.8, 0.9, 0), (5.3, 0.5, 0), (1.3, 0.4, 3.0103), (4.2, 0.6, 3.0103),
        ]
        for (start, length, gain) in windows {
            let ours = try T.rmsLevel(out, from: start, for: length)
            #expect(abs(ours - (single + gain)) <= T.tolerance, "\(start) s: \(ours) dB, source \(single) dB + \(gain)")
        }
        // No gap at the edges: the quietest 10 ms window from 2.1 to 3.9 s (track 1 alone, three
        // segment edges) is as loud as the source's quietest over the same span (a 5 ms gap
        // would take 3 dB off).
        let trough = try Self.rmsTrough(out, from: 2.1, for: 1.8)
        let sourceTrough = try Self.rmsTrough(low, from: 2.1, for: 1.8)
        #expect(abs(trough - sourceTrough) <= 1, "quietest 10 ms: \(trough) dB, source's \(sourceTrough) dB")
    }

    /// The lowest RMS level (dB) of astats' 10 ms windows over [start, start + duration).
    static func rmsTrough(_ path: String, from start: Double, for duration: Double) throws -> Double {
        try T.astats(path, from: start, for: duration, "RMS trough dB", options: ":length=0.01")
    }
}
