/// Adds tracks to an existing movie without touching its audio and video bytes (a stream copy):
/// the new samples go into a new `mdat`, and `moov` is rewritten with the new `trak` boxes, a
/// larger `next_track_ID`, and every existing chunk offset (`stco`/`co64`, §8.7.5) moved by
/// however much `moov` grew when `moov` comes before the media data (a "faststart" file).
///
/// A fragmented movie (`mvex` in `moov`, ISO/IEC 14496-12 §8.8) gets the new tracks' samples in
/// fragments of their own instead (``writeFragmented(_:ids:moovIndex:quickTime:_:)``).
///
/// Layout of the output:
/// - `moov` last in the input: everything before it, unchanged; the new `mdat`; the new `moov`.
///   No existing offset changes.
/// - otherwise: everything before `moov`; the new `moov`; everything after the old `moov`,
///   unchanged; the new `mdat`. Offsets past the old `moov` move by the size difference; an
///   `stco` whose offsets would pass 4 GiB becomes a `co64`.
public struct MovieTrackAdder {
    public let movie: Movie
    public let source: ByteSource
    /// Whether the copied moov leaves out its location tags (``locationTags()``): set when a
    /// privacy zone applies, so that the place it hides is not left in the container.
    public var dropsLocationTags = false

    public init(movie: Movie, source: ByteSource) {
        self.movie = movie
        self.source = source
    }

    /// The IDs the new tracks will get, in order: from `next_track_ID` (or past the largest ID
    /// in use) on; when those would pass 2^32 − 2, or `next_track_ID` is all 1s, the smallest
    /// IDs not in use (14496-12 §8.2.2.3: "a search must be made in the file for an unused track
    /// identifier"). Found by the `isobmff` fuzz target: an `mvhd` with a next_track_ID of
    /// 0xFFFFFFFF overflowed here (Fixtures/fuzz/isobmff/next-track-id-all-ones.mp4).
    public func trackIDs(for count: Int) -> [UInt32] {
        let largest = UInt64(movie.tracks.map(\.id).max() ?? 0)
        let first = max(UInt64(movie.header.nextTrackID), largest + 1)
        if movie.header.nextTrackID != UInt32.max, first + UInt64(count) <= UInt64(UInt32.max) {
            return (0..<UInt64(count)).map { UInt32(first + $0) }
        }
        let used = Set(movie.tracks.map(\.id))
        var ids: [UInt32] = []
        var candidate: UInt32 = 1
        while ids.count < count, candidate < UInt32.max {
            if !used.contains(candidate) { ids.append(candidate) }
            candidate += 1
        }
        return ids
    }

    /// `next_track_ID` after `ids` are added: one past the largest ID in use, or all 1s when
    /// that does not fit (readers then search for a free ID, §8.2.2.3).
    func nextTrackID(after ids: [UInt32]) -> UInt32 {
        let largest = UInt64(max(ids.max() ?? 0, movie.tracks.map(\.id).max() ?? 0))
        return largest + 1 < UInt64(UInt32.max) ? UInt32(largest + 1) : UInt32.max
    }

    /// Writes the movie with `tracks` added through `write`, which receives the output in order,
    /// in pieces of at most a few MiB.
    public func write(adding tracks: [NewTrack], to write: ([UInt8]) throws(ISOBMFFError) -> Void) throws(ISOBMFFError)
    {
        guard !tracks.isEmpty else { throw ISOBMFFError(.missing, "no track to add") }
        for (i, t) in tracks.enumerated() {
            guard !t.samples.isEmpty else { throw ISOBMFFError(.missing, "new track \(i + 1) has no samples") }
            guard t.timescale > 0, t.samples.allSatisfy({ $0.duration > 0 && !$0.data.isEmpty }) else {
                throw ISOBMFFError(
                    .malformed, "new track \(i + 1) has a zero timescale, an empty sample or a zero duration")
            }
            for id in t.referencesFromExisting.keys where movie.track(id: id) == nil {
                throw ISOBMFFError(.missing, "new track \(i + 1) is referenced from track \(id), which does not exist")
            }
        }
        let ids = trackIDs(for: tracks.count)
        guard ids.count == tracks.count else {
            throw ISOBMFFError(.limit, "no free track ID is left for \(tracks.count) new tracks", path: "moov/mvhd")
        }
        let payload = tracks.reduce(0) { $0 + $1.payloadSize }
        guard let moovIndex = movie.topLevelBoxes.firstIndex(where: { $0.type == "moov" }) else {
            throw ISOBMFFError(.missing, "no moov box")
        }
        let oldMoov = movie.topLevelBoxes[moovIndex]
        try refuseFragments()
        try refuseHiddenTracks()
        try refuseCutShort()
        try refuseSamplesOverlapping(oldMoov)
        if movie.isFragmented {
            try writeFragmented(
                tracks, ids: ids, moovIndex: moovIndex, quickTime: quickTimeStyleHandlers(), write)
            return
        }
        let moovIsLast = moovIndex == movie.topLevelBoxes.count - 1
        let quickTime = quickTimeStyleHandlers()
        // The new samples extend the mdat they follow when there is one (the one just before a
        // last moov, or the last box after a leading moov): readers such as GoPro's gpmf-parser
        // stop at a second mdat. Otherwise they get an mdat of their own.
        let hostIndex = moovIsLast ? moovIndex - 1 : movie.topLevelBoxes.count - 1
        let host = try hostIndex >= 0 ? grownMediaData(movie.topLevelBoxes[hostIndex], by: payload) : nil
        let mdatHeader = host != nil ? 0 : (payload + 8 <= Int(UInt32.max) ? 8 : 16)

        // The new moov's size decides where the new samples go, which decides whether offsets
        // need 64 bits, which changes the size: iterate until it is stable (twice at most in
        // practice).
        var moovSize = oldMoov.size
        var newMoov: [UInt8] = []
        for _ in 0..<6 {
            let shift = moovIsLast ? 0 : moovSize - oldMoov.size
            let dataStart = moovIsLast ? oldMoov.offset + mdatHeader : movie.fileSize + shift + mdatHeader
            newMoov = try buildMovieBox(
                tracks: tracks, ids: ids, shift: shift, dataStart: dataStart, quickTime: quickTime)
            if newMoov.count == moovSize { break }
            moovSize = newMoov.count
        }
        guard newMoov.count == moovSize else {
            throw ISOBMFFError(.malformed, "the new moov size does not settle", path: "moov")
        }

        if moovIsLast {
            if let host {
                try copy(0..<host.box.offset, write)
                try write(host.header)
                try copy((host.box.offset + host.header.count)..<oldMoov.offset, write)
            } else {
                try copy(0..<oldMoov.offset, write)
                try write(mdatBoxHeader(payload: payload, headerSize: mdatHeader))
            }
            try writeSamples(tracks, write)
            try write(newMoov)
        } else {
            try copy(0..<oldMoov.offset, write)
            try write(newMoov)
            if let host {
                try copy(oldMoov.range.upperBound..<host.box.offset, write)
                try write(host.header)
                try copy((host.box.offset + host.header.count)..<movie.fileSize, write)
            } else {
                try copyAfterMovie(from: oldMoov.range.upperBound, write)
                try write(mdatBoxHeader(payload: payload, headerSize: mdatHeader))
            }
            try writeSamples(tracks, write)
        }
    }
}
