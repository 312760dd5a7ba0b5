import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One job's `captions` child process: started with its standard output kept (bounded) and the
/// end of its standard error kept for the journal's error text.
struct ChildProcess {
    struct Outcome {
        /// The exit status, nil when a signal ended the child.
        var exitStatus: Int?
        var signal: Int?
        var standardOutput: String
        /// The last lines of standard error.
        var errorTail: String
        /// Why the job never ended on a worker (Ray gave up after its retries), nil when it ran.
        var lost: String? = nil
    }

    /// How much of standard error is kept: its end, where the command says why it stopped.
    static let errorTailBytes = 4096

    /// Runs `executable arguments…` in `folder`, calling `started` with the child's process ID
    /// as soon as it runs; blocks until it ends.
    static func run(
        _ executable: String, _ arguments: [String], in folder: String, started: (Int32) -> Void
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        started(process.processIdentifier)
        // Both pipes drained at once, so a chatty child never blocks on a full pipe.
        let standardOutput = BoundedReader(limit: Journal.maximumStandardOutput, keepEnd: false)
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            standardOutput.drain(out.fileHandleForReading)
            group.leave()
        }
        let errors = BoundedReader(limit: errorTailBytes, keepEnd: true)
        errors.drain(err.fileHandleForReading)
        group.wait()
        process.waitUntilExit()
        let bySignal = process.terminationReason == .uncaughtSignal
        return Outcome(
            exitStatus: bySignal ? nil : Int(process.terminationStatus),
            signal: bySignal ? Int(process.terminationStatus) : nil,
            standardOutput: standardOutput.text, errorTail: errors.text)
    }

    /// The start time of process `pid` (field 22 of `/proc/PID/stat`, in clock ticks since boot),
    /// which tells the process from a later one given the same ID; nil when it is gone or a zombie.
    static func startTime(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command name in parentheses: state (field 3), then fields 4….
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, fields[0] != "Z" else { return nil }
        return String(fields[19])
    }

    /// Ends process `pid` if it is still the one that started at `start`: SIGTERM first, so that
    /// it removes its unfinished outputs (FileSafety), then SIGKILL after `grace` seconds.
    static func endLeftover(pid: Int32, start: String, grace: Double = 10) {
        guard startTime(of: pid) == start else { return }
        kill(pid, SIGTERM)
        var waited = 0.0
        while startTime(of: pid) == start {
            if waited >= grace {
                kill(pid, SIGKILL)
                waited = -3600
            }
            usleep(50_000)
            waited += 0.05
        }
    }
}

/// Reads a pipe to its end, keeping at most `limit` bytes: the first ones (a job's standard
/// output), or the last (its standard error, the Ray driver's); readable while it drains.
final class BoundedReader: @unchecked Sendable {
    private let limit: Int
    private let keepEnd: Bool
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var cut = false

    init(limit: Int, keepEnd: Bool) {
        self.limit = limit
        self.keepEnd = keepEnd
    }

    func drain(_ handle: FileHandle) {
        while case let data = handle.availableData, !data.isEmpty {
            lock.withLock {
                if keepEnd {
                    bytes.append(contentsOf: data)
                    if bytes.count > limit {
                        bytes.removeFirst(bytes.count - limit)
                        cut = true
                    }
                } else if bytes.count < limit {
                    bytes.append(contentsOf: data.prefix(limit - bytes.count))
                    cut = cut || bytes.count == limit
                } else {
                    cut = true
                }
            }
        }
    }

    var text: String {
        lock.withLock {
            let body = String(decoding: bytes, as: UTF8.self)
            guard cut else { return body }
            return keepEnd ? "…" + body : body + "\n… (cut at \(limit) bytes)"
        }
    }
}
