import CaptionCore
import Media

/// A composition file made concrete: every source opened and checked, the main sequence laid
/// out on the main video and audio tracks (A and B alternating at cross-fades, as one builds an
/// AVMutableComposition for transitions), the other tracks placed, the video instructions (the
/// file's, or built: cuts, and at each cross-fade the outgoing layer on top fading out), the
/// audio mix (cross-fades, volumes, ducking) and, per clip, the time mappings its captions and
/// metadata follow. Every problem is a ``CompositionFileError`` at the value that caused it.
public struct CompositionPlan: Sendable {
    /// Track IDs of the main sequence (fixed, so that files and tests can name them).
    public static let videoA = 1
    public static let videoB = 2
    public static let audioA = 3
    public static let audioB = 4

    public var composition = MutableComposition()
    public var instructions: [VideoCompositionInstruction] = []
    public var audioMix: [PlannedVolume] = []
    public var renderSize: VideoSize
    public var frameDuration: MediaTime
    public var audioSampleRate: Int
    public var audioChannelCount: Int
    public var titles: [TitleLayer]
    /// Each clip of the main sequence and of the other tracks with the mapping it was placed by.
    public var placedClips: [PlacedClip] = []

    /// The folder the file's relative paths (sources, caption files) are taken from.
    public var baseDirectory: String

    public var duration: MediaTime { composition.duration }

    /// `path` as the file means it: relative paths from ``baseDirectory``.
    public func resolve(_ path: String) -> String {
        path.hasPrefix("/") || baseDirectory.isEmpty || baseDirectory == "." ? path : baseDirectory + "/" + path
    }

    public struct PlacedClip: Sendable {
        public var clip: CompositionFile.Clip
        /// The resolved source path.
        public var path: String
        public var mapping: TimeMapping
        public var videoTrackID: Int?
    }

    /// A track's volume and ramps (AVFoundation's audio mix input parameters).
    public struct PlannedVolume: Sendable, Hashable {
        public var trackID: Int
        public var volume: Float
        public var ramps: [CompositionFile.VolumeRampSpec]
    }

    public init(file: CompositionFile, fileName: String, probe: any SourceProbing) throws(CompositionFileError) {
        var builder = Builder(file: file, fileName: fileName, probe: probe)
        try builder.build()
        let first = builder.firstFacts
        renderSize = file.renderSize ?? Self.even(first?.uprightSize) ?? VideoSize(width: 1280, height: 720)
        let rate = file.frameRate ?? first?.frameRate ?? .fps30
        frameDuration = rate.frameDuration
        audioSampleRate = file.audioSampleRate
        audioChannelCount = file.audioChannelCount
        titles = file.titles
        baseDirectory = file.baseDirectory
        composition = builder.composition
        placedClips = builder.placed
        instructions = try builder.instructions()
        audioMix = try builder.mix()
    }

    private static func even(_ s: VideoSize?) -> VideoSize? {
        s.map { VideoSize(width: max(2, $0.width & ~1), height: max(2, $0.height & ~1)) }
    }
}
