import ISOBMFF

/// Seeds with movie fragments and encryption boxes for the `isobmff` target (ISO/IEC 14496-12
/// §8.8, ISO/IEC 23001-7), made from the cut-down movies of ``MediaSeeds`` and from
/// shaka-player's streaming fixture. Nothing made here is kept in the repository.
enum FragmentedSeeds {
    /// Every `isobmff` seed a file gives: the cut-down movies, each also with its samples again
    /// in fragments (and once with its video encrypted: `encv`, `senc`, `saiz`/`saio`, `seig`);
    /// for the streaming fixtures, the initialization segment with its first fragment, and a
    /// media segment's first fragment alone; the moov-last movie, its fragmented copy and the
    /// streaming movie also with subtitle tracks (``MovieCaptionSeeds``).
    @Sendable static func movies(path: String, bytes: [UInt8]) -> [[UInt8]] {
        if path.contains("/streaming/") { return streaming(path: path, bytes: bytes) }
        let cut = MediaSeeds.movies(path: path, bytes: bytes)
        guard let last = cut.first else { return cut }
        let fragments = fragmented(last, encrypted: false)
        return cut
            + [fragments, fragmented(last, encrypted: true)].compactMap { $0 }
            + [last, fragments].compactMap { $0.flatMap(MovieCaptionSeeds.withSubtitleTracks) }
    }

    /// shaka-player's init segment with the first `moof` and `mdat` of its media segment (read
    /// beside it), and that fragment alone (a media segment without its init).
    static func streaming(path: String, bytes: [UInt8]) -> [[UInt8]] {
        guard path.hasSuffix("-segment.mp4"), let first = firstFragment(bytes) else { return [] }
        let initPath = String(path.dropLast("-segment.mp4".count)) + "-init.mp4"
        guard let initialization = try? FileByteSource(path: initPath),
            let head = try? initialization.bytes(in: 0..<initialization.count)
        else { return [first] }
        return [head + first, first] + [MovieCaptionSeeds.withSubtitleTracks(head + first)].compactMap { $0 }
    }

    /// The first `moof` and the boxes after it up to the next `moof`.
    static func firstFragment(_ bytes: [UInt8]) -> [UInt8]? {
        var p = 0
        var start: Int?
        while p + 8 <= bytes.count {
            let size = Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            guard size >= 8 else { return nil }
            let type = FourCC(
                rawValue: UInt32(bytes[p + 4]) << 24 | UInt32(bytes[p + 5]) << 16 | UInt32(bytes[p + 6]) << 8
                    | UInt32(bytes[p + 7]))
            if type == "moof" {
                if let start { return Array(bytes[start..<p]) }
                start = p
            }
            p += size
        }
        return start.map { Array(bytes[$0..<min(p, bytes.count)]) }
    }

    /// `movie` (`moov` last, so nothing moves when it grows) with `mvex` in `moov` and each
    /// sample of each track again in a fragment of its own index: `tfdt` after the track's
    /// `moov` samples, default-base-is-moof, per-sample durations, sizes and composition offsets.
    /// With `encrypted`, the video entry becomes `encv` (`frma`, `schm cenc`, `tenc`) and its
    /// fragments carry `senc` (a clear NAL header, the rest protected), `saiz`/`saio` pointing
    /// at the same data, and a `seig` group.
    static func fragmented(_ bytes: [UInt8], encrypted: Bool) -> [UInt8]? {
        guard let movie = try? Movie.read(MemoryByteSource(bytes)), movie.topLevelBoxes.last?.type == "moov"
        else { return nil }
        let tracks = movie.tracks.compactMap { t in (try? movie.samples(of: t)).map { (t, $0) } }
        guard !tracks.isEmpty else { return nil }
        let video = encrypted ? movie.tracks.first { $0.handlerType == "vide" } : nil
        if encrypted && video == nil { return nil }
        var moov = movie.movieBytes
        do {
            if let video, let stsd = video.box.descendant("mdia", "minf", "stbl", "stsd") {
                let entry = stsd.payloadRange.lowerBound + 8
                guard entry + 8 <= moov.count else { return nil }
                let size =
                    Int(moov[entry]) << 24 | Int(moov[entry + 1]) << 16 | Int(moov[entry + 2]) << 8
                    | Int(moov[entry + 3])
                let original = Array(moov[(entry + 4)..<(entry + 8)])
                moov.replaceSubrange((entry + 4)..<(entry + 8), with: Array("encv".utf8))
                var w = BoxWriter()
                try w.box("sinf") { (w: inout BoxWriter) throws(ISOBMFFError) in
                    try w.box("frma") { (w: inout BoxWriter) in w.append(original) }
                    try w.fullBox("schm") { (w: inout BoxWriter) in
                        w.fourCC("cenc")
                        w.u32(0x0001_0000)
                    }
                    try w.box("schi") { (w: inout BoxWriter) throws(ISOBMFFError) in
                        try w.fullBox("tenc") { (w: inout BoxWriter) in
                            w.append([0, 0, 1, 8])
                            w.append(Array(0x10...0x1F))
                        }
                    }
                }
                // Every box from moov down to the entry grows by the sinf put at the entry's end.
                let mdia = video.box.child("mdia")
                let minf = mdia?.child("minf")
                let ancestors = [movie.movieBox, video.box, mdia, minf, minf?.child("stbl"), stsd].compactMap { $0 }
                guard ancestors.count == 6 else { return nil }
                moov.insert(contentsOf: w.bytes, at: entry + size)
                for box in ancestors { grow(&moov, at: box.offset, by: w.bytes.count) }
                grow(&moov, at: entry, by: w.bytes.count)
            }
            var mvex = BoxWriter()
            try mvex.box("mvex") { (w: inout BoxWriter) throws(ISOBMFFError) in
                for (track, _) in tracks {
                    try w.fullBox("trex") { (w: inout BoxWriter) in for v in [track.id, 1, 0, 0, 0] { w.u32(v) } }
                }
            }
            moov += mvex.bytes
            grow(&moov, at: 0, by: mvex.bytes.count)
            var out = Array(bytes[0..<movie.movieOffset]) + moov
            let count = tracks.map(\.1.count).max() ?? 0
            for index in 0..<count {
                let parts = tracks.filter { index < $0.1.count }
                let size = try fragment(parts, index: index, video: video?.id, dataStart: 0, sequence: index + 1).count
                out += try fragment(parts, index: index, video: video?.id, dataStart: size + 8, sequence: index + 1)
                var mdat = BoxWriter()
                try mdat.box("mdat") { (w: inout BoxWriter) in
                    for (_, samples) in parts {
                        let s = samples[index]
                        w.append(bytes[s.offset..<(s.offset + s.size)])
                    }
                }
                out += mdat.bytes
            }
            return out
        } catch {
            return nil
        }
    }

    /// One `moof` with a `traf` per track in `parts` for sample `index`, its data at `dataStart`
    /// from the `moof` (one track's after the other's).
    static func fragment(
        _ parts: [(Track, [Sample])], index: Int, video: UInt32?, dataStart: Int, sequence: Int
    ) throws(ISOBMFFError) -> [UInt8] {
        var w = BoxWriter()
        try w.box("moof") { (w: inout BoxWriter) throws(ISOBMFFError) in
            try w.fullBox("mfhd") { (w: inout BoxWriter) in w.u32(UInt32(sequence)) }
            var offset = dataStart
            for (track, samples) in parts {
                let s = samples[index]
                let end = samples.last.map { $0.time + $0.duration } ?? 0
                try w.box("traf") { (w: inout BoxWriter) throws(ISOBMFFError) in
                    try w.fullBox("tfhd", flags: 0x2_0000) { (w: inout BoxWriter) in w.u32(track.id) }
                    try w.fullBox("tfdt", version: 1) { (w: inout BoxWriter) in w.u64(UInt64(max(0, end + s.time))) }
                    try w.fullBox("trun", version: 1, flags: 0xB01) { (w: inout BoxWriter) in
                        w.u32(1)
                        w.i32(Int32(offset))
                        w.u32(UInt32(clamping: s.duration))
                        w.u32(UInt32(s.size))
                        w.i32(Int32(clamping: s.compositionOffset))
                    }
                    if track.id == video {
                        let clear = min(s.size, 5)
                        try w.fullBox("senc", flags: 2) { (w: inout BoxWriter) in
                            w.u32(1)
                            w.append([1, 2, 3, 4, 5, 6, 7, UInt8(truncatingIfNeeded: index)])
                            w.u16(1)
                            w.u16(UInt16(clear))
                            w.u32(UInt32(s.size - clear))
                        }
                        try w.fullBox("saiz") { (w: inout BoxWriter) in
                            w.u8(16)
                            w.u32(1)
                        }
                        try w.fullBox("saio") { (w: inout BoxWriter) in
                            w.u32(1)
                            w.u32(0)  // not where the data is: the reader takes senc first
                        }
                        try w.fullBox("sbgp") { (w: inout BoxWriter) in
                            w.fourCC("seig")
                            w.u32(1)
                            w.u32(1)
                            w.u32(0x10001)
                        }
                        try w.fullBox("sgpd", version: 1) { (w: inout BoxWriter) in
                            w.fourCC("seig")
                            w.u32(20)
                            w.u32(1)
                            w.append([0, 0, 1, 8] + Array(0x20...0x2F))
                        }
                    }
                }
                offset += s.size
            }
        }
        return w.bytes
    }

    /// Adds `count` to the 32-bit size of the box at `offset`.
    static func grow(_ bytes: inout [UInt8], at offset: Int, by count: Int) {
        let size =
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
            | Int(bytes[offset + 3])
        let new = UInt32(truncatingIfNeeded: size + count)
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: new >> (24 - 8 * UInt32(i))) }
    }
}
