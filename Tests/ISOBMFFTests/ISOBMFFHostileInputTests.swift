import Foundation
@testable import ISOBMFF
import TestSupport
import Testing

/// Hostile movies, built box by box: boxes nested far past the limit, sizes past their parent or
/// the file, a 2^32 sample count, sample-to-chunk tables that loop or never end, and a small
/// file announcing millions of samples. Each is refused with an error that names the box path
/// (and the limit, Specs/limits.md), without a crash and without allocating for what the file
/// only announces. (The `isobmff` fuzz target runs the same entry points on mutated movies.)
@Suite struct ISOBMFFHostileInputTests {
    /// `ftyp`, `mdat`, then a `moov` with one `meta` track whose sample table is given field by
    /// field (ISO/IEC 14496-12 §8.6.1.2 stts, §8.7.3 stsz, §8.7.4 stsc, §8.7.5 stco).
    struct TinyMovie {
        var timeToSample: [(count: UInt32, delta: UInt32)] = [(2, 1000)]
        var sampleToChunk: [(first: UInt32, perChunk: UInt32, description: UInt32)] = [(1, 2, 1)]
        var constantSize: UInt32 = 0
        var sizes: [UInt32] = [4, 4]
        /// The stsz sample count; nil: `sizes.count`.
        var sampleCount: UInt32?
        /// The chunk offsets; nil: one chunk at the start of the media data.
        var chunkOffsets: [UInt32]?
        var mediaData: [UInt8] = Array(1...8)
        /// Extra boxes inside `moov`, after the track.
        var extra: [UInt8] = []
        var trackID: UInt32 = 1
        var nextTrackID: UInt32 = 2
        /// The `stsd` entry, whole; nil: a `test` entry of no fields.
        var sampleEntry: [UInt8]?

        static let mediaDataStart: UInt32 = 16 + 8

        func bytes() throws -> [UInt8] {
            var w = BoxWriter()
            try w.box("ftyp") { (w: inout BoxWriter) in
                w.fourCC("isom")
                w.u32(0)
            }
            try w.box("mdat") { (w: inout BoxWriter) in w.append(mediaData) }
            try w.box("moov") { (w: inout BoxWriter) throws(ISOBMFFError) in
                try w.fullBox("mvhd") { (w: inout BoxWriter) in
                    w.u32(0)
                    w.u32(0)
                    w.u32(1000)
                    w.u32(2000)
                    w.zeros(76)
                    w.u32(nextTrackID)
                }
                try w.box("trak") { (w: inout BoxWriter) throws(ISOBMFFError) in
                    try w.fullBox("tkhd", flags: 3) { (w: inout BoxWriter) in
                        w.zeros(8)
                        w.u32(trackID)
                        w.zeros(8)
                        w.zeros(52)
                        w.zeros(8)
                    }
                    try w.box("mdia") { (w: inout BoxWriter) throws(ISOBMFFError) in
                        try w.fullBox("mdhd") { (w: inout BoxWriter) in
                            w.zeros(8)
                            w.u32(1000)
                            w.u32(2000)
                            w.u16(0x55C4)
                            w.u16(0)
                        }
                        try w.fullBox("hdlr") { (w: inout BoxWriter) in
                            w.u32(0)
                            w.fourCC("meta")
                            w.zeros(12)
                            w.append([0x78, 0])
                        }
                        try w.box("minf") { (w: inout BoxWriter) throws(ISOBMFFError) in
                            try w.fullBox("nmhd") { _ in }
                            try w.box("stbl") { (w: inout BoxWriter) throws(ISOBMFFError) in
                                try sampleTable(&w)
                            }
                        }
                    }
                }
                w.append(extra)
            }
            return w.bytes
        }

        private func sampleTable(_ w: inout BoxWriter) throws(ISOBMFFError) {
            try w.fullBox("stsd") { (w: inout BoxWriter) throws(ISOBMFFError) in
                w.u32(1)
                if let sampleEntry {
                    w.append(sampleEntry)
                } else {
                    try w.box("test") { (w: inout BoxWriter) in
                        w.zeros(6)
                        w.u16(1)
                    }
                }
            }
            try w.fullBox("stts") { (w: inout BoxWriter) in
                w.u32(UInt32(timeToSample.count))
                for e in timeToSample {
                    w.u32(e.count)
                    w.u32(e.delta)
                }
            }
            try w.fullBox("stsc") { (w: inout BoxWriter) in
                w.u32(UInt32(sampleToChunk.count))
                for e in sampleToChunk {
                    w.u32(e.first)
                    w.u32(e.perChunk)
                    w.u32(e.description)
                }
            }
            try w.fullBox("stsz") { (w: inout BoxWriter) in
                w.u32(constantSize)
                w.u32(sampleCount ?? UInt32(sizes.count))
                if constantSize == 0 { sizes.forEach { w.u32($0) } }
            }
            let offsets = chunkOffsets ?? [Self.mediaDataStart]
            try w.fullBox("stco") { (w: inout BoxWriter) in
                w.u32(UInt32(offsets.count))
                offsets.forEach { w.u32($0) }
            }
        }
    }

    /// The error reading `bytes` and expanding every track's samples gives, or nil.
    static func error(_ bytes: [UInt8]) -> ISOBMFFError? {
        do throws(ISOBMFFError) {
            let movie = try Movie.read(MemoryByteSource(bytes))
            for track in movie.tracks { _ = try movie.samples(of: track) }
            return nil
        } catch {
            return error
        }
    }

    @Test func theTinyMovieReads() throws {
        let bytes = try TinyMovie().bytes()
        let movie = try Movie.read(MemoryByteSource(bytes))
        let samples = try movie.samples(of: try #require(movie.tracks.first))
        #expect(
            samples.map(\.offset) == [24, 28] && samples.map(\.size) == [4, 4] && samples.map(\.time) == [0, 1000])
    }

    // MARK: - Deep boxes

    /// `count` `udta` boxes, each inside the one before (`udta` is a container, §8.10.1).
    static func nestedUserData(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 8)
        for level in 0..<count {
            let size = UInt32((count - level) * 8)
            bytes += [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
            bytes += Array("udta".utf8)
        }
        return bytes
    }

    @Test func boxesNestedAHundredThousandDeepStopAtTheDepthLimit() throws {
        var movie = TinyMovie()
        movie.extra = Self.nestedUserData(100_000)
        let error = try #require(Self.error(try movie.bytes()))
        #expect(error.kind == .limit)
        #expect(error.message.contains("nest more than \(ISOBMFFLimits.standard.maximumDepth) deep"), "\(error)")
        #expect(error.path.hasPrefix("moov/udta/udta/udta"))
        #expect(error.offset != nil)
    }

    @Test func boxesNestedJustUnderTheLimitRead() throws {
        var movie = TinyMovie()
        // moov is depth 1 and its children depth 2: 30 levels of udta stay below 32.
        movie.extra = Self.nestedUserData(ISOBMFFLimits.standard.maximumDepth - 2)
        #expect(Self.error(try movie.bytes()) == nil)
    }

    // MARK: - Sizes past the parent or the file

    /// A last box cut short by the end of the file (a download stopped early) leaves what is
    /// whole readable, with a located warning; a `moov` cut short is an error.
    @Test func aTopLevelBoxLongerThanTheFileIsACutShortWarning() throws {
        var bytes = try TinyMovie().bytes()
        bytes += [0, 0, 0x10, 0, 0x66, 0x72, 0x65, 0x65]  // "free", 4096 bytes announced, 8 present
        let movie = try Movie.read(MemoryByteSource(bytes))
        #expect(movie.tracks.count == 1)
        let warning = try #require(movie.warnings.first)
        #expect(warning.kind == .truncated)
        #expect(warning.path == "free" && warning.offset == bytes.count - 8, "\(warning)")
        #expect(warning.message.contains("4096"))

        // The writer refuses it: the box would swallow what is written after it (the fuzz
        // target's Fixtures/fuzz/isobmff/cut-short-after-moov.mp4).
        let writeError = try #require(Self.writeError(movie, MemoryByteSource(bytes)))
        #expect(writeError.kind == .truncated && writeError.path == "free" && writeError.offset == bytes.count - 8)

        let moovCut = Array(try TinyMovie().bytes().dropLast(10))
        let error = try #require(Self.error(moovCut))
        #expect(error.kind == .truncated && error.path == "moov", "\(error)")
    }

    @Test func aChildBoxLongerThanItsParentIsTruncatedWithItsPath() throws {
        var movie = TinyMovie()
        movie.extra = [0, 0, 0x10, 0, 0x75, 0x64, 0x74, 0x61]  // "udta" of 4096 bytes in a small moov
        let error = try #require(Self.error(try movie.bytes()))
        #expect(error.kind == .truncated)
        #expect(error.path == "moov/udta", "\(error)")
    }

    @Test func aSixtyFourBitSizeBeyondAnyFileIsMalformed() throws {
        var bytes = try TinyMovie().bytes()
        bytes += [0, 0, 0, 1] + Array("free".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0]
        let error = try #require(Self.error(bytes))
        #expect(error.kind == .malformed && error.path == "free", "\(error)")
        #expect(error.message.contains("64-bit size"))
    }

    @Test func aSampleLyingPastTheEndOfTheFileIsNamed() throws {
        var movie = TinyMovie()
        movie.chunkOffsets = [0xFFFF_FF00]
        let error = try #require(Self.error(try movie.bytes()))
        #expect(error.path.hasSuffix("stbl/stco"), "\(error)")
        #expect(error.message.contains("past the end of the file"))
    }

    // MARK: - Writing

    /// A `moov` child whose size field is 0 ("to the end of its parent"), as the `isobmff` fuzz
    /// target made (Fixtures/fuzz/isobmff/moov-child-of-size-zero.mp4): copied as it was, it
    /// swallowed the track added after it, and the movie read back without it (before). (The
    /// new track follows the last `trak`, so only a `moov` without one shows it.) The fixture's
    /// box hides the movie's `trak` (at byte 148): such a movie is refused, naming the box
    /// (issue 42); with that `trak` renamed `free`, nothing is hidden and the track is added.
    @Test func aBoxOfSizeZeroInMoovKeepsItsPlaceWhenATrackIsAdded() throws {
        var bytes = [UInt8](try Data(contentsOf: TestPaths.fixture("fuzz/isobmff/moov-child-of-size-zero.mp4")))
        let hiding = MemoryByteSource(bytes)
        let hidden = try Movie.read(hiding)
        #expect(hidden.tracks.isEmpty && hidden.warnings.contains { $0.message.contains("hides") })
        #expect(throws: ISOBMFFError.self) {
            try MovieTrackAdder(movie: hidden, source: hiding).write(adding: [Self.addedTrack]) { _ in }
        }
        bytes.replaceSubrange(148..<152, with: Array("free".utf8))
        let source = MemoryByteSource(bytes)
        let movie = try Movie.read(source)
        var output: [UInt8] = []
        try MovieTrackAdder(movie: movie, source: source).write(adding: [Self.addedTrack]) { output += $0 }
        let reread = try Movie.read(MemoryByteSource(output))
        #expect(reread.tracks.count == movie.tracks.count + 1)
        #expect(reread.tracks.last?.handlerName == "added")
        let sizeZero = try #require(movie.movieBox.children.last)
        let copied = try #require(reread.movieBox.children.first { $0.type == sizeZero.type && $0.offset > 8 })
        #expect(copied.size == sizeZero.size)
    }

    /// The `isobmff` fuzz target's finding of issue 42 (Fixtures/fuzz/isobmff/added-track-lost.mp4):
    /// an `mvhd` of size 0 runs to the end of `moov` and hides its `trak` boxes. The reader
    /// says so (a warning naming `mvhd` and where the hidden `trak` starts) and the writer
    /// refuses the movie, naming the box; before, it wrote a movie whose `mvhd` swallowed the
    /// added track too (0 tracks read back).
    @Test func tracksHiddenByAnMvhdOfSizeZeroAreNamedAndTheWriterRefuses() throws {
        let bytes = [UInt8](try Data(contentsOf: TestPaths.fixture("fuzz/isobmff/added-track-lost.mp4")))
        let source = MemoryByteSource(bytes)
        let movie = try Movie.read(source)
        #expect(movie.tracks.isEmpty)
        let hidden = try #require(movie.warnings.first { $0.message.contains("hides") })
        #expect(hidden.path == "moov/mvhd" && hidden.offset == 136, "\(hidden)")
        let error = try #require(Self.writeError(movie, source), "a movie with hidden tracks was written")
        #expect(error.kind == .malformed && error.path == "moov/mvhd" && error.offset == 136, "\(error)")
    }

    /// An `mvhd` of size 0 that hides nothing (it is `moov`'s last child): its size is written
    /// out, so the added track after it is not swallowed, and next_track_ID goes in its field
    /// (byte 96 of the body), not in the box's last four bytes.
    @Test func anMvhdOfSizeZeroGetsItsSizeWhenATrackIsAdded() throws {
        var w = BoxWriter()
        try w.box("ftyp") { (w: inout BoxWriter) in
            w.fourCC("isom")
            w.u32(0)
        }
        try w.box("moov") { (w: inout BoxWriter) in
            w.u32(0)
            w.fourCC("mvhd")
            w.u32(0)
            w.u32(0)
            w.u32(0)
            w.u32(1000)
            w.u32(0)
            w.zeros(76)
            w.u32(7)  // next_track_ID
            w.zeros(12)  // more than mvhd's fields
        }
        let source = MemoryByteSource(w.bytes)
        let movie = try Movie.read(source)
        #expect(movie.tracks.isEmpty && movie.header.nextTrackID == 7)
        var output: [UInt8] = []
        try MovieTrackAdder(movie: movie, source: source).write(adding: [Self.addedTrack]) { output += $0 }
        let reread = try Movie.read(MemoryByteSource(output))
        #expect(reread.tracks.map(\.id) == [7] && reread.header.nextTrackID == 8)
        #expect(reread.movieBox.child("mvhd")?.size == 8 + 4 + 16 + 76 + 4 + 12)
    }

    /// `next_track_ID` all 1s, or a track already holding the largest ID: adding a track
    /// overflowed a UInt32 and trapped (before; the fixture is what the fuzz target found). The
    /// new track gets the smallest free ID and next_track_ID stays all 1s, which tells readers to
    /// search for a free one (ISO/IEC 14496-12 §8.2.2.3).
    @Test(arguments: [
        (UInt32(1), UInt32.max, UInt32(2)), (UInt32.max, UInt32.max, UInt32(1)),
        (UInt32.max - 1, UInt32.max, UInt32(1)),
        (UInt32(7), UInt32(3), UInt32(8)),
    ])
    func newTrackIDsNeverOverflow(trackID: UInt32, next: UInt32, expected: UInt32) throws {
        var tiny = TinyMovie()
        tiny.trackID = trackID
        tiny.nextTrackID = next
        let source = MemoryByteSource(try tiny.bytes())
        let movie = try Movie.read(source)
        var output: [UInt8] = []
        try MovieTrackAdder(movie: movie, source: source).write(adding: [Self.addedTrack]) { output += $0 }
        let reread = try Movie.read(MemoryByteSource(output))
        #expect(reread.tracks.map(\.id) == [trackID, expected])
        let nextAfter = reread.header.nextTrackID
        #expect(nextAfter == (max(trackID, expected) < UInt32.max - 1 ? max(trackID, expected) + 1 : UInt32.max))
    }

    @Test func theFuzzTargetsMovieWithNextTrackIDAllOnesTakesATrack() throws {
        let bytes = [UInt8](try Data(contentsOf: TestPaths.fixture("fuzz/isobmff/next-track-id-all-ones.mp4")))
        let source = MemoryByteSource(bytes)
        let movie = try Movie.read(source)
        #expect(movie.header.nextTrackID == UInt32.max)
        var output: [UInt8] = []
        try MovieTrackAdder(movie: movie, source: source).write(adding: [Self.addedTrack]) { output += $0 }
        let ids = try Movie.read(MemoryByteSource(output)).tracks.map(\.id)
        #expect(ids == movie.tracks.map(\.id) + [6])
    }

    @Test func sampleDataInTheBytesOfMoovIsRefusedNotLost() throws {
        // The isobmff fuzz target's finding: track 4's chunk starts at byte 0, so its first
        // sample covers ftyp and moov and its second lies after moov. The new moov was larger and
        // the bytes after it moved, but that chunk did not: the second sample's bytes changed.
        let bytes = [UInt8](try Data(contentsOf: TestPaths.fixture("fuzz/isobmff/chunk-across-moov.mp4")))
        let source = MemoryByteSource(bytes)
        let movie = try Movie.read(source)
        let track = try #require(movie.tracks.first { $0.id == 4 })
        let moov = try #require(movie.topLevelBoxes.first { $0.type == "moov" })
        let samples = try movie.samples(of: track)
        #expect(samples.count == 2 && samples[0].offset == 0 && samples[1].offset >= moov.range.upperBound)
        var output: [UInt8] = []
        let error = #expect(throws: ISOBMFFError.self) {
            try MovieTrackAdder(movie: movie, source: source).write(adding: [Self.addedTrack]) { output += $0 }
        }
        #expect(error?.message.contains("track 4 sample 1 (bytes 0..<\(samples[0].size)) overlaps moov") == true)
        #expect(error?.offset == 0)
        let written = output.count
        #expect(written == 0)
    }

    /// The error adding ``addedTrack`` to `movie` gives, or nil when it is written.
    static func writeError(_ movie: Movie, _ source: ByteSource) -> ISOBMFFError? {
        do throws(ISOBMFFError) {
            try MovieTrackAdder(movie: movie, source: source).write(adding: [addedTrack]) { _ in }
            return nil
        } catch {
            return error
        }
    }

    static let addedTrack: NewTrack = {
        var entry = BoxWriter()
        try? entry.box("test") { (w: inout BoxWriter) in
            w.zeros(6)
            w.u16(1)
        }
        return NewTrack(
            handlerType: "meta", handlerName: "added", mediaHeader: .null, sampleEntry: entry.bytes, timescale: 1000,
            samples: [.init(data: [9, 9], duration: 1000)])
    }()

    // MARK: - Counts

    @Test func aSampleCountOfTwoToTheThirtyTwoIsRefusedBeforeAnythingIsAllocated() throws {
        // 2^32 − 1 samples of one byte, and 2^32 − 1 announced sizes with two present.
        for constant: UInt32 in [1, 0] {
            var movie = TinyMovie()
            movie.constantSize = constant
            movie.sampleCount = UInt32.max
            let error = try #require(Self.error(try movie.bytes()))
            #expect(error.kind == .limit, "\(error)")
            #expect(error.message.contains("\(UInt32.max) samples"))
            #expect(error.path.hasSuffix("stbl/stsz"))
        }
    }

    @Test func tableEntryCountsLargerThanTheirBoxAreRefused() throws {
        // An stts that announces 2^32 − 1 entries and holds one.
        var bytes = try TinyMovie().bytes()
        let movie = try Movie.read(MemoryByteSource(bytes))
        let stts = try #require(movie.tracks.first?.box.descendant("mdia", "minf", "stbl", "stts"))
        let at = movie.movieOffset + stts.payloadRange.lowerBound + 4
        bytes.replaceSubrange(at..<(at + 4), with: [0xFF, 0xFF, 0xFF, 0xFF])
        let error = try #require(Self.error(bytes))
        #expect(error.path.hasSuffix("stbl/stts"), "\(error)")
    }

    @Test func timeToSampleCountsBeyondTheSampleCountAreMalformed() throws {
        var movie = TinyMovie()
        movie.timeToSample = [(2, 1), (UInt32.max, 1)]
        let error = try #require(Self.error(try movie.bytes()))
        #expect(error.kind == .malformed && error.path.hasSuffix("stbl/stts"), "\(error)")
    }

    // MARK: - Sample-to-chunk tables that loop or never end

    @Test func aSampleToChunkTableThatGoesBackIsMalformed() throws {
        var movie = TinyMovie()
        movie.chunkOffsets = [24, 28]
        movie.sampleToChunk = [(1, 1, 1), (2, 1, 1), (1, 1, 1)]
        let error = try #require(Self.error(try movie.bytes()))
        #expect(error.kind == .malformed && error.path.hasSuffix("stbl/stsc"), "\(error)")
        #expect(error.message.contains("does not start after the one before"))
    }

    @Test func aChunkOfFourBillionSamplesStopsAtTheSampleCount() throws {
        var movie = TinyMovie()
        movie.sampleToChunk = [(1, UInt32.max, 1)]
        let error = try #require(Self.error(try movie.bytes()))
        #expect(error.kind == .malformed && error.path.hasSuffix("stbl/stsc"), "\(error)")
        #expect(error.message.contains("more samples than the 2"))
    }

    @Test func aFirstChunkOfZeroIsMalformed() throws {
        var movie = TinyMovie()
        movie.sampleToChunk = [(0, 2, 1)]
        let error = try #require(Self.error(try movie.bytes()))
        #expect(error.kind == .malformed && error.path.hasSuffix("stbl/stsc"), "\(error)")
    }

    /// 8,000 chunks at one offset, 2,500 one-byte samples each: 20 million samples (the per-track
    /// limit) announced by a 33 KB file, all inside it because the chunks overlap. Expanded, they
    /// would take 800 MB; no real file puts two samples on the same bytes, so the samples' total
    /// size is bounded by the file's (Specs/limits.md).
    @Test func overlappingChunksCannotMultiplyASmallFileIntoMillionsOfSamples() throws {
        var movie = TinyMovie()
        let chunks: UInt32 = 8000
        let perChunk: UInt32 = 2500
        movie.mediaData = Array(repeating: 7, count: Int(perChunk))
        movie.constantSize = 1
        movie.sizes = []
        movie.sampleCount = chunks * perChunk
        movie.timeToSample = [(chunks * perChunk, 1)]
        movie.sampleToChunk = [(1, perChunk, 1)]
        movie.chunkOffsets = Array(repeating: TinyMovie.mediaDataStart, count: Int(chunks))
        let bytes = try movie.bytes()
        #expect(bytes.count < 40_000)
        let error = try #require(Self.error(bytes))
        #expect(error.kind == .limit && error.path.hasSuffix("stbl/stsz"), "\(error)")
        #expect(error.message.contains("20000000 samples of 1 byte"), "\(error)")
    }

    /// A version 1 `mvhd` holds a 64-bit creation time: one past what an Int64 of seconds since
    /// 1970 holds is no creation time, not a trap (found reading the change for `--sync auto`,
    /// which reads it for every movie).
    @Test func aCreationTimeBeyondInt64IsNone() {
        var header = MovieHeader(creationTime: .max, modificationTime: 0, timescale: 1000, duration: 0, nextTrackID: 1)
        #expect(header.creationUnixTime == nil)
        header.creationTime = MovieHeader.secondsFrom1904To1970 + 1
        #expect(header.creationUnixTime == 1)
        header.creationTime = 0
        #expect(header.creationUnixTime == nil)
    }
}
