/// What ``ExportSession`` and ``TimelineExportSession`` share to run off the caller's thread:
/// the synchronous export on a detached task, cancelled through the session's own flag when
/// the awaiting task is cancelled.
protocol DetachedExport: AnyObject {
    func exportSynchronously() throws
    func cancelExport()
}

extension DetachedExport {
    func exportDetached() async throws {
        nonisolated(unsafe) let session = self
        try await withTaskCancellationHandler {
            try await Task.detached { try session.exportSynchronously() }.value
        } onCancel: {
            session.cancelExport()
        }
    }
}
