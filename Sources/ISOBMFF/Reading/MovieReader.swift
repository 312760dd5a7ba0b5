/// Reads a movie's top-level boxes, then `moov` and its tracks (ISO/IEC 14496-12 §8; QuickTime
/// File Format, "Movie atoms").
struct MovieReader {
    let source: ByteSource
    let limits: ISOBMFFLimits

    func read() throws(ISOBMFFError) -> Movie {
        let top = try topLevelBoxes()
        guard let moovHeader = top.first(where: { $0.type == "moov" }) else {
            if top.contains(where: { $0.type == "moof" }) {
                throw ISOBMFFError(.unsupported, "fragmented movies (moof without moov) are not supported")
            }
            throw ISOBMFFError(.missing, "no moov box: not an MP4 or QuickTime movie, or not a complete one")
        }
        guard moovHeader.size <= limits.maximumMovieHeaderBytes else {
            throw ISOBMFFError(
                .limit, "moov is \(moovHeader.size) bytes, more than the \(limits.maximumMovieHeaderBytes) allowed",
                path: "moov", offset: moovHeader.offset)
        }
        let bytes = try source.bytes(in: moovHeader.range)
        let parser = BoxParser(limits: limits, baseOffset: moovHeader.offset)
        let children = try parser.boxes(
            in: bytes, range: moovHeader.headerSize..<bytes.count, parentPath: "moov", depth: 1)
        let moov = Box(
            type: "moov", offset: 0, size: bytes.count, headerSize: moovHeader.headerSize, path: "moov",
            children: children)
        guard let mvhd = moov.child("mvhd") else { throw ISOBMFFError(.missing, "no mvhd box", path: "moov") }
        let header = try movieHeader(mvhd, bytes, base: moovHeader.offset)
        var tracks: [Track] = []
        for trak in moov.children("trak") {
            tracks.append(try track(trak, bytes, base: moovHeader.offset))
        }
        return Movie(
            fileSize: source.count, topLevelBoxes: top, movieOffset: moovHeader.offset, movieBytes: bytes,
            movieBox: moov, header: header, tracks: tracks,
            quickTimeCreationDate: QuickTimeMetadataKeys.creationDate(in: moov, bytes))
    }

    /// The top-level boxes, reading only their headers.
    private func topLevelBoxes() throws(ISOBMFFError) -> [Box] {
        var boxes: [Box] = []
        var offset = 0
        let size = source.count
        while offset < size {
            guard boxes.count < limits.maximumTopLevelBoxes else {
                throw ISOBMFFError(.limit, "more than \(limits.maximumTopLevelBoxes) top-level boxes", offset: offset)
            }
            if size - offset < 8 {
                throw ISOBMFFError(
                    .truncated, "the file ends with \(size - offset) bytes where a box header should be", offset: offset
                )
            }
            let h = try BoxParser.header(
                at: offset, limit: size, read: { r throws(ISOBMFFError) in try source.bytes(in: r) }, path: "",
                baseOffset: 0)
            boxes.append(
                Box(
                    type: h.type, offset: offset, size: h.size, headerSize: h.headerSize, path: h.type.description,
                    children: []))
            offset += h.size
        }
        return boxes
    }

    private func fullBoxReader(_ box: Box, _ bytes: [UInt8], base: Int) throws(ISOBMFFError) -> (BigEndianReader, UInt8)
    {
        var r = BigEndianReader(bytes, range: box.payloadRange, path: box.path, baseOffset: base)
        let version = try r.u8("the version")
        try r.skip(3, "the flags")
        return (r, version)
    }

    private func movieHeader(_ box: Box, _ bytes: [UInt8], base: Int) throws(ISOBMFFError) -> MovieHeader {
        var (r, version) = try fullBoxReader(box, bytes, base: base)
        let creation: UInt64
        let modification: UInt64
        let timescale: UInt32
        let duration: UInt64
        if version == 1 {
            creation = try r.u64("the creation time")
            modification = try r.u64("the modification time")
            timescale = try r.u32("the timescale")
            duration = try r.u64("the duration")
        } else {
            creation = UInt64(try r.u32("the creation time"))
            modification = UInt64(try r.u32("the modification time"))
            timescale = try r.u32("the timescale")
            duration = UInt64(try r.u32("the duration"))
        }
        guard timescale > 0 else { throw ISOBMFFError(.malformed, "the movie timescale is 0", path: box.path) }
        // rate 4, volume 2, reserved 10, matrix 36, pre_defined 24.
        try r.skip(76, "the rate, volume, matrix and reserved fields")
        let next = try r.u32("next_track_ID")
        return MovieHeader(
            creationTime: creation, modificationTime: modification, timescale: timescale, duration: duration,
            nextTrackID: next)
    }

    private func track(_ trak: Box, _ bytes: [UInt8], base: Int) throws(ISOBMFFError) -> Track {
        guard let tkhd = trak.child("tkhd") else { throw ISOBMFFError(.missing, "no tkhd box", path: trak.path) }
        var (r, version) = try fullBoxReader(tkhd, bytes, base: base)
        let p = tkhd.payloadRange.lowerBound
        let flags = UInt32(bytes[p + 1]) << 16 | UInt32(bytes[p + 2]) << 8 | UInt32(bytes[p + 3])
        try r.skip(version == 1 ? 16 : 8, "the creation and modification times")
        let id = try r.u32("track_ID")
        try r.skip(4, "a reserved field")
        try r.skip(version == 1 ? 8 : 4, "the duration")
        // reserved 8, layer 2, alternate_group 2, volume 2, reserved 2, matrix 36.
        try r.skip(10, "the reserved field and the layer")
        let alternateGroup = Int16(bitPattern: try r.u16("alternate_group"))
        try r.skip(40, "the volume and matrix")
        let width = Int(try r.u32("the width") >> 16)
        let height = Int(try r.u32("the height") >> 16)

        guard let mdia = trak.child("mdia") else { throw ISOBMFFError(.missing, "no mdia box", path: trak.path) }
        guard let mdhd = mdia.child("mdhd") else { throw ISOBMFFError(.missing, "no mdhd box", path: mdia.path) }
        var (m, mversion) = try fullBoxReader(mdhd, bytes, base: base)
        try m.skip(mversion == 1 ? 16 : 8, "the creation and modification times")
        let timescale = try m.u32("the timescale")
        guard timescale > 0 else { throw ISOBMFFError(.malformed, "the media timescale is 0", path: mdhd.path) }
        let duration = mversion == 1 ? try m.u64("the duration") : UInt64(try m.u32("the duration"))
        let language = Self.language(try m.u16("the language"))

        guard let hdlr = mdia.child("hdlr") else { throw ISOBMFFError(.missing, "no hdlr box", path: mdia.path) }
        var (h, _) = try fullBoxReader(hdlr, bytes, base: base)
        try h.skip(4, "pre_defined")
        let handler = try h.fourCC("the handler type")
        try h.skip(12, "reserved fields")
        let handlerName = Self.handlerName(try h.bytes(h.remaining))

        guard let stbl = mdia.descendant("minf", "stbl") else {
            throw ISOBMFFError(.missing, "no minf/stbl box", path: mdia.path)
        }
        let table = try SampleTable(stbl: stbl, bytes: bytes, baseOffset: base, limits: limits)
        var entries: [SampleEntry] = []
        if let stsd = stbl.child("stsd") {
            // A broken sample description (ffmpeg 5.1 writes an empty one when it copies a mebx
            // track) leaves the track without entries instead of making the movie unreadable;
            // the sample tables are still checked.
            var s = BigEndianReader(bytes, range: stsd.payloadRange, path: stsd.path, baseOffset: base)
            if (try? s.skip(4, "the version and flags")) != nil, let count = try? s.u32("the stsd entry count"),
                let boxes = try? BoxParser(limits: limits, baseOffset: base).boxes(
                    in: bytes, range: s.position..<stsd.range.upperBound, parentPath: stsd.path, depth: 7)
            {
                for b in boxes.prefix(Int(count)) {
                    entries.append(SampleEntry(format: b.type, bytes: Array(bytes[b.range]), path: b.path))
                }
            }
        } else {
            throw ISOBMFFError(.missing, "no stsd box", path: stbl.path)
        }

        var edits: [EditListEntry] = []
        if let elst = trak.descendant("edts", "elst") {
            var (e, eversion) = try fullBoxReader(elst, bytes, base: base)
            let count = try e.entryCount(entrySize: eversion == 1 ? 20 : 12, "the elst entry count")
            for _ in 0..<count {
                let duration = eversion == 1 ? try e.u64("a segment duration") : UInt64(try e.u32("a segment duration"))
                let media =
                    eversion == 1
                    ? Int64(bitPattern: try e.u64("a media time")) : Int64(Int32(bitPattern: try e.u32("a media time")))
                let rate = Int32(bitPattern: try e.u32("a media rate"))
                edits.append(EditListEntry(segmentDuration: duration, mediaTime: media, rate: rate))
            }
        }
        var references: [FourCC: [UInt32]] = [:]
        for ref in trak.child("tref")?.children ?? [] {
            var t = BigEndianReader(bytes, range: ref.payloadRange, path: ref.path, baseOffset: base)
            var ids: [UInt32] = []
            while t.remaining >= 4 { ids.append(try t.u32("a track ID")) }
            references[ref.type, default: []] += ids
        }
        var track = Track(
            id: id, handlerType: handler, handlerName: handlerName, timescale: timescale, duration: duration,
            language: language, width: width, height: height, sampleEntries: entries, edits: edits,
            references: references, sampleTable: table, box: trak)
        track.alternateGroup = alternateGroup
        track.flags = flags
        return track
    }

    /// ISO 639-2/T packed as three 5-bit letters offset by 0x60 (§8.4.2.3); QuickTime's
    /// Macintosh language codes (below 0x400) are not letters.
    static func language(_ packed: UInt16) -> String {
        guard packed >= 0x400, packed != 0x7FFF else { return "und" }
        let letters = [10, 5, 0].map { Unicode.Scalar(UInt8((packed >> UInt16($0)) & 0x1F) + 0x60) }
        return String(String.UnicodeScalarView(letters))
    }

    /// A handler name: a C string (ISO) or a Pascal string (QuickTime: a length byte first).
    static func handlerName(_ bytes: [UInt8]) -> String {
        if let first = bytes.first,
            Int(first) == bytes.count - 1 || (Int(first) < bytes.count && first > 0 && first < 0x20)
        {
            return String(decoding: bytes[1..<(1 + Int(first))], as: UTF8.self).trimmingNULs()
        }
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}

extension String {
    fileprivate func trimmingNULs() -> String {
        String(unicodeScalars.filter { $0 != "\u{0}" })
    }
}
