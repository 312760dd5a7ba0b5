import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// Fragmented TTML in MP4 (`stpp`, ISO/IEC 14496-30 §5 in ISO/IEC 14496-12 §8.8 fragments, as
/// CMAF carries it). FFmpeg 5.1 refuses to fragment TTML and MP4Box is not in Debian 12, so
/// pymp4 builds the movies (``PyMP4Movie``): one TTML document per sample, written here, each
/// holding what its sample's span shows, as a packager cuts a document into segments. ttconv
/// reads those documents as the independent TTML reader, and FFmpeg's `mov` demuxer finds the
/// samples at their times in the fragments. The expected captions are the test's own input.
@Suite struct FragmentedTTMLTrackTests {
    /// The captions the track carries: text, start and end in milliseconds.
    static let captions: [(text: String, start: Int64, end: Int64)] = [
        ("Hello there", 500, 1400), ("Two lines\nof text", 2500, 4250), ("Goodbye", 5000, 5750),
        ("Last words", 6500, 7800),
    ]
    /// Six samples of 1.5 s, two to a fragment: "Two lines" goes on from the first fragment
    /// into the second (3 s), "Last words" from one sample into the next in the third.
    static let sampleDuration: Int64 = 1500
    static let sampleCount = 6
    static let samplesPerFragment = 2

    /// What sample `k` (from 0) shows: each caption cut to the sample's span.
    static func pieces(ofSample k: Int) -> [(text: String, start: Int64, end: Int64)] {
        let from = Int64(k) * sampleDuration
        let to = from + sampleDuration
        return captions.compactMap { c in
            let start = max(c.start, from)
            let end = min(c.end, to)
            return end > start ? (c.text, start, end) : nil
        }
    }

    /// `ms` as a TTML clock time (TTML1 §10.3.1), `HH:MM:SS.fff`.
    static func clock(_ ms: Int64) -> String {
        String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60000 % 60, ms / 1000 % 60, ms % 1000)
    }

    /// A TTML document (media time base: times on the track's media timeline, 14496-30 §5) of
    /// `pieces`, a line break as `<br/>`.
    static func document(_ pieces: [(text: String, start: Int64, end: Int64)]) -> String {
        let paragraphs = pieces.map { p in
            let text = p.text.components(separatedBy: "\n").joined(separator: "<br/>")
            return "<p begin=\"\(clock(p.start))\" end=\"\(clock(p.end))\">\(text)</p>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>\(paragraphs.joined())</div></body></tt>
            """
    }

    /// The movie's pymp4 spec: the `stpp` entry with the IMSC 1.0.1 Text `mime` box, a document
    /// per sample; in fragments unless `fragmented` is off, `extra` added.
    static func spec(fragmented: Bool = true, _ extra: [String: Any] = [:]) -> [String: Any] {
        var spec: [String: Any] = [
            "format": "stpp", "mime": "application/ttml+xml;codecs=im1t",
            "samples": (0..<sampleCount).map {
                ["duration": sampleDuration, "document": document(pieces(ofSample: $0))]
            },
        ]
        if fragmented { spec["samplesPerFragment"] = samplesPerFragment }
        return spec.merging(extra) { $1 }
    }

    static func milliseconds(_ t: MediaTime) -> Int64 { TTMLTrackTests.milliseconds(t) }

    /// Captions as (text, start ms, end ms) for comparing.
    static func triples(_ captions: [Caption]) -> [String] {
        captions.map {
            "\($0.text.debugDescription) \(milliseconds($0.timeRange.start))–\(milliseconds($0.timeRange.end))"
        }
    }
    static var expected: [String] { captions.map { "\($0.text.debugDescription) \($0.start)–\($0.end)" } }

    /// ttconv reads each sample's document with the pieces it was given, and those pieces,
    /// joined where one goes on in the next sample, are the captions; our reader reads the
    /// fragmented movie to them, as it reads the same samples in one chunk; FFmpeg finds the
    /// six samples at their times in three fragments.
    @Test func aFragmentedTrackReadsAsItsDocumentsSayAndAsThePlainOne() throws {
        let dir = try TemporaryDirectory("stpp-fragments")
        let paths = try (0..<Self.sampleCount).map { k in
            let path = dir.path("sample\(k + 1).ttml")
            try Self.document(Self.pieces(ofSample: k)).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        var joined: [TTMLPeers.Cue] = []
        for (k, result) in try TTMLPeers.ttconv(paths).enumerated() {
            let cues = try result.get()
            #expect(
                cues.map { "\($0.text.debugDescription) \($0.start)–\($0.end)" }
                    == Self.pieces(ofSample: k).map {
                        "\($0.text.debugDescription) \(Double($0.start) / 1000)–\(Double($0.end) / 1000)"
                    }, "sample \(k + 1)")
            for cue in cues {
                if let last = joined.indices.last, joined[last].text == cue.text, joined[last].end == cue.start {
                    joined[last].end = cue.end
                } else {
                    joined.append(cue)
                }
            }
        }
        #expect(
            joined.map { "\($0.text.debugDescription) \(Int64($0.start * 1000))–\(Int64($0.end * 1000))" }
                == Self.expected)

        let plain = dir.path("plain.mp4")
        try PyMP4Movie.build(Self.spec(fragmented: false), to: plain)
        let fragmented = dir.path("fragmented.mp4")
        try PyMP4Movie.build(Self.spec(), to: fragmented)

        let probe = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            ["-v", "error", "-show_entries", "packet=pts", "-of", "csv=p=0", fragmented])
        try #require(probe.status == 0, "\(probe.stderr)")
        #expect(
            probe.stdout.split(separator: "\n").map(String.init)
                == (0..<Self.sampleCount).map { String(Int64($0) * Self.sampleDuration) })

        let whole = try MovieCaptions(path: plain).read(options: CaptionFormatOptions())
        #expect(Self.triples(whole.document.captions) == Self.expected)
        let movie = try MovieCaptions(path: fragmented)
        #expect(movie.movie.fragments.count == 3)
        let source = try #require(movie.sources().sources.first)
        #expect(source.kind == .subtitle && source.format == "stpp")
        let read = try movie.read(options: CaptionFormatOptions())
        #expect(Self.triples(read.document.captions) == Self.expected)
        #expect(read.document.captions == whole.document.captions)
        #expect(!read.diagnostics.contains { $0.severity >= .warning }, "\(read.diagnostics)")
        let (initialization, segments) = try FragmentedMovieTests.split(fragmented, in: dir)
        let pieces = try MovieCaptions(initialization: initialization, segments: segments).read()
        #expect(Self.triples(pieces.document.captions) == Self.expected)
    }

    /// `captions inspect` lists the fragmented track with its captions, and `captions convert`
    /// writes them as SRT.
    @Test func theCommandLineReadsAFragmentedTrack() throws {
        let dir = try TemporaryDirectory("stpp-fragments-cli")
        let movie = dir.path("fragmented.mp4")
        try PyMP4Movie.build(Self.spec(), to: movie)
        let listing = try CLIRunner.run(["inspect", movie])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("stpp"), "\(listing.stdout)")
        #expect(listing.stdout.contains("\(Self.captions.count) captions"), "\(listing.stdout)")
        let srt = dir.path("out.srt")
        let converted = try CLIRunner.run(["convert", movie, srt])
        #expect(converted.status == 0, "\(converted.stderr)")
        let cues = try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8))
        #expect(cues.map(\.text) == Self.captions.map(\.text))
        #expect(cues.map(\.start) == Self.captions.map { Double($0.start) / 1000 })
        #expect(cues.map(\.end) == Self.captions.map { Double($0.end) / 1000 })
    }

    /// A `trun` that gives its last sample more bytes than its `mdat` holds — into the next
    /// fragment's `moof`, or past the end of the file — is a warning naming the run's box path;
    /// the other fragments' captions are read.
    @Test(arguments: [1, 3]) func aRunPastItsMediaDataIsSaidWithItsBoxPath(fragment: Int) throws {
        let dir = try TemporaryDirectory("stpp-fragments-overrun")
        let movie = dir.path("overrun.mp4")
        try PyMP4Movie.build(Self.spec(["overrun": ["fragment": fragment, "bytes": 24]]), to: movie)
        let read = try MovieCaptions(path: movie).read(options: CaptionFormatOptions())
        let path = "moof[\(fragment)]/traf/trun"
        #expect(
            read.diagnostics.contains { $0.severity >= .warning && $0.message.contains(path) }, "\(read.diagnostics)")
        // The damaged sample (the fragment's second) is left out; every other piece is read.
        let damaged = fragment * Self.samplesPerFragment - 1
        let kept = (0..<Self.sampleCount).filter { $0 != damaged }.flatMap { Self.pieces(ofSample: $0) }
        let texts = Set(read.document.captions.map(\.text))
        #expect(!read.document.captions.isEmpty && texts == Set(kept.map(\.text)), "\(read.document.captions)")
    }
}
