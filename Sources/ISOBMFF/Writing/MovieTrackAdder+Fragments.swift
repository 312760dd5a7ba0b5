// Tracks added to a fragmented movie (ISO/IEC 14496-12 §8.8; CMAF, ISO/IEC 23000-19 §7.3): the
// new tracks' samples go into movie fragments of their own, one after each existing fragment,
// and every absolute offset after moov is rewritten in place (same size) by how far its target
// moves. Specs/isobmff.md, "Adding tracks to a fragmented movie".

extension MovieTrackAdder {
    /// Top-level boxes that may follow `moov` and are copied as they are: media data, segment
    /// types (§8.16.2), event messages (23009-1 §5.10.3), producer reference times (§8.16.5) and
    /// free space (§8.1.2). `moof`, `sidx` and `mfra` are rewritten; anything else is refused.
    static let boxesCopiedBetweenFragments: Set<FourCC> = ["mdat", "styp", "emsg", "prft", "free", "skip"]

    /// Where the output's bytes come from: the input with `moov` grown by `growth` bytes and
    /// `insertions` (input offset, byte count) made, in input order; bytes at or after an
    /// insertion's offset move past it.
    struct FragmentLayout {
        let movieRange: Range<Int>
        var growth = 0
        var insertions: [(at: Int, count: Int)] = []

        /// Where input byte `x` (past `moov`, or before it) is in the output; an offset inside
        /// `moov` points at nothing that is kept.
        func moved(_ x: Int, path: String, offset: Int) throws(ISOBMFFError) -> Int {
            if x < movieRange.lowerBound { return x }
            guard x >= movieRange.upperBound else {
                throw ISOBMFFError(
                    .malformed, "an offset (\(x)) points inside moov (bytes \(movieRange)), which is rewritten",
                    path: path, offset: offset)
            }
            var inserted = 0
            for i in insertions where i.at <= x { inserted += i.count }
            return x + growth + inserted
        }
    }

    /// One fragment of the new tracks: at input offset `at`, for each new track with samples there,
    /// which of its samples and the decode time of the first.
    struct AddedFragment {
        var at: Int
        var parts: [(track: Int, samples: Range<Int>, decodeTime: UInt64)]
    }

    /// Writes the movie with `tracks` added as fragments (the caller has refused what
    /// ``refuseFragments()`` and the other refusals refuse).
    func writeFragmented(
        _ tracks: [NewTrack], ids: [UInt32], moovIndex: Int, quickTime: Bool,
        _ write: ([UInt8]) throws(ISOBMFFError) -> Void
    ) throws(ISOBMFFError) {
        let boxes = movie.topLevelBoxes
        let oldMoov = boxes[moovIndex]
        try refuseBoxesAroundFragments(moovIndex: moovIndex)
        let (points, orderedPoints) = fragmentPlaces(moovIndex: moovIndex)
        let endPoint: Int
        if let last = orderedPoints.last {
            endPoint = last
        } else if let mfra = boxes.last, mfra.type == "mfra", mfra.offset > oldMoov.offset {
            endPoint = mfra.offset
        } else {
            endPoint = movie.fileSize
        }
        let spans = try fragmentSpans(oldMoov: oldMoov, points: orderedPoints)
        let fragments = try addedFragments(tracks, spans: spans, points: points, end: endPoint)

        var layout = FragmentLayout(movieRange: oldMoov.range)
        for f in fragments {
            let size = try addedFragmentHeader(f, tracks: tracks, ids: ids, sequence: 0).count
            layout.insertions.append((f.at, size + payloadSize(of: f, tracks)))
        }
        try refuseMovieSamplesAfterFragments(before: orderedPoints.first)

        var moovSize = oldMoov.size
        var newMoov: [UInt8] = []
        for _ in 0..<6 {
            newMoov = try buildMovieBox(
                tracks: tracks, ids: ids, shift: moovSize - oldMoov.size, dataStart: 0, quickTime: quickTime,
                fragmented: true)
            if newMoov.count == moovSize { break }
            moovSize = newMoov.count
        }
        guard newMoov.count == moovSize else {
            throw ISOBMFFError(.malformed, "the new moov size does not settle", path: "moov")
        }
        layout.growth = moovSize - oldMoov.size

        try copy(0..<oldMoov.offset, write)
        try write(newMoov)
        // mfhd sequence numbers increase in file order (§8.8.5.3): every moof is renumbered.
        var sequence: UInt32 = 0
        var pending = fragments[...]
        func emit(at position: Int) throws(ISOBMFFError) {
            while let f = pending.first, f.at == position {
                sequence += 1
                try write(try addedFragmentHeader(f, tracks: tracks, ids: ids, sequence: sequence))
                try writeSamples(of: f, tracks, write)
                pending = pending.dropFirst()
            }
        }
        let moofCount = movie.fragments.count
        var moofNumber = 0
        for box in boxes[(moovIndex + 1)...] {
            try emit(at: box.offset)
            switch box.type {
            case "moof":
                sequence += 1
                moofNumber += 1
                let name = moofCount > 1 ? "moof[\(moofNumber)]" : "moof"
                try write(try rewrittenFragment(box, name: name, sequence: sequence, layout))
            case "sidx":
                try write(try rewrittenSegmentIndex(box, layout))
            case "mfra":
                try write(try rewrittenRandomAccess(box, layout))
            default:
                let head = try source.bytes(in: box.offset..<(box.offset + min(4, box.size)))
                if head == [0, 0, 0, 0], !pending.isEmpty {
                    // Size 0, "to the end of the file" (§4.2): no longer true once fragments follow.
                    guard box.size <= Int(UInt32.max) else {
                        throw ISOBMFFError(
                            .unsupported, "the last box runs to the end of the file (size 0) and is over 4 GiB",
                            path: box.path, offset: box.offset)
                    }
                    var w = BoxWriter()
                    w.u32(UInt32(box.size))
                    try write(w.bytes)
                    try copy((box.offset + 4)..<box.range.upperBound, write)
                } else {
                    try copy(box.range, write)
                }
            }
        }
        try emit(at: movie.fileSize)
        guard pending.isEmpty else {
            throw ISOBMFFError(.malformed, "a new fragment has no place in the file", path: "moof")
        }
    }

    // MARK: - Where the new samples go

    /// Where the new tracks' samples are cut into fragments: the end of each existing fragment
    /// on the reference track (the first video track in the fragments, else the first track in
    /// them), in file order, in that track's timescale. A sample that starts before an end goes
    /// into that fragment or an earlier one, so a track whose samples start at these ends has one
    /// sample run per fragment (what a packager writes for `stpp`, CMAF 23000-19 §7.3). Empty
    /// when the movie is not fragmented. Throws what ``write(adding:to:)`` would for fragments it
    /// cannot add to.
    public func fragmentEnds() throws(ISOBMFFError) -> (timescale: UInt32, ends: [Int64]) {
        guard movie.isFragmented else { return (1, []) }
        guard let moovIndex = movie.topLevelBoxes.firstIndex(where: { $0.type == "moov" }) else {
            throw ISOBMFFError(.missing, "no moov box")
        }
        try refuseFragments()
        try refuseBoxesAroundFragments(moovIndex: moovIndex)
        let spans = try fragmentSpans(
            oldMoov: movie.topLevelBoxes[moovIndex], points: fragmentPlaces(moovIndex: moovIndex).ordered)
        var ends: [Int64] = []
        for span in spans.spans where span.end > (ends.last ?? 0) { ends.append(span.end) }
        return (spans.timescale, ends)
    }

    /// Where new fragments may go: after each `moof` and the `mdat` boxes that follow it (by the
    /// `moof`'s offset), and those places in file order without repeats.
    func fragmentPlaces(moovIndex: Int) -> (byMoof: [Int: Int], ordered: [Int]) {
        let boxes = movie.topLevelBoxes
        var points: [Int: Int] = [:]
        var ordered: [Int] = []
        for index in boxes.indices where index > moovIndex && boxes[index].type == "moof" {
            var next = index + 1
            while next < boxes.count && boxes[next].type == "mdat" { next += 1 }
            let at = next < boxes.count ? boxes[next].offset : movie.fileSize
            points[boxes[index].offset] = at
            if ordered.last != at { ordered.append(at) }
        }
        return (points, ordered)
    }

    /// The time span of each existing fragment (by its moof's offset) on the reference track
    /// (the first video track in the fragments, else the first track in them), in that track's
    /// timescale, after checking that no sample or auxiliary information (`saio`, §8.7.9.3) of
    /// any fragment is separated from its base (§8.8.7.1) by a place where fragments go.
    func fragmentSpans(oldMoov: Box, points: [Int]) throws(ISOBMFFError) -> (
        trackID: UInt32?, timescale: UInt32, spans: [(moof: Int, start: Int64, end: Int64)]
    ) {
        // Which stretch of the input a byte is in: before moov (-1), or after the n-th place
        // where fragments go. Bytes in one stretch move together.
        func stretch(_ x: Int, _ path: String, _ offset: Int) throws(ISOBMFFError) -> Int {
            if x < oldMoov.offset { return -1 }
            guard x >= oldMoov.range.upperBound else {
                throw ISOBMFFError(
                    .malformed, "data at byte \(x) lies inside moov, which is rewritten", path: path, offset: offset)
            }
            var low = 0
            var high = points.count
            while low < high {
                let mid = (low + high) / 2
                if points[mid] <= x { low = mid + 1 } else { high = mid }
            }
            return low
        }
        var spansByTrack: [UInt32: [(moof: Int, start: Int64, end: Int64)]] = [:]
        var order: [UInt32] = []
        var baseStretch: (moof: Int, stretch: Int) = (-1, 0)
        guard !movie.fragments.isEmpty else { return (nil, 1, []) }
        let warnings = try movie.fragmentReader().read { (f: FragmentReader.TrackFragment) throws(ISOBMFFError) in
            let path = f.traf?.path ?? "moof/traf"
            let at = f.moofOffset + (f.traf?.offset ?? 0)
            if spansByTrack[f.trackID] == nil { order.append(f.trackID) }
            func note(_ list: inout [(moof: Int, start: Int64, end: Int64)]) {
                if let last = list.last, last.moof == f.moofOffset {
                    list[list.count - 1].end = max(last.end, f.endTime)
                } else {
                    list.append((f.moofOffset, f.startTime, f.endTime))
                }
            }
            note(&spansByTrack[f.trackID, default: []])
            let base: Int
            switch f.baseOrigin {
            case .baseDataOffset: base = try stretch(f.base, path, at)
            case .moof: base = try stretch(f.moofOffset, path, at)
            case .previousData:
                base = baseStretch.moof == f.moofOffset ? baseStretch.stretch : try stretch(f.moofOffset, path, at)
            }
            baseStretch = (f.moofOffset, base)
            for (i, s) in f.samples.enumerated() where s.size > 0 {
                let first = try stretch(s.offset, path, at)
                let last = try stretch(s.offset + s.size - 1, path, at)
                guard first == base, last == base else {
                    throw ISOBMFFError(
                        .unsupported,
                        "sample \(i + 1) of track \(f.trackID)'s fragment (bytes \(s.offset)..<\(s.offset + s.size)) "
                            + "is not next to its base (byte \(f.base)): the new fragments would come between them",
                        path: path, offset: at)
                }
            }
            if let saio = f.traf?.child("saio") {
                for position in try auxiliaryOffsets(saio, moofOffset: f.moofOffset, base: f.base) {
                    guard try stretch(position, saio.path, f.moofOffset + saio.offset) != base else { continue }
                    throw ISOBMFFError(
                        .unsupported,
                        "auxiliary information at byte \(position) is not next to its fragment's base (byte \(f.base)): "
                            + "the new fragments would come between them",
                        path: saio.path, offset: f.moofOffset + saio.offset)
                }
            }
        }
        if let warning = warnings.first {
            throw ISOBMFFError(
                warning.kind, "\(warning.message); a track is not added to fragments that cannot all be read",
                path: warning.path, offset: warning.offset)
        }
        let video = order.first { movie.track(id: $0)?.handlerType == "vide" }
        guard let reference = video ?? order.first, let track = movie.track(id: reference) else {
            return (nil, 1, [])
        }
        guard track.timescale > 0 else {
            throw ISOBMFFError(
                .malformed, "track \(reference) has a timescale of 0: its fragments' times cannot be measured",
                path: track.box.path, offset: movie.movieOffset + track.box.offset)
        }
        return (reference, track.timescale, spansByTrack[reference] ?? [])
    }

    /// The positions `saio` gives (§8.7.9.3: in a `traf`, relative to the base that `tfhd`
    /// establishes, §8.8.7.1).
    func auxiliaryOffsets(_ saio: Box, moofOffset: Int, base: Int) throws(ISOBMFFError) -> [Int] {
        let bytes = try source.bytes(in: (moofOffset + saio.offset)..<(moofOffset + saio.range.upperBound))
        var r = BigEndianReader(
            bytes, range: saio.headerSize..<bytes.count, path: saio.path, baseOffset: moofOffset + saio.offset)
        let version = try r.u8("the version")
        let flags = try r.u24("the flags")
        if flags & 1 != 0 { try r.skip(8, "aux_info_type and aux_info_type_parameter") }
        let count = try r.entryCount(entrySize: version == 0 ? 4 : 8, "entry_count")
        var result: [Int] = []
        for _ in 0..<count {
            let offset = version == 0 ? UInt64(try r.u32("an offset")) : try r.u64("an offset")
            guard offset <= UInt64(movie.fileSize) else {
                throw ISOBMFFError(
                    .malformed, "an offset (\(offset)) past the end of the file", path: saio.path,
                    offset: moofOffset + saio.offset)
            }
            result.append(base + Int(offset))
        }
        return result
    }

    /// The new tracks' samples cut into fragments: each existing fragment of the reference track
    /// (in file order) takes the samples, not yet placed, that start before its span ends
    /// (compared exactly: t₁·s₂ against t₂·s₁); a sample that runs past the span stays whole.
    /// The samples left go into one fragment at `end`.
    func addedFragments(
        _ tracks: [NewTrack],
        spans: (trackID: UInt32?, timescale: UInt32, spans: [(moof: Int, start: Int64, end: Int64)]),
        points: [Int: Int], end: Int
    ) throws(ISOBMFFError) -> [AddedFragment] {
        var fragments = spans.spans.compactMap { span in points[span.moof].map { AddedFragment(at: $0, parts: []) } }
        var final = AddedFragment(at: end, parts: [])
        for (index, track) in tracks.enumerated() {
            var cursor = 0
            var time = track.startOffset
            for (k, span) in spans.spans.enumerated() where k < fragments.count {
                let first = cursor
                let startTime = time
                let limit = UInt128(UInt64(max(0, span.end))) * UInt128(track.timescale)
                while cursor < track.samples.count, UInt128(time) * UInt128(spans.timescale) < limit {
                    let (next, overflow) = time.addingReportingOverflow(UInt64(track.samples[cursor].duration))
                    guard !overflow else {
                        throw ISOBMFFError(
                            .limit, "new track \(index + 1)'s times pass 64 bits", path: "moof/traf/tfdt")
                    }
                    time = next
                    cursor += 1
                }
                if cursor > first { fragments[k].parts.append((index, first..<cursor, startTime)) }
            }
            if cursor < track.samples.count { final.parts.append((index, cursor..<track.samples.count, time)) }
        }
        return (fragments + [final]).filter { !$0.parts.isEmpty }
    }

    func payloadSize(of fragment: AddedFragment, _ tracks: [NewTrack]) -> Int {
        fragment.parts.reduce(0) { sum, part in
            tracks[part.track].samples[part.samples].reduce(sum) { $0 + $1.data.count }
        }
    }

    /// The `moof` of a new fragment and its `mdat`'s header: `mfhd` (§8.8.5); per track a `traf`
    /// with `tfhd` (§8.8.7: default-base-is-moof, 0x020000, so that no absolute offset is
    /// written), `tfdt` (§8.8.12, version 1) and one `trun` (§8.8.8: data offset, durations and
    /// sizes; the flags of `trex`, sync samples).
    func addedFragmentHeader(_ f: AddedFragment, tracks: [NewTrack], ids: [UInt32], sequence: UInt32)
        throws(ISOBMFFError) -> [UInt8]
    {
        let payload = payloadSize(of: f, tracks)
        let mdatHeader = payload + 8 <= Int(UInt32.max) ? 8 : 16
        // The moof's size: mfhd 16; per traf 8 + tfhd 16 + tfdt 20 + trun 20 + 8 a sample.
        let moofSize = 8 + 16 + f.parts.reduce(0) { $0 + 64 + 8 * $1.samples.count }
        var dataOffset = moofSize + mdatHeader
        var w = BoxWriter()
        try w.box("moof") { (w: inout BoxWriter) throws(ISOBMFFError) in
            try w.fullBox("mfhd") { (w: inout BoxWriter) in w.u32(sequence) }
            for part in f.parts {
                let samples = tracks[part.track].samples[part.samples]
                guard dataOffset <= Int(Int32.max), samples.allSatisfy({ $0.data.count <= Int(UInt32.max) }) else {
                    throw ISOBMFFError(.limit, "a new fragment's samples pass 2 GiB", path: "moof/traf/trun")
                }
                try w.box("traf") { (w: inout BoxWriter) throws(ISOBMFFError) in
                    try w.fullBox("tfhd", flags: 0x2_0000) { (w: inout BoxWriter) in w.u32(ids[part.track]) }
                    try w.fullBox("tfdt", version: 1) { (w: inout BoxWriter) in w.u64(part.decodeTime) }
                    try w.fullBox("trun", flags: 0x301) { (w: inout BoxWriter) in
                        w.u32(UInt32(samples.count))
                        w.i32(Int32(dataOffset))
                        for s in samples {
                            w.u32(s.duration)
                            w.u32(UInt32(s.data.count))
                        }
                    }
                }
                dataOffset += samples.reduce(0) { $0 + $1.data.count }
            }
        }
        guard w.bytes.count == moofSize else {
            throw ISOBMFFError(.malformed, "a new moof is \(w.bytes.count) bytes, not \(moofSize)", path: "moof")
        }
        w.append(mdatBoxHeader(payload: payload, headerSize: mdatHeader))
        return w.bytes
    }

    func writeSamples(of f: AddedFragment, _ tracks: [NewTrack], _ write: ([UInt8]) throws(ISOBMFFError) -> Void)
        throws(ISOBMFFError)
    {
        var buffer: [UInt8] = []
        for part in f.parts {
            for sample in tracks[part.track].samples[part.samples] {
                buffer += sample.data
                if buffer.count >= 1 << 20 {
                    try write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        }
        if !buffer.isEmpty { try write(buffer) }
    }

    // MARK: - Offsets rewritten in place

    /// `moof` with its `mfhd` sequence_number set (§8.8.5.3) and each `tfhd` base_data_offset
    /// (§8.8.7.1: an absolute offset) moved; everything else is relative to the moof or to the
    /// base (trun data_offset §8.8.8.3, saio §8.7.9.3) and stays.
    func rewrittenFragment(_ moof: Box, name: String, sequence: UInt32, _ layout: FragmentLayout)
        throws(ISOBMFFError) -> [UInt8]
    {
        var bytes = try source.bytes(in: moof.range)
        let children = try BoxParser(limits: movie.limits, baseOffset: moof.offset).boxes(
            in: bytes, range: moof.headerSize..<bytes.count, parentPath: name, depth: 1)
        guard let mfhd = children.first(where: { $0.type == "mfhd" }), mfhd.payloadRange.count >= 8 else {
            throw ISOBMFFError(
                .missing, "a movie fragment without its header (mfhd): it cannot be renumbered", path: name,
                offset: moof.offset)
        }
        Self.put(UInt64(sequence), bytes: 4, at: mfhd.payloadRange.lowerBound + 4, in: &bytes)
        for traf in children where traf.type == "traf" {
            guard let tfhd = traf.child("tfhd"), tfhd.payloadRange.count >= 8 else { continue }
            let p = tfhd.payloadRange.lowerBound
            guard bytes[p + 3] & 0x1 != 0 else { continue }
            guard tfhd.payloadRange.count >= 16 else {
                throw ISOBMFFError(
                    .truncated, "tfhd ends inside base_data_offset", path: tfhd.path, offset: moof.offset + tfhd.offset)
            }
            let old = bytes[(p + 8)..<(p + 16)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard old <= UInt64(movie.fileSize) else {
                throw ISOBMFFError(
                    .malformed, "base_data_offset \(old) lies past the end of the file", path: tfhd.path,
                    offset: moof.offset + tfhd.offset)
            }
            let new = try layout.moved(Int(old), path: tfhd.path, offset: moof.offset + tfhd.offset)
            Self.put(UInt64(new), bytes: 8, at: p + 8, in: &bytes)
        }
        if bytes[0..<4].allSatisfy({ $0 == 0 }), moof.size <= Int(UInt32.max) {
            Self.put(UInt64(moof.size), bytes: 4, at: 0, in: &bytes)
        }
        return bytes
    }

    /// `sidx` (§8.16.3) with first_offset (from the end of the sidx to the first referenced
    /// byte) and each referenced_size moved to where those bytes are now: a subsegment grows by
    /// the new fragments inserted in it (they follow its last mdat). Referenced `sidx` boxes
    /// (reference_type 1) are byte ranges like the rest and move the same way.
    func rewrittenSegmentIndex(_ sidx: Box, _ layout: FragmentLayout) throws(ISOBMFFError) -> [UInt8] {
        guard sidx.size <= movie.limits.maximumFragmentHeaderBytes else {
            throw ISOBMFFError(
                .limit, "sidx is \(sidx.size) bytes, more than the \(movie.limits.maximumFragmentHeaderBytes) allowed",
                path: sidx.path, offset: sidx.offset)
        }
        var bytes = try source.bytes(in: sidx.range)
        var r = BigEndianReader(bytes, range: sidx.headerSize..<bytes.count, path: sidx.path, baseOffset: sidx.offset)
        let version = try r.u8("the version")
        try r.skip(11, "the flags, reference_ID and timescale")
        try r.skip(version == 0 ? 4 : 8, "earliest_presentation_time")
        let firstAt = r.position
        let first = version == 0 ? UInt64(try r.u32("first_offset")) : try r.u64("first_offset")
        try r.skip(2, "reserved")
        let count = Int(try r.u16("reference_count"))
        let newAnchor = try layout.moved(sidx.offset, path: sidx.path, offset: sidx.offset) + sidx.size
        guard first <= UInt64(movie.fileSize) else {
            throw ISOBMFFError(
                .malformed, "first_offset \(first) passes the end of the file", path: sidx.path,
                offset: sidx.offset)
        }
        var start = sidx.range.upperBound + Int(first)
        let newFirst = try layout.moved(start, path: sidx.path, offset: sidx.offset) - newAnchor
        guard newFirst >= 0, version == 1 || newFirst <= Int(UInt32.max) else {
            throw ISOBMFFError(
                .limit, "first_offset becomes \(newFirst), which version \(version) cannot hold", path: sidx.path,
                offset: sidx.offset + firstAt)
        }
        Self.put(UInt64(newFirst), bytes: version == 0 ? 4 : 8, at: firstAt, in: &bytes)
        for i in 0..<count {
            let at = r.position
            let field = try r.u32("referenced_size")
            try r.skip(8, "subsegment_duration and the SAP fields")
            let size = Int(field & 0x7FFF_FFFF)
            guard start + size <= movie.fileSize else {
                throw ISOBMFFError(
                    .malformed, "reference \(i + 1) (bytes \(start)..<\(start + size)) passes the end of the file",
                    path: sidx.path, offset: sidx.offset + at)
            }
            let newSize =
                try layout.moved(start + size, path: sidx.path, offset: sidx.offset + at)
                - layout.moved(start, path: sidx.path, offset: sidx.offset + at)
            guard newSize <= 0x7FFF_FFFF else {
                throw ISOBMFFError(
                    .limit, "reference \(i + 1) grows to \(newSize) bytes, more than referenced_size's 31 bits hold",
                    path: sidx.path, offset: sidx.offset + at)
            }
            Self.put(UInt64(field & 0x8000_0000) | UInt64(newSize), bytes: 4, at: at, in: &bytes)
            start += size
        }
        return bytes
    }

    /// `mfra` (§8.8.10) with each `tfra` moof_offset (absolute, §8.8.10.3) moved; its size, and so
    /// `mfro` (§8.8.11), stays. The new tracks get no `tfra` (it is optional per track).
    func rewrittenRandomAccess(_ mfra: Box, _ layout: FragmentLayout) throws(ISOBMFFError) -> [UInt8] {
        guard mfra.size <= movie.limits.maximumMovieHeaderBytes else {
            throw ISOBMFFError(
                .limit, "mfra is \(mfra.size) bytes, more than the \(movie.limits.maximumMovieHeaderBytes) allowed",
                path: mfra.path, offset: mfra.offset)
        }
        var bytes = try source.bytes(in: mfra.range)
        let children = try BoxParser(limits: movie.limits, baseOffset: mfra.offset).boxes(
            in: bytes, range: mfra.headerSize..<bytes.count, parentPath: mfra.path, depth: 1)
        for tfra in children where tfra.type == "tfra" {
            var r = BigEndianReader(bytes, box: tfra, baseOffset: mfra.offset)
            let version = try r.u8("the version")
            try r.skip(7, "the flags and track_ID")
            let lengths = try r.u32("the field lengths")
            let rest = Int((lengths >> 4) & 3) + Int((lengths >> 2) & 3) + Int(lengths & 3) + 3
            let entry = (version == 1 ? 16 : 8) + rest
            let count = try r.entryCount(entrySize: entry, "number_of_entry")
            for i in 0..<count {
                try r.skip(version == 1 ? 8 : 4, "time")
                let at = r.position
                let old = version == 1 ? try r.u64("moof_offset") : UInt64(try r.u32("moof_offset"))
                try r.skip(rest, "traf_number, trun_number and sample_number")
                guard old <= UInt64(movie.fileSize) else {
                    throw ISOBMFFError(
                        .malformed, "entry \(i + 1)'s moof_offset \(old) passes the end of the file", path: tfra.path,
                        offset: mfra.offset + at)
                }
                let new = try layout.moved(Int(old), path: tfra.path, offset: mfra.offset + at)
                guard version == 1 || new <= Int(UInt32.max) else {
                    throw ISOBMFFError(
                        .limit,
                        "entry \(i + 1)'s moof_offset becomes \(new), past the 32 bits of a version 0 tfra; "
                            + "a track is not added",
                        path: tfra.path, offset: mfra.offset + at)
                }
                Self.put(UInt64(new), bytes: version == 1 ? 8 : 4, at: at, in: &bytes)
            }
        }
        return bytes
    }

    static func put(_ value: UInt64, bytes count: Int, at position: Int, in bytes: inout [UInt8]) {
        for i in 0..<count { bytes[position + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(count - 1 - i))) }
    }

    // MARK: - Refusals

    /// Refuses boxes this writer cannot keep right around the fragments: after moov, anything but
    /// moof, mdat, sidx, mfra and ``boxesCopiedBetweenFragments`` (an `ssix`, §8.16.4, cuts
    /// subsegments into byte ranges that new fragments would break); before moov, an index.
    func refuseBoxesAroundFragments(moovIndex: Int) throws(ISOBMFFError) {
        for (index, box) in movie.topLevelBoxes.enumerated() {
            if index < moovIndex, ["sidx", "ssix", "mfra"].contains(box.type) {
                throw ISOBMFFError(
                    .unsupported, "a \(box.type) box before moov: its offsets would not follow the fragments",
                    path: box.path, offset: box.offset)
            }
            guard index > moovIndex else { continue }
            if ["moof", "sidx", "mfra"].contains(box.type) || Self.boxesCopiedBetweenFragments.contains(box.type) {
                continue
            }
            throw ISOBMFFError(
                .unsupported,
                "a \(box.type) box among the movie fragments: a track is added to a fragmented movie only when "
                    + "everything after moov is moof, mdat, sidx, mfra, styp, emsg, prft, free or skip",
                path: box.path, offset: box.offset)
        }
    }

    /// Refuses a movie whose `moov` sample tables have samples after the first place new
    /// fragments go: their chunk offsets (§8.7.5) would move by more than moov's growth, which
    /// is all the sample tables are rewritten for.
    func refuseMovieSamplesAfterFragments(before point: Int?) throws(ISOBMFFError) {
        guard let point else { return }
        for track in movie.tracks {
            let samples = try track.sampleTable.samples(fileSize: movie.fileSize)
            for (i, s) in samples.enumerated() where s.size > 0 && s.offset + s.size > point {
                throw ISOBMFFError(
                    .unsupported,
                    "track \(track.id) sample \(i + 1) of moov's sample table (at byte \(s.offset)) lies after a movie "
                        + "fragment (byte \(point)), where new fragments go: its chunk offset could not be kept",
                    path: track.box.path, offset: movie.movieOffset + track.box.offset)
            }
        }
    }
}
