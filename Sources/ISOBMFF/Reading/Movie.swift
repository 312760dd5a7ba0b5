/// A movie file's structure: its top-level boxes, its `moov` (kept in memory, parsed), the movie
/// header and the tracks with their sample tables. Sample data stays in the file and is read on
/// demand through the ``ByteSource``; so do the movie fragments (`moof`, ISO/IEC 14496-12 §8.8),
/// read one at a time whenever a track's samples are asked for.
public struct Movie: Sendable {
    /// The file's size in bytes.
    public var fileSize: Int
    /// The top-level boxes with their file offsets (children not parsed).
    public var topLevelBoxes: [Box]
    /// Where `moov` starts in the file.
    public var movieOffset: Int
    /// The bytes of `moov`, header included.
    public var movieBytes: [UInt8]
    /// `moov` parsed; offsets relative to ``movieBytes``.
    public var movieBox: Box
    public var header: MovieHeader
    public var tracks: [Track]
    /// The QuickTime metadata `com.apple.quicktime.creationdate` of `moov/meta`, as written
    /// (ISO 8601 text), when present.
    public var quickTimeCreationDate: String?
    /// `mvex/mehd` fragment_duration (§8.8.2): the whole movie's duration, fragments included,
    /// in the movie timescale, when the file gives it.
    public var fragmentDuration: UInt64?
    /// What the reader noticed and worked around, each located (box path, byte offset): a file
    /// cut short (its last fragments' samples left out), track fragments of tracks that `moov`
    /// does not have, `trak` boxes that could not be read (left out). Readers over the movie
    /// show these with their own findings.
    public var warnings: [ISOBMFFError] = []
    /// Where the bytes are, for the fragments.
    public let source: ByteSource
    let limits: ISOBMFFLimits
    /// The offset of a last top-level box cut short by the end of the file.
    let cutShortBox: Int?

    /// Whether `moov` announces movie fragments (`mvex`, §8.8.1).
    public var isFragmented: Bool { movieBox.child("mvex") != nil }

    /// The top-level `moof` boxes, in file order.
    public var fragments: [Box] { topLevelBoxes.filter { $0.type == "moof" } }

    /// The track with `id`.
    public func track(id: UInt32) -> Track? { tracks.first { $0.id == id } }

    /// The first track whose handler is `handlerType`.
    public func firstTrack(handler handlerType: FourCC) -> Track? { tracks.first { $0.handlerType == handlerType } }

    /// Every sample of `track`: those of its sample tables in `moov`, then those of its track
    /// fragments in file order, checked against the file's size. Samples of fragments whose
    /// bytes pass the end of the file are left out (``warnings`` says so).
    public func samples(of track: Track) throws(ISOBMFFError) -> [Sample] {
        try samples(of: [track])[0]
    }

    /// Every sample of each of `tracks` (as ``samples(of:)`` gives them), in the order of
    /// `tracks`, the fragments read once for all of them.
    public func samples(of tracks: [Track]) throws(ISOBMFFError) -> [[Sample]] {
        var result: [[Sample]] = []
        for track in tracks {
            var samples = try track.sampleTable.samples(fileSize: fileSize)
            if !fragments.isEmpty { samples.reserveCapacity(track.sampleCount) }
            result.append(samples)
        }
        guard !fragments.isEmpty, !tracks.isEmpty else { return result }
        let ids = tracks.map(\.id)
        try fragmentReader().read(trackIDs: ids) { fragment in
            for i in ids.indices where ids[i] == fragment.trackID { result[i] += fragment.samples }
        }
        return result
    }

    /// How each sample of `track` is encrypted (ISO/IEC 23001-7), in the order of
    /// ``samples(of:)``; nil when the track's sample entries are not protected (`encv`, `enca`…).
    public func sampleProtection(of track: Track) throws(ISOBMFFError) -> [SampleProtection]? {
        let schemes = try track.protectionSchemes()
        guard schemes.contains(where: { $0 != nil }) else { return nil }
        let context = try fragmentContext(track, schemes: schemes)
        let table = try track.sampleTable.samples(fileSize: fileSize)
        var result: [SampleProtection] = []
        if !table.isEmpty {
            let stbl = track.sampleTable
            guard let stblBox = track.box.descendant("mdia", "minf", "stbl") else { return nil }
            let boxes = try SampleEncryptionBoxes(container: stblBox, bytes: movieBytes, baseOffset: movieOffset)
            let defaults = table.map {
                schemes.indices.contains($0.descriptionIndex - 1)
                    ? schemes[$0.descriptionIndex - 1]?.trackEncryption : nil
            }
            result = try boxes.protections(
                count: table.count, defaults: { defaults[$0] }, movieGroups: context.movieGroups, inFragment: false,
                auxiliaryBase: 0, runSizes: stbl.samplesPerChunk(), source: source)
        }
        guard !fragments.isEmpty else { return result }
        try fragmentReader(overriding: (track.id, context)).read(trackIDs: [track.id], protection: true) {
            result += $0.protection ?? []
        }
        return result
    }

    /// Reads the structure of the movie in `source`: its top-level boxes, `moov`, and, unless
    /// `readingFragments` is off, one pass over its movie fragments that counts each track's
    /// samples in them (``Track/fragmentSampleCount``) and notes what is wrong with them
    /// (``warnings``). Without it the movie's tracks and sample entries are known at the cost of
    /// the box headers up to `moov` and `moov` itself: ``topLevelBoxes`` ends at `moov`, the
    /// fragment counts stay 0 and their warnings unknown.
    public static func read(_ source: ByteSource, limits: ISOBMFFLimits = .standard, readingFragments: Bool = true)
        throws(ISOBMFFError) -> Movie
    {
        try MovieReader(source: source, limits: limits).read(readingFragments: readingFragments)
    }

    // MARK: - Fragments

    /// A reader of the fragments; `overriding` replaces one track's context (to read protection).
    func fragmentReader(overriding: (UInt32, FragmentReader.TrackContext)? = nil) throws(ISOBMFFError)
        -> FragmentReader
    {
        var contexts: [UInt32: FragmentReader.TrackContext] = [:]
        for track in tracks where contexts[track.id] == nil {
            contexts[track.id] = try fragmentContext(track, schemes: nil)
        }
        if let (id, context) = overriding { contexts[id] = context }
        return FragmentReader(
            source: source, limits: limits, fragments: fragments, tracks: contexts, cutShortBox: cutShortBox,
            mediaData: topLevelBoxes.filter { $0.type == "mdat" }.map(\.payloadRange))
    }

    private func fragmentContext(_ track: Track, schemes: [ProtectionScheme?]?) throws(ISOBMFFError)
        -> FragmentReader.TrackContext
    {
        var groups: [EncryptionDefaults] = []
        if schemes != nil, let stbl = track.box.descendant("mdia", "minf", "stbl") {
            groups = try SampleEncryptionBoxes(container: stbl, bytes: movieBytes, baseOffset: movieOffset)
                .groupEntries
        }
        return FragmentReader.TrackContext(
            extends: track.fragmentDefaults, startTime: track.sampleTable.totalDuration,
            movieSampleCount: track.sampleTable.sampleCount, protection: schemes ?? [], movieGroups: groups)
    }
}
