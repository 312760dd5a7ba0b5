import Synchronization

/// A flag an export polls at each packet, set from any thread (``ExportSession/cancelExport()``,
/// or the cancellation of the task awaiting the export).
final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)

    func cancel() { value.store(true, ordering: .relaxed) }
    var isCancelled: Bool { value.load(ordering: .relaxed) }
}

/// What ``ExportSession`` and ``TimelineExportSession`` share to export from async code: the
/// synchronous export runs in the awaiting task (off the caller's actor: the method is
/// nonisolated), and the task's cancellation sets the session's flag. Only the flag crosses
/// threads; the session itself is never sent anywhere.
protocol CancellableExport: AnyObject {
    var cancellation: CancellationFlag { get }
    func exportSynchronously() throws
}

extension CancellableExport {
    func exportCancellably() async throws {
        let flag = cancellation
        try await withTaskCancellationHandler {
            try exportSynchronously()
        } onCancel: {
            flag.cancel()
        }
    }
}
