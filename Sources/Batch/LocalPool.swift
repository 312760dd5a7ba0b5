import FileSafety
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a batch's jobs on this machine, a bounded number at a time, each as a child `captions`
/// process, recording every start and end in the ``Journal`` (Specs/batch-jobs.md, "Running").
///
/// ```swift
/// let jobs = try JobFile.read("jobs.jsonl")
/// let pool = LocalPool(journal: try Journal(path: "jobs.db"), options: .init(executable: "/usr/local/bin/captions"))
/// let summary = try pool.run(jobs) { event in print(event.progress.ended, "of", event.progress.total) }
/// ```
public final class LocalPool: Sendable {
    /// How many jobs run at once.
    public struct Limits: Sendable, Hashable {
        /// Jobs at once.
        public var jobs: Int
        /// Encodes (``JobKind/isEncode``) at once, within `jobs`: an encoder already keeps
        /// several cores busy.
        public var encodes: Int

        public init(jobs: Int? = nil, encodes: Int? = nil) {
            let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
            self.jobs = max(1, jobs ?? cores)
            self.encodes = max(1, min(self.jobs, encodes ?? max(1, cores / 2)))
        }
    }

    public struct Options: Sendable {
        /// The `captions` executable each job runs (it hands media commands to `captions-media`
        /// beside it).
        public var executable: String
        /// Where relative paths in the jobs are taken from; the children run there.
        public var workingDirectory: String
        public var limits: Limits
        /// Whether jobs that failed in an earlier run are run again.
        public var retryFailed: Bool
        /// Where the jobs run: child processes here, or tasks on a Ray cluster.
        public var engine: Engine

        public init(
            executable: String, workingDirectory: String = FileManager.default.currentDirectoryPath,
            limits: Limits = Limits(), retryFailed: Bool = false, engine: Engine = .local
        ) {
            self.executable = executable
            self.workingDirectory = workingDirectory
            self.limits = limits
            self.retryFailed = retryFailed
            self.engine = engine
        }
    }

    /// Where a batch's jobs run; the journal, the checks and the judging of outcomes are the
    /// same for both (Specs/batch-jobs.md, "Ray").
    public enum Engine: Sendable, Hashable {
        /// Each job a child process of this one.
        case local
        /// Each job a task on the Ray cluster whose head is `address` (HOST:PORT), handed over by
        /// the `captions_ray` driver run with `python` (which must import it and `ray`).
        case ray(address: String, python: String)
    }

    public let journal: Journal
    public let options: Options
    private let cancelled = Flag()

    public init(journal: Journal, options: Options) {
        self.journal = journal
        self.options = options
    }

    /// Starts no more jobs; those running end as they would.
    public func cancel() { cancelled.set() }

    /// Checks `jobs` (``BatchPlan``), brings the journal up to date, runs what is left and
    /// returns the journal's final word on every job. `onEvent` is called from the pool's
    /// threads, one call at a time.
    @discardableResult
    public func run(_ jobs: [BatchJob], onEvent: @escaping @Sendable (BatchEvent) -> Void = { _ in })
        throws(BatchError) -> [JobRecord]
    {
        try BatchPlan.check(jobs, workingDirectory: options.workingDirectory)
        let lock = try JournalLock(journal.path)
        defer { lock.release() }
        // A cluster that cannot be reached stops the batch before the journal changes.
        let runner: any JobRunner =
            switch options.engine {
            case .local: LocalRunner(executable: options.executable)
            case .ray(let address, let python):
                try RayRunner(
                    address: address, python: python, executable: options.executable,
                    folder: options.workingDirectory, journal: journal)
            }
        defer { runner.close() }
        try journal.register(jobs)
        let byID = Dictionary(jobs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var queue: [BatchJob] = []
        var progress = BatchProgress(
            total: jobs.count, done: 0, failed: 0, skipped: 0, running: 0, finishedBefore: 0, elapsed: 0)
        for record in try journal.records() {
            guard let job = byID[record.id] else { continue }
            let state = try resume(record, job)
            switch state {
            case .done: progress.done += 1
            case .failed: progress.failed += 1
            case .skipped: progress.skipped += 1
            case .queued, .running: queue.append(job)
            }
        }
        progress.finishedBefore = progress.ended
        let scheduler = Scheduler(queue: queue, limits: options.limits, progress: progress, onEvent: onEvent)
        onEvent(BatchEvent(kind: .planned, job: nil, progress: progress))
        let group = DispatchGroup()
        let failure = ErrorBox()
        for _ in 0..<min(options.limits.jobs, max(1, queue.count)) {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                while !cancelled.isSet, let job = scheduler.next() {
                    do throws(BatchError) {
                        let record = try runOne(job, runner: runner, scheduler: scheduler)
                        scheduler.ended(job, record)
                    } catch {
                        failure.keep(error)
                        cancelled.set()
                        scheduler.abandon(job)
                    }
                }
                scheduler.wakeAll()
            }
        }
        group.wait()
        if let error = failure.error { throw error }
        onEvent(BatchEvent(kind: .finished, job: nil, progress: scheduler.snapshot()))
        return try journal.records().filter { byID[$0.id] != nil }
    }

    // MARK: - Resuming

    /// The state `record` starts this run in (Specs/batch-jobs.md, "Resuming").
    private func resume(_ record: JobRecord, _ job: BatchJob) throws(BatchError) -> JobState {
        switch record.state {
        case .done:
            guard let output = record.output else { return .done }
            let path = BatchPlan.absolute(output, in: options.workingDirectory)
            guard let found = SHA256.file(path) else {
                try journal.requeue(job.id, note: "\(output) was gone when the batch resumed")
                return .queued
            }
            if found.size == record.outputSize && found.digest == record.outputSHA256 { return .done }
            // Someone changed it since: never overwritten, said.
            try journal.markEnded(
                job.id,
                .init(
                    state: .failed, time: Self.now(), exitStatus: record.exitStatus,
                    error:
                        "\(output) changed since the job was done (\(found.size) bytes, SHA-256 \(found.digest)); remove it to run the job again"
                ))
            return .failed
        case .running:
            let left = try journal.leftovers(of: job.id)
            if let pid = left.pid, let start = left.pidStart { ChildProcess.endLeftover(pid: pid, start: start) }
            // Rerun from scratch: what the interrupted attempt may have written goes, unless it
            // was there before the job first started.
            if !left.outputExisted {
                for output in job.outputs { unlink(BatchPlan.absolute(output, in: options.workingDirectory)) }
            }
            for output in job.outputs {
                OutputFile.removeUnfinishedCopies(of: BatchPlan.absolute(output, in: options.workingDirectory))
            }
            try journal.requeue(job.id, note: "interrupted (the batch stopped while it ran); run again")
            return .queued
        case .failed:
            guard options.retryFailed else { return .failed }
            try journal.requeue(job.id, note: nil)
            return .queued
        case .skipped:
            if let output = job.output, BatchPlan.inputFault(output, in: options.workingDirectory) == nil {
                return .skipped
            }
            try journal.requeue(job.id, note: nil)
            return .queued
        case .queued:
            if record.attempts == 0, let output = job.output,
                !job.replacesOutputs, BatchPlan.inputFault(output, in: options.workingDirectory) == nil
            {
                try journal.markEnded(
                    job.id,
                    .init(
                        state: .skipped, time: Self.now(),
                        error: "\(output) was there before the batch, and the command does not replace it (--force)"))
                return .skipped
            }
            return .queued
        }
    }

    // MARK: - Running one job

    private func runOne(_ job: BatchJob, runner: any JobRunner, scheduler: Scheduler) throws(BatchError) -> JobRecord {
        let folder = options.workingDirectory
        let outputExisted = job.output.map { BatchPlan.inputFault($0, in: folder) == nil } ?? false
        try journal.markRunning(
            job.id, at: Self.now(), pid: nil, pidStart: nil, outputExisted: outputExisted, host: runner.host)
        scheduler.started(job, try record(job.id))
        var ending = Journal.Ending(state: .failed, time: 0)
        do {
            let outcome = try runner.run(job, in: folder, journal: journal)
            ending.exitStatus = outcome.exitStatus
            ending.signal = outcome.signal
            ending.standardOutput = outcome.standardOutput.isEmpty ? nil : outcome.standardOutput
            ending = judge(job, outcome, ending)
        } catch let error as BatchError {
            // The engine stopped (the Ray driver ended): the job stays running in the journal and
            // is rerun from scratch when the batch resumes.
            throw error
        } catch {
            ending.error = "cannot run \(options.executable) (\(runner.host)): \(error)"
        }
        ending.time = Self.now()
        try journal.markEnded(job.id, ending)
        return try record(job.id)
    }

    /// done or failed, from the child's status and the outputs it left (Specs/batch-jobs.md,
    /// "Done and failed").
    private func judge(_ job: BatchJob, _ outcome: ChildProcess.Outcome, _ partial: Journal.Ending) -> Journal.Ending {
        var ending = partial
        let tail = outcome.errorTail.trimmingCharacters(in: .whitespacesAndNewlines)
        if let lost = outcome.lost {
            ending.error = "lost: \(lost)"
            return ending
        }
        guard let status = outcome.exitStatus, status <= 1 else {
            let how = outcome.signal.map { "ended by signal \($0)" } ?? "exited \(outcome.exitStatus ?? -1)"
            ending.error = tail.isEmpty ? how : "\(how):\n\(tail)"
            return ending
        }
        for output in job.outputs where BatchPlan.inputFault(output, in: options.workingDirectory) != nil {
            ending.error = "exited \(status) but wrote no \(output)" + (tail.isEmpty ? "" : ":\n\(tail)")
            return ending
        }
        if let output = job.output {
            guard let found = SHA256.file(BatchPlan.absolute(output, in: options.workingDirectory)) else {
                ending.error = "cannot read \(output) back for its checksum"
                return ending
            }
            ending.outputSize = found.size
            ending.outputSHA256 = found.digest
        }
        ending.state = .done
        if status == 1 && !tail.isEmpty { ending.error = tail }
        return ending
    }

    private func record(_ id: String) throws(BatchError) -> JobRecord {
        guard let record = try journal.record(id) else {
            throw BatchError("job \"\(id)\" is missing from the journal", file: journal.path)
        }
        return record
    }

    static func now() -> Double { Date().timeIntervalSince1970 }
}

extension BatchJob {
    /// The child's arguments: the command, with `--json` added to `validate` so that the report
    /// can sum its findings.
    var arguments: [String] {
        kind.words == ["validate"] && !command.contains("--json") ? command + ["--json"] : command
    }

    /// Whether the command replaces an existing output (`--force`).
    var replacesOutputs: Bool { command.contains("--force") }
}

/// A flag set once, read from any thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// The first error of the pool's threads.
private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var first: BatchError?
    func keep(_ error: BatchError) { lock.withLock { if first == nil { first = error } } }
    var error: BatchError? { lock.withLock { first } }
}
