import Synchronization

/// A flag an export polls at each packet, set from any thread (``ExportSession/cancelExport()``,
/// or the cancellation of the task awaiting the export).
final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)

    func cancel() { value.store(true, ordering: .relaxed) }
    var isCancelled: Bool { value.load(ordering: .relaxed) }
}
