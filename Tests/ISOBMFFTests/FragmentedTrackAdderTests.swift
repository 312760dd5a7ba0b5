import Foundation
import ISOBMFF
import TestSupport
import Testing

/// Tracks added to fragmented movies (ISO/IEC 14496-12 §8.8) by ``MovieTrackAdder``, on movies
/// built here box by box: the new samples in fragments of their own after each existing one,
/// every moof renumbered, absolute offsets (tfhd base_data_offset, sidx, tfra) moved; and each
/// movie that is refused, with where and why. The output's boxes are checked by a walk written
/// here, not only by the reader under test.
@Suite struct FragmentedTrackAdderTests {
    typealias Fragment = MovieFragmentTests.Fragment
    typealias Run = MovieFragmentTests.Run

    /// A `meta` track of four samples at 0, 2.5, 3.5 and 4.5 s (timescale 1000).
    static let captions: NewTrack = {
        var track = ISOBMFFHostileInputTests.addedTrack
        track.samples = [
            .init(data: [1, 1], duration: 2500), .init(data: [2, 2, 2], duration: 1000),
            .init(data: [3], duration: 1000), .init(data: [4, 4, 4, 4], duration: 700),
        ]
        return track
    }()

    /// Top-level boxes: (type, start, end), read from the size fields (§4.2).
    static func boxes(_ bytes: [UInt8], in range: Range<Int>? = nil) -> [(type: String, range: Range<Int>)] {
        var result: [(type: String, range: Range<Int>)] = []
        let range = range ?? 0..<bytes.count
        var p = range.lowerBound
        while p + 8 <= range.upperBound {
            var size = Int(u32(bytes, p))
            if size == 1 { size = Int(u64(bytes, p + 8)) }
            if size == 0 { size = range.upperBound - p }
            guard size >= 8 else { break }
            result.append((String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self), p..<(p + size)))
            p += size
        }
        return result
    }
    static func u32(_ b: [UInt8], _ p: Int) -> UInt32 { b[p..<(p + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
    static func u64(_ b: [UInt8], _ p: Int) -> UInt64 { b[p..<(p + 8)].reduce(0) { $0 << 8 | UInt64($1) } }

    static func added(_ bytes: [UInt8], _ track: NewTrack = captions) throws -> [UInt8] {
        let source = MemoryByteSource(bytes)
        var out: [UInt8] = []
        try MovieTrackAdder(movie: try Movie.read(source), source: source).write(adding: [track]) { out += $0 }
        return out
    }

    static func refusal(_ bytes: [UInt8]) throws -> ISOBMFFError {
        let source = MemoryByteSource(bytes)
        return try #require(
            ISOBMFFHostileInputTests.writeError(try Movie.read(source), source), "a track was added")
    }

    /// moov (2 samples before it, 2 s), a sidx of the two fragments, a fragment with an
    /// explicit base_data_offset and sequence 7, one with default-base-is-moof and sequence 3
    /// (not increasing), and an mfra (tfra version 0 naming both moofs, mfro).
    static func movie() throws -> [UInt8] {
        let initialization = try MovieFragmentTests.initialization()
        let probe = try MovieFragmentTests.movieFragment([Fragment(runs: [Run(dataOffset: 0, count: 2)])])
        let sidxSize = 12 + 20 + 2 * 12
        let first = initialization.count + sidxSize
        let moof1 = try MovieFragmentTests.movieFragment(
            sequence: 7,
            [Fragment(baseDataOffset: UInt64(first), runs: [Run(dataOffset: Int32(probe.count + 16), count: 2)])])
        let mdat1 = try MovieFragmentTests.mediaData([1, 1, 1, 2, 2, 2])
        let moof2 = try MovieFragmentTests.movieFragment(
            sequence: 3, [Fragment(defaultBaseIsMoof: true, runs: [Run(dataOffset: Int32(probe.count + 8), count: 2)])])
        let mdat2 = try MovieFragmentTests.mediaData([3, 3, 3, 4, 4, 4])
        var w = BoxWriter()
        try w.fullBox("sidx") { (w: inout BoxWriter) in
            w.u32(1)
            w.u32(1000)
            w.u32(2000)  // earliest_presentation_time
            w.u32(0)  // first_offset: the first moof follows
            w.u16(0)
            w.u16(2)
            for size in [moof1.count + mdat1.count, moof2.count + mdat2.count] {
                w.u32(UInt32(size))
                w.u32(1000)
                w.u32(0x9000_0000)
            }
        }
        #expect(w.bytes.count == sidxSize)
        let second = first + moof1.count + mdat1.count
        try w.box("mfra") { (w: inout BoxWriter) throws(ISOBMFFError) in
            try w.fullBox("tfra") { (w: inout BoxWriter) in
                w.u32(1)
                w.u32(0)  // 1-byte traf, trun and sample numbers
                w.u32(2)
                for (time, offset) in [(2000, first), (3000, second)] {
                    w.u32(UInt32(time))
                    w.u32(UInt32(offset))
                    w.append([1, 1, 1])
                }
            }
            try w.fullBox("mfro") { (w: inout BoxWriter) in w.u32(8 + 12 + 12 + 2 * 11 + 16) }
        }
        let sidx = Array(w.bytes[0..<sidxSize])
        let mfra = Array(w.bytes[sidxSize...])
        return initialization + sidx + moof1 + mdat1 + moof2 + mdat2 + mfra
    }

    /// The new samples go after the fragment whose span holds their start (the first two after
    /// the first fragment, 2–3 s; the one at 3.5 s after the second, 3–4 s; the one at 4.5 s, past
    /// the last fragment, in a fragment of its own at the end, before mfra); the old samples keep
    /// their times and bytes; every moof is renumbered 1, 2, 3…; base_data_offset, the sidx sizes
    /// and the tfra offsets point where they pointed.
    @Test func newFragmentsFollowEachFragmentAndOffsetsFollowTheirBoxes() throws {
        let input = try Self.movie()
        let output = try Self.added(input)
        let top = Self.boxes(output)
        #expect(
            top.map(\.type) == [
                "ftyp", "mdat", "moov", "sidx", "moof", "mdat", "moof", "mdat", "moof", "mdat", "moof", "mdat", "moof",
                "mdat", "mfra",
            ], "\(top.map(\.type))")
        let moofs = top.filter { $0.type == "moof" }
        // mfhd: moof header 8, mfhd header 8 + version and flags 4.
        #expect(moofs.map { Self.u32(output, $0.range.lowerBound + 20) } == [1, 2, 3, 4, 5])
        // The first fragment's base_data_offset: tfhd at moof + 8 + 16 (mfhd) + 8 (traf header),
        // the field after its 16 bytes of header, version, flags and track_ID.
        #expect(Self.u64(output, moofs[0].range.lowerBound + 32 + 16) == UInt64(moofs[0].range.lowerBound))
        // sidx: its references start at the old moofs and end where the next one starts.
        let sidx = try #require(top.first { $0.type == "sidx" })
        var start = sidx.range.upperBound + Int(Self.u32(output, sidx.range.lowerBound + 24))
        var starts: [Int] = []
        for i in 0..<2 {
            starts.append(start)
            start += Int(Self.u32(output, sidx.range.lowerBound + 32 + 12 * i) & 0x7FFF_FFFF)
        }
        #expect(starts == [moofs[0].range.lowerBound, moofs[2].range.lowerBound])
        #expect(start == top[top.count - 1].range.lowerBound, "the last subsegment ends before mfra")
        // tfra: its moof_offsets are the old moofs' new offsets.
        let mfra = top[top.count - 1].range.lowerBound
        #expect(
            [Self.u32(output, mfra + 8 + 24 + 4), Self.u32(output, mfra + 8 + 24 + 11 + 4)]
                == [UInt32(moofs[0].range.lowerBound), UInt32(moofs[2].range.lowerBound)])

        let (before, old) = try MovieFragmentTests.samples(input)
        let after = try Movie.read(MemoryByteSource(output))
        let oldAfter = try after.samples(of: try #require(after.track(id: 1)))
        #expect(oldAfter.map(\.time) == old.map(\.time) && oldAfter.map(\.duration) == old.map(\.duration))
        for (a, b) in zip(old, oldAfter) {
            #expect(input[a.offset..<(a.offset + a.size)] == output[b.offset..<(b.offset + b.size)])
        }
        #expect(before.tracks.count + 1 == after.tracks.count)
        let new = try #require(after.tracks.last)
        #expect(new.sampleTable.sampleCount == 0 && new.fragmentDefaults?.defaultSampleDescriptionIndex == 1)
        let samples = try after.samples(of: new)
        #expect(samples.map(\.time) == [0, 2500, 3500, 4500])
        #expect(samples.map(\.duration) == [2500, 1000, 1000, 700])
        #expect(samples.map { Array(output[$0.offset..<($0.offset + $0.size)]) } == Self.captions.samples.map(\.data))
        // Which new moof each sample is in: two after the first fragment, one after the second, one at the end.
        let newMoofs = [moofs[1], moofs[3], moofs[4]].map(\.range)
        #expect(
            samples.map { s in newMoofs.firstIndex { $0.upperBound <= s.offset && s.offset < $0.upperBound + 16 } }
                == [0, 0, 1, 2])
        #expect(after.header.nextTrackID == 3)
    }

    /// A movie that announces fragments (mvex) but has none yet: the samples go into one
    /// fragment at the end.
    @Test func anEmptyFragmentedMovieGetsOneFragment() throws {
        let input = try MovieFragmentTests.initialization()
        let output = try Self.added(input)
        #expect(Self.boxes(output).map(\.type) == ["ftyp", "mdat", "moov", "moof", "mdat"])
        let movie = try Movie.read(MemoryByteSource(output))
        let samples = try movie.samples(of: try #require(movie.tracks.last))
        #expect(samples.map(\.time) == [0, 2500, 3500, 4500])
        #expect(samples.map { Array(output[$0.offset..<($0.offset + $0.size)]) } == Self.captions.samples.map(\.data))
    }

    // MARK: - Refusals

    @Test func fragmentsThatMoovDoesNotAnnounceAreRefused() throws {
        let initialization = try ISOBMFFHostileInputTests.TinyMovie().bytes()
        let bytes =
            initialization
            + (try MovieFragmentTests.movieFragment([Fragment(runs: [Run(dataOffset: 0, count: 1)])]))
            + (try MovieFragmentTests.mediaData([1, 2, 3]))
        let error = try Self.refusal(bytes)
        #expect(error.kind == .malformed && error.path == "moof" && error.offset == initialization.count, "\(error)")
        #expect(error.message.contains("no mvex"), "\(error)")
    }

    @Test func aBoxThatCannotBeKeptAmongFragmentsIsRefused() throws {
        let initialization = try MovieFragmentTests.initialization()
        let probe = try MovieFragmentTests.movieFragment([Fragment(runs: [Run(dataOffset: 0, count: 1)])])
        let moof = try MovieFragmentTests.movieFragment([
            Fragment(runs: [Run(dataOffset: Int32(probe.count + 8), count: 1)])
        ])
        var w = BoxWriter()
        try w.fullBox("ssix") { (w: inout BoxWriter) in w.u32(0) }
        let at = initialization.count + moof.count + 11
        let error = try Self.refusal(initialization + moof + (try MovieFragmentTests.mediaData([1, 2, 3])) + w.bytes)
        #expect(error.kind == .unsupported && error.path == "ssix" && error.offset == at, "\(error)")
        #expect(error.message.contains("among the movie fragments"), "\(error)")
    }

    /// A fragment whose samples are in the mdat of the next fragment: the new fragment would come
    /// between its moof (its base) and its data.
    @Test func samplesAwayFromTheirBaseAreRefused() throws {
        let initialization = try MovieFragmentTests.initialization()
        let probe = try MovieFragmentTests.movieFragment([Fragment(runs: [Run(dataOffset: 0, count: 1)])])
        let away = Int32(probe.count + 11 + probe.count + 8)
        let moof1 = try MovieFragmentTests.movieFragment([
            Fragment(defaultBaseIsMoof: true, runs: [Run(dataOffset: away, count: 1)])
        ])
        let moof2 = try MovieFragmentTests.movieFragment(
            [Fragment(defaultBaseIsMoof: true, runs: [Run(dataOffset: Int32(probe.count + 8), count: 1)])])
        let bytes =
            initialization + moof1 + (try MovieFragmentTests.mediaData([1, 2, 3])) + moof2
            + (try MovieFragmentTests.mediaData([4, 5, 6]))
        let error = try Self.refusal(bytes)
        #expect(
            error.kind == .unsupported && error.path == "moof[1]/traf" && error.offset == initialization.count + 24,
            "\(error)")
        #expect(error.message.contains("is not next to its base"), "\(error)")
    }

    /// A track fragment of a track moov does not have (the reader leaves it out with a warning).
    @Test func fragmentsTheReaderWarnsAboutAreRefused() throws {
        let initialization = try MovieFragmentTests.initialization()
        let moof = try MovieFragmentTests.movieFragment([Fragment(trackID: 9, runs: [Run(dataOffset: 0, count: 1)])])
        let error = try Self.refusal(initialization + moof + (try MovieFragmentTests.mediaData([1, 2, 3])))
        #expect(
            error.kind == .malformed && error.path == "moof/traf" && error.offset == initialization.count + 24,
            "\(error)")
        #expect(error.message.contains("track 9") && error.message.contains("cannot all be read"), "\(error)")
    }

    /// moov's own samples in an mdat after a fragment (a free box between, so that the mdat is
    /// not the fragment's own): their chunk offset would move by the new fragment too.
    @Test func movieSamplesAfterAFragmentAreRefused() throws {
        let probe = try MovieFragmentTests.movieFragment([Fragment(runs: [Run(dataOffset: 0, count: 1)])])
        let moof = try MovieFragmentTests.movieFragment([
            Fragment(runs: [Run(dataOffset: Int32(probe.count + 8), count: 1)])
        ])
        let mdat = try MovieFragmentTests.mediaData([1, 2, 3])
        var tiny = ISOBMFFHostileInputTests.TinyMovie()
        tiny.extra = try MovieFragmentTests.movieExtends()
        tiny.chunkOffsets = [0]
        let size = try tiny.bytes().count
        tiny.chunkOffsets = [UInt32(size + moof.count + mdat.count + 8 + 8)]
        let initialization = try tiny.bytes()
        var free = BoxWriter()
        try free.box("free") { _ in }
        let error = try Self.refusal(
            initialization + moof + mdat + free.bytes + (try MovieFragmentTests.mediaData(Array(1...8))))
        #expect(error.kind == .unsupported && error.path == "moov/trak", "\(error)")
        #expect(error.message.contains("lies after a movie fragment"), "\(error)")
    }

    /// A sidx whose reference runs past the end of the file.
    @Test func aSegmentIndexPastTheFileIsRefused() throws {
        let initialization = try MovieFragmentTests.initialization()
        let probe = try MovieFragmentTests.movieFragment([Fragment(runs: [Run(dataOffset: 0, count: 1)])])
        let moof = try MovieFragmentTests.movieFragment([
            Fragment(runs: [Run(dataOffset: Int32(probe.count + 8), count: 1)])
        ])
        var w = BoxWriter()
        try w.fullBox("sidx") { (w: inout BoxWriter) in
            for v: UInt32 in [1, 1000, 0, 0] { w.u32(v) }
            w.u16(0)
            w.u16(1)
            for v: UInt32 in [100_000, 1000, 0x9000_0000] { w.u32(v) }
        }
        let error = try Self.refusal(initialization + w.bytes + moof + (try MovieFragmentTests.mediaData([1, 2, 3])))
        #expect(
            error.kind == .malformed && error.path == "sidx" && error.offset == initialization.count + 32, "\(error)")
        #expect(error.message.contains("passes the end of the file"), "\(error)")
    }
}
