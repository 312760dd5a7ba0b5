/// Where one job's command runs: a child process of this one (``LocalRunner``) or a task on a
/// Ray cluster (``RayRunner``). The pool around it keeps the journal and judges the outcome.
protocol JobRunner: Sendable {
    /// Where the journal says an attempt ran, until the runner says better (a Ray node).
    var host: String { get }
    /// Runs `job` (its ``BatchJob/arguments``) in `folder` and waits for its end.
    func run(_ job: BatchJob, in folder: String, journal: Journal) throws -> ChildProcess.Outcome
    /// No more jobs: ends what the runner started for the batch.
    func close()
}

/// Each job a child process of this one, whose process ID the journal keeps (a batch run again
/// ends a child that outlived its batch).
struct LocalRunner: JobRunner {
    let executable: String
    var host: String { "local" }

    func run(_ job: BatchJob, in folder: String, journal: Journal) throws -> ChildProcess.Outcome {
        try ChildProcess.run(executable, job.arguments, in: folder) { pid in
            try? journal.recordChild(job.id, pid: pid, pidStart: ChildProcess.startTime(of: pid))
        }
    }

    func close() {}
}
