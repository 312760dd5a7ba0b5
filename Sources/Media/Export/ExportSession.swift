import CaptionCore

/// Writes an asset or a timeline to a movie file, like `AVAssetExportSession` (which exports an
/// `AVAsset` or an `AVComposition` the same way).
///
/// - An **asset**: demux → decode → the ``compositors`` → encode → mux, with audio, data,
///   timecode and subtitle tracks stream-copied beside the video with their timestamps.
/// - A **timeline** (``MediaTimeline``): each video source decoded (only the part its segments
///   use), conformed through libavfilter (rotation from its display matrix, scale, pad, pixel
///   format); at each output frame the first video track's picture in force, with every track's
///   picture as the request's sources, handed to the ``compositors`` (a composition's layer
///   compositor first, then titles, captions, dashboards), encoded with the settings' encoder
///   (libx264 by default), muxed. Audio tracks: each segment trimmed, resampled (libswresample
///   through `aresample`), speed-changed for scaled segments (`atempo`), placed at its target
///   time, its volume from ``audioMix`` (libavfilter `volume` with a per-frame expression), mixed
///   (`amix`), AAC.
///
/// The output is written to a hidden temporary file beside it and renamed at the end; any
/// failure, and SIGINT or SIGTERM, removes the temporary file (FileSafety.OutputFile), and an
/// existing file is kept unless `settings.overwrite`.
///
/// ```swift
/// let session = ExportSession(asset: Asset(path: "in.mp4"), outputPath: "out.mp4")
/// session.timeRange = TimeRange(start: MediaTime(value: 2, timescale: 1), end: MediaTime(value: 5, timescale: 1))
/// try await session.export()
/// ```
public final class ExportSession {
    public let source: MediaSource
    public let outputPath: String
    public var settings: ExportSettings
    /// The part of an asset to write, on the asset's timeline; nil for all of it. The video
    /// starts exactly at the first frame at or after `start` and ends before the first frame
    /// at or after `end` (`.positiveInfinity` for "to the end"); copied tracks are cut at the
    /// nearest packet and shifted by the same amount, so they stay in sync. A timeline's range is
    /// cut on its frame grid, the same way, its sound with its pictures
    /// (``MediaTimeline/trimmed(to:)``); its compositors see the whole timeline's times.
    public var timeRange: TimeRange?
    /// The compositors run in order on every frame (``VideoCompositing``).
    public var compositors: [any VideoCompositing] = []
    /// Volumes of a timeline's audio tracks, by timeline track ID; a track without one plays at
    /// 1. An asset's audio is copied as it is, so setting volumes for one is an error.
    public var audioMix: [AudioMixInputParameters] = []
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
    /// Source pictures the last export decoded (for a timeline, all tracks together: only the
    /// parts its segments use are read).
    public private(set) var decodedFrameCount = 0
    /// Pictures the last export allocated for compositors to draw new frames into (the others
    /// were recycled): a handful, whatever the length.
    public private(set) var allocatedPictureCount = 0

    let cancellation = CancellationFlag()

    /// Whether the FFmpeg encoder `name` writes ``closedCaptionData`` into the pictures (it has
    /// the `a53cc` option: libx264, mpeg2video, NVENC…; libx265 in FFmpeg 5.1 does not).
    public static func encoderWritesClosedCaptions(_ name: String) -> Bool {
        VideoEncoder.writesA53Captions(name)
    }

    public init(source: MediaSource, outputPath: String, settings: ExportSettings = ExportSettings()) {
        self.source = source
        self.outputPath = outputPath
        self.settings = settings
    }

    /// An export of one movie.
    public convenience init(asset: Asset, outputPath: String, settings: ExportSettings = ExportSettings()) {
        self.init(source: .asset(asset), outputPath: outputPath, settings: settings)
    }

    /// An export of a timeline.
    public convenience init(timeline: MediaTimeline, outputPath: String, settings: ExportSettings = ExportSettings()) {
        self.init(source: .timeline(timeline), outputPath: outputPath, settings: settings)
    }

    /// Runs the export on the calling thread. Throws ``MediaFileError`` (or `CancellationError`
    /// after ``cancelExport()``); the output then does not exist.
    public func exportSynchronously() throws {
        let isCancelled = { [cancellation] in cancellation.isCancelled }
        switch source {
        case .asset(let asset):
            guard audioMix.isEmpty else {
                throw MediaFileError.invalidSetting(
                    "audioMix sets the volumes of a timeline's audio tracks; an asset's audio is copied as it is")
            }
            let pipeline = try ExportPipeline(
                asset: asset, outputPath: outputPath, settings: settings, timeRange: timeRange,
                compositors: compositors, progress: progressHandler, isCancelled: isCancelled,
                closedCaptionData: closedCaptionData)
            defer {
                diagnostics = pipeline.diagnostics
                decodedFrameCount = pipeline.framesDecoded
                allocatedPictureCount = pipeline.compositors.allocatedPictures
            }
            try pipeline.run()
        case .timeline(let timeline):
            let pipeline = TimelinePipeline(
                timeline: timeline, timeRange: timeRange, outputPath: outputPath, settings: settings,
                compositors: compositors,
                audioMix: audioMix, closedCaptionData: closedCaptionData, progress: progressHandler,
                isCancelled: isCancelled)
            defer {
                diagnostics = pipeline.diagnostics
                decodedFrameCount = pipeline.decodedFrames
                allocatedPictureCount = pipeline.allocatedPictures
            }
            try pipeline.run()
        }
    }

    /// Runs the export in the awaiting task, off the caller's actor; cancelling the task stops it
    /// at the next packet (`CancellationError`, no output). Only the cancellation flag crosses
    /// threads; the session itself is never sent anywhere.
    public func export() async throws {
        let flag = cancellation
        try await withTaskCancellationHandler {
            try exportSynchronously()
        } onCancel: {
            flag.cancel()
        }
    }

    /// Stops a running export at the next packet; it throws `CancellationError` and leaves no
    /// output.
    public func cancelExport() {
        cancellation.cancel()
    }
}
