import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One run of a writing command that is sent a signal: after a delay, or at the moment its
/// hidden temporary output appears (seen through inotify, the process is stopped with SIGSTOP
/// right there, so the signal lands while the output is being written, whatever the timing).
struct InterruptedRun {
    enum Moment: CustomStringConvertible {
        case after(Duration)
        case whileWriting

        var description: String {
            switch self {
            case .after(let d): "after \(d)"
            case .whileWriting: "while writing"
            }
        }
    }

    struct Outcome {
        /// The exit status, or nil when the process ended by the signal itself.
        let status: Int32?
        let signal: Int32?
        let stderr: String
        /// Whether the temporary output existed when the signal was sent (`.whileWriting`).
        let hitTheWrite: Bool
        /// False when the process, sent SIGSTOP, was not seen stopped within 10 s (`.whileWriting`).
        let stoppedInTime: Bool
    }

    static func run(
        _ command: WritingCommand, inputs: FaultInputs, output: String, signal: Int32, at moment: Moment
    ) throws -> Outcome {
        let folder = (output as NSString).deletingLastPathComponent
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard watch >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(watch) }
        guard inotify_add_watch(watch, folder, UInt32(IN_CREATE)) >= 0 else {
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        let process = Process()
        process.executableURL = command.executable
        process.arguments = command.arguments(inputs, output)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        var hit = false
        var stopped = true
        switch moment {
        case .after(let delay):
            Thread.sleep(
                forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
            kill(pid, signal)
        case .whileWriting:
            hit = waitForTemporaryFile(watch: watch, process: process)
            if hit {
                kill(pid, SIGSTOP)
                // kill(2) returns before the process has stopped; until it has, it may still
                // rename its file into place, so the file is looked for once it has stopped.
                stopped = waitUntilStopped(pid)
                hit = stopped && !temporaryFiles(in: folder).isEmpty
            }
            kill(pid, signal)
            kill(pid, SIGCONT)
        }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let bySignal = process.terminationReason == .uncaughtSignal
        return Outcome(
            status: bySignal ? nil : process.terminationStatus, signal: bySignal ? process.terminationStatus : nil,
            stderr: stderr, hitTheWrite: hit, stoppedInTime: stopped)
    }

    /// Waits until every thread of `pid` is stopped ("T" in /proc/PID/task/TID/stat, proc(5):
    /// a group stop reaches the threads one by one, and a worker could still rename the file)
    /// or the process has ended. Returns false when that did not happen within 10 s.
    @discardableResult
    static func waitUntilStopped(_ pid: Int32) -> Bool {
        for _ in 0..<10_000 {
            guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"), !tasks.isEmpty
            else { return true }
            let states = tasks.map { state(of: "/proc/\(pid)/task/\($0)/stat") }
            if states.allSatisfy({ $0 == nil || "TtZX".contains($0 ?? "T") }) { return true }
            usleep(1000)
        }
        return false
    }

    /// The state letter of a stat file: the field after the command name, which is in
    /// parentheses and may itself hold ")" or any byte. Nil when the file is gone.
    private static func state(of path: String) -> Character? {
        guard let data = FileManager.default.contents(atPath: path),
            let close = data.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let rest = data[data.index(after: close)...].drop { $0 == UInt8(ascii: " ") }
        return rest.first.map { Character(Unicode.Scalar($0)) }
    }

    /// Waits until a hidden temporary file is created or the process ends (it always does, so
    /// there is no deadline that a slow machine could miss).
    private static func waitForTemporaryFile(watch: Int32, process: Process) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            var poller = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 5)
            if ready > 0 {
                let n = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
                var offset = 0
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
                while n > 0, offset + 16 <= n {
                    let length =
                        Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8
                        | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                    let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if name.hasPrefix("."), name.contains(".captions-") { return true }
                    offset += 16 + length
                }
            }
            if !process.isRunning { return false }
        }
    }
}
