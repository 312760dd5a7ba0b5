import CaptionCore
import Synchronization

/// Writes an asset to a movie file, like `AVAssetExportSession`: demux → decode → the
/// ``compositors`` in order → encode → mux, with audio, data, timecode and subtitle tracks
/// stream-copied beside the video with their timestamps.
///
/// The output is written to a hidden temporary file beside it and renamed at the end; any
/// failure, and SIGINT or SIGTERM, removes the temporary file (FileSafety.OutputFile).
///
/// ```swift
/// let session = ExportSession(asset: Asset(path: "in.mp4"), outputPath: "out.mp4")
/// session.timeRange = TimeRange(start: MediaTime(value: 2, timescale: 1), end: MediaTime(value: 5, timescale: 1))
/// try await session.export()
/// ```
public final class ExportSession {
    /// The source. A composition of several files can be exported the same way once it is an
    /// asset of its own.
    public let asset: Asset
    public let outputPath: String
    public var settings: ExportSettings
    /// The part of the source to write, on the asset's timeline; nil for all of it. The video
    /// starts exactly at the first frame at or after `start` and ends before the first frame
    /// at or after `end` (`.positiveInfinity` for "to the end"); copied tracks are cut at the
    /// nearest packet and shifted by the same amount, so they stay in sync.
    public var timeRange: TimeRange?
    /// Per-frame stages, run in order on every frame.
    public var compositors: [any FrameCompositor] = []
    /// Called after each video frame.
    public var progressHandler: ((ExportProgress) -> Void)?
    /// What the user should know: tracks dropped (named), pixel formats converted…
    public private(set) var diagnostics: [Diagnostic] = []

    private let cancelled = Atomic<Bool>(false)

    public init(asset: Asset, outputPath: String, settings: ExportSettings = ExportSettings()) {
        self.asset = asset
        self.outputPath = outputPath
        self.settings = settings
    }

    /// Runs the export on the calling thread. Throws ``MediaFileError`` (or `CancellationError`
    /// after ``cancelExport()``); the output then does not exist.
    public func exportSynchronously() throws {
        let pipeline = try ExportPipeline(
            asset: asset, outputPath: outputPath, settings: settings, timeRange: timeRange, compositors: compositors,
            progress: progressHandler, isCancelled: { [self] in cancelled.load(ordering: .relaxed) })
        defer { diagnostics = pipeline.diagnostics }
        try pipeline.run()
    }

    /// Runs the export off the caller's thread.
    public func export() async throws {
        nonisolated(unsafe) let session = self
        try await withTaskCancellationHandler {
            try await Task.detached { try session.exportSynchronously() }.value
        } onCancel: {
            session.cancelExport()
        }
    }

    /// Stops a running export at the next packet; it throws `CancellationError` and leaves no
    /// output.
    public func cancelExport() {
        cancelled.store(true, ordering: .relaxed)
    }
}
