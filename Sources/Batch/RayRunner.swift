import FileSafety
import Foundation
import LocatedJSON

/// Each job a task on a Ray cluster, handed over by the `captions_ray` driver (Ray/captions_ray,
/// a small Python package that only submits, watches and reports): one driver process per
/// batch, jobs written to its standard input and their starts and ends read from its standard
/// output, one JSON object per line each way (Specs/batch-jobs.md, "Ray"). Inputs and outputs
/// must be on storage every node sees, at the same paths; the journal stays on this machine.
final class RayRunner: JobRunner, @unchecked Sendable {
    let host = "ray"
    private let process = Process()
    private let input = Pipe()
    private let journal: Journal
    private let address: String
    /// Guards `waiting`, `ended`, `ready` and `gone`.
    private let condition = NSCondition()
    /// The jobs submitted and not yet ended, each with the journal's number of the attempt
    /// ``LocalPool`` began for it (Ray counts its own attempts from 1).
    private var waiting: [String: Int] = [:]
    private var ended: [String: ChildProcess.Outcome] = [:]
    private var ready = false
    /// Why the driver stopped, once it has.
    private var gone: String?
    private let errors = BoundedReader(limit: ChildProcess.errorTailBytes, keepEnd: true)

    /// How long the driver may take to join the cluster.
    static let connectTimeout: TimeInterval = 180

    init(address: String, python: String, executable: String, folder: String, journal: Journal) throws(BatchError) {
        self.journal = journal
        self.address = address
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            python, "-m", "captions_ray", "--address", address, "--executable", executable, "--folder", folder,
        ]
        let output = Pipe()
        let errorPipe = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errorPipe
        do {
            try process.run()
        } catch {
            throw BatchError("cannot start the Ray driver (\(python) -m captions_ray): \(error)")
        }
        let errors = errors
        Thread.detachNewThread { errors.drain(errorPipe.fileHandleForReading) }
        Thread.detachNewThread { [self] in readEvents(output.fileHandleForReading) }
        condition.lock()
        let deadline = Date().addingTimeInterval(Self.connectTimeout)
        while !ready && gone == nil && condition.wait(until: deadline) {}
        let reached = ready
        condition.unlock()
        guard reached else {
            close()
            throw BatchError(
                "cannot reach the Ray cluster at \(address): \(gone ?? "no answer in \(Int(Self.connectTimeout)) s")"
                    + "\n\(errors.text)")
        }
    }

    func run(_ job: BatchJob, in folder: String, journal: Journal) throws -> ChildProcess.Outcome {
        struct Line: Encodable {
            var id: String
            var arguments: [String]
            var encode: Bool
        }
        var line = try JSONEncoder().encode(Line(id: job.id, arguments: job.arguments, encode: job.kind.isEncode))
        line.append(UInt8(ascii: "\n"))
        let base = try journal.record(job.id)?.attempts ?? 1
        condition.lock()
        defer { condition.unlock() }
        guard gone == nil else { throw stopped }
        waiting[job.id] = base
        input.fileHandleForWriting.write(line)
        while ended[job.id] == nil && gone == nil { condition.wait() }
        waiting[job.id] = nil
        guard let outcome = ended.removeValue(forKey: job.id) else { throw stopped }
        // Every attempt of the job has ended: an attempt lost with its worker could not remove
        // its unfinished copy, and the sweep of a later output leaves another host's alone.
        for output in job.outputs { OutputFile.removeUnfinishedCopies(of: BatchPlan.absolute(output, in: folder)) }
        return outcome
    }

    /// The batch stops (its running jobs stay running in the journal, rerun when it resumes).
    private var stopped: BatchError {
        BatchError("the Ray driver stopped: \(gone ?? "")\n\(errors.text)", file: journal.path)
    }

    func close() {
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { usleep(50_000) }
            if process.isRunning { process.terminate() }
        }
    }

    // MARK: - The driver's events

    private func readEvents(_ pipe: FileHandle) {
        var buffer: [UInt8] = []
        // availableData returns what has come (read(upToCount:) waits for the count or the end).
        while case let data = pipe.availableData, !data.isEmpty {
            buffer.append(contentsOf: data)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                event(line)
            }
        }
        process.waitUntilExit()
        condition.lock()
        gone = "it exited with status \(process.terminationStatus)"
        condition.broadcast()
        condition.unlock()
    }

    private func event(_ line: [UInt8]) {
        guard case .object(let members, _)? = try? LocatedJSON.parse(line) else { return }
        var fields: [String: LocatedJSON] = [:]
        for member in members { fields[member.key] = member.value }
        func string(_ key: String) -> String? {
            if case .string(let s, _)? = fields[key] { s } else { nil }
        }
        func number(_ key: String) -> Double? {
            if case .number(let n, _)? = fields[key] { n } else { nil }
        }
        switch string("event") {
        case "ready":
            condition.lock()
            ready = true
            condition.broadcast()
            condition.unlock()
        case "started":
            guard let id = string("id"), let attempt = number("attempt") else { return }
            condition.lock()
            let base = waiting[id]
            condition.unlock()
            guard let base else { return }
            try? journal.recordAttempt(
                id, number: base + Int(attempt) - 1, host: string("node") ?? host,
                time: number("time") ?? LocalPool.now())
        case "ended":
            guard let id = string("id") else { return }
            let outcome = ChildProcess.Outcome(
                exitStatus: number("exitStatus").map { Int($0) }, signal: number("signal").map { Int($0) },
                standardOutput: string("stdout") ?? "", errorTail: string("stderr") ?? "", lost: string("lost"))
            condition.lock()
            if waiting[id] != nil { ended[id] = outcome }
            condition.broadcast()
            condition.unlock()
        default:
            return
        }
    }
}
