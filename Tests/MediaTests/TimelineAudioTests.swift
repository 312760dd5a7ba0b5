import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// An ExportSession of a timeline, its audio: volume ramps, mixing without normalisation, gaps and scaled
/// segments, measured by ffmpeg's `astats` (RMS level over a window) on our output and on the
/// sources, with sine sources made by ffmpeg.
///
/// Tolerance: 0.5 dB. The AAC round trip changes a steady sine's RMS by about 0.1 dB, and the
/// volume filter's per-frame evaluation (1024 samples, 21 ms) moves a 1 s ramp's level by at
/// most 0.2 dB within a 0.2 s window.
@Suite struct TimelineAudioTests {
    static let tolerance = 0.5

    static func s(_ v: Int64, _ ts: Int32 = 1) -> MediaTime { MediaTime(value: v, timescale: ts) }

    static func sine(_ path: String, frequency: Int, seconds: Int) throws {
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=48000:duration=\(seconds)", "-ac", "2",
            "-c:a", "aac",
            path,
        ])
    }

    /// The RMS level in dB (astats, all channels together) of the audio of `path` from `start`
    /// for `duration` seconds; −∞ for silence.
    static func rmsLevel(_ path: String, from start: Double, for duration: Double) throws -> Double {
        try astats(path, from: start, for: duration, "RMS level dB")
    }

    /// The figure `name` ("RMS level dB", "RMS trough dB"…) of ffmpeg's astats (all channels
    /// together, `options` added) over the audio of `path` from `start` for `duration` seconds.
    static func astats(_ path: String, from start: Double, for duration: Double, _ name: String, options: String = "")
        throws -> Double
    {
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-nostdin", "-v", "info", "-ss", "\(start)", "-t", "\(duration)", "-i", path, "-map", "0:a",
                "-af", "astats=measure_perchannel=none\(options)", "-f", "null", "-",
            ])
        guard r.status == 0, let line = r.stderr.split(separator: "\n").last(where: { $0.contains("\(name):") }),
            let value = line.split(separator: ":").last.map({ $0.trimmingCharacters(in: .whitespaces) })
        else { throw MediaTools.Failure.failed("astats of \(path): \(r.stderr)") }
        return value == "-inf" ? -.infinity : Double(value) ?? .nan
    }

    static func audioTrack(_ id: Int, _ segments: [MediaSegment]) -> MediaTimelineTrack {
        MediaTimelineTrack(trackID: id, mediaType: .audio, segments: segments)
    }

    static func segment(_ path: String, _ from: MediaTime, _ to: MediaTime, at start: MediaTime, _ end: MediaTime)
        -> MediaSegment
    {
        MediaSegment(
            source: .init(path: path, trackID: 1, timeRange: TimeRange(start: from, end: to)),
            targetRange: TimeRange(start: start, end: end))
    }

    static func timeline(_ tracks: [MediaTimelineTrack]) -> MediaTimeline {
        MediaTimeline(
            tracks: tracks, renderSize: VideoSize(width: 64, height: 64),
            frameDuration: MediaTime(value: 1, timescale: 30))
    }

    static func export(_ timeline: MediaTimeline, to path: String, mix: [AudioMixInputParameters] = []) throws {
        let session = ExportSession(
            timeline: timeline, outputPath: path, settings: ExportSettings(preset: "ultrafast"))
        session.audioMix = mix
        try session.exportSynchronously()
    }

    @Test func volumeRampLevelsBeforeDuringAndAfter() throws {
        let dir = try TemporaryDirectory()
        let music = dir.path("music.m4a")
        try Self.sine(music, frequency: 440, seconds: 6)
        let out = dir.path("ramp.mp4")
        var mix = AudioMixInputParameters(trackID: 1)
        mix.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0.25, timeRange: TimeRange(start: Self.s(2), end: Self.s(3)))
        try Self.export(
            Self.timeline([Self.audioTrack(1, [Self.segment(music, .zero, Self.s(6), at: .zero, Self.s(6))])]), to: out,
            mix: [mix])
        // (window start, length, gain there)
        let windows: [(Double, Double, Double)] = [(0.5, 1, 1), (2.4, 0.2, 0.625), (3.5, 2, 0.25)]
        for (start, length, gain) in windows {
            let source = try Self.rmsLevel(music, from: start, for: length)
            let ours = try Self.rmsLevel(out, from: start, for: length)
            let expected = source + 20 * log10(gain)
            #expect(abs(ours - expected) <= Self.tolerance, "\(start) s: \(ours) dB, expected \(expected) dB")
        }
        #expect(mix.volume(at: Self.s(5, 2)) == 0.625)
        let audio = try #require(try MediaTools.streams(out).first { $0["codec_type"] as? String == "audio" })
        #expect(audio["codec_name"] as? String == "aac")
        #expect(audio["sample_rate"] as? String == "48000")
        #expect(audio["channels"] as? Int == 2)
        #expect(abs((Double(audio["duration"] as? String ?? "") ?? 0) - 6) < 0.05)
    }

    @Test func tracksAreMixedWithoutNormalisingAndGapsAreSilent() throws {
        let dir = try TemporaryDirectory()
        let low = dir.path("low.m4a"), high = dir.path("high.m4a")
        try Self.sine(low, frequency: 440, seconds: 5)
        try Self.sine(high, frequency: 1000, seconds: 5)
        let out = dir.path("mix.mp4")
        // Track 1: 440 Hz from 1 s to 5 s (a gap before). Track 2: 1000 Hz from 2 s to 3 s.
        try Self.export(
            Self.timeline([
                Self.audioTrack(1, [Self.segment(low, .zero, Self.s(4), at: Self.s(1), Self.s(5))]),
                Self.audioTrack(2, [Self.segment(high, .zero, Self.s(1), at: Self.s(2), Self.s(3))]),
            ]), to: out)
        let single = try Self.rmsLevel(low, from: 0.5, for: 1)
        #expect(try Self.rmsLevel(out, from: 0.1, for: 0.8) < -80, "the gap is silent")
        let alone = try Self.rmsLevel(out, from: 1.2, for: 0.6)
        #expect(abs(alone - single) <= Self.tolerance, "one track: \(alone) dB, source \(single) dB")
        // Two sines of equal amplitude and different frequency: twice the power, +3.01 dB
        // (amix's default normalisation would give −3 dB instead).
        let both = try Self.rmsLevel(out, from: 2.2, for: 0.6)
        #expect(abs(both - (single + 3.0103)) <= Self.tolerance, "two tracks: \(both) dB, one: \(single) dB")
        let after = try Self.rmsLevel(out, from: 3.4, for: 1)
        #expect(abs(after - single) <= Self.tolerance, "after: \(after) dB")
    }

    /// A 44.1 kHz mono clip followed by a 48 kHz stereo one on one track: the output is the
    /// timeline's 48 kHz stereo, as long as the two segments; the mono part is upmixed as FFmpeg's
    /// own `-ac 2` upmixes it (the centre on both channels at −3.01 dB: equal power, the stereo
    /// pair carries the mono's power), the stereo part keeps its level, and both keep their pitch
    /// (ffmpeg's astats as the witness: RMS level, and the zero-crossing rate of a 440 Hz sine,
    /// 2 × 440 / 48,000 per sample, worked out by hand).
    @Test func aMono44_1kHzClipIsResampledAndUpmixed() throws {
        let dir = try TemporaryDirectory()
        let mono = dir.path("mono.m4a"), stereo = dir.path("stereo.m4a"), out = dir.path("out.mp4")
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=3", "-ac", "1", "-c:a", "aac", mono,
        ])
        try Self.sine(stereo, frequency: 440, seconds: 3)
        try Self.export(
            Self.timeline([
                Self.audioTrack(
                    1,
                    [
                        Self.segment(mono, .zero, Self.s(2), at: .zero, Self.s(2)),
                        Self.segment(stereo, .zero, Self.s(2), at: Self.s(2), Self.s(4)),
                    ])
            ]), to: out)
        let audio = try #require(try MediaTools.streams(out).first { $0["codec_type"] as? String == "audio" })
        #expect(audio["sample_rate"] as? String == "48000")
        #expect(audio["channels"] as? Int == 2)
        let duration = Double(audio["duration"] as? String ?? "") ?? 0
        #expect(abs(duration - 4) < 0.05, "\(duration) s")
        let upmixed = dir.path("upmixed.wav")
        try MediaTools.ffmpeg(["-i", mono, "-ac", "2", "-ar", "48000", upmixed])
        let ffmpegLevel = try Self.rmsLevel(upmixed, from: 0.5, for: 1)
        let monoLevel = try Self.rmsLevel(mono, from: 0.5, for: 1)
        #expect(abs(ffmpegLevel - (monoLevel - 3.0103)) <= Self.tolerance, "FFmpeg's upmix: \(ffmpegLevel) dB")
        let outMono = try Self.rmsLevel(out, from: 0.5, for: 1)
        #expect(abs(outMono - ffmpegLevel) <= Self.tolerance, "mono part: \(outMono) dB, FFmpeg's \(ffmpegLevel) dB")
        let stereoLevel = try Self.rmsLevel(stereo, from: 0.5, for: 1)
        let outStereo = try Self.rmsLevel(out, from: 2.5, for: 1)
        #expect(abs(outStereo - stereoLevel) <= Self.tolerance, "stereo part: \(outStereo) dB, \(stereoLevel) dB")
        let expected = 2 * 440 / 48_000.0
        for (start, part) in [(0.5, "mono"), (2.5, "stereo")] {
            let rate = try Self.astats(
                out, from: start, for: 1, "Zero crossings rate", options: ":measure_perchannel=Zero_crossings_rate")
            #expect(abs(rate - expected) / expected < 0.02, "\(part) part: \(rate), expected \(expected)")
        }
    }

    @Test func scaledSegmentKeepsItsLevelAndTakesItsTargetLength() throws {
        let dir = try TemporaryDirectory()
        let music = dir.path("music.m4a")
        try Self.sine(music, frequency: 440, seconds: 3)
        let out = dir.path("slow.mp4")
        try Self.export(
            Self.timeline([Self.audioTrack(1, [Self.segment(music, .zero, Self.s(2), at: .zero, Self.s(4))])]), to: out)
        let audio = try #require(try MediaTools.streams(out).first { $0["codec_type"] as? String == "audio" })
        #expect(abs((Double(audio["duration"] as? String ?? "") ?? 0) - 4) < 0.05, "\(audio["duration"] ?? "?")")
        let source = try Self.rmsLevel(music, from: 0.5, for: 1)
        let ours = try Self.rmsLevel(out, from: 1, for: 2)
        #expect(abs(ours - source) <= Self.tolerance, "\(ours) dB, source \(source) dB")
        #expect(try NumberedClips.videoFacts(out).frames == 120)
    }

    @Test func volumeExpressionFollowsTheRamps() {
        var mix = AudioMixInputParameters(trackID: 1, volume: 0.5)
        mix.setVolumeRamp(fromStartVolume: 0.5, toEndVolume: 1, timeRange: TimeRange(start: Self.s(1), end: Self.s(2)))
        mix.setVolume(0.1, at: Self.s(4))
        // Expected values from the ramp's definition: 0.5 before 1 s, linear to 1 at 2 s, 1
        // until 4 s, then 0.1.
        let cases: [(MediaTime, Float)] = [
            (.zero, 0.5), (Self.s(3, 2), 0.75), (Self.s(3), 1), (Self.s(4), 0.1), (Self.s(9), 0.1),
        ]
        for (time, expected) in cases { #expect(abs(mix.volume(at: time) - expected) < 1e-6, "\(time)") }
    }
}
