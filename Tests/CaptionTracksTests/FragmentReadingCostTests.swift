import CaptionCore
import CaptionTracks
import ISOBMFF
import Synchronization
import TestSupport
import Testing

/// What reading a fragmented movie's captions costs in reads from the file (issue 34's
/// benchmark: a 1-hour movie of 1,800 fragments read at least as fast as FFmpeg, memory flat):
/// each `moof` read once when the movie is opened and once for the tracks read, the video left
/// unread when another source is chosen, a caption track's small samples read many at a time.
/// The reads are recorded by a byte source around the file; where the boxes and samples lie is
/// taken from a separate reading of the same file.
@Suite struct FragmentReadingCostTests {
    /// A file read through ``ByteSource`` that records every range asked for.
    final class RecordingSource: ByteSource, Sendable {
        let file: FileByteSource
        private let ranges = Mutex<[Range<Int>]>([])

        init(path: String) throws { file = try FileByteSource(path: path) }

        var count: Int { file.count }

        func bytes(in range: Range<Int>) throws(ISOBMFFError) -> [UInt8] {
            ranges.withLock { $0.append(range) }
            return try file.bytes(in: range)
        }

        var reads: [Range<Int>] { ranges.withLock { $0 } }
    }

    /// A 20-second movie: H.264 video (no captions in it, a keyframe a second) and a c608 track
    /// of the pop-on fixture (our `mux`), cut by FFmpeg into fragments of a second.
    static func movie(in dir: TemporaryDirectory) throws -> String {
        let clip = try TrackClips.make("clip.mov", in: dir, seconds: 20, extra: ["-g", "30"])
        let muxed = dir.path("c608.mov")
        _ = try C608RoundTripTests.mux(ExportEmbedTests.popOn, into: clip, output: muxed, start: ExportEmbedTests.start)
        return try FragmentedMovieTests.fragmented(
            muxed, movflags: "frag_keyframe+empty_moov", in: dir, container: "mov")
    }

    /// The movie read through a recording source, and its layout read apart.
    static func open(_ path: String) throws -> (captions: MovieCaptions, source: RecordingSource, layout: Movie) {
        let source = try RecordingSource(path: path)
        let captions = MovieCaptions(movie: try Movie.read(source), source: source, fileName: path)
        return (captions, source, try Movie.read(try FileByteSource(path: path)))
    }

    static func read(_ movie: MovieCaptions, source: String? = nil) throws -> CaptionReadResult {
        var options = CaptionFormatOptions()
        if let source { options.settings[MovieCaptions.sourceSetting] = source }
        return try movie.read(options: options)
    }

    /// How many reads start in a sample of `samples`: reads made for those samples (a read of
    /// box headers starts at a box and may run on into the samples after it).
    static func reads(_ reads: [Range<Int>], startingIn samples: [Sample]) -> Int {
        let ranges = samples.map { $0.offset..<($0.offset + $0.size) }
        return reads.filter { read in ranges.contains { $0.contains(read.lowerBound) } }.count
    }

    /// Listing the sources reads the c608 track in full (to name its channels) and scans the
    /// video for A/53 data; reading then reuses both: every `moof` is read twice in all (when
    /// the movie is opened, then once for both tracks), no longer once more per track and per
    /// call.
    @Test func aConversionReadsEachFragmentTwice() throws {
        let dir = try TemporaryDirectory("frag-cost")
        let (movie, source, layout) = try Self.open(try Self.movie(in: dir))
        let fragments = layout.fragments
        #expect(fragments.count >= 15, "\(fragments.count) fragments")
        let result = try Self.read(movie)
        #expect(!result.document.captions.isEmpty)
        let whole = try Self.read(try MovieCaptions(path: source.file.path))
        #expect(result.document.captions == whole.document.captions)
        let reads = source.reads
        for moof in fragments {
            #expect(reads.filter { $0 == moof.range }.count == 2, "moof at \(moof.offset)")
        }
        // With no source chosen the video is still looked at (and listed when it has captions).
        let video = try #require(layout.firstTrack(handler: "vide"))
        #expect(Self.reads(reads, startingIn: try layout.samples(of: video)) > 0)
    }

    /// `--source track`: the video is not scanned for A/53 data; the c608 track's fragments are
    /// read once.
    @Test func choosingTheC608TrackLeavesTheVideoUnread() throws {
        let dir = try TemporaryDirectory("frag-cost")
        let (movie, source, layout) = try Self.open(try Self.movie(in: dir))
        let result = try Self.read(movie, source: "track")
        #expect(!result.document.captions.isEmpty)
        let video = try #require(layout.firstTrack(handler: "vide"))
        #expect(Self.reads(source.reads, startingIn: try layout.samples(of: video)) == 0)
        for moof in layout.fragments {
            #expect(source.reads.filter { $0 == moof.range }.count == 2, "moof at \(moof.offset)")
        }
    }

    /// A c608 sample is a few bytes; those of a fragment lie together and are read with one
    /// read, not one each.
    @Test func c608SamplesAreReadManyAtATime() throws {
        let dir = try TemporaryDirectory("frag-cost")
        let (movie, source, layout) = try Self.open(try Self.movie(in: dir))
        let c608 = try #require(layout.tracks.first { $0.format == "c608" })
        let samples = try layout.samples(of: c608)
        _ = try movie.c608Transmission(try #require(movie.movie.track(id: c608.id)))
        let reads = Self.reads(source.reads, startingIn: samples)
        #expect(
            reads <= layout.fragments.count && reads * 4 < samples.count, "\(reads) reads, \(samples.count) samples")
    }

    /// The listing's A/53 scan stops `seiScanLimit` pictures after the first with data; a
    /// full reading made before it must not change what it lists (the channels of the part
    /// scanned), and one made after it must read every picture.
    @Test func aFullReadingDoesNotWidenALaterListing() throws {
        let dir = try TemporaryDirectory("frag-cost")
        // CC1's RCL on the first picture, CC2's on the 31st, filler between and after.
        var words = [UInt16?](repeating: nil, count: 40)
        words[0] = 0x9420
        words[30] = 0x1C20
        let clip = try A53TestClips.make(words: words, in: dir, reencode: false)
        let video = try #require(try MovieCaptions(path: clip).videoTrack)
        let listed = try #require(try MovieCaptions(path: clip).sources(seiScanLimit: 10).sources.first)
        #expect(listed.kind == .sei && listed.channels == [1])

        let movie = try MovieCaptions(path: clip)
        #expect(try movie.seiTransmission(video).transmission.channels == [1, 2])
        #expect(movie.sources(seiScanLimit: 10).sources.first?.channels == [1])
        #expect(movie.sources(seiScanLimit: 100).sources.first?.channels == [1, 2])

        let listedFirst = try MovieCaptions(path: clip)
        #expect(listedFirst.sources(seiScanLimit: 10).sources.first?.channels == [1])
        #expect(try listedFirst.seiTransmission(video).transmission.channels == [1, 2])
    }
}
