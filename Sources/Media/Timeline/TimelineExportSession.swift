import CaptionCore

/// Exports a ``MediaTimeline`` like `AVAssetExportSession` exports an `AVComposition`: each
/// video source decoded (only the part its segments use), conformed through libavfilter
/// (rotation from its display matrix, scale, pad, pixel format), the source picture in force
/// at each output frame's mapped source time handed to ``compositor`` (without one, the first
/// video track's picture as is), then the ``frameCompositors`` in order (titles, captions,
/// dashboards), encoded with the settings' encoder (libx264 by default), muxed. Audio tracks:
/// each segment trimmed, resampled (libswresample through `aresample`), speed-changed for
/// scaled segments (`atempo`), placed at its target time, its volume from ``audioMix``
/// (libavfilter `volume` with a per-frame expression), mixed (`amix`), AAC.
///
/// The output goes through FileSafety's `OutputFile`: atomic, kept unless
/// `settings.overwrite`, no half file on an error, a cancel or a signal.
///
/// ```swift
/// let clip = MediaSegment.Source(path: "a.mp4", trackID: 1, timeRange: TimeRange(start: .zero, duration: two))
/// let timeline = MediaTimeline(
///     tracks: [MediaTimelineTrack(trackID: 1, mediaType: .video, segments: [MediaSegment(source: clip, targetRange: …)])],
///     renderSize: VideoSize(width: 1280, height: 720), frameDuration: MediaTime(value: 1, timescale: 30))
/// try TimelineExportSession(timeline: timeline, outputPath: "out.mp4").exportSynchronously()
/// ```
public final class TimelineExportSession: CancellableExport {
    public let timeline: MediaTimeline
    public let outputPath: String
    public var settings: ExportSettings
    /// Builds each output frame from the tracks' pictures; nil shows the first video track's.
    public var compositor: (any TimelineFrameCompositor)?
    /// Per-frame stages run in order on each output frame, with its time on the output timeline.
    public var frameCompositors: [any FrameCompositor] = []
    /// Volumes of the audio tracks, by timeline track ID; a track without one plays at 1.
    public var audioMix: [AudioMixInputParameters] = []
    /// A/53 caption data of each output frame, as ``ExportSession/closedCaptionData``, given
    /// the frame's time on the output timeline.
    public var closedCaptionData: ((MediaTime) -> [UInt8]?)?
    /// Called after each output frame, on the thread that runs the export, and once more when
    /// the file is whole, with `fractionCompleted` 1.
    public var progressHandler: (@Sendable (ExportProgress) -> Void)?
    /// What the user should know.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Source pictures the last export decoded, all tracks together (to check that only the
    /// parts used are read).
    public private(set) var decodedFrameCount = 0
    /// Output pictures the last export allocated for the compositor to draw into (the others
    /// were recycled): a handful, whatever the length.
    public private(set) var allocatedPictureCount = 0

    let cancellation = CancellationFlag()

    public init(timeline: MediaTimeline, outputPath: String, settings: ExportSettings = ExportSettings()) {
        self.timeline = timeline
        self.outputPath = outputPath
        self.settings = settings
    }

    /// Runs the export on the calling thread. Throws ``MediaFileError`` (or `CancellationError`
    /// after ``cancelExport()``); the output then does not exist.
    public func exportSynchronously() throws {
        let pipeline = TimelinePipeline(
            timeline: timeline, outputPath: outputPath, settings: settings, compositor: compositor,
            frameCompositors: frameCompositors, audioMix: audioMix, closedCaptionData: closedCaptionData,
            progress: progressHandler, isCancelled: { [cancellation] in cancellation.isCancelled })
        defer {
            diagnostics = pipeline.diagnostics
            decodedFrameCount = pipeline.decodedFrames
            allocatedPictureCount = pipeline.allocatedPictures
        }
        try pipeline.run()
    }

    /// Runs the export in the awaiting task, off the caller's actor; cancelling the task stops it
    /// at the next packet (`CancellationError`, no output).
    public func export() async throws {
        try await exportCancellably()
    }

    /// Stops a running export at the next frame; it throws `CancellationError` and leaves no
    /// output.
    public func cancelExport() {
        cancellation.cancel()
    }
}
