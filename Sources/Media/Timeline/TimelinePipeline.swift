internal import CFFmpeg
import CaptionCore

/// One run of an ``ExportSession`` of a timeline: output frame by output frame, the timeline's
/// pictures (``TimelinePictureSource``: each video track's picture in force), the compositors,
/// the encoder; the audio graph (``TimelineAudioMixer``) pulled up to each frame's
/// time and encoded; both muxed through the ``MovieWriter`` export shares.
///
/// Memory stays flat: each track holds at most two decoded pictures and one conformed one, and
/// audio is pulled one encoder frame at a time just ahead of the video; output pictures come
/// from a pool, so a run allocates a few rather than one per frame.
final class TimelinePipeline {
    let timeline: MediaTimeline
    /// The part written (``ExportSession/timeRange``), nil for all.
    let timeRange: TimeRange?
    let outputPath: String
    let settings: ExportSettings
    let compositors: CompositorChain
    let audioMix: [AudioMixInputParameters]
    let closedCaptionData: ((MediaTime) -> [UInt8]?)?
    let progress: (@Sendable (ExportProgress) -> Void)?
    let isCancelled: () -> Bool
    private(set) var diagnostics: [Diagnostic] = []
    /// Source pictures decoded over the run, all tracks together.
    private(set) var decodedFrames = 0
    /// Output pictures allocated over the run (the others were recycled from the pool).
    private(set) var allocatedPictures = 0

    private var writer: MovieWriter?
    private let started = MonotonicClock.now()

    init(
        timeline: MediaTimeline, timeRange: TimeRange?, outputPath: String, settings: ExportSettings,
        compositors: [any VideoCompositing],
        audioMix: [AudioMixInputParameters], closedCaptionData: ((MediaTime) -> [UInt8]?)?,
        progress: (@Sendable (ExportProgress) -> Void)?, isCancelled: @escaping () -> Bool
    ) {
        self.timeline = timeline
        self.timeRange = timeRange
        self.outputPath = outputPath
        self.settings = settings
        self.compositors = CompositorChain(compositors, keepsFrameProperties: false)
        self.audioMix = audioMix
        self.closedCaptionData = closedCaptionData
        self.progress = progress
        self.isCancelled = isCancelled
    }

    func run() throws {
        // Everything that can be found wrong before a file is created is found first.
        let sources = try self.timeline.checkedSources()
        // A range is written as a timeline of its own; the compositors see the whole one's times.
        let (timeline, start) = try timeRange.map { try self.timeline.trimmed(to: $0) } ?? (self.timeline, .zero)
        guard case .encode(let encoderName) = settings.videoCodec else {
            throw MediaFileError.invalidSetting(
                "a timeline is always encoded (its pictures are made anew); choose an encoder such as libx264")
        }
        if settings.size != nil {
            note(
                "media.sizeIgnored", "the export's size setting is ignored: the timeline's render size is used",
                .warning)
        }
        let frameCount = timeline.frameCount
        guard frameCount > 0 else {
            throw MediaFileError.invalidSetting("the timeline is empty: it has no frame to write")
        }
        let format = try outputFormat(encoderName: encoderName)

        let writer = try MovieWriter(
            outputPath: outputPath, containerFormat: settings.containerFormat, overwrite: settings.overwrite)
        self.writer = writer
        do {
            try write(
                timeline, from: start, with: writer, encoderName: encoderName, format: format, frameCount: frameCount,
                sources: sources)
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Writes `timeline` (the range, when one is given), whose time 0 is `start` on the
    /// compositors' timeline.
    private func write(
        _ timeline: MediaTimeline, from start: MediaTime, with writer: MovieWriter, encoderName: String,
        format: VideoFrameFormat, frameCount: Int,
        sources: [String: AssetDescription]
    ) throws {
        let frameDuration = timeline.frameDuration.reduced
        // Overlay only: a transparent canvas at each output frame's time, drawn on and encoded
        // with its alpha, and no picture or sound of the sources (Specs/media.md, "Overlay only").
        let canvas = try settings.overlayOnly ? overlayCanvas(format: format, encoderName: encoderName) : nil
        let pixelFormat = try canvas?.target ?? format.checkedPixelFormat("encoding the timeline with \(encoderName)")
        let ycbcr = canvas.map { OverlayCanvas.isYCbCr($0.target) } ?? true
        // The encoder counts in frames: time base = frame duration (also what MPEG-2 needs).
        let timeBase = AVRational(num: Int32(clamping: frameDuration.value), den: frameDuration.timescale)
        let encoder = try VideoEncoder(
            VideoEncoder.Parameters(
                encoderName: encoderName, width: Int32(format.width), height: Int32(format.height),
                pixelFormat: pixelFormat, timeBase: timeBase,
                frameRate: AVRational(num: timeBase.den, den: timeBase.num),
                sampleAspectRatio: AVRational(num: 1, den: 1),
                colorRange: (canvas == nil ? format.isFullRange : !ycbcr) ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG,
                colorSpace: ycbcr ? format.matrix.avColorSpace : AVCOL_SPC_RGB,
                colorPrimaries: format.matrix.avPrimaries,
                colorTransfer: format.matrix.avTransfer,
                chromaLocation: canvas == nil ? AVCHROMA_LOC_LEFT : AVCHROMA_LOC_UNSPECIFIED,
                globalHeader: writer.wantsGlobalHeader,
                options: (canvas == nil ? [] : OverlayCanvas.encoderOptions(encoderName)) + settings.encoderOptions),
            path: outputPath)
        let writesCaptions = VideoEncoder.writesA53Captions(encoderName)
        let videoStream = try writer.newStream(encodedBy: encoder.context)
        videoStream.pointee.avg_frame_rate = AVRational(num: timeBase.den, den: timeBase.num)
        videoStream.pointee.r_frame_rate = videoStream.pointee.avg_frame_rate
        let videoIndex = videoStream.pointee.index

        var audio: (mixer: TimelineAudioMixer, encoder: AudioEncoder, index: Int32)?
        if canvas == nil, timeline.tracks.contains(where: { $0.mediaType == .audio }) {
            let audioEncoder = try AudioEncoder(
                sampleRate: timeline.audioSampleRate, channelCount: timeline.audioChannelCount,
                globalHeader: writer.wantsGlobalHeader, path: outputPath)
            if let mixer = try TimelineAudioMixer(
                timeline: timeline, mix: start == .zero ? audioMix : audioMix.map { $0.shifted(by: .zero - start) },
                sources: sources, layout: audioEncoder.channelLayoutName,
                frameSize: audioEncoder.frameSize)
            {
                let stream = try writer.newStream(encodedBy: audioEncoder.context)
                audio = (mixer, audioEncoder, stream.pointee.index)
            }
        }

        let pictures =
            try canvas == nil ? TimelinePictureSource(timeline: timeline, format: format, seeksAhead: false) : nil
        if let pictures { compositors.use(pictures.pool) }
        try compositors.prepare(for: format)
        let expected = timeline.duration

        for n in 0..<frameCount {
            if isCancelled() { throw CancellationError() }
            let time = timeline.frameTime(n)
            let shownAt = time + start
            let picture: Frame
            if let pictures {
                let (shown, tracks) = try pictures.pictures(at: time)
                picture = try compositors.run(on: shown, sources: tracks, at: shownAt).frame
            } else if let canvas {
                picture = try canvas.canvas.picture(drawnBy: compositors, at: shownAt)
            } else {
                throw MediaFileError.invalidSetting("the timeline has neither pictures nor a canvas")
            }
            if let constructs = closedCaptionData?(shownAt) {
                try A53Captions.attach(constructs, to: picture, encoderWritesCaptions: writesCaptions, path: outputPath)
            }
            picture.pointer.pointee.pts = Int64(n)
            picture.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
            try encoder.send(picture.pointer)
            try writer.drain(encoder, stream: videoIndex, label: "the video")
            if let audio {
                // Audio up to the end of this frame, so the muxer interleaves with little held.
                try pullAudio(audio, until: time + frameDuration, writer: writer)
            }
            decodedFrames = pictures?.decodedFrames ?? 0
            if let progress {
                progress(
                    ExportProgress(
                        frames: n + 1, outputTime: time, expectedDuration: expected,
                        elapsedSeconds: MonotonicClock.now() - started))
            }
        }
        try encoder.send(nil)
        try writer.drain(encoder, stream: videoIndex, label: "the video")
        if let audio {
            try pullAudio(audio, until: .positiveInfinity, writer: writer)
            try audio.encoder.send(nil)
            try writer.drain(audio.encoder, stream: audio.index, label: "the audio")
        }
        try compositors.finish()
        try writer.finish()
        allocatedPictures = pictures?.allocatedPictures ?? canvas?.canvas.allocatedPictures ?? 0
        // The last report, once the file is whole: `fractionCompleted` 1.
        progress?(
            ExportProgress(
                frames: frameCount, outputTime: expected, expectedDuration: expected,
                elapsedSeconds: MonotonicClock.now() - started))
    }

    private func pullAudio(
        _ audio: (mixer: TimelineAudioMixer, encoder: AudioEncoder, index: Int32), until end: MediaTime,
        writer: MovieWriter
    ) throws {
        while audio.mixer.timeReached < end, let frame = try audio.mixer.nextFrame() {
            try audio.encoder.send(frame.pointer)
            try writer.drain(audio.encoder, stream: audio.index, label: "the audio")
        }
    }

    private func outputFormat(encoderName: String) throws -> VideoFrameFormat {
        guard settings.overlayOnly else {
            return try TimelinePictureSource.outputFormat(
                of: timeline, compositors: compositors, encoderName: encoderName)
        }
        // The canvas is straight-alpha RGBA at the render size (OverlayCanvas).
        let size = timeline.renderSize
        return VideoFrameFormat(
            width: size.width, height: size.height, pixelFormat: .rgba,
            matrix: VideoColorMatrix.resolve(tag: nil, width: size.width, height: size.height), isFullRange: true,
            frameRate: FrameRate(
                frames: timeline.frameDuration.timescale, seconds: Int32(clamping: timeline.frameDuration.value)))
    }

    /// The canvas of an overlay-only output and the alpha format it is encoded in, once the
    /// compositors and the encoder are found fit for one.
    private func overlayCanvas(format: VideoFrameFormat, encoderName: String) throws
        -> (canvas: OverlayCanvas, target: AVPixelFormat)
    {
        let target = try OverlayCanvas.target(
            encoderName: encoderName, compositors: compositors, carriesCaptionData: closedCaptionData != nil)
        note(
            "media.overlayOnly",
            "overlay only: \(format.width)x\(format.height) with alpha, \(encoderName) in "
                + "\(FFmpegNames.pixelFormat(target.rawValue) ?? "?"), at the timeline's frame times", .info)
        return (try OverlayCanvas(format: format, target: target), target)
    }

    private func note(_ rule: String, _ message: String, _ severity: Diagnostic.Severity) {
        diagnostics.append(Diagnostic(severity, rule, "\(outputPath): \(message)"))
    }
}
