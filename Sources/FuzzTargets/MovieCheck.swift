import CaptionCore
import CaptionTracks
import ISOBMFF
import Metadata

/// The ISO BMFF / QuickTime reader (`Movie.read(MemoryByteSource(bytes))`) and the timed-metadata
/// readers over it (`MovieMetadata`), on any bytes:
/// 1. the movie reads or throws an ``ISOBMFFError`` with a message, located at a byte of the
///    file when it gives an offset; never a crash (libFuzzer catches those, hangs and runaway
///    memory);
/// 2. every track's samples are refused with an error, or lie within the file, as many as the
///    track says (its sample tables' and its fragments'), those of the sample tables in time
///    order; the fragments (`moof`) give their own decode times (`tfdt`);
/// 2a. every encrypted track's per-sample protection (`senc`, `saiz`/`saio`, `seig`: ISO/IEC
///    23001-7) is refused with an error, or given for every sample with encrypted ranges inside
///    it; the A/53 reader over such a track reads only clear bytes, or says which were not;
/// 3. the metadata tracks (`mebx`, `gpmd`) decode, or fail with a ``MetadataError`` with a
///    message, through every entry point `captions metadata` uses (track list, telemetry,
///    groups, points, the text, JSON and GPX dumps);
/// 4. the writer (``MovieTrackAdder``, what `captions metadata add` uses) either refuses the
///    movie with an ``ISOBMFFError`` or writes a movie that reads back with the same tracks, each
///    sample with the same time, duration and bytes, plus the added track with its own samples.
///    Samples that overlap a top-level box header are not compared: the writer rewrites the
///    header of the `mdat` it extends by design, and no real file puts sample data there. A
///    sample in the bytes of `moov` makes the writer refuse the movie;
/// 5. the caption readers and the `stpp` writer over the movie hold ``MovieCaptionsCheck``'s
///    properties.
enum MovieCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        let source = MemoryByteSource(bytes)
        let movie: Movie
        do {
            movie = try Movie.read(source)
        } catch {
            try checkError(error, fileSize: bytes.count, what: "the reader's error")
            return
        }
        // By the track's index: two tracks may share an ID.
        var samples: [Int: [Sample]] = [:]
        for (index, track) in movie.tracks.enumerated() {
            let list: [Sample]
            do {
                list = try movie.samples(of: track)
            } catch {
                try checkError(error, fileSize: bytes.count, what: "track \(track.id)'s sample table error")
                continue
            }
            try checkSamples(list, of: track, fileSize: bytes.count)
            try checkProtection(movie, track, list)
            samples[index] = list
        }
        for warning in movie.warnings { try checkError(warning, fileSize: bytes.count, what: "a reader's warning") }
        try checkMetadata(MovieMetadata(movie: movie, source: source))
        try MovieCaptionsCheck.check(movie, source: source)
        try checkRewrite(movie, source: source, samples: samples)
    }

    static func checkError(_ error: ISOBMFFError, fileSize: Int, what: String) throws(FuzzFinding) {
        guard !error.message.isEmpty else { throw FuzzFinding("\(what) has no message: \(error)") }
        if let offset = error.offset, offset < 0 || offset > fileSize {
            throw FuzzFinding("\(what) points at byte \(offset) of a \(fileSize)-byte file: \(error)")
        }
    }

    static func checkSamples(_ list: [Sample], of track: Track, fileSize: Int) throws(FuzzFinding) {
        guard list.count == track.sampleCount else {
            throw FuzzFinding(
                "track \(track.id): \(list.count) samples, the track says \(track.sampleCount) (stsz \(track.sampleTable.sampleCount))"
            )
        }
        var time: Int64 = 0
        for (i, s) in list.enumerated() {
            guard s.offset >= 0, s.size >= 0, s.offset <= fileSize - s.size else {
                throw FuzzFinding("track \(track.id) sample \(i + 1) at \(s.offset), \(s.size) bytes, in \(fileSize)")
            }
            guard s.duration >= 0, i >= track.sampleTable.sampleCount || s.time == time else {
                throw FuzzFinding("track \(track.id) sample \(i + 1) at time \(s.time), expected \(time)")
            }
            time += s.duration
        }
    }

    static func checkProtection(_ movie: Movie, _ track: Track, _ samples: [Sample]) throws(FuzzFinding) {
        let protection: [SampleProtection]?
        do {
            protection = try movie.sampleProtection(of: track)
        } catch {
            try checkError(error, fileSize: movie.fileSize, what: "track \(track.id)'s encryption error")
            return
        }
        guard let protection else { return }
        guard protection.count == samples.count else {
            throw FuzzFinding("track \(track.id): \(protection.count) protections for \(samples.count) samples")
        }
        for (i, (p, s)) in zip(protection, samples).enumerated() {
            let ranges = p.protectedRanges(sampleSize: s.size)
            guard ranges.allSatisfy({ $0.lowerBound >= 0 && $0.upperBound <= s.size }) else {
                throw FuzzFinding(
                    "track \(track.id) sample \(i + 1): encrypted ranges \(ranges) outside \(s.size) bytes")
            }
        }
        guard track.sampleEntries.first.flatMap(SEICaptionReader.forSampleEntry) != nil else { return }
        let captions = MovieCaptions(movie: movie, source: movie.source)
        do {
            _ = try captions.seiTransmission(track, limit: 64)
        } catch {
            guard !error.message.isEmpty else { throw FuzzFinding("the A/53 reader's error has no message") }
        }
    }

    static func checkMetadata(_ metadata: MovieMetadata) throws(FuzzFinding) {
        func located(_ error: MetadataError, _ what: String) throws(FuzzFinding) {
            guard !error.message.isEmpty else { throw FuzzFinding("\(what): an error without a message") }
        }
        _ = metadata.metadataTrackInfo()
        for track in metadata.metadataTracks {
            do { _ = try metadata.trackPoints(track) } catch { try located(error, "trackPoints") }
        }
        let dump = MetadataDump(metadata: metadata)
        do { _ = try dump.text() } catch { try located(error, "the text dump") }
        do { _ = try dump.json() } catch { try located(error, "the JSON dump") }
        do { _ = try dump.gpx() } catch { try located(error, "the GPX dump") }
    }

    // MARK: - Rewriting with a track added

    /// A small data track, one sample a second of distinct bytes, describing track 1.
    static let addedTrack = NewTrack(
        handlerType: "meta", handlerName: "fuzz", mediaHeader: .null,
        sampleEntry: [0, 0, 0, 16] + Array("fuzz".utf8) + [0, 0, 0, 0, 0, 0, 0, 1], timescale: 1000,
        samples: [.init(data: Array("first".utf8), duration: 1000), .init(data: Array("second".utf8), duration: 500)],
        references: ["cdsc": [1]])

    static func checkRewrite(_ movie: Movie, source: MemoryByteSource, samples: [Int: [Sample]])
        throws(FuzzFinding)
    {
        var output: [UInt8] = []
        do {
            try MovieTrackAdder(movie: movie, source: source).write(adding: [addedTrack]) { output += $0 }
        } catch {
            try checkError(error, fileSize: source.count, what: "the writer's error")
            return
        }
        let reread: Movie
        do {
            reread = try Movie.read(MemoryByteSource(output))
        } catch {
            throw FuzzFinding("the movie with a track added cannot be read back: \(error)")
        }
        guard reread.tracks.count == movie.tracks.count + 1 else {
            throw FuzzFinding("\(movie.tracks.count) tracks + 1 added, \(reread.tracks.count) read back")
        }
        let rewritten = movie.topLevelBoxes.map { $0.offset..<min($0.range.upperBound, $0.offset + 16) }
        for (index, (old, new)) in zip(movie.tracks, reread.tracks).enumerated() {
            guard old.id == new.id, old.handlerType == new.handlerType, old.timescale == new.timescale else {
                throw FuzzFinding("track \(old.id) (\(old.handlerType)) read back as \(new.id) (\(new.handlerType))")
            }
            guard let before = samples[index] else { continue }
            let after: [Sample]
            do {
                after = try reread.samples(of: new)
            } catch {
                throw FuzzFinding("track \(old.id)'s samples cannot be read back: \(error)")
            }
            guard before.count == after.count else {
                throw FuzzFinding("track \(old.id): \(before.count) samples before, \(after.count) after")
            }
            for (i, (a, b)) in zip(before, after).enumerated() {
                guard a.time == b.time, a.duration == b.duration, a.size == b.size else {
                    throw FuzzFinding("track \(old.id) sample \(i + 1): \(a) became \(b)")
                }
                let range = a.offset..<(a.offset + a.size)
                if rewritten.contains(where: { $0.overlaps(range) }) { continue }
                guard source.storage[range].elementsEqual(output[b.offset..<(b.offset + b.size)]) else {
                    throw FuzzFinding("track \(old.id) sample \(i + 1): its bytes changed (\(a) → \(b))")
                }
            }
        }
        let added = reread.tracks[movie.tracks.count]
        let addedSamples: [Sample]
        do {
            addedSamples = try reread.samples(of: added)
        } catch {
            throw FuzzFinding("the added track's samples cannot be read: \(error)")
        }
        let data = addedSamples.map { Array(output[$0.offset..<($0.offset + $0.size)]) }
        guard data == addedTrack.samples.map(\.data), addedSamples.map(\.duration) == [1000, 500] else {
            throw FuzzFinding("the added track reads back as \(addedSamples)")
        }
    }
}
