import Foundation
import TestSupport
import Testing

/// A cross-fade's sound measured on the output: clip A's 300 Hz tone fades out while clip B's
/// 3000 Hz tone fades in over the 1 s fade. Specs/composition.md ("Audio mix": cross-fades add
/// ramps, outgoing 1 → 0 and incoming 0 → 1, linear in volume) states the equal-gain law:
/// A's gain is 1 − f and B's f at fraction f of the fade (not the equal-power cos/sin law, which
/// would give both −3 dB at the middle where equal gain gives −6 dB).
///
/// Each tone is measured apart through the filters the demo test uses (two low-passes at
/// 800 Hz for A, two high-passes at 2000 Hz for B, each taking the other tone 40 dB or more
/// down) by ffmpeg's astats over 0.1 s windows at ¼, ½ and ¾ of the fade, against the same
/// filter on the source plus the law's gain (its RMS over the window); within 1 dB.
@Suite struct CrossfadeAudioTests {
    typealias C = CompositionCommandTests

    /// Stereo, as the output: a mono source is brought to stereo by libswresample's matrix,
    /// which puts it 3 dB down in each channel, a level change that is not the fade's.
    static func clip(_ path: String, colour: String, frequency: Int) throws {
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=\(colour):size=160x90:rate=30:duration=3", "-f", "lavfi", "-i",
            "sine=frequency=\(frequency):sample_rate=48000:duration=3", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv420p", "-ac", "2", "-c:a", "aac", "-b:a", "128k", "-shortest", path,
        ])
    }

    /// The RMS over [a, b] of a gain going linearly from g(a) to g(b): √(mean of g²).
    static func rmsGain(_ gain: (Double) -> Double, from a: Double, to b: Double) -> Double {
        let n = 1000
        var sum = 0.0
        for i in 0..<n {
            let g = gain(a + (b - a) * (Double(i) + 0.5) / Double(n))
            sum += g * g
        }
        return (sum / Double(n)).squareRoot()
    }

    @Test func clipAFadesOutAsClipBFadesIn() throws {
        let dir = try TemporaryDirectory("compose-crossfade-audio")
        try Self.clip(dir.path("a.mp4"), colour: "red", frequency: 300)
        try Self.clip(dir.path("b.mp4"), colour: "blue", frequency: 3000)
        let json = """
            {"clips": [{"source": "a.mp4"},
                       {"source": "b.mp4", "transition": {"type": "crossfade", "duration": "1"}}]}
            """
        try json.write(toFile: dir.path("fade.json"), atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "compose", dir.path("fade.json"), "-o", out, "--preset", "ultrafast", "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        // A plays 0–3 s, B from 2 s: the fade is 2–3 s.
        let fadeStart = 2.0
        let sourceA = try C.rms(dir.path("a.mp4"), start: 1, duration: 1, filter: C.music)
        let sourceB = try C.rms(dir.path("b.mp4"), start: 1, duration: 1, filter: C.voice)
        // Before and after the fade: each clip alone at its own level.
        #expect(abs(try C.rms(out, start: 0.5, duration: 1, filter: C.music) - sourceA) <= 1)
        #expect(try C.rms(out, start: 0.5, duration: 1, filter: C.voice) < sourceB - 30)
        #expect(abs(try C.rms(out, start: 3.3, duration: 1, filter: C.voice) - sourceB) <= 1)
        #expect(try C.rms(out, start: 3.3, duration: 1, filter: C.music) < sourceA - 30)
        for f in [0.25, 0.5, 0.75] {
            let a = fadeStart + f - 0.05, b = fadeStart + f + 0.05
            let gainA = Self.rmsGain({ 1 - ($0 - fadeStart) }, from: a, to: b)
            let gainB = Self.rmsGain({ $0 - fadeStart }, from: a, to: b)
            let levelA = try C.rms(out, start: a, duration: 0.1, filter: C.music)
            let levelB = try C.rms(out, start: a, duration: 0.1, filter: C.voice)
            let expectedA = sourceA + 20 * log10(gainA), expectedB = sourceB + 20 * log10(gainB)
            #expect(abs(levelA - expectedA) <= 1, "A at \(f) of the fade: \(levelA) dB, equal gain \(expectedA) dB")
            #expect(abs(levelB - expectedB) <= 1, "B at \(f) of the fade: \(levelB) dB, equal gain \(expectedB) dB")
        }
    }
}
