/// Adds tracks to an existing movie without touching its audio and video bytes (a stream copy):
/// the new samples go into a new `mdat`, and `moov` is rewritten with the new `trak` boxes, a
/// larger `next_track_ID`, and every existing chunk offset (`stco`/`co64`, §8.7.5) moved by
/// however much `moov` grew when `moov` comes before the media data (a "faststart" file).
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
    private func nextTrackID(after ids: [UInt32]) -> UInt32 {
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

    /// Refuses a fragmented movie (ISO/IEC 14496-12 §8.8): its samples are in `moof` boxes
    /// after `moov`, whose absolute offsets (`tfhd` base_data_offset, `saio`) would all move when
    /// `moov` grows, and a track added to `moov` alone would have no fragments where players of
    /// fragmented files look for them. Adding a track to such a movie is left to a remux
    /// (`ffmpeg -i in.mp4 -c copy out.mp4` writes it unfragmented).
    private func refuseFragments() throws(ISOBMFFError) {
        if let moof = movie.fragments.first {
            throw ISOBMFFError(
                .unsupported,
                "a fragmented movie (movie fragments from here on): tracks are added only to unfragmented movies; "
                    + "remux it unfragmented first (ffmpeg -i IN -c copy OUT)",
                path: "moof", offset: moof.offset)
        }
        if let mvex = movie.movieBox.child("mvex") {
            throw ISOBMFFError(
                .unsupported,
                "moov announces movie fragments (mvex): tracks are added only to unfragmented movies; remux it "
                    + "unfragmented first (ffmpeg -i IN -c copy OUT)",
                path: mvex.path, offset: movie.movieOffset + mvex.offset)
        }
    }

    /// Refuses a file whose last box the end of the file cuts short (which the reader reads,
    /// with a warning): written on, the box would swallow what follows it. Found by the
    /// `isobmff` fuzz target (Fixtures/fuzz/isobmff/cut-short-after-moov.mp4), once the reader
    /// kept such files.
    private func refuseCutShort() throws(ISOBMFFError) {
        guard let offset = movie.cutShortBox, let box = movie.topLevelBoxes.first(where: { $0.offset == offset })
        else { return }
        throw ISOBMFFError(
            .truncated,
            "the file ends inside its last box (\(box.type)): it is cut short; a track is not added to an incomplete file",
            path: box.path, offset: box.offset)
    }

    /// Refuses a movie whose `trak` boxes are hidden inside another box of `moov` (a damaged size:
    /// an `mvhd` of size 0 runs to the end of `moov`): the movie would be written with its tracks
    /// still hidden, the reader seeing only the added one. Found by the `isobmff` fuzz target
    /// (Fixtures/fuzz/isobmff/added-track-lost.mp4).
    private func refuseHiddenTracks() throws(ISOBMFFError) {
        guard movie.tracks.isEmpty, let hidden = MovieReader.hiddenTrackBox(in: movie.movieBox, movie.movieBytes)
        else { return }
        throw ISOBMFFError(
            .malformed,
            "the bytes of \(hidden.box.path) hold a trak box: a damaged size hides the movie's tracks; "
                + "a track is not added to a movie whose own tracks cannot be read",
            path: hidden.box.path, offset: movie.movieOffset + hidden.offset)
    }

    /// Refuses a movie with sample data in the bytes of `moov`: those bytes are rewritten, so the
    /// samples could not be kept, and when `moov` comes first a chunk that starts before it and
    /// runs into it would not move with the bytes after it (the `isobmff` fuzz target: a chunk
    /// at offset 0 whose second sample lay after `moov`,
    /// Fixtures/fuzz/isobmff/chunk-across-moov.mp4). Chunk offsets point into media data
    /// (14496-12 §8.7.5), so no real file has this. A track whose sample table cannot be read is
    /// copied as it is; the offsets of its chunks are checked as they are rewritten.
    private func refuseSamplesOverlapping(_ moov: Box) throws(ISOBMFFError) {
        for track in movie.tracks {
            guard let samples = try? movie.samples(of: track) else { continue }
            // `samples(of:)` keeps every sample inside the file, so the end cannot overflow.
            for (i, sample) in samples.enumerated()
            where sample.size > 0 && (sample.offset..<(sample.offset + sample.size)).overlaps(moov.range) {
                throw ISOBMFFError(
                    .malformed,
                    "track \(track.id) sample \(i + 1) (bytes \(sample.offset)..<\(sample.offset + sample.size)) overlaps "
                        + "moov (bytes \(moov.offset)..<\(moov.range.upperBound)); its bytes could not be kept when "
                        + "moov is rewritten", path: "moov", offset: sample.offset)
            }
        }
    }

    /// `box` with its header rewritten to hold `extra` more bytes, when it is an mdat whose size
    /// field can say so (a 32-bit size that stays below 4 GiB, a 64-bit size, or 0, "to the end of
    /// the file", which stays true); nil otherwise.
    private func grownMediaData(_ box: Box, by extra: Int) throws(ISOBMFFError) -> (box: Box, header: [UInt8])? {
        guard box.type == "mdat" else { return nil }
        var r = BigEndianReader(
            try source.bytes(in: box.offset..<(box.offset + min(box.size, 16))), path: box.path, baseOffset: box.offset)
        let size32 = try r.u32("the box size")
        var w = BoxWriter()
        switch size32 {
        case 0:
            w.u32(0)
            w.fourCC("mdat")
        case 1:
            w.u32(1)
            w.fourCC("mdat")
            w.u64(UInt64(box.size + extra))
        default:
            guard box.size + extra <= Int(UInt32.max) else { return nil }
            w.u32(UInt32(box.size + extra))
            w.fourCC("mdat")
        }
        return (box, w.bytes)
    }

    // MARK: - moov

    private func buildMovieBox(
        tracks: [NewTrack], ids: [UInt32], shift: Int, dataStart: Int, quickTime: Bool
    ) throws(ISOBMFFError) -> [UInt8] {
        let bytes = movie.movieBytes
        let moov = movie.movieBox
        let lastTrak = moov.children.lastIndex { $0.type == "trak" } ?? (moov.children.count - 1)
        var nextData = UInt64(dataStart)
        var w = BoxWriter()
        let oldStart = movie.movieOffset
        let oldEnd = movie.movieOffset + movie.movieBytes.count
        try w.box("moov") { (w: inout BoxWriter) throws(ISOBMFFError) in
            for (index, child) in moov.children.enumerated() {
                switch child.type {
                case "mvhd":
                    // The movie lasts as long as its longest track (§8.2.2.3): a caption track may
                    // run past the video.
                    let longest =
                        zip(tracks, ids).map { track, id in
                            TrackBoxBuilder(
                                track: track, trackID: id, movieHeader: movie.header, quickTimeHandlers: quickTime
                            ).movieDuration
                        }.max() ?? 0
                    w.append(
                        try patchedMovieHeader(
                            child, nextTrackID: nextTrackID(after: ids), duration: max(longest, movie.header.duration)))
                case "trak":
                    let id = movie.tracks.first { $0.box.offset == child.offset }?.id
                    let addedReferences = Dictionary(
                        grouping: zip(ids, tracks).compactMap { pair -> (FourCC, UInt32)? in
                            guard let id, let type = pair.1.referencesFromExisting[id] else { return nil }
                            return (type, pair.0)
                        }, by: { $0.0 }
                    ).mapValues { $0.map(\.1) }
                    try rewrite(
                        child, in: bytes, into: &w, shift: shift, oldStart: oldStart, oldEnd: oldEnd,
                        addedReferences: addedReferences)
                default:
                    Self.copy(child, from: bytes, into: &w)
                }
                if index == lastTrak {
                    for (track, id) in zip(tracks, ids) {
                        let builder = TrackBoxBuilder(
                            track: track, trackID: id, movieHeader: movie.header, quickTimeHandlers: quickTime)
                        w.append(try builder.build(chunkOffset: nextData))
                        nextData += UInt64(track.payloadSize)
                    }
                }
            }
        }
        guard w.bytes.count <= Int(UInt32.max) else { throw ISOBMFFError(.limit, "the new moov is too large") }
        return w.bytes
    }

    /// Copies `box`, recursing into containers on the way to `stco`/`co64`, whose offsets move
    /// by `shift` when they point past the old `moov`, and adding `tref` entries.
    private func rewrite(
        _ box: Box, in bytes: [UInt8], into w: inout BoxWriter, shift: Int, oldStart: Int, oldEnd: Int,
        addedReferences: [FourCC: [UInt32]]
    ) throws(ISOBMFFError) {
        switch box.type {
        case "stco", "co64":
            var r = BigEndianReader(bytes, box: box, baseOffset: oldStart)
            try r.skip(4, "the version and flags")
            let wide = box.type == "co64"
            let count = try r.entryCount(entrySize: wide ? 8 : 4, "the chunk offset count")
            var offsets: [UInt64] = []
            offsets.reserveCapacity(count)
            for _ in 0..<count {
                let old = wide ? try r.u64("a chunk offset") : UInt64(try r.u32("a chunk offset"))
                if old >= UInt64(oldStart) && old < UInt64(oldEnd) {
                    throw ISOBMFFError(
                        .malformed, "a chunk offset (\(old)) points inside moov", path: box.path)
                }
                if shift != 0 && old >= UInt64(oldEnd) {
                    guard old <= UInt64(Int64.max - Int64(Int32.max)) else {
                        throw ISOBMFFError(.malformed, "a chunk offset (\(old)) is beyond any file", path: box.path)
                    }
                    let moved = Int64(old) + Int64(shift)
                    guard moved >= 0 else {
                        throw ISOBMFFError(.malformed, "a chunk offset moves below 0", path: box.path)
                    }
                    offsets.append(UInt64(moved))
                } else {
                    offsets.append(old)
                }
            }
            let needsWide = offsets.contains { $0 > UInt64(UInt32.max) }
            try w.fullBox(needsWide || wide ? "co64" : "stco") { (w: inout BoxWriter) in
                w.u32(UInt32(offsets.count))
                for o in offsets { if needsWide || wide { w.u64(o) } else { w.u32(UInt32(o)) } }
            }
        case "trak", "mdia", "minf", "stbl":
            try w.box(box.type) { (w: inout BoxWriter) throws(ISOBMFFError) in
                var wroteReferences = addedReferences.isEmpty
                for child in box.children {
                    if child.type == "tref", !wroteReferences {
                        try mergedReferences(child, bytes, addedReferences, into: &w)
                        wroteReferences = true
                    } else {
                        try rewrite(
                            child, in: bytes, into: &w, shift: shift, oldStart: oldStart, oldEnd: oldEnd,
                            addedReferences: [:])
                    }
                    if child.type == "tkhd", box.type == "trak", !wroteReferences,
                        !box.children.contains(where: { $0.type == "tref" })
                    {
                        try mergedReferences(nil, bytes, addedReferences, into: &w)
                        wroteReferences = true
                    }
                }
            }
        default:
            Self.copy(box, from: bytes, into: &w)
        }
    }

    /// Copies `box`; a size field of 0 ("to the end of the parent", which the reader accepts
    /// inside containers as FFmpeg does) becomes the box's real size, since boxes may now follow
    /// it (a new `trak`, a `tref`). Found by the `isobmff` fuzz target
    /// (Fixtures/fuzz/isobmff/moov-child-of-size-zero.mp4).
    static func copy(_ box: Box, from bytes: [UInt8], into w: inout BoxWriter) {
        let o = box.offset
        guard bytes[o..<(o + 4)].allSatisfy({ $0 == 0 }), box.size <= Int(UInt32.max) else {
            w.append(bytes[box.range])
            return
        }
        w.u32(UInt32(box.size))
        w.append(bytes[(o + 4)..<box.range.upperBound])
    }

    private func mergedReferences(
        _ tref: Box?, _ bytes: [UInt8], _ added: [FourCC: [UInt32]], into w: inout BoxWriter
    ) throws(ISOBMFFError) {
        try w.box("tref") { (w: inout BoxWriter) throws(ISOBMFFError) in
            var pending = added
            for child in tref?.children ?? [] {
                if let extra = pending.removeValue(forKey: child.type) {
                    try w.box(child.type) { (w: inout BoxWriter) in
                        w.append(bytes[child.payloadRange])
                        extra.forEach { w.u32($0) }
                    }
                } else {
                    w.append(bytes[child.range])
                }
            }
            for (type, ids) in pending.sorted(by: { $0.key < $1.key }) {
                try w.box(type) { (w: inout BoxWriter) in ids.forEach { w.u32($0) } }
            }
        }
    }

    private func patchedMovieHeader(_ mvhd: Box, nextTrackID: UInt32, duration: UInt64) throws(ISOBMFFError)
        -> [UInt8]
    {
        var bytes = Array(movie.movieBytes[mvhd.range])
        guard bytes.count >= 12 else { throw ISOBMFFError(.truncated, "mvhd is too short", path: mvhd.path) }
        // A size of 0 ("to the end of moov") becomes the real size, since the new trak follows.
        if bytes[0..<4].allSatisfy({ $0 == 0 }), mvhd.size <= Int(UInt32.max) {
            for i in 0..<4 { bytes[i] = UInt8(truncatingIfNeeded: mvhd.size >> (24 - 8 * i)) }
        }
        // Fields count from the end of the header (8 bytes, 16 with a 64-bit size).
        let h = mvhd.headerSize
        let version = bytes.count > h ? bytes[h] : 0
        if duration > movie.header.duration {
            // The duration follows the version and flags, two times and the timescale: 32 bits
            // at byte 16 of the body in version 0, 64 bits at byte 24 in version 1.
            if version == 1, bytes.count >= h + 32 {
                for i in 0..<8 { bytes[h + 24 + i] = UInt8(truncatingIfNeeded: duration >> (56 - 8 * UInt64(i))) }
            } else if version == 0, bytes.count >= h + 20, duration <= UInt64(UInt32.max) {
                for i in 0..<4 { bytes[h + 16 + i] = UInt8(truncatingIfNeeded: duration >> (24 - 8 * UInt64(i))) }
            }
        }
        // next_track_ID follows the 76 bytes of rate, volume, reserved, matrix and pre_defined
        // (§8.2.2.2): byte 96 of a version 0 body, 108 of a version 1 body; a box longer than
        // its fields keeps the rest as it is.
        let p = h + (version == 1 ? 108 : 96)
        guard bytes.count >= p + 4 else { throw ISOBMFFError(.truncated, "mvhd is too short", path: mvhd.path) }
        bytes[p] = UInt8(nextTrackID >> 24)
        bytes[p + 1] = UInt8((nextTrackID >> 16) & 0xFF)
        bytes[p + 2] = UInt8((nextTrackID >> 8) & 0xFF)
        bytes[p + 3] = UInt8(nextTrackID & 0xFF)
        return bytes
    }

    /// QuickTime-style handlers when the movie's own tracks use them (a component type of `mhlr`
    /// in `hdlr`), as QuickTime and GoPro files do.
    private func quickTimeStyleHandlers() -> Bool {
        guard let hdlr = movie.tracks.first?.box.descendant("mdia", "hdlr"), hdlr.payloadRange.count >= 8 else {
            return false
        }
        let p = hdlr.payloadRange.lowerBound + 4
        return movie.movieBytes[p..<(p + 4)].elementsEqual(FourCC(stringLiteral: "mhlr").bytes)
    }

    // MARK: - Data

    private func mdatBoxHeader(payload: Int, headerSize: Int) -> [UInt8] {
        var w = BoxWriter()
        if headerSize == 8 {
            w.u32(UInt32(payload + 8))
            w.fourCC("mdat")
        } else {
            w.u32(1)
            w.fourCC("mdat")
            w.u64(UInt64(payload + 16))
        }
        return w.bytes
    }

    private func writeSamples(_ tracks: [NewTrack], _ write: ([UInt8]) throws(ISOBMFFError) -> Void)
        throws(ISOBMFFError)
    {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        for track in tracks {
            for sample in track.samples {
                buffer += sample.data
                if buffer.count >= 1 << 20 {
                    try write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        }
        if !buffer.isEmpty { try write(buffer) }
    }

    private func copy(_ range: Range<Int>, _ write: ([UInt8]) throws(ISOBMFFError) -> Void) throws(ISOBMFFError) {
        var start = range.lowerBound
        let piece = 4 << 20
        while start < range.upperBound {
            let end = min(range.upperBound, start + piece)
            try write(try source.bytes(in: start..<end))
            start = end
        }
    }

    /// Copies the boxes after `moov`; a last box whose size field is 0 ("to the end of the
    /// file", §4.2) gets its real size, since the new `mdat` follows it.
    private func copyAfterMovie(from start: Int, _ write: ([UInt8]) throws(ISOBMFFError) -> Void) throws(ISOBMFFError) {
        guard let last = movie.topLevelBoxes.last, last.offset >= start else {
            try copy(start..<movie.fileSize, write)
            return
        }
        let head = try source.bytes(in: last.offset..<(last.offset + 4))
        guard head == [0, 0, 0, 0] else {
            try copy(start..<movie.fileSize, write)
            return
        }
        guard last.size <= Int(UInt32.max) else {
            throw ISOBMFFError(
                .unsupported, "the last box runs to the end of the file (size 0) and is over 4 GiB",
                path: last.path, offset: last.offset)
        }
        try copy(start..<last.offset, write)
        var w = BoxWriter()
        w.u32(UInt32(last.size))
        try write(w.bytes)
        try copy((last.offset + 4)..<movie.fileSize, write)
    }
}
