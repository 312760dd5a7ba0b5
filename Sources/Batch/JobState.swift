/// Where a job stands in the journal (Specs/batch-jobs.md, "The journal").
public enum JobState: String, Sendable, Codable, CaseIterable {
    /// Not started yet, or to be run again.
    case queued
    /// Started and not yet recorded as ended: after a crash, rerun from scratch.
    case running
    /// Ended with status 0 or 1 (1: error-level findings, as `captions` says) and wrote its outputs.
    case done
    /// Ended with another status, by a signal, or without writing its output.
    case failed
    /// Not run: its output was there before the batch and the command does not replace it.
    case skipped
}

/// A job as the journal holds it: the job, its state and what its last attempt left.
public struct JobRecord: Sendable, Hashable, Codable {
    public var id: String
    public var kind: String
    public var command: [String]
    public var priority: Int
    /// The job's place in its job file (its order among equal priorities).
    public var sequence: Int
    public var state: JobState
    /// How many times the job was started.
    public var attempts: Int
    /// Seconds since 1970 (UTC).
    public var startedAt: Double?
    public var endedAt: Double?
    public var exitStatus: Int?
    /// The signal that ended the child, if one did.
    public var signal: Int?
    /// Why the job failed or was skipped: the last lines of its standard error, or our words.
    public var error: String?
    public var output: String?
    public var outputSize: Int?
    /// SHA-256 of the output, 64 hexadecimal digits.
    public var outputSHA256: String?
    /// What the job printed on standard output (`validate --json`'s report), bounded.
    public var standardOutput: String?

    /// Seconds from start to end of the last attempt.
    public var duration: Double? {
        guard let startedAt, let endedAt else { return nil }
        return endedAt - startedAt
    }
}

/// One start of a job, kept for the report and for a driver (Ray) that retries.
public struct JobAttempt: Sendable, Hashable, Codable {
    public var jobID: String
    public var number: Int
    public var startedAt: Double
    public var endedAt: Double?
    public var state: JobState
    public var exitStatus: Int?
    public var error: String?
    /// Where it ran: `local` or the engine's node.
    public var host: String
}
