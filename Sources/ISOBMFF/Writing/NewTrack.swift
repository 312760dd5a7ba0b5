/// A track to add to a movie: its sample entry, samples and timing, and its references to the
/// movie's other tracks. General enough for timed metadata (`mebx`, `gpmd`) and closed captions
/// (`c608`).
public struct NewTrack: Sendable {
    /// The media information header of `minf` (§8.4.5; QuickTime's base media header).
    public enum MediaHeader: Sendable, Hashable {
        /// `nmhd`, the null media header of ISO/IEC 14496-12 §8.4.5.2 (timed metadata in MP4
        /// and QuickTime `mebx` tracks).
        case null
        /// QuickTime's base media information header `gmhd` with `gmin` and, optionally, one
        /// more child box (GoPro writes a `gpmd` box there; caption tracks none).
        case generic(extra: [UInt8])
        /// `sthd`, the subtitle media header of ISO/IEC 14496-12 §12.6.2 (`subt` tracks: TTML).
        case subtitle
    }

    /// One sample: its bytes and how long it lasts in the track's timescale.
    public struct Sample: Sendable, Hashable {
        public var data: [UInt8]
        public var duration: UInt32

        public init(data: [UInt8], duration: UInt32) {
            self.data = data
            self.duration = duration
        }
    }

    /// `hdlr` handler type: `meta` for timed metadata, `clcp` for closed captions.
    public var handlerType: FourCC
    public var handlerName: String
    public var mediaHeader: MediaHeader
    /// The whole `stsd` entry box (e.g. a `mebx` box holding its `keys`).
    public var sampleEntry: [UInt8]
    /// Media timescale, units per second.
    public var timescale: UInt32
    public var samples: [Sample]
    /// Where the first sample starts in movie time, in `timescale` units: an empty edit of that
    /// length comes first in the edit list (§8.6.6).
    public var startOffset: UInt64
    /// ISO 639-2/T, three lower-case letters.
    public var language: String
    /// `tref` entries: reference type (`cdsc` for "describes", `clcp` from a video to its
    /// captions) → track IDs. Use ``referencesFromExisting`` for references that existing tracks
    /// make to this one.
    public var references: [FourCC: [UInt32]]
    /// References to add to existing tracks, pointing at this new track: track ID → type.
    public var referencesFromExisting: [UInt32: FourCC]
    /// `tkhd` flags (§8.3.2.3: 1 enabled, 2 in movie, 4 in preview).
    public var trackFlags: UInt32
    /// `tkhd` alternate_group (§8.3.2.3): tracks of one group are alternatives (subtitle
    /// languages); 0 for none.
    public var alternateGroup: Int16 = 0
    /// A BCP 47 tag (`en-US`) written as an extended language box `elng` in `mdia`
    /// (§8.4.6; QuickTime "Extended language tag atom"), beside `mdhd`'s ISO 639-2 code.
    public var extendedLanguage: String?

    public init(
        handlerType: FourCC, handlerName: String, mediaHeader: MediaHeader, sampleEntry: [UInt8], timescale: UInt32,
        samples: [Sample], startOffset: UInt64 = 0, language: String = "und", references: [FourCC: [UInt32]] = [:],
        referencesFromExisting: [UInt32: FourCC] = [:], trackFlags: UInt32 = 0x3
    ) {
        self.handlerType = handlerType
        self.handlerName = handlerName
        self.mediaHeader = mediaHeader
        self.sampleEntry = sampleEntry
        self.timescale = timescale
        self.samples = samples
        self.startOffset = startOffset
        self.language = language
        self.references = references
        self.referencesFromExisting = referencesFromExisting
        self.trackFlags = trackFlags
    }

    /// The media duration: the sum of the sample durations.
    public var mediaDuration: UInt64 { samples.reduce(0) { $0 + UInt64($1.duration) } }

    /// The sample bytes, one after the other.
    var payloadSize: Int { samples.reduce(0) { $0 + $1.data.count } }
}
