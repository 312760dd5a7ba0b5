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
        timeline: MediaTimeline, outputPath: String, settings: ExportSettings,
        compositors: [any VideoCompositing],
        audioMix: [AudioMixInputParameters], closedCaptionData: ((MediaTime) -> [UInt8]?)?,
        progress: (@Sendable (ExportProgress) -> Void)?, isCancelled: @escaping () -> Bool
    ) {
        self.timeline = timeline
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
        let sources = try timeline.checkedSources()
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
                with: writer, encoderName: encoderName, format: format, frameCount: frameCount, sources: sources)
        } catch {
            writer.discard()
            throw error
        }
    }

    private func write(
        with writer: MovieWriter, encoderName: String, format: VideoFrameFormat, frameCount: Int,
        sources: [String: AssetDescription]
    ) throws {
        let frameDuration = timeline.frameDuration.reduced
        let options = settings.encoderOptions
        let pixelFormat = try format.checkedPixelFormat("encoding the timeline with \(encoderName)")
        // The encoder counts in frames: time base = frame duration (also what MPEG-2 needs).
        let timeBase = AVRational(num: Int32(clamping: frameDuration.value), den: frameDuration.timescale)
        let encoder = try VideoEncoder(
            VideoEncoder.Parameters(
                encoderName: encoderName, width: Int32(format.width), height: Int32(format.height),
                pixelFormat: pixelFormat, timeBase: timeBase,
                frameRate: AVRational(num: timeBase.den, den: timeBase.num),
                sampleAspectRatio: AVRational(num: 1, den: 1),
                colorRange: format.isFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG,
                colorSpace: format.matrix.avColorSpace, colorPrimaries: format.matrix.avPrimaries,
                colorTransfer: format.matrix.avTransfer, chromaLocation: AVCHROMA_LOC_LEFT,
                globalHeader: writer.wantsGlobalHeader, options: options),
            path: outputPath)
        let writesCaptions = VideoEncoder.writesA53Captions(encoderName)
        let videoStream = try writer.newStream(encodedBy: encoder.context)
        videoStream.pointee.avg_frame_rate = AVRational(num: timeBase.den, den: timeBase.num)
        videoStream.pointee.r_frame_rate = videoStream.pointee.avg_frame_rate
        let videoIndex = videoStream.pointee.index

        var audio: (mixer: TimelineAudioMixer, encoder: AudioEncoder, index: Int32)?
        if timeline.tracks.contains(where: { $0.mediaType == .audio }) {
            let audioEncoder = try AudioEncoder(
                sampleRate: timeline.audioSampleRate, channelCount: timeline.audioChannelCount,
                globalHeader: writer.wantsGlobalHeader, path: outputPath)
            if let mixer = try TimelineAudioMixer(
                timeline: timeline, mix: audioMix, sources: sources, layout: audioEncoder.channelLayoutName,
                frameSize: audioEncoder.frameSize)
            {
                let stream = try writer.newStream(encodedBy: audioEncoder.context)
                audio = (mixer, audioEncoder, stream.pointee.index)
            }
        }

        let pictures = try TimelinePictureSource(timeline: timeline, format: format, seeksAhead: false)
        compositors.use(pictures.pool)
        try compositors.prepare(for: format)
        let expected = timeline.duration

        for n in 0..<frameCount {
            if isCancelled() { throw CancellationError() }
            let time = timeline.frameTime(n)
            let (shown, tracks) = try pictures.pictures(at: time)
            let picture = try compositors.run(on: shown, sources: tracks, at: time).frame
            if let constructs = closedCaptionData?(time) {
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
            decodedFrames = pictures.decodedFrames
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
        allocatedPictures = pictures.allocatedPictures
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
        try TimelinePictureSource.outputFormat(of: timeline, compositors: compositors, encoderName: encoderName)
    }

    private func note(_ rule: String, _ message: String, _ severity: Diagnostic.Severity) {
        diagnostics.append(Diagnostic(severity, rule, "\(outputPath): \(message)"))
    }
}
