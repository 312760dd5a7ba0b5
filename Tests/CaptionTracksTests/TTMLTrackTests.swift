import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import ISOBMFF
import TestSupport
import Testing

/// TTML in MP4 (`stpp`, ISO/IEC 14496-30 §5), both ways, with FFmpeg 5.1 as the other
/// implementation: its `mov` muxer writes a TTML stream (`-c:s ttml`) that our reader reads with
/// the SRT file's texts and times, and the track `mux --form stpp` writes is a `subt`/`stpp`
/// stream to ffprobe whose sample, copied out by FFmpeg, ttconv reads with the same texts and
/// times. The expected values are the SRT text the test writes.
@Suite struct TTMLTrackTests {
    static let srt = """
        1
        00:00:00,500 --> 00:00:02,000
        Hello there

        2
        00:00:02,500 --> 00:00:04,250
        Two lines
        of text

        3
        00:00:05,000 --> 00:00:07,040
        Goodbye

        """
    /// The SRT's captions: text and times in milliseconds.
    static let expected: [(String, Int64, Int64)] = [
        ("Hello there", 500, 2000), ("Two lines\nof text", 2500, 4250), ("Goodbye", 5000, 7040),
    ]

    static func milliseconds(_ t: MediaTime) -> Int64 {
        (try? t.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero))?.value ?? -1
    }

    static func files(in dir: TemporaryDirectory) throws -> (clip: String, srt: String) {
        let srt = dir.path("in.srt")
        try Self.srt.write(toFile: srt, atomically: true, encoding: .utf8)
        return (try TrackClips.make("clip.mp4", in: dir, seconds: 8), srt)
    }

    @Test func ourReaderReadsFFmpegsTTMLTrack() throws {
        let dir = try TemporaryDirectory("stpp-ffmpeg")
        let (clip, srt) = try Self.files(in: dir)
        let out = dir.path("ffmpeg.mp4")
        let made = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-loglevel", "error", "-y", "-i", clip, "-i", srt, "-map", "0", "-map", "1", "-c:v", "copy", "-c:s",
                "ttml", out,
            ]
        )
        try #require(made.status == 0, "\(made.stderr)")
        let movie = try MovieCaptions(path: out)
        let source = try #require(movie.sources().sources.first)
        #expect(source.kind == .subtitle && source.format == "stpp")
        let captions = try movie.read(options: CaptionFormatOptions()).document.captions
        #expect(captions.map(\.text) == Self.expected.map(\.0))
        #expect(captions.map { Self.milliseconds($0.timeRange.start) } == Self.expected.map(\.1))
        #expect(captions.map { Self.milliseconds($0.timeRange.end) } == Self.expected.map(\.2))
    }

    @Test func ourTrackIsAnSTPPStreamWhoseDocumentTTConvReads() throws {
        let dir = try TemporaryDirectory("stpp-ours")
        let (clip, srt) = try Self.files(in: dir)
        let out = dir.path("ours.mp4")
        let r = try CLIRunner.run(["mux", clip, srt, "--form", "stpp", "--language", "en", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")

        let probe = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            ["-v", "error", "-select_streams", "1", "-show_entries", "stream=codec_tag_string:stream_tags", out])
        try #require(probe.status == 0, "\(probe.stderr)")
        #expect(probe.stdout.contains("codec_tag_string=stpp"), "\(probe.stdout)")
        #expect(probe.stdout.contains("handler_name=TTML"), "\(probe.stdout)")

        let sample = dir.path("sample.ttml")
        let copy = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            ["-loglevel", "error", "-y", "-i", out, "-map", "0:1", "-c", "copy", "-f", "data", sample])
        try #require(copy.status == 0, "\(copy.stderr)")
        let converted = dir.path("ttconv.srt")
        let tt = try CLIRunner.runProcess(try PeerDecoders.tool("tt"), ["convert", "-i", sample, "-o", converted])
        try #require(tt.status == 0, "\(tt.stderr)\(tt.stdout)")
        let cues = try PeerDecoders.parseSRT(String(contentsOfFile: converted, encoding: .utf8))
        #expect(cues.map(\.text) == Self.expected.map(\.0))
        #expect(cues.map(\.start) == Self.expected.map { Double($0.1) / 1000 })
        #expect(cues.map(\.end) == Self.expected.map { Double($0.2) / 1000 })

        // And back through our reader, with the track's language.
        let document = try MovieCaptions(path: out).read(options: CaptionFormatOptions()).document
        #expect(document.captions.map(\.text) == Self.expected.map(\.0))
        #expect(document.captions.map { Self.milliseconds($0.timeRange.start) } == Self.expected.map(\.1))
        #expect(document.language == "en")
    }

    /// Two samples that each hold the whole document, as CMAF segments do: each caption is shown
    /// within its sample's span, and one that spans both samples is one caption again.
    @Test func documentsAreCutToTheirSamplesAndJoinedAcrossThem() throws {
        let dir = try TemporaryDirectory("stpp-two")
        let (clip, srt) = try Self.files(in: dir)
        let ttml = try #require(
            try CaptionFormatRegistry.standard.format(named: "ttml").writer?(
                try CaptionFile.read(srt).0.document, CaptionFormatOptions()
            ).bytes)
        // Samples 0–3 s and 3–8 s: caption 2 (2.5–4.25 s) is in both.
        let track = NewTrack(
            handlerType: "subt", handlerName: "TTML", mediaHeader: .subtitle, sampleEntry: TTMLSampleEntry().bytes,
            timescale: 1000,
            samples: [NewTrack.Sample(data: ttml, duration: 3000), NewTrack.Sample(data: ttml, duration: 5000)])
        let source = try FileByteSource(path: clip)
        var bytes: [UInt8] = []
        try MovieTrackAdder(movie: try Movie.read(source), source: source).write(adding: [track]) { bytes += $0 }
        let out = dir.path("two.mp4")
        try Data(bytes).write(to: URL(fileURLWithPath: out))
        let captions = try MovieCaptions(path: out).read(options: CaptionFormatOptions()).document.captions
        #expect(captions.map(\.text) == Self.expected.map(\.0))
        #expect(captions.map { Self.milliseconds($0.timeRange.start) } == Self.expected.map(\.1))
        #expect(captions.map { Self.milliseconds($0.timeRange.end) } == Self.expected.map(\.2))
    }

    /// Two alike captions that touch in one document (a repeated "♪") stay two: only a caption
    /// that goes on into the next sample is joined.
    @Test func twoAlikeTouchingCaptionsOfOneDocumentStayTwo() throws {
        let dir = try TemporaryDirectory("stpp-alike")
        let srt = dir.path("alike.srt")
        try "1\n00:00:01,000 --> 00:00:02,000\n♪\n\n2\n00:00:02,000 --> 00:00:03,000\n♪\n".write(
            toFile: srt, atomically: true, encoding: .utf8)
        let out = dir.path("alike.mp4")
        let r = try CLIRunner.run([
            "mux", try TrackClips.make("clip.mp4", in: dir, seconds: 4), srt, "--form", "stpp", "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let captions = try MovieCaptions(path: out).read(options: CaptionFormatOptions()).document.captions
        #expect(captions.map { Self.milliseconds($0.timeRange.start) } == [1000, 2000])
        #expect(captions.map { Self.milliseconds($0.timeRange.end) } == [2000, 3000])
    }

    @Test func aSampleEntryOfAnotherNamespaceOrCutShortIsSaid() {
        var entry = TTMLSampleEntry(namespace: "urn:example", contentType: "application/ttml+xml;codecs=im2t")
        let (read, problems) = TTMLSampleEntry.read(entry.bytes)
        #expect(read.namespace == "urn:example" && read.contentType == "application/ttml+xml;codecs=im2t")
        #expect(problems.count == 1 && problems[0].contains("not TTML's"), "\(problems)")
        entry.namespace = TTMLSampleEntry.ttmlNamespace
        let cut = Array(entry.bytes.prefix(30))
        #expect(TTMLSampleEntry.read(cut).problems.contains { $0.contains("no terminating null byte") })
    }
}
