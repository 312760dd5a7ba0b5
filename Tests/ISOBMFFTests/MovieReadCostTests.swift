import ISOBMFF
import Synchronization
import TestSupport
import Testing

/// What the box reader reads of a fragmented movie when it only needs `moov` (whether a movie
/// needs libavformat's demuxer is asked before every `convert`), and box paths with many
/// siblings, which are spelled out only when asked for.
@Suite struct MovieReadCostTests {
    /// Bytes in memory that record every range asked for.
    final class RecordingSource: ByteSource, Sendable {
        let memory: MemoryByteSource
        private let ranges = Mutex<[Range<Int>]>([])

        init(_ bytes: [UInt8]) { memory = MemoryByteSource(bytes) }

        var count: Int { memory.count }

        func bytes(in range: Range<Int>) throws(ISOBMFFError) -> [UInt8] {
            ranges.withLock { $0.append(range) }
            return try memory.bytes(in: range)
        }

        var reads: [Range<Int>] { ranges.withLock { $0 } }
    }

    /// The tiny movie with `mvex` and `count` fragments of 3 samples, each fragment's `mdat`
    /// 8 KB, so that a read of a header and the 4 KiB after it cannot reach the next fragment.
    static func fragmented(_ count: Int) throws -> [UInt8] {
        var bytes = try MovieFragmentTests.initialization()
        for sequence in 1...count {
            let fragment = MovieFragmentTests.Fragment(
                decodeTime: (0, UInt64(sequence) * 10_000), runs: [MovieFragmentTests.Run(dataOffset: 0, count: 3)])
            let size = try MovieFragmentTests.movieFragment(sequence: UInt32(sequence), [fragment]).count
            var located = fragment
            located.runs[0].dataOffset = Int32(size + 8)
            bytes += try MovieFragmentTests.movieFragment(sequence: UInt32(sequence), [located])
            bytes += try MovieFragmentTests.mediaData([UInt8](repeating: UInt8(sequence), count: 8192))
        }
        return bytes
    }

    /// Without its fragments a movie is read up to `moov`: no `moof` is read, not even its
    /// header, and the tracks are those of the full reading (their fragment samples uncounted).
    @Test func withoutItsFragmentsTheMovieIsReadUpToMoov() throws {
        let bytes = try Self.fragmented(5)
        let full = try Movie.read(MemoryByteSource(bytes))
        let firstFragment = try #require(full.fragments.first)
        #expect(full.fragments.count == 5 && full.tracks.first?.fragmentSampleCount == 15)

        let source = RecordingSource(bytes)
        let movie = try Movie.read(source, readingFragments: false)
        #expect(source.reads.allSatisfy { $0.lowerBound < firstFragment.offset }, "\(source.reads)")
        #expect(movie.topLevelBoxes.last?.type == "moov" && movie.fragments.isEmpty)
        #expect(movie.tracks.map(\.id) == full.tracks.map(\.id))
        #expect(movie.tracks.map(\.sampleEntries) == full.tracks.map(\.sampleEntries))
        #expect(movie.tracks.first?.fragmentSampleCount == 0)
    }

    /// Paths number boxes among their siblings of one type (`trak[2]`), with few siblings or
    /// many; a box alone of its type has no number. Compared with the paths worked out here.
    @Test(arguments: [3, 40])
    func siblingsAreNumberedByType(count: Int) throws {
        let types = (0..<count).map { $0 % 2 == 0 ? "free" : "skip" }
        var w = BoxWriter()
        try w.box("udta") { (w: inout BoxWriter) throws(ISOBMFFError) in
            try w.box("name") { (w: inout BoxWriter) in w.u32(0) }
            for type in types { try w.box(FourCC(type) ?? "free") { (w: inout BoxWriter) in w.u32(0) } }
        }
        let boxes = try BoxParser().boxes(in: w.bytes, range: 0..<w.bytes.count, parentPath: "moov")
        let children = try #require(boxes.first?.children)
        var expected = ["moov/udta/name"]
        var seen: [String: Int] = [:]
        for type in types {
            seen[type, default: 0] += 1
            let several = types.filter { $0 == type }.count > 1
            expected.append("moov/udta/" + type + (several ? "[\(seen[type] ?? 0)]" : ""))
        }
        #expect(boxes.first?.path == "moov/udta")
        #expect(children.map(\.path) == expected)
    }
}
