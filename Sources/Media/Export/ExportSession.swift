import CaptionCore

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
public final class ExportSession: CancellableExport {
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
    /// Called after each video frame, on the thread that runs the export, and once more when the
    /// file is whole, with `fractionCompleted` 1.
    public var progressHandler: (@Sendable (ExportProgress) -> Void)?
    /// The A/53 closed-caption data of each re-encoded frame, given the frame's time on the
    /// source's timeline: `cc_data()` constructs of three bytes each (CTA-708-E §4.4: marker
    /// bits, `cc_valid`, `cc_type`, two data bytes), at most 31. They replace the frame's own
    /// (`AV_FRAME_DATA_A53_CC`) and the encoder writes them into the picture: libx264 as a GA94
    /// SEI (ANSI/SCTE 128-1), mpeg2video as picture user data (A/53 Part 4). Only encoders with
    /// FFmpeg's `a53cc` option do; handing data to any other is an error (check first with
    /// ``encoderWritesClosedCaptions(_:)``). A nil result, or no function, keeps what the
    /// source's frame carries; an empty one removes it.
    public var closedCaptionData: ((MediaTime) -> [UInt8]?)?
    /// What the user should know: tracks dropped (named), pixel formats converted…
    public private(set) var diagnostics: [Diagnostic] = []

    let cancellation = CancellationFlag()

    /// Whether the FFmpeg encoder `name` writes ``closedCaptionData`` into the pictures (it has
    /// the `a53cc` option: libx264, mpeg2video, NVENC…; libx265 in FFmpeg 5.1 does not).
    public static func encoderWritesClosedCaptions(_ name: String) -> Bool {
        VideoEncoder.writesA53Captions(name)
    }

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
            progress: progressHandler, isCancelled: { [cancellation] in cancellation.isCancelled },
            closedCaptionData: closedCaptionData)
        defer { diagnostics = pipeline.diagnostics }
        try pipeline.run()
    }

    /// Runs the export in the awaiting task, off the caller's actor; cancelling the task stops it
    /// at the next packet (`CancellationError`, no output).
    public func export() async throws {
        try await exportCancellably()
    }

    /// Stops a running export at the next packet; it throws `CancellationError` and leaves no
    /// output.
    public func cancelExport() {
        cancellation.cancel()
    }
}
