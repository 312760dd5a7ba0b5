import Foundation

/// The pool's queue: hands the next job to a free thread, highest priority first, with no more
/// encodes at once than ``LocalPool/Limits/encodes``; counts progress and tells the observer,
/// one event at a time.
final class Scheduler: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [BatchJob]
    private let limits: LocalPool.Limits
    private var encodesRunning = 0
    private var progress: BatchProgress
    private let start = Date()
    private let onEvent: @Sendable (BatchEvent) -> Void

    init(
        queue: [BatchJob], limits: LocalPool.Limits, progress: BatchProgress,
        onEvent: @escaping @Sendable (BatchEvent) -> Void
    ) {
        self.queue = queue
        self.limits = limits
        self.progress = progress
        self.onEvent = onEvent
    }

    /// The next job that may start now, waiting while only encodes are left and enough run;
    /// nil when the queue is empty.
    func next() -> BatchJob? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            guard !queue.isEmpty else { return nil }
            if let index = queue.firstIndex(where: { !$0.kind.isEncode || encodesRunning < limits.encodes }) {
                let job = queue.remove(at: index)
                if job.kind.isEncode { encodesRunning += 1 }
                progress.running += 1
                return job
            }
            condition.wait()
        }
    }

    func started(_ job: BatchJob, _ record: JobRecord) {
        tell(.started, record)
    }

    func ended(_ job: BatchJob, _ record: JobRecord) {
        condition.lock()
        if job.kind.isEncode { encodesRunning -= 1 }
        progress.running -= 1
        switch record.state {
        case .done: progress.done += 1
        case .skipped: progress.skipped += 1
        default: progress.failed += 1
        }
        condition.broadcast()
        condition.unlock()
        tell(.ended, record)
    }

    /// A job whose journal write failed: no longer running, not counted.
    func abandon(_ job: BatchJob) {
        condition.lock()
        if job.kind.isEncode { encodesRunning -= 1 }
        progress.running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Wakes threads waiting for an encode slot (a thread is leaving).
    func wakeAll() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    func snapshot() -> BatchProgress {
        condition.lock()
        defer { condition.unlock() }
        var p = progress
        p.elapsed = Date().timeIntervalSince(start)
        return p
    }

    /// Events go out under their own lock so that the observer sees them one at a time and in order.
    private let eventLock = NSLock()

    private func tell(_ kind: BatchEvent.Kind, _ record: JobRecord) {
        eventLock.lock()
        defer { eventLock.unlock() }
        onEvent(BatchEvent(kind: kind, job: record, progress: snapshot()))
    }
}
