/// How far a batch has come: counts by state, the rate of this run and the time it still needs.
public struct BatchProgress: Sendable, Hashable, Codable {
    /// Jobs in the batch.
    public var total: Int
    public var done: Int
    public var failed: Int
    public var skipped: Int
    public var running: Int
    /// Jobs that a previous run finished, counted in `done`, `failed` and `skipped`.
    public var finishedBefore: Int
    /// Seconds since this run started.
    public var elapsed: Double

    /// Jobs ended so far, this run's and earlier ones'.
    public var ended: Int { done + failed + skipped }

    /// Jobs ended per second in this run; nil before the first one ends.
    public var rate: Double? {
        let endedNow = ended - finishedBefore
        guard endedNow > 0, elapsed > 0 else { return nil }
        return Double(endedNow) / elapsed
    }

    /// Seconds until every job has ended, at this run's rate.
    public var estimatedRemaining: Double? {
        rate.map { Double(total - ended) / $0 }
    }
}

/// What a running batch tells its observer, in order: one `started` and one `ended` per job
/// that runs, each with the progress after it.
public struct BatchEvent: Sendable {
    public enum Kind: String, Sendable, Codable {
        /// The batch is checked and its journal read; `progress` counts what earlier runs finished.
        case planned
        case started
        case ended
        /// Every job has ended (or the batch was cancelled).
        case finished
    }

    public var kind: Kind
    /// The job, for `started` and `ended`.
    public var job: JobRecord?
    public var progress: BatchProgress
}
