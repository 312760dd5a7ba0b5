import CaptionCore
import Media

/// A composition file as read (Specs/composition.md), before any source is opened: the main
/// sequence of clips, other tracks, the audio mix, optional video instructions, titles and the
/// output's picture size and frame rate. ``CompositionPlan`` turns it into a composition.
public struct CompositionFile: Sendable {
    /// The output picture; nil: the first clip's upright size.
    public var renderSize: VideoSize?
    /// The output frame rate; nil: the first clip's, else 30.
    public var frameRate: FrameRate?
    public var audioSampleRate = 48_000
    public var audioChannelCount = 2
    /// The main sequence, played one after another (with cross-fades where a clip says so).
    public var clips: [Item] = []
    /// Further tracks (music, commentary, picture-in-picture), each clip at its own time.
    public var tracks: [Track] = []
    public var audioMix: [MixRule] = []
    /// The file's own video instructions; nil: built from the clips (cuts and cross-fades).
    public var instructions: [Instruction]?
    public var instructionsLocation: JSONLocation?
    public var titles: [TitleLayer] = []
    /// Where relative source paths are taken from: the file's folder.
    public var baseDirectory: String = "."

    public init() {}

    /// An entry of the main sequence.
    public enum Item: Sendable {
        case clip(Clip)
        /// Nothing (black, silence) for a duration.
        case empty(MediaTime, JSONLocation)
    }

    public struct Clip: Sendable {
        public var source: String
        public var location: JSONLocation
        /// Where the clip starts and ends in its source; nil `out` is the source's end.
        public var inPoint: MediaTime = .zero
        public var outPoint: MediaTime?
        /// Playback speed as an exact ratio (1/2 plays at half speed, taking twice as long).
        public var speed = Speed(numerator: 1, denominator: 1)
        /// A cross-fade from the clip before, of this duration.
        public var crossfade: MediaTime?
        /// At a track's own time (tracks other than the main sequence); ignored in the main one.
        public var at: MediaTime = .zero
        public var captions: CaptionSource?
        /// Whether the source's own GPS / timed-metadata track (GoPro GPMF or QuickTime mebx)
        /// follows the edit (`"metadata": "embedded"`).
        public var metadata = false
        /// Whether the clip's sound is used (when it has any).
        public var audio = true
        /// Where each member's value is, for errors found later.
        public var memberLocations: [String: JSONLocation] = [:]

        /// The location of member `key` (its value's line and column when the file gave it).
        public func location(of key: String) -> JSONLocation {
            memberLocations[key] ?? location.child(key)
        }

        public init(source: String, location: JSONLocation) {
            self.source = source
            self.location = location
        }
    }

    public struct Speed: Sendable, Hashable {
        public var numerator: Int64
        public var denominator: Int64
        public var isOne: Bool { numerator == denominator }
    }

    public enum CaptionSource: Sendable, Hashable {
        /// The captions inside the source movie (c608 track, A/53 in the video), as `convert` reads them.
        case embedded
        /// A caption file (any format the suite reads).
        case file(String)
    }

    public struct Track: Sendable {
        public var name: String
        public var mediaType: CompositionTrack.MediaType
        public var clips: [Clip]
        public var location: JSONLocation
    }

    /// A volume setting of the audio mix.
    public enum MixRule: Sendable {
        /// A track's volume and ramps (`AVMutableAudioMixInputParameters`).
        case volume(track: String, volume: Float, ramps: [VolumeRampSpec], location: JSONLocation)
        /// Lower `track` to `volume` wherever `under` has sound, ramping over `fade`.
        case duck(track: String, under: String, volume: Float, fade: MediaTime, location: JSONLocation)
    }

    public struct VolumeRampSpec: Sendable, Hashable {
        public var timeRange: TimeRange
        public var from: Float
        public var to: Float

        public init(timeRange: TimeRange, from: Float, to: Float) {
            self.timeRange = timeRange
            self.from = from
            self.to = to
        }
    }

    public struct Instruction: Sendable {
        public var timeRange: TimeRange
        public var layers: [Layer]
        public var location: JSONLocation
    }

    public struct Layer: Sendable {
        /// "A" or "B" (the main sequence's video tracks) or a video track's name.
        public var track: String
        public var opacityRamps: [Ramp<Double>] = []
        public var transformRamps: [Ramp<AffineTransform>] = []
        public var crop: (x: Int, y: Int, width: Int, height: Int)?
        public var location: JSONLocation
    }
}
