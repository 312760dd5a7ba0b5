import Foundation
import ISOBMFF
import TestSupport
import Testing

/// Movie fragments built box by box (ISO/IEC 14496-12 §8.8), each expected value worked out
/// here from the clauses: `trex` defaults, `tfhd` overrides and the implicit base offsets
/// (§8.8.7.1), `tfdt` and the decode time that continues without it (§8.8.12), `trun` data
/// offsets, runs that continue each other and composition offsets of both versions (§8.8.8).
@Suite struct MovieFragmentTests {
    typealias TinyMovie = ISOBMFFHostileInputTests.TinyMovie

    /// One `trun`: nil fields are left to the defaults.
    struct Run {
        var version: UInt8 = 0
        var dataOffset: Int32?
        var durations: [UInt32]?
        var sizes: [UInt32]?
        var compositionOffsets: [UInt32]?
        /// Samples when no per-sample field is given.
        var count: UInt32 = 0

        var sampleCount: UInt32 { UInt32(durations?.count ?? sizes?.count ?? compositionOffsets?.count ?? Int(count)) }
    }

    /// One `traf`: `tfhd` fields (nil: absent) and its runs.
    struct Fragment {
        var trackID: UInt32 = 1
        var baseDataOffset: UInt64?
        var descriptionIndex: UInt32?
        var defaultDuration: UInt32?
        var defaultSize: UInt32?
        var defaultBaseIsMoof = false
        var decodeTime: (version: UInt8, value: UInt64)?
        var runs: [Run] = []
        var extraBoxes: [UInt8] = []

        func write(_ w: inout BoxWriter) throws(ISOBMFFError) {
            try w.box("traf") { (w: inout BoxWriter) throws(ISOBMFFError) in
                var flags: UInt32 = 0
                if baseDataOffset != nil { flags |= 0x1 }
                if descriptionIndex != nil { flags |= 0x2 }
                if defaultDuration != nil { flags |= 0x8 }
                if defaultSize != nil { flags |= 0x10 }
                if defaultBaseIsMoof { flags |= 0x2_0000 }
                try w.fullBox("tfhd", flags: flags) { (w: inout BoxWriter) in
                    w.u32(trackID)
                    if let baseDataOffset { w.u64(baseDataOffset) }
                    if let descriptionIndex { w.u32(descriptionIndex) }
                    if let defaultDuration { w.u32(defaultDuration) }
                    if let defaultSize { w.u32(defaultSize) }
                }
                if let decodeTime {
                    try w.fullBox("tfdt", version: decodeTime.version) { (w: inout BoxWriter) in
                        if decodeTime.version == 1 { w.u64(decodeTime.value) } else { w.u32(UInt32(decodeTime.value)) }
                    }
                }
                for run in runs {
                    var flags: UInt32 = 0
                    if run.dataOffset != nil { flags |= 0x1 }
                    if run.durations != nil { flags |= 0x100 }
                    if run.sizes != nil { flags |= 0x200 }
                    if run.compositionOffsets != nil { flags |= 0x800 }
                    try w.fullBox("trun", version: run.version, flags: flags) { (w: inout BoxWriter) in
                        w.u32(run.sampleCount)
                        if let offset = run.dataOffset { w.i32(offset) }
                        for i in 0..<Int(run.sampleCount) {
                            if let d = run.durations { w.u32(d[i]) }
                            if let s = run.sizes { w.u32(s[i]) }
                            if let c = run.compositionOffsets { w.u32(c[i]) }
                        }
                    }
                }
                w.append(extraBoxes)
            }
        }
    }

    /// `moov/mvex` with `trex` for track 1 (description 1, `duration` and `size` by default).
    static func movieExtends(duration: UInt32 = 500, size: UInt32 = 3) throws -> [UInt8] {
        var w = BoxWriter()
        try w.box("mvex") { (w: inout BoxWriter) throws(ISOBMFFError) in
            try w.fullBox("trex") { (w: inout BoxWriter) in
                for v in [1, 1, duration, size, 0] as [UInt32] { w.u32(v) }
            }
        }
        return w.bytes
    }

    /// A `moof` with `fragments` as its `traf` boxes.
    static func movieFragment(sequence: UInt32 = 1, _ fragments: [Fragment]) throws -> [UInt8] {
        var w = BoxWriter()
        try w.box("moof") { (w: inout BoxWriter) throws(ISOBMFFError) in
            try w.fullBox("mfhd") { (w: inout BoxWriter) in w.u32(sequence) }
            for f in fragments { try f.write(&w) }
        }
        return w.bytes
    }

    static func mediaData(_ bytes: [UInt8]) throws -> [UInt8] {
        var w = BoxWriter()
        try w.box("mdat") { (w: inout BoxWriter) in w.append(bytes) }
        return w.bytes
    }

    /// The tiny movie (2 samples of 1000 units in `moov`) with `mvex`, ready for fragments.
    static func initialization() throws -> [UInt8] {
        var movie = TinyMovie()
        movie.extra = try movieExtends()
        return try movie.bytes()
    }

    static func samples(_ bytes: [UInt8]) throws -> (Movie, [Sample]) {
        let movie = try Movie.read(MemoryByteSource(bytes))
        return (movie, try movie.samples(of: try #require(movie.tracks.first)))
    }

    // MARK: - Reading

    /// trex defaults (size 3, duration 500), the first traf's base at its moof, no tfdt: the
    /// decode time goes on from the 2 × 1000 units of moov's samples.
    @Test func trexDefaultsAndTheMoofAsBaseContinueMoovsSamples() throws {
        var bytes = try Self.initialization()
        let moofStart = bytes.count
        let probe = try Self.movieFragment([Fragment(runs: [Run(dataOffset: 0, count: 2)])])
        // data_offset from the moof's first byte to the mdat's payload.
        let fragment = try Self.movieFragment([Fragment(runs: [Run(dataOffset: Int32(probe.count + 8), count: 2)])])
        bytes += fragment + (try Self.mediaData([9, 9, 9, 8, 8, 8]))
        let (movie, samples) = try Self.samples(bytes)
        let dataStart = moofStart + fragment.count + 8
        #expect(samples.map(\.offset) == [24, 28, dataStart, dataStart + 3])
        #expect(samples.map(\.size) == [4, 4, 3, 3])
        #expect(samples.map(\.time) == [0, 1000, 2000, 2500])
        #expect(samples.map(\.duration) == [1000, 1000, 500, 500])
        #expect(movie.tracks[0].sampleCount == 4 && movie.tracks[0].fragmentSampleCount == 2)
        #expect(movie.isFragmented && movie.warnings.isEmpty)
    }

    /// tfhd defaults over trex's, default-base-is-moof, tfdt version 1, two runs (the second
    /// continues where the first's data ends), per-sample durations and signed composition
    /// offsets (trun version 1), an unsigned one in version 0, and a sample description index.
    @Test func tfhdDefaultsRunsAndCompositionOffsets() throws {
        var bytes = try Self.initialization()
        let moofStart = bytes.count
        func fragment(_ dataOffset: Int32) -> Fragment {
            Fragment(
                descriptionIndex: 1, defaultDuration: 40, defaultSize: 2, defaultBaseIsMoof: true,
                decodeTime: (1, 10_000),
                runs: [
                    Run(
                        version: 1, dataOffset: dataOffset, durations: [10, 20], compositionOffsets: [0xFFFF_FFEC, 30]),
                    Run(version: 0, compositionOffsets: [0xFFFF_FFEC]),
                ])
        }
        let size = try Self.movieFragment([fragment(0)]).count
        bytes += try Self.movieFragment([fragment(Int32(size + 8))]) + (try Self.mediaData([1, 1, 2, 2, 3, 3]))
        let (_, samples) = try Self.samples(bytes)
        let fragmentSamples = Array(samples.dropFirst(2))
        let data = moofStart + size + 8
        #expect(fragmentSamples.map(\.offset) == [data, data + 2, data + 4])
        #expect(fragmentSamples.map(\.size) == [2, 2, 2])
        #expect(fragmentSamples.map(\.time) == [10_000, 10_010, 10_030])
        #expect(fragmentSamples.map(\.duration) == [10, 20, 40])
        // Version 1: signed (−20); version 0: unsigned (2^32 − 20).
        #expect(fragmentSamples.map(\.compositionOffset) == [-20, 30, 4_294_967_276])
        #expect(fragmentSamples.allSatisfy { $0.descriptionIndex == 1 })
    }

    /// Two trafs of one moof: the first's data at an explicit base_data_offset, the second's
    /// base (no flag) at the end of the first's data; tfdt version 0; then a moof without tfdt
    /// goes on from the last sample's end.
    @Test func aSecondTrafStartsWhereTheFirstsDataEnds() throws {
        var bytes = try Self.initialization()
        let first = Fragment(defaultDuration: 100, decodeTime: (0, 5000), runs: [Run(dataOffset: 0, sizes: [4, 1])])
        let second = Fragment(runs: [Run(sizes: [2])])
        let moofSize = try Self.movieFragment([first, second]).count
        // The explicit base_data_offset adds 8 bytes to the moof.
        let data = bytes.count + moofSize + 8 + 8
        var located = first
        located.baseDataOffset = UInt64(data)
        let moof = try Self.movieFragment([located, second])
        #expect(moof.count == moofSize + 8)
        bytes += moof
        let data2 = bytes.count + 8
        bytes += try Self.mediaData([1, 2, 3, 4, 5, 6, 7])
        // The next moof: no tfdt, so its decode time follows the previous fragment's last sample.
        let third = try Self.movieFragment(sequence: 2, [Fragment(runs: [Run(dataOffset: 0, count: 1)])])
        let thirdStart = bytes.count
        bytes += third + (try Self.mediaData([0, 0, 0]))
        let (_, samples) = try Self.samples(bytes)
        let fragmentSamples = Array(samples.dropFirst(2))
        #expect(fragmentSamples.map(\.offset) == [data2, data2 + 4, data2 + 5, thirdStart])
        #expect(fragmentSamples.map(\.size) == [4, 1, 2, 3])
        // 5000, 5100 (tfhd's 100), then the second traf: no tfhd default, trex's 500; then 5700.
        #expect(fragmentSamples.map(\.time) == [5000, 5100, 5200, 5700])
    }

    // MARK: - Damaged and hostile fragments

    /// A run of 2^32 − 1 samples of no size and no per-sample field: bounded before anything
    /// is allocated, located at the trun.
    @Test func aHugeSampleCountIsBoundedAndLocated() throws {
        var movie = TinyMovie()
        movie.extra = try Self.movieExtends(size: 0)
        var bytes = try movie.bytes()
        let moofStart = bytes.count
        bytes += try Self.movieFragment([Fragment(runs: [Run(dataOffset: 0, count: 0xFFFF_FFFF)])])
        let error = try #require(ISOBMFFHostileInputTests.error(bytes))
        #expect(error.kind == .limit, "\(error)")
        #expect(error.path == "moof/traf/trun" && error.offset == moofStart + 8 + 16 + 8 + 16 + 8 + 4, "\(error)")
    }

    @Test func aSampleCountPastItsBoxIsMalformed() throws {
        var bytes = try Self.initialization()
        var moof = try Self.movieFragment([Fragment(runs: [Run(dataOffset: 0, sizes: [1])])])
        // The trun's sample_count (followed by its data_offset and one size, the moof's last
        // 8 bytes) says 1000.
        let count = moof.count - 8 - 4
        moof.replaceSubrange(count..<(count + 4), with: [0, 0, 0x03, 0xE8])
        let moofStart = bytes.count
        bytes += moof
        let error = try #require(ISOBMFFHostileInputTests.error(bytes))
        #expect(error.kind == .malformed && error.path == "moof/traf/trun", "\(error)")
        #expect(error.offset == moofStart + count && error.message.contains("1000"), "\(error)")
    }

    /// A download cut short in the last fragment's data: the samples whose bytes are whole are
    /// kept, and a warning says where the rest went.
    @Test func aFileCutShortKeepsItsCompleteSamplesWithAWarning() throws {
        var bytes = try Self.initialization()
        for sequence in 1...2 {
            let fragment = Fragment(decodeTime: (0, UInt64(sequence) * 10_000), runs: [Run(dataOffset: 0, count: 3)])
            let size = try Self.movieFragment(sequence: UInt32(sequence), [fragment]).count
            var located = fragment
            located.runs[0].dataOffset = Int32(size + 8)
            bytes += try Self.movieFragment(sequence: UInt32(sequence), [located])
            bytes += try Self.mediaData(Array(repeating: UInt8(sequence), count: 9))
        }
        bytes.removeLast(3)  // the second fragment's third sample loses its 3 bytes
        let (movie, samples) = try Self.samples(bytes)
        #expect(samples.count == 2 + 3 + 2, "\(samples)")
        #expect(samples.last?.time == 20_500)
        #expect(movie.tracks[0].sampleCount == samples.count)
        let paths = movie.warnings.map(\.path)
        #expect(paths.contains("mdat") && paths.contains("moof[2]/traf/trun"), "\(movie.warnings)")
        #expect(movie.warnings.allSatisfy { $0.kind == .truncated && $0.offset != nil })
    }

    /// A run whose last size takes its sample past the end of its mdat, into the next moof
    /// (§8.1.1: an mdat holds whole samples): that sample is left out with a warning naming the
    /// run, not read with the next fragment's header bytes; the next fragment reads.
    @Test func aRunPastItsMediaDataLeavesTheSampleOutWithAWarning() throws {
        var bytes = try Self.initialization()
        for sequence in 1...2 {
            // The first fragment's run says 3 + 3 + 4 bytes; its mdat holds 9.
            let sizes: [UInt32] = sequence == 1 ? [3, 3, 4] : [3, 3, 3]
            let fragment = Fragment(
                decodeTime: (0, UInt64(sequence) * 10_000), runs: [Run(dataOffset: 0, sizes: sizes)])
            let size = try Self.movieFragment(sequence: UInt32(sequence), [fragment]).count
            var located = fragment
            located.runs[0].dataOffset = Int32(size + 8)
            bytes += try Self.movieFragment(sequence: UInt32(sequence), [located])
            bytes += try Self.mediaData(Array(repeating: UInt8(sequence), count: 9))
        }
        let (movie, samples) = try Self.samples(bytes)
        #expect(samples.count == 2 + 2 + 3, "\(samples)")
        #expect(samples.dropFirst(2).map(\.time) == [10_000, 10_500, 20_000, 20_500, 21_000])
        let warning = try #require(movie.warnings.first { $0.path == "moof[1]/traf/trun" }, "\(movie.warnings)")
        #expect(warning.kind == .malformed && warning.message.contains("passes the end of the mdat"), "\(warning)")
        #expect(movie.warnings.count == 1, "\(movie.warnings)")
    }

    /// A traf of a track moov does not have: left out with a located warning.
    @Test func aFragmentOfAnUnknownTrackIsAWarning() throws {
        var bytes = try Self.initialization()
        bytes += try Self.movieFragment([Fragment(trackID: 9, runs: [Run(dataOffset: 0, count: 1)])])
        bytes += try Self.mediaData([1, 2, 3])
        let (movie, samples) = try Self.samples(bytes)
        #expect(samples.count == 2)
        #expect(movie.warnings.count == 1 && movie.warnings[0].path == "moof/traf", "\(movie.warnings)")
        #expect(movie.warnings[0].message.contains("track 9"))
    }

    @Test func aTrafWithoutTfhdIsMissingWithItsPath() throws {
        var bytes = try Self.initialization()
        var w = BoxWriter()
        try w.box("moof") { (w: inout BoxWriter) throws(ISOBMFFError) in
            try w.fullBox("mfhd") { (w: inout BoxWriter) in w.u32(1) }
            try w.box("traf") { (w: inout BoxWriter) throws(ISOBMFFError) in
                try w.fullBox("tfdt") { (w: inout BoxWriter) in w.u32(0) }
            }
        }
        bytes += w.bytes
        let error = try #require(ISOBMFFHostileInputTests.error(bytes))
        #expect(error.kind == .missing && error.path == "moof/traf" && error.message.contains("tfhd"), "\(error)")
    }

    /// A media segment alone: its initialization segment is missing, and the error says how to
    /// give it.
    @Test func aMediaSegmentWithoutItsInitializationSegmentSaysSo() throws {
        var bytes: [UInt8] = []
        var w = BoxWriter()
        try w.box("styp") { (w: inout BoxWriter) in
            w.fourCC("msdh")
            w.u32(0)
        }
        bytes += w.bytes
        bytes += try Self.movieFragment([Fragment(runs: [Run(dataOffset: 0, count: 1)])])
        bytes += try Self.mediaData([1, 2, 3])
        let error = try #require(ISOBMFFHostileInputTests.error(bytes))
        #expect(error.kind == .missing && error.path == "moof" && error.offset == 16, "\(error)")
        // The library names its own way to give the initialization segment, not the CLI's flag.
        #expect(
            error.message.contains("initialization segment")
                && error.message.contains("SegmentedByteSource(initialization:segments:)")
                && !error.message.contains("--init"), "\(error)")
    }

    // MARK: - Writing

    // Tracks added to fragmented movies, and the fragmented movies refused:
    // FragmentedTrackAdderTests.swift.

    // MARK: - Several files

    /// The initialization segment and two media segments as three files read as one: the same
    /// samples as their concatenation; an error in the second segment names it and the offset
    /// in it.
    @Test func segmentsReadAsOneMovieAndErrorsNameTheirFile() throws {
        let dir = try TemporaryDirectory("segments")
        let initialization = try Self.initialization()
        var segments: [[UInt8]] = []
        for sequence in 1...2 {
            let fragment = Fragment(
                defaultBaseIsMoof: true, decodeTime: (0, UInt64(sequence) * 10_000),
                runs: [Run(dataOffset: 0, count: 2)])
            var located = fragment
            located.runs[0].dataOffset = Int32(try Self.movieFragment([fragment]).count + 8)
            segments.append(
                try Self.movieFragment(sequence: UInt32(sequence), [located]) + Self.mediaData([7, 7, 7, 8, 8, 8]))
        }
        let paths = try [initialization, segments[0], segments[1]].enumerated().map { i, bytes in
            let path = dir.path(i == 0 ? "init.mp4" : "seg\(i).m4s")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        let source = try SegmentedByteSource(initialization: paths[0], segments: Array(paths.dropFirst()))
        let movie = try Movie.read(source)
        let joined = try Self.samples(initialization + segments[0] + segments[1]).1
        #expect(try movie.samples(of: movie.tracks[0]) == joined)
        #expect(joined.count == 6)
        #expect(source.locate(initialization.count + segments[0].count + 3)! == (paths[2], 3))

        // The second segment's trun says 1000 samples of 4-byte entries in a box of none.
        var damaged = segments[1]
        // moof 8, mfhd 16, traf 8, tfhd 16, tfdt 16, then the trun: its flags at 73, count at 76.
        damaged[76...79] = [0, 0, 0x03, 0xE8]
        damaged[73...75] = [0, 0x02, 0x01]  // trun flags: data offset and sample sizes
        try Data(damaged).write(to: URL(fileURLWithPath: paths[2]))
        let again = try SegmentedByteSource(paths: paths)
        do {
            let m = try Movie.read(again)
            _ = try m.samples(of: m.tracks[0])
            Issue.record("a damaged segment was read")
        } catch {
            let located = again.located(error)
            #expect(located.file == paths[2] && located.path == "moof[2]/traf/trun", "\(located)")
            #expect(located.offset == 76, "\(located)")
            #expect(located.description.hasPrefix(paths[2] + " moof[2]/traf/trun at byte 76"), "\(located)")
        }

        // A segment cut short: its last box runs into the next file.
        try Data(segments[0].dropLast(2)).write(to: URL(fileURLWithPath: paths[1]))
        let cut = try SegmentedByteSource(paths: paths)
        do {
            _ = try Movie.read(cut)
            Issue.record("a segment cut short was read")
        } catch {
            #expect(error.file == paths[1] && error.path == "mdat", "\(error)")
            #expect(error.message.contains("more than are left in its file"), "\(error)")
        }
    }
}
