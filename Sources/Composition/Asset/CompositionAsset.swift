import CaptionCore
import Media
import Render

/// A composition as something that plays, like an `AVComposition` together with its
/// `AVVideoComposition` and `AVAudioMix`: the tracks of segments (as Media's
/// ``MediaTimeline``), the video instructions drawn by ``LayerInstructionCompositor``, the
/// audio mix and the titles, with its duration, render size and frame duration. The one place
/// that turns a composition into what an export writes and what a preview shows:
/// ``makeExportSession(outputPath:settings:fonts:)`` and ``makeImageGenerator(fonts:)`` build
/// the same picture step (readers, compositor, titles), so a previewed frame is the exported one.
///
/// ```swift
/// let file = try CompositionFileReader(fileName: "demo.json", baseDirectory: ".").read(bytes)
/// let asset = try CompositionAsset(file: file, fileName: "demo.json")
/// let images = try asset.makeImageGenerator(fonts: fonts).images(at: [MediaTime(value: 5, timescale: 1)])
/// ```
public final class CompositionAsset {
    /// The tracks of segments.
    public let composition: MutableComposition
    /// The composition as Media exports it (checked: every source readable, every range inside).
    public let timeline: MediaTimeline
    /// The video instructions (cuts, cross-fades, transforms, crops), sorted, covering the movie.
    public let instructions: [VideoCompositionInstruction]
    /// Volumes and ramps of the audio tracks.
    public let audioMix: [AudioMixInputParameters]
    /// Text drawn on the movie's timeline after the video composition.
    public let titles: [TitleLayer]
    /// The plan it was made from, when made from a composition file (clips, captions, metadata).
    public let plan: CompositionPlan?

    /// Made from a composition and its instructions. Throws ``MediaFileError`` when a source
    /// cannot be read or a segment does not fit its source.
    public convenience init(
        composition: MutableComposition, instructions: [VideoCompositionInstruction], renderSize: VideoSize,
        frameDuration: MediaTime, audioMix: [AudioMixInputParameters] = [], titles: [TitleLayer] = [],
        audioSampleRate: Int = 48_000, audioChannelCount: Int = 2
    ) throws(MediaFileError) {
        try self.init(
            composition: composition, instructions: instructions, renderSize: renderSize, frameDuration: frameDuration,
            audioMix: audioMix, titles: titles, audioSampleRate: audioSampleRate,
            audioChannelCount: audioChannelCount, plan: nil)
    }

    /// Made from a plan (a composition file laid out). Throws ``MediaFileError`` as above.
    public convenience init(plan: CompositionPlan) throws(MediaFileError) {
        try self.init(
            composition: plan.composition, instructions: plan.instructions, renderSize: plan.renderSize,
            frameDuration: plan.frameDuration,
            audioMix: plan.audioMix.map { p in
                AudioMixInputParameters(
                    trackID: p.trackID, volume: p.volume,
                    volumeRamps: p.ramps.map {
                        VolumeRamp(timeRange: $0.timeRange, startVolume: $0.from, endVolume: $0.to)
                    })
            },
            titles: plan.titles, audioSampleRate: plan.audioSampleRate, audioChannelCount: plan.audioChannelCount,
            plan: plan)
    }

    /// Made from a composition file read by ``CompositionFileReader``; `fileName` names it in
    /// errors. Throws ``CompositionFileError`` (with the JSON path) for what the file gets
    /// wrong, ``MediaFileError`` for what the export would find wrong.
    public convenience init(file: CompositionFile, fileName: String, probe: any SourceProbing = AssetSourceProbe())
        throws
    {
        try self.init(plan: try CompositionPlan(file: file, fileName: fileName, probe: probe))
    }

    private init(
        composition: MutableComposition, instructions: [VideoCompositionInstruction], renderSize: VideoSize,
        frameDuration: MediaTime, audioMix: [AudioMixInputParameters], titles: [TitleLayer], audioSampleRate: Int,
        audioChannelCount: Int, plan: CompositionPlan?
    ) throws(MediaFileError) {
        var timeline = composition.toMediaTimeline(renderSize: renderSize, frameDuration: frameDuration)
        timeline.audioSampleRate = audioSampleRate
        timeline.audioChannelCount = audioChannelCount
        try timeline.validate()
        self.composition = composition
        self.timeline = timeline
        self.instructions = instructions
        self.audioMix = audioMix
        self.titles = titles
        self.plan = plan
    }

    public var duration: MediaTime { timeline.duration }
    public var renderSize: VideoSize { timeline.renderSize }
    public var frameDuration: MediaTime { timeline.frameDuration }
    /// The tracks that have segments, by track ID.
    public var tracks: [MediaTimelineTrack] { timeline.tracks }

    /// A video composition of the instructions drawn by a new ``LayerInstructionCompositor``.
    public func makeVideoComposition() -> VideoComposition {
        var video = VideoComposition(
            compositor: LayerInstructionCompositor(), frameDuration: frameDuration,
            renderSize: (renderSize.width, renderSize.height))
        video.instructions = instructions
        return video
    }

    /// An export session writing the composition to `outputPath`: the video composition, the
    /// audio mix and the titles (drawn with `fonts`, needed when there are titles). Callers may
    /// append further compositors (burned captions) and set caption data before running it.
    public func makeExportSession(
        outputPath: String, settings: ExportSettings = ExportSettings(), fonts: (any FontProvider)?
    ) throws(MediaFileError) -> ExportSession {
        let session = ExportSession(timeline: timeline, outputPath: outputPath, settings: settings)
        session.compositors = try compositors(fonts, laysPictures: !settings.overlayOnly)
        session.audioMix = audioMix
        return session
    }

    /// An image generator of the composition's pictures: the same video composition and titles
    /// as ``makeExportSession(outputPath:settings:fonts:)``, without the encoder.
    public func makeImageGenerator(fonts: (any FontProvider)?) throws(MediaFileError) -> ImageGenerator {
        let generator = ImageGenerator(timeline: timeline)
        generator.compositors = try compositors(fonts, laysPictures: true)
        return generator
    }

    /// The layer instructions' runner, then the titles. An overlay-only output
    /// (``ExportSettings/overlayOnly``) lays no picture of the sources, so has titles alone.
    private func compositors(_ fonts: (any FontProvider)?, laysPictures: Bool) throws(MediaFileError)
        -> [any VideoCompositing]
    {
        let layers: [any VideoCompositing] =
            laysPictures ? [VideoCompositionRunner(composition: makeVideoComposition())] : []
        guard !titles.isEmpty else { return layers }
        guard let fonts else {
            throw MediaFileError.invalidSetting("the composition has titles: fonts are needed to draw them")
        }
        return layers + [TitleCompositor(titles: titles, fonts: fonts)]
    }
}
