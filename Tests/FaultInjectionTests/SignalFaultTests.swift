import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Each writing command interrupted by SIGINT, SIGTERM or SIGKILL at random points (and once
/// exactly while its output is being written). Whatever the moment, the destination holds either
/// the previous output or the whole new one, never a part; SIGINT and SIGTERM end the command
/// with status 130, a message and no temporary file; after SIGKILL, which no process can catch,
/// a leftover hidden temporary file is removed by the next command writing in that folder.
@Suite(.serialized) struct SignalFaultTests {
    /// Random moments per command and signal, besides the one while writing.
    static let randomMoments = 2

    /// The command's complete output, for comparison (made once per command), and how long
    /// the command took.
    static func completeOutput(_ command: WritingCommand, _ inputs: FaultInputs, in dir: TemporaryDirectory) throws
        -> [UInt8]
    {
        if let known = completed[command.name] { return known }
        let path = dir.path("complete.\(command.outputExtension)")
        let clock = ContinuousClock()
        var result: CLIRunner.Result?
        let elapsed = try clock.measure { result = try command.run(inputs, output: path) }
        #expect(result?.status == 0, "\(result?.stderr ?? "")")
        durations[command.name] = elapsed
        defer { unlink(path) }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        completed[command.name] = bytes
        return bytes
    }

    // The suite is serialized: its tests never touch these at the same time.
    nonisolated(unsafe) static var durations: [String: Duration] = [:]
    nonisolated(unsafe) static var completed: [String: [UInt8]] = [:]

    static func moments(for command: WritingCommand) -> [InterruptedRun.Moment] {
        let whole = durations[command.name] ?? .milliseconds(300)
        var generator = SystemRandomNumberGenerator()
        return (0..<randomMoments).map { _ in
            .after(whole * Double.random(in: 0.1...1.1, using: &generator))
        } + Array(repeating: .whileWriting, count: whileWritingAttempts)
    }

    /// Tries at landing a signal while the output is written; the loops stop at the first that
    /// does (a small output on a loaded machine can be written before the process is stopped).
    static let whileWritingAttempts = 5

    @Test(arguments: WritingCommand.all, [SIGINT, SIGTERM])
    func anInterruptionLeavesThePreviousOrTheWholeOutput(_ command: WritingCommand, _ signal: Int32) throws {
        let inputs = try FaultInputs.get()
        let dir = try TemporaryDirectory("fault-signal")
        let complete = try Self.completeOutput(command, inputs, in: dir)
        let output = dir.path("out.\(command.outputExtension)")
        var interruptedWhileWriting = false
        for moment in Self.moments(for: command) {
            try Data(previousContent).write(to: URL(fileURLWithPath: output))
            let outcome = try InterruptedRun.run(command, inputs: inputs, output: output, signal: signal, at: moment)
            let now = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
            let context =
                "\(command.name), signal \(signal) \(moment): status \(String(describing: outcome.status)) \(outcome.stderr)"
            if outcome.signal != nil {
                // Only before the command's first instruction (the runtime still loading), when
                // nothing has been touched.
                #expect(now == previousContent, "ended by the signal: \(context)")
            } else if outcome.status == 0 {
                #expect(now == complete, "a finished run left another output: \(context)")
            } else {
                #expect(outcome.status == 130, "\(context)")
                #expect(
                    outcome.stderr.hasSuffix("captions: interrupted; no unfinished output is left behind\n"),
                    "\(context)")
                // A signal after the rename (between the commit and the exit) cannot undo it: the
                // output is then the whole new one; anything else must be the previous output.
                #expect(now == previousContent || now == complete, "a partial output: \(context)")
            }
            #expect(temporaryFiles(in: dir.url.path).isEmpty, "\(context)")
            #expect(outcome.stoppedInTime, "SIGSTOP did not stop it within 10 s: \(context)")
            if case .whileWriting = moment, outcome.hitTheWrite {
                interruptedWhileWriting = true
                #expect(outcome.status == 130, "\(context)")
                #expect(now == previousContent, "the previous output changed: \(context)")
                break
            }
        }
        #expect(interruptedWhileWriting, "\(command.name): the signal never landed while the output was written")
    }

    @Test(arguments: WritingCommand.all)
    func afterSIGKILLTheNextRunRemovesTheLeftover(_ command: WritingCommand) throws {
        let inputs = try FaultInputs.get()
        let dir = try TemporaryDirectory("fault-kill")
        let complete = try Self.completeOutput(command, inputs, in: dir)
        let output = dir.path("out.\(command.outputExtension)")
        var leftoverSeen = false
        for moment in Self.moments(for: command) {
            try Data(previousContent).write(to: URL(fileURLWithPath: output))
            let outcome = try InterruptedRun.run(command, inputs: inputs, output: output, signal: SIGKILL, at: moment)
            let now = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
            let context = "\(command.name) SIGKILL \(moment): \(String(describing: outcome.status)) \(outcome.stderr)"
            #expect(now == previousContent || now == complete, "a partial output: \(context)")
            let leftovers = temporaryFiles(in: dir.url.path)
            #expect(outcome.stoppedInTime, "SIGSTOP did not stop it within 10 s: \(context)")
            if case .whileWriting = moment, outcome.hitTheWrite {
                #expect(outcome.signal == SIGKILL, "\(context)")
                #expect(now == previousContent, "\(context)")
                #expect(leftovers.count == 1, "SIGKILL while writing leaves its hidden file: \(context)")
            }
            if !leftovers.isEmpty {
                leftoverSeen = true
                // The next command that writes in this folder (to another file) sweeps it.
                let next = try command.run(inputs, output: dir.path("next.\(command.outputExtension)"))
                #expect(next.status == 0, "\(next.stderr)")
                #expect(temporaryFiles(in: dir.url.path).isEmpty, "not swept: \(leftovers)")
            }
            if case .whileWriting = moment, outcome.hitTheWrite { break }
        }
        #expect(leftoverSeen, "\(command.name): no SIGKILL landed while the output was written")
    }
}
