/// One track of a movie as read from its `trak` box.
public struct Track: Sendable {
    /// `tkhd` track_ID.
    public var id: UInt32
    /// `hdlr` handler_type: `vide`, `soun`, `meta`, `tmcd`, `clcp`, `text`, `sbtl`…
    public var handlerType: FourCC
    /// `hdlr` name (C string or, in QuickTime files, a Pascal string).
    public var handlerName: String
    /// `mdhd` timescale (units per second) and duration in it.
    public var timescale: UInt32
    public var duration: UInt64
    /// `mdhd` ISO 639-2/T language code ("und" when unset).
    public var language: String
    /// `tkhd` alternate_group (§8.3.2.3): tracks of one non-zero group are alternatives.
    public var alternateGroup: Int16 = 0
    /// `tkhd` flags: 1 enabled, 2 in movie, 4 in preview.
    public var flags: UInt32 = 0
    /// `tkhd` width and height (16.16 fixed point, whole part).
    public var width: Int
    public var height: Int
    /// The `stsd` entries.
    public var sampleEntries: [SampleEntry]
    /// `elst` of `edts`, empty when the track has no edit list.
    public var edits: [EditListEntry]
    /// `tref` children: reference type → referenced track IDs.
    public var references: [FourCC: [UInt32]]
    /// The sample tables as stored.
    public var sampleTable: SampleTable
    /// The `trak` box within ``Movie/movieBox``.
    public var box: Box
    /// `mvex/trex` for this track (ISO/IEC 14496-12 §8.8.3): its fragments' defaults; nil when
    /// the movie has none for it.
    public var fragmentDefaults: TrackExtends?
    /// Samples in the movie fragments (`moof`) whose bytes lie in the file.
    public var fragmentSampleCount = 0

    /// Every sample: those of the sample tables and of the fragments (what ``Movie/samples(of:)``
    /// returns).
    public var sampleCount: Int { sampleTable.sampleCount + fragmentSampleCount }

    /// The protection of each sample entry (nil for a clear one), in `stsd` order.
    public func protectionSchemes() throws(ISOBMFFError) -> [ProtectionScheme?] {
        var schemes: [ProtectionScheme?] = []
        for entry in sampleEntries { schemes.append(try ProtectionScheme(sampleEntry: entry)) }
        return schemes
    }

    /// The format of the first sample entry (`avc1`, `mp4a`, `mebx`, `gpmd`, `c608`…).
    public var format: FourCC? { sampleEntries.first?.format }
}

/// One `stsd` entry: its format code and its bytes (the whole entry box).
public struct SampleEntry: Sendable, Hashable {
    public var format: FourCC
    public var bytes: [UInt8]
    public var path: String

    public init(format: FourCC, bytes: [UInt8], path: String = "") {
        self.format = format
        self.bytes = bytes
        self.path = path
    }

    /// The format the samples are in: `frma`'s original format for a protected entry (`encv`
    /// of `avc1`: ISO/IEC 14496-12 §8.12.2), else ``format``.
    public var originalFormat: FourCC {
        ((try? ProtectionScheme(sampleEntry: self)) ?? nil)?.originalFormat ?? format
    }

    /// The boxes after the entry's fixed fields (`headerBytes` of them after the box header:
    /// 8 for metadata, text and caption entries (§8.5.2.2, 6 reserved bytes and a data reference
    /// index)).
    public func childBoxes(afterFixedFields headerBytes: Int = 8) throws(ISOBMFFError) -> [Box] {
        guard bytes.count >= 8 + headerBytes else {
            throw ISOBMFFError(.truncated, "the sample entry is shorter than its fixed fields", path: path)
        }
        return try BoxParser().boxes(in: bytes, range: (8 + headerBytes)..<bytes.count, parentPath: path)
    }
}

/// One `elst` entry (§8.6.6): `segmentDuration` in the movie timescale, `mediaTime` in the
/// track's, -1 for an empty edit.
public struct EditListEntry: Sendable, Hashable {
    public var segmentDuration: UInt64
    public var mediaTime: Int64
    public var rate: Int32

    public init(segmentDuration: UInt64, mediaTime: Int64, rate: Int32 = 0x0001_0000) {
        self.segmentDuration = segmentDuration
        self.mediaTime = mediaTime
        self.rate = rate
    }
}
