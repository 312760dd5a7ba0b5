/// Writes the `trak` box of a ``NewTrack`` (ISO/IEC 14496-12 §8.3–§8.7) with all its samples in
/// one chunk at `chunkOffset`.
struct TrackBoxBuilder {
    let track: NewTrack
    let trackID: UInt32
    let movieHeader: MovieHeader
    /// Whether the movie's handlers are written QuickTime-style (`mhlr` component type and a
    /// Pascal-string name), as GoPro and QuickTime files do; MP4 style otherwise.
    let quickTimeHandlers: Bool
    /// Whether the samples go into movie fragments (ISO/IEC 14496-12 §8.8): the sample tables
    /// are then empty (§8.8.1: a fragmented movie's `moov` may hold no samples), the durations 0
    /// (the track's duration is that of its fragments, §8.8.2) and there is no edit list: the
    /// first fragment's decode time (`tfdt`, §8.8.12) says when the first sample starts.
    var fragmented = false

    func build(chunkOffset: UInt64) throws(ISOBMFFError) -> [UInt8] {
        var w = BoxWriter()
        try w.box("trak") { (w: inout BoxWriter) throws(ISOBMFFError) in
            try trackHeader(&w)
            if !track.references.isEmpty {
                try w.box("tref") { (w: inout BoxWriter) throws(ISOBMFFError) in
                    for (type, ids) in track.references.sorted(by: { $0.key < $1.key }) {
                        try w.box(type) { (w: inout BoxWriter) in ids.forEach { w.u32($0) } }
                    }
                }
            }
            if !fragmented { try editList(&w) }
            try w.box("mdia") { (w: inout BoxWriter) throws(ISOBMFFError) in
                try mediaHeader(&w)
                if let tag = track.extendedLanguage, !tag.isEmpty {
                    try w.fullBox("elng") { (w: inout BoxWriter) in
                        w.append(tag.utf8.prefix(64))
                        w.u8(0)
                    }
                }
                try handler(&w, type: track.handlerType, name: track.handlerName, componentType: "mhlr")
                try w.box("minf") { (w: inout BoxWriter) throws(ISOBMFFError) in
                    switch track.mediaHeader {
                    case .null:
                        try w.fullBox("nmhd") { _ in }
                    case .subtitle:
                        try w.fullBox("sthd") { _ in }
                    case .generic(let extra):
                        try w.box("gmhd") { (w: inout BoxWriter) throws(ISOBMFFError) in
                            // gmin: graphics mode, opcolor, balance, reserved (QTFF "Base media
                            // info atom"), all zero as cameras write it.
                            try w.fullBox("gmin") { (w: inout BoxWriter) in w.zeros(12) }
                            w.append(extra)
                        }
                    }
                    try w.box("dinf") { (w: inout BoxWriter) throws(ISOBMFFError) in
                        try w.fullBox("dref") { (w: inout BoxWriter) throws(ISOBMFFError) in
                            w.u32(1)
                            // Flag 1: the data is in this file (§8.7.2).
                            try w.fullBox("url ", flags: 1) { _ in }
                        }
                    }
                    try sampleTable(&w, chunkOffset: chunkOffset)
                }
            }
        }
        return w.bytes
    }

    /// The track's duration in the movie timescale (its edit list's total).
    var movieDuration: UInt64 {
        // Rounded up, so the edit covers the last sample.
        let media = track.mediaDuration + track.startOffset
        let scale = UInt64(movieHeader.timescale)
        let t = UInt64(track.timescale)
        return (media * scale + t - 1) / t
    }

    private func trackHeader(_ w: inout BoxWriter) throws(ISOBMFFError) {
        let movieDuration = fragmented ? 0 : movieDuration
        let wide = movieDuration > UInt64(UInt32.max) || movieHeader.creationTime > UInt64(UInt32.max)
        try w.fullBox("tkhd", version: wide ? 1 : 0, flags: track.trackFlags) { (w: inout BoxWriter) in
            if wide {
                w.u64(movieHeader.creationTime)
                w.u64(movieHeader.modificationTime)
            } else {
                w.u32(UInt32(movieHeader.creationTime))
                w.u32(UInt32(movieHeader.modificationTime))
            }
            w.u32(trackID)
            w.u32(0)
            if wide { w.u64(movieDuration) } else { w.u32(UInt32(movieDuration)) }
            w.zeros(8)
            w.u16(0)  // layer
            w.i16(track.alternateGroup)
            w.u16(0)  // volume: not audio
            w.u16(0)
            for v: UInt32 in [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000] { w.u32(v) }
            w.u32(0)  // width
            w.u32(0)  // height
        }
    }

    private func editList(_ w: inout BoxWriter) throws(ISOBMFFError) {
        let scale = UInt64(movieHeader.timescale)
        let t = UInt64(track.timescale)
        let empty = (track.startOffset * scale + t / 2) / t
        let media = (track.mediaDuration * scale + t - 1) / t
        let wide = media > UInt64(UInt32.max) || empty > UInt64(UInt32.max)
        try w.box("edts") { (w: inout BoxWriter) throws(ISOBMFFError) in
            try w.fullBox("elst", version: wide ? 1 : 0) { (w: inout BoxWriter) in
                var entries: [(UInt64, Int64)] = []
                if empty > 0 { entries.append((empty, -1)) }
                entries.append((media, 0))
                w.u32(UInt32(entries.count))
                for (duration, time) in entries {
                    if wide {
                        w.u64(duration)
                        w.i64(time)
                    } else {
                        w.u32(UInt32(duration))
                        w.i32(Int32(time))
                    }
                    w.u32(0x0001_0000)  // media_rate 1.0
                }
            }
        }
    }

    private func mediaHeader(_ w: inout BoxWriter) throws(ISOBMFFError) {
        let duration = fragmented ? 0 : track.mediaDuration
        let wide = duration > UInt64(UInt32.max) || movieHeader.creationTime > UInt64(UInt32.max)
        try w.fullBox("mdhd", version: wide ? 1 : 0) { (w: inout BoxWriter) in
            if wide {
                w.u64(movieHeader.creationTime)
                w.u64(movieHeader.modificationTime)
                w.u32(track.timescale)
                w.u64(duration)
            } else {
                w.u32(UInt32(movieHeader.creationTime))
                w.u32(UInt32(movieHeader.modificationTime))
                w.u32(track.timescale)
                w.u32(UInt32(duration))
            }
            w.u16(Self.packedLanguage(track.language))
            w.u16(0)
        }
    }

    private func handler(_ w: inout BoxWriter, type: FourCC, name: String, componentType: FourCC) throws(ISOBMFFError) {
        try w.fullBox("hdlr") { (w: inout BoxWriter) in
            w.fourCC(quickTimeHandlers ? componentType : FourCC(rawValue: 0))
            w.fourCC(type)
            w.zeros(12)
            let bytes = Array(name.utf8.prefix(255))
            if quickTimeHandlers {
                w.u8(UInt8(bytes.count))
                w.append(bytes)
            } else {
                w.append(bytes)
                w.u8(0)
            }
        }
    }

    private func sampleTable(_ w: inout BoxWriter, chunkOffset: UInt64) throws(ISOBMFFError) {
        try w.box("stbl") { (w: inout BoxWriter) throws(ISOBMFFError) in
            try w.fullBox("stsd") { (w: inout BoxWriter) in
                w.u32(1)
                w.append(track.sampleEntry)
            }
            if fragmented {
                // No samples in moov: stts, stsc, stsz and stco with no entries (§8.8.1).
                for type: FourCC in ["stts", "stsc"] { try w.fullBox(type) { (w: inout BoxWriter) in w.u32(0) } }
                try w.fullBox("stsz") { (w: inout BoxWriter) in w.zeros(8) }
                try w.fullBox("stco") { (w: inout BoxWriter) in w.u32(0) }
                return
            }
            // stts: runs of equal durations.
            var runs: [(count: UInt32, delta: UInt32)] = []
            for s in track.samples {
                if let last = runs.last, last.delta == s.duration {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append((1, s.duration))
                }
            }
            try w.fullBox("stts") { (w: inout BoxWriter) in
                w.u32(UInt32(runs.count))
                for r in runs {
                    w.u32(r.count)
                    w.u32(r.delta)
                }
            }
            try w.fullBox("stsc") { (w: inout BoxWriter) in
                w.u32(1)
                w.u32(1)
                w.u32(UInt32(track.samples.count))
                w.u32(1)
            }
            let sizes = track.samples.map { UInt32($0.data.count) }
            try w.fullBox("stsz") { (w: inout BoxWriter) in
                if let first = sizes.first, sizes.allSatisfy({ $0 == first }) {
                    w.u32(first)
                    w.u32(UInt32(sizes.count))
                } else {
                    w.u32(0)
                    w.u32(UInt32(sizes.count))
                    sizes.forEach { w.u32($0) }
                }
            }
            if chunkOffset > UInt64(UInt32.max) {
                try w.fullBox("co64") { (w: inout BoxWriter) in
                    w.u32(1)
                    w.u64(chunkOffset)
                }
            } else {
                try w.fullBox("stco") { (w: inout BoxWriter) in
                    w.u32(1)
                    w.u32(UInt32(chunkOffset))
                }
            }
        }
    }

    /// ISO 639-2/T packed in 15 bits (§8.4.2.3); "und" for anything that is not three letters.
    static func packedLanguage(_ code: String) -> UInt16 {
        let letters = Array(code.lowercased().utf8)
        guard letters.count == 3, letters.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else {
            return packedLanguage("und")
        }
        return letters.reduce(0) { $0 << 5 | UInt16($1 - 0x60) }
    }
}
