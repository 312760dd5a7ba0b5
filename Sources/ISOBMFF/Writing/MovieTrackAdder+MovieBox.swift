// The new moov: the old one's boxes copied, chunk offsets moved (ISO/IEC 14496-12 §8.7.5), tref entries and
// the new trak boxes added, mvhd's duration and next_track_ID patched (§8.2.2).

extension MovieTrackAdder {
    /// `fragmented`: the new tracks' samples go into movie fragments (§8.8): their `trak` boxes
    /// have empty sample tables, `mvex` gets a `trex` for each (§8.8.3) and a longer `mehd`
    /// when they last longer (§8.8.2), and `mvhd`'s duration (that of `moov`'s samples) stays.
    func buildMovieBox(
        tracks: [NewTrack], ids: [UInt32], shift: Int, dataStart: Int, quickTime: Bool, fragmented: Bool = false
    ) throws(ISOBMFFError) -> [UInt8] {
        let bytes = movie.movieBytes
        let moov = movie.movieBox
        let lastTrak = moov.children.lastIndex { $0.type == "trak" } ?? (moov.children.count - 1)
        var nextData = UInt64(dataStart)
        var w = BoxWriter()
        let oldStart = movie.movieOffset
        let oldEnd = movie.movieOffset + movie.movieBytes.count
        // The longest new track, in the movie's timescale.
        let longest =
            zip(tracks, ids).map { track, id in
                TrackBoxBuilder(track: track, trackID: id, movieHeader: movie.header, quickTimeHandlers: quickTime)
                    .movieDuration
            }.max() ?? 0
        try w.box("moov") { (w: inout BoxWriter) throws(ISOBMFFError) in
            for (index, child) in moov.children.enumerated() {
                switch child.type {
                case "mvhd":
                    // The movie lasts as long as its longest track (§8.2.2.3): a caption track may
                    // run past the video.
                    let duration = fragmented ? movie.header.duration : max(longest, movie.header.duration)
                    w.append(try patchedMovieHeader(child, nextTrackID: nextTrackID(after: ids), duration: duration))
                case "mvex" where fragmented:
                    try extendedMovieExtends(child, in: bytes, ids: ids, duration: longest, into: &w)
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
                case "udta" where dropsLocationTags, "meta" where dropsLocationTags:
                    try writeWithoutLocationTags(child, into: &w)
                default:
                    Self.copy(child, from: bytes, into: &w)
                }
                if index == lastTrak {
                    for (track, id) in zip(tracks, ids) {
                        var builder = TrackBoxBuilder(
                            track: track, trackID: id, movieHeader: movie.header, quickTimeHandlers: quickTime)
                        builder.fragmented = fragmented
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

    /// `mvex` with a `trex` for each new track (§8.8.3: sample description 1, the other defaults 0,
    /// every fragment giving its own durations and sizes; flags 0: sync samples) after its own
    /// boxes, and `mehd`'s fragment_duration (§8.8.2, the whole movie's, in the movie timescale)
    /// raised to `duration` when the new tracks last longer.
    private func extendedMovieExtends(
        _ mvex: Box, in bytes: [UInt8], ids: [UInt32], duration: UInt64, into w: inout BoxWriter
    ) throws(ISOBMFFError) {
        try w.box("mvex") { (w: inout BoxWriter) throws(ISOBMFFError) in
            for child in mvex.children {
                guard child.type == "mehd" else {
                    Self.copy(child, from: bytes, into: &w)
                    continue
                }
                var r = BigEndianReader(bytes, box: child, baseOffset: movie.movieOffset)
                let version = try r.u8("the version")
                try r.skip(3, "the flags")
                let old = version == 1 ? try r.u64("fragment_duration") : UInt64(try r.u32("fragment_duration"))
                guard duration > old else {
                    Self.copy(child, from: bytes, into: &w)
                    continue
                }
                let wide = version == 1 || duration > UInt64(UInt32.max)
                try w.fullBox("mehd", version: wide ? 1 : 0) { (w: inout BoxWriter) in
                    if wide { w.u64(duration) } else { w.u32(UInt32(duration)) }
                }
            }
            for id in ids {
                try w.fullBox("trex") { (w: inout BoxWriter) in
                    w.u32(id)
                    w.u32(1)
                    w.zeros(12)
                }
            }
        }
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
    func quickTimeStyleHandlers() -> Bool {
        guard let hdlr = movie.tracks.first?.box.descendant("mdia", "hdlr"), hdlr.payloadRange.count >= 8 else {
            return false
        }
        let p = hdlr.payloadRange.lowerBound + 4
        return movie.movieBytes[p..<(p + 4)].elementsEqual(FourCC(stringLiteral: "mhlr").bytes)
    }
}
