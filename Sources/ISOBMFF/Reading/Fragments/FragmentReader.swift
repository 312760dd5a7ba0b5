/// Reads a fragmented movie's `moof` boxes one at a time, in file order (ISO/IEC 14496-12 §8.8;
/// ISO/IEC 23000-19, CMAF), and turns each track fragment's runs into ``Sample`` values
/// with file offsets and decode times, as the sample tables of `moov` give them. Each `moof` is
/// read, parsed and dropped before the next: memory grows with the samples kept, not with the
/// number of fragments.
struct FragmentReader {
    /// What a fragment needs to know of a track of `moov`.
    struct TrackContext {
        var extends: TrackExtends?
        /// Where the track's fragments start in decode time: the end of its `moov` samples.
        var startTime: Int64
        /// Samples in `moov`'s tables (counted against the per-track limit).
        var movieSampleCount: Int
        /// The protection of each sample entry (nil for a clear one), by `stsd` index − 1.
        var protection: [ProtectionScheme?]
        /// The `seig` entries of the track's `stbl` (fragments' group indices up to 0x10000 name them).
        var movieGroups: [EncryptionDefaults]
    }

    /// One track fragment (`traf`) as read.
    struct TrackFragment {
        var trackID: UInt32
        /// How many of its samples lie in the file.
        var sampleCount: Int
        /// Those samples; empty when only counted.
        var samples: [Sample]
        /// The protection of each kept sample, when asked for.
        var protection: [SampleProtection]?
        /// Where it is: its `moof`'s offset in the file, its `traf` (offsets in the `moof`), its
        /// base (§8.8.7.1) and where that base comes from.
        var moofOffset = 0
        var traf: Box?
        var base = 0
        var baseOrigin = TrackFragmentRuns.BaseOrigin.moof
        /// Its decode times: from its first sample to after its last (§8.8.12), in the track's
        /// timescale.
        var startTime: Int64 = 0
        var endTime: Int64 = 0
    }

    let source: ByteSource
    let limits: ISOBMFFLimits
    /// The top-level `moof` boxes, in file order.
    let fragments: [Box]
    let tracks: [UInt32: TrackContext]
    /// The offset of a last top-level box the file cuts short (already reported), if any.
    let cutShortBox: Int?
    /// The payloads of the top-level `mdat` boxes, in file order (a run's samples must not pass
    /// the end of the one they start in).
    var mediaData: [Range<Int>] = []

    /// Reads every fragment, calling `visit` with each track fragment of the tracks `trackIDs`
    /// (every track when nil), with its samples (only their number when `keepingSamples` is
    /// off) and their protection when `protection` is set. Returns the located warnings:
    /// fragments cut short by the end of the file, runs that pass the end of their `mdat`, track
    /// fragments of unknown tracks.
    @discardableResult
    func read(
        trackIDs: [UInt32]? = nil, keepingSamples: Bool = true, protection: Bool = false,
        visit: (TrackFragment) throws(ISOBMFFError) -> Void = { _ in }
    ) throws(ISOBMFFError) -> [ISOBMFFError] {
        var warnings: [ISOBMFFError] = []
        var nextTime = tracks.mapValues(\.startTime)
        var kept = tracks.mapValues(\.movieSampleCount)
        for (index, moof) in fragments.enumerated() {
            let name = fragments.count > 1 ? "moof[\(index + 1)]" : "moof"
            if moof.offset == cutShortBox {
                continue
            }
            guard moof.size <= limits.maximumFragmentHeaderBytes else {
                throw ISOBMFFError(
                    .limit, "moof is \(moof.size) bytes, more than the \(limits.maximumFragmentHeaderBytes) allowed",
                    path: name, offset: moof.offset)
            }
            let bytes = try source.bytes(in: moof.range)
            let children = try BoxParser(limits: limits, baseOffset: moof.offset).boxes(
                in: bytes, range: moof.headerSize..<bytes.count, parentPath: name, depth: 1)
            var previousEnd = moof.offset
            let trafs = children.filter { $0.type == "traf" }
            for (number, traf) in trafs.enumerated() {
                // Another track's traf is skipped unless the next one's base is where its data
                // ends (§8.8.7.1): reading one track does not parse the others' runs.
                if let trackIDs, let header = Self.header(of: traf, in: bytes), !trackIDs.contains(header.trackID),
                    number + 1 >= trafs.count || !Self.usesPreviousEnd(trafs[number + 1], in: bytes)
                {
                    continue
                }
                let run = try TrackFragmentRuns(
                    traf: traf, bytes: bytes, moofOffset: moof.offset, isFirst: number == 0, previousEnd: previousEnd,
                    fileSize: source.count, mediaData: mediaData,
                    keepsSamples: { keepingSamples && (trackIDs?.contains($0) ?? true) },
                    extends: { tracks[$0]?.extends }, startTime: { nextTime[$0] ?? 0 },
                    allowed: { min(limits.maximumSamplesPerTrack, source.count) - (kept[$0] ?? 0) })
                previousEnd = run.dataEnd
                let id = run.trackID
                guard let context = tracks[id] else {
                    warnings.append(
                        ISOBMFFError(
                            .malformed,
                            "a track fragment of track \(id), which moov does not have: its samples are left out",
                            path: traf.path, offset: moof.offset + traf.offset))
                    continue
                }
                nextTime[id] = run.nextTime
                kept[id, default: 0] += run.keptCount
                if let w = run.warning { warnings.append(w) }
                guard trackIDs?.contains(id) ?? true else { continue }
                let protections =
                    protection
                    ? try run.protection(bytes: bytes, moofOffset: moof.offset, context: context, source: source) : nil
                try visit(
                    TrackFragment(
                        trackID: id, sampleCount: run.keptCount, samples: run.samples, protection: protections,
                        moofOffset: moof.offset, traf: traf, base: run.base, baseOrigin: run.baseOrigin,
                        startTime: run.startTime, endTime: run.nextTime))
            }
        }
        return warnings
    }

    /// `tfhd`'s flags and track_ID, when the box is there and long enough.
    static func header(of traf: Box, in bytes: [UInt8]) -> (flags: UInt32, trackID: UInt32)? {
        guard let tfhd = traf.child("tfhd"), tfhd.payloadRange.count >= 8 else { return nil }
        let p = tfhd.payloadRange.lowerBound
        let flags = UInt32(bytes[p + 1]) << 16 | UInt32(bytes[p + 2]) << 8 | UInt32(bytes[p + 3])
        let id =
            UInt32(bytes[p + 4]) << 24 | UInt32(bytes[p + 5]) << 16 | UInt32(bytes[p + 6]) << 8 | UInt32(bytes[p + 7])
        return (flags, id)
    }

    /// Whether a (not first) `traf`'s base is the end of the previous one's data: no
    /// base_data_offset, no default-base-is-moof (§8.8.7.1); true when its `tfhd` is unreadable.
    static func usesPreviousEnd(_ traf: Box, in bytes: [UInt8]) -> Bool {
        guard let flags = header(of: traf, in: bytes)?.flags else { return true }
        return flags & 0x1 == 0 && flags & 0x2_0000 == 0
    }
}
