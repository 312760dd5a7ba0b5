/// Reads a movie's top-level boxes, then `moov` and its tracks (ISO/IEC 14496-12 §8; QuickTime
/// File Format, "Movie atoms").
struct MovieReader {
    let source: ByteSource
    let limits: ISOBMFFLimits

    func read(readingFragments: Bool = true) throws(ISOBMFFError) -> Movie {
        var warnings: [ISOBMFFError] = []
        let (top, cutShort) = try topLevelBoxes(stoppingAtMovie: !readingFragments, warnings: &warnings)
        guard let moovHeader = top.first(where: { $0.type == "moov" }) else {
            if let moof = top.first(where: { $0.type == "moof" }) {
                // ISO/IEC 23009-1 §6.3 and CMAF: a media segment's fragments need the
                // initialization segment's moov to mean anything.
                throw ISOBMFFError(
                    .missing,
                    "a media segment: movie fragments (moof) but no moov, so nothing says what their tracks are. "
                        + "Its initialization segment (ftyp and moov) is missing: read it after the initialization "
                        + "segment (\(SegmentedByteSource.initializationWords))",
                    path: "moof", offset: moof.offset)
            }
            throw ISOBMFFError(.missing, "no moov box: not an MP4 or QuickTime movie, or not a complete one")
        }
        guard moovHeader.offset != cutShort else {
            throw ISOBMFFError(
                .truncated, "the file ends inside moov: it is cut short", path: "moov", offset: moovHeader.offset)
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
        var extends: [UInt32: TrackExtends] = [:]
        var fragmentDuration: UInt64?
        if let mvex = moov.child("mvex") {
            for trex in mvex.children("trex") {
                let t = try TrackExtends(trex: trex, in: bytes, baseOffset: moovHeader.offset)
                if extends[t.trackID] == nil { extends[t.trackID] = t }
            }
            if let mehd = mvex.child("mehd") {
                var (r, version) = try fullBoxReader(mehd, bytes, base: moovHeader.offset)
                fragmentDuration =
                    version == 1 ? try r.u64("fragment_duration") : UInt64(try r.u32("fragment_duration"))
            }
        }
        var tracks: [Track] = []
        for trak in moov.children("trak") {
            var t = try track(trak, bytes, base: moovHeader.offset, warnings: &warnings)
            t.fragmentDefaults = extends[t.id]
            tracks.append(t)
        }
        if let hidden = Self.hiddenTrackBox(in: moov, bytes) {
            warnings.append(
                ISOBMFFError(
                    .malformed,
                    "the bytes of \(hidden.box.path) hold a trak box: a damaged size hides "
                        + (tracks.isEmpty ? "the movie's tracks" : "a track") + ", which is not read",
                    path: hidden.box.path, offset: moovHeader.offset + hidden.offset))
        }
        var movie = Movie(
            fileSize: source.count, topLevelBoxes: top, movieOffset: moovHeader.offset, movieBytes: bytes,
            movieBox: moov, header: header, tracks: tracks,
            quickTimeCreationDate: QuickTimeMetadataKeys.creationDate(in: moov, bytes),
            fragmentDuration: fragmentDuration,
            warnings: warnings, source: source, limits: limits, cutShortBox: cutShort)
        if readingFragments && !movie.fragments.isEmpty {
            var counts: [UInt32: Int] = [:]
            movie.warnings += try movie.fragmentReader().read(keepingSamples: false) {
                counts[$0.trackID, default: 0] += $0.sampleCount
            }
            for i in movie.tracks.indices { movie.tracks[i].fragmentSampleCount = counts[movie.tracks[i].id] ?? 0 }
        }
        return movie
    }

    /// A `trak` box header (a plausible size, the type) inside another child box of `moov` (a
    /// box whose size swallowed the tracks after it, as in
    /// Fixtures/fuzz/isobmff/added-track-lost.mp4), when there is one.
    static func hiddenTrackBox(in moov: Box, _ bytes: [UInt8]) -> (box: Box, offset: Int)? {
        let code = FourCC(stringLiteral: "trak").bytes
        for child in moov.children where child.type != "trak" && child.payloadRange.count >= 8 {
            var p = child.payloadRange.lowerBound
            while p + 8 <= child.range.upperBound {
                if bytes[p + 4] == code[0] && bytes[p + 5] == code[1] && bytes[p + 6] == code[2]
                    && bytes[p + 7] == code[3]
                {
                    let size =
                        Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
                    if size >= 8 && size <= child.range.upperBound - p { return (child, p) }
                }
                p += 1
            }
        }
        return nil
    }

    /// The top-level boxes, reading only their headers (with `stoppingAtMovie`, those up to
    /// `moov`). A last box that the end of the file cuts short (a download stopped early) is
    /// kept to the end of the file with a warning; its offset is returned.
    private func topLevelBoxes(stoppingAtMovie: Bool = false, warnings: inout [ISOBMFFError]) throws(ISOBMFFError)
        -> ([Box], cutShort: Int?)
    {
        var boxes: [Box] = []
        var offset = 0
        let size = source.count
        var cutShort: Int?
        var moofs = 0
        let segments = source as? SegmentedByteSource
        // A fragment's `moof` is a few hundred bytes to a few KB, its `mdat` header right after:
        // headers are read 4 KiB at a time, which often holds the next one.
        var reads = ReadAheadBuffer(source: source)
        while offset < size {
            guard boxes.count < limits.maximumTopLevelBoxes else {
                throw ISOBMFFError(.limit, "more than \(limits.maximumTopLevelBoxes) top-level boxes", offset: offset)
            }
            if size - offset < 8 {
                throw ISOBMFFError(
                    .truncated, "the file ends with \(size - offset) bytes where a box header should be", offset: offset
                )
            }
            let head = try reads.bytes(in: offset..<min(size, offset + 16), readingTo: offset + 4096)
            var h = try BoxParser.header(
                in: head, at: head.startIndex, room: size - offset, path: "", fileOffset: offset,
                allowingCutShort: true)
            if h.type == "moof" { moofs += 1 }
            if h.size > size - offset {
                let name = h.type == "moof" ? "moof[\(moofs)]" : h.type.description
                warnings.append(
                    ISOBMFFError(
                        .truncated,
                        "the box says \(h.size) bytes but the file ends \(size - offset) bytes into it: the file is cut short "
                            + "(an interrupted download?); what it holds whole is read",
                        path: name, offset: offset))
                h.size = size - offset
                cutShort = offset
            }
            if let segments, let file = segments.file(containing: offset), h.size > file.range.upperBound - offset {
                throw segments.located(
                    ISOBMFFError(
                        .truncated,
                        "\(h.type) says \(h.size) bytes, more than are left in its file: each segment must hold whole "
                            + "boxes (is this segment cut short, or are the files out of order?)",
                        path: h.type.description, offset: offset))
            }
            boxes.append(
                Box(
                    type: h.type, offset: offset, size: h.size, headerSize: h.headerSize,
                    boxPath: BoxPath(parent: "", type: h.type, ordinal: 0), children: []))
            offset += h.size
            if stoppingAtMovie && h.type == "moov" { break }
        }
        return (boxes, cutShort)
    }

    private func fullBoxReader(_ box: Box, _ bytes: [UInt8], base: Int) throws(ISOBMFFError) -> (BigEndianReader, UInt8)
    {
        var r = BigEndianReader(bytes, box: box, baseOffset: base)
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

    private func track(_ trak: Box, _ bytes: [UInt8], base: Int, warnings: inout [ISOBMFFError]) throws(ISOBMFFError)
        -> Track
    {
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
            var s = BigEndianReader(bytes, box: stsd, baseOffset: base)
            do throws(ISOBMFFError) {
                try s.skip(4, "the version and flags")
                let count = try s.u32("the stsd entry count")
                let boxes = try BoxParser(limits: limits, baseOffset: base).boxes(
                    in: bytes, range: s.position..<stsd.range.upperBound, parentPath: stsd.path, depth: 7)
                for b in boxes.prefix(Int(count)) {
                    entries.append(SampleEntry(format: b.type, bytes: Array(bytes[b.range]), path: b.path))
                }
            } catch {
                var note = error
                note.message = "the sample description cannot be read (\(error.message)); the track has no sample entry"
                warnings.append(note)
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
            var t = BigEndianReader(bytes, box: ref, baseOffset: base)
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
