import CaptionCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `captions export`, `burn` and `compose` sent SIGINT or SIGTERM at seeded random moments while
/// they write: after their hidden temporary output has appeared, within the first part of the
/// command's measured run time. Specs/limits.md ("unfinished outputs"):
/// the hidden temporary output is removed and the process ends with status 130 (README: "Ctrl-C
/// leaves no partial file"). So after each
/// signal the output folder is empty: no output, no `.NAME.captions-PID-RANDOM.tmp`. A failure
/// names the seed and the delay, which replay it.
@Suite(.serialized) struct InterruptedMediaCommandTests {
    /// Seeds are tried in order until `wanted` runs have been ended by the handler: on a loaded
    /// machine a run's length varies a lot, so more signals land after a quicker run has
    /// finished (a clean clone beside two fuzzers: 2 of 6), and fixed seeds made the count below
    /// a measure of the machine's load rather than of the command. Every run is checked.
    static let seeds: ClosedRange<UInt64> = 1...12
    static let signals: [Int32] = [SIGINT, SIGTERM]
    static let wanted = 3

    /// The inputs, made once per test: two 4-second 320x240 clips with sound and an SRT.
    struct Inputs {
        let dir: TemporaryDirectory
        var a: String { dir.path("in/a.mp4") }
        var b: String { dir.path("in/b.mp4") }
        var srt: String { dir.path("in/cues.srt") }

        init() throws {
            dir = try TemporaryDirectory("interrupted")
            try FileManager.default.createDirectory(atPath: dir.path("in"), withIntermediateDirectories: true)
            try MediaTools.makeClip(a, rate: "25", size: "320x240", seconds: 4)
            try MediaTools.makeClip(b, rate: "25", size: "320x240", seconds: 4, video: "testsrc=size=320x240:rate=25")
            var cues = ""
            for i in 0..<4 {
                cues += "\(i + 1)\n00:00:0\(i),100 --> 00:00:0\(i),900\nCue number \(i + 1)\n\n"
            }
            try cues.write(toFile: srt, atomically: true, encoding: .utf8)
        }
    }

    enum Command: String, CaseIterable, CustomTestStringConvertible {
        case export, burn, compose

        var testDescription: String { rawValue }

        func arguments(_ inputs: Inputs, output: String) -> [String] {
            let common = ["-o", output, "--preset", "medium", "--progress", "none"]
            switch self {
            case .export: return ["export", inputs.a] + common
            case .burn: return ["burn", inputs.a, inputs.srt] + common
            case .compose: return ["compose", inputs.a, inputs.b, "--crossfade", "0.5s"] + common
            }
        }
    }

    static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Returns once the folder holds a hidden temporary output (`.NAME.captions-PID-RANDOM.tmp`,
    /// made after the command has installed its handler) or the process has ended, polling every
    /// 2 ms for at most 60 s.
    static func waitForTemporaryOutput(in folder: String, of process: SignalledProcess) {
        for _ in 0..<30_000 {
            if files(in: folder).contains(where: { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }) { return }
            if process.statusIfEnded() != nil { return }
            usleep(2_000)
        }
    }

    @Test(arguments: Command.allCases)
    func aSignalAtARandomMomentLeavesNothing(_ command: Command) throws {
        let inputs = try Inputs()
        let folder = inputs.dir.path("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let output = folder + "/result.mp4"

        // One complete run, timed: the signals are drawn within it.
        let clock = ContinuousClock()
        let started = clock.now
        let whole = try SignalledProcess(CLIRunner.executable, command.arguments(inputs, output: output))
        #expect(whole.wait() == 0, "\(command) did not finish by itself")
        let runTime = clock.now - started
        let frames = try MediaProbe.streams(output).streams.compactMap(\.frameCount)
        #expect(!frames.isEmpty, "the complete output has streams")
        try FileManager.default.removeItem(atPath: output)
        let seconds = Double(runTime.components.seconds) + Double(runTime.components.attoseconds) / 1e18
        #expect(seconds > 0.2, "\(command) ran \(seconds) s: too short for a signal to land while it works")

        var interrupted = 0
        var runs = 0
        for seed in Self.seeds where interrupted < Self.wanted {
            // CaptionCore's SplitMix64: the same draws on every machine, so the seed replays a run.
            var generator = SplitMix64(seed: seed)
            for signal in Self.signals {
                // Within the first 40 % of the timed run after the output appears: on a loaded
                // machine a run's length varies by a third or more, and a delay drawn up to its
                // end lands after a quicker run has finished (seen: 2 of 6 interrupted).
                let delay = seconds * 0.4 * Double(generator.next(below: 1_000_001)) / 1e6
                let context =
                    "\(command), seed \(seed), signal \(signal), after \(String(format: "%.3f", delay)) s of a \(String(format: "%.3f", seconds)) s run"
                let process = try SignalledProcess(CLIRunner.executable, command.arguments(inputs, output: output))
                runs += 1
                // The delay counts from the moment the hidden output exists, not from the launch:
                // on a loaded machine (CI runs suites side by side) the runtime's start alone can
                // take a large, varying share of a run, so a delay from the launch landed before
                // the handler or after the end too often for the count below (CI, stop 51).
                Self.waitForTemporaryOutput(in: folder, of: process)
                usleep(useconds_t(delay * 1e6))
                if let early = process.statusIfEnded() {
                    // It finished before the signal: a whole output, then cleared for the next run.
                    #expect(early == 0, "ended by itself with \(early): \(context)")
                    #expect(Self.files(in: folder) == ["result.mp4"], "\(context)")
                    try? FileManager.default.removeItem(atPath: output)
                    continue
                }
                process.signal(signal)
                let status = process.wait()
                let left = Self.files(in: folder)
                if left == ["result.mp4"] {
                    // The signal came after the rename, while the process was ending (status 130
                    // from the handler, or 0 when the kernel had already begun the exit and no
                    // longer delivers signals): the output is then the whole one, never a part.
                    #expect(status == 130 || status == 0, "status \(status): \(context)")
                    let got = try MediaProbe.streams(output).streams.compactMap(\.frameCount)
                    #expect(got == frames, "a partial output (\(got) frames, whole: \(frames)): \(context)")
                    try FileManager.default.removeItem(atPath: output)
                } else {
                    // 130 from the handler; 128 + the signal when it came before the handler was
                    // installed (a loaded machine still loading the runtime), when nothing had
                    // been written. Any other status is a crash or a lost signal.
                    #expect(status == 130 || status == 128 + signal, "status \(status): \(context)")
                    #expect(left.isEmpty, "left in the output folder: \(left): \(context)")
                    if status == 130 { interrupted += 1 }
                }
            }
        }
        // The delays are spread over the run: signals land while the command works, and its
        // handler ends it.
        #expect(
            interrupted >= Self.wanted,
            "\(command): only \(interrupted) of \(runs) runs ended by the handler (status 130; run time \(seconds) s)")
    }
}
