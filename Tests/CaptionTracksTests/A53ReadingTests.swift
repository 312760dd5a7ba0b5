import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import SCC
import TestSupport
import Testing

/// CEA-608 in the video's A/53 SEI, read without decoding pictures, against what was put there
/// and against FFmpeg's own path (`movie=…[out0+subcc]`, which decodes every picture).
@Suite struct A53ReadingTests {
    /// The words of a pop-on SCC fixture, one per picture from picture 10 on, filler elsewhere.
    static func pictures() throws -> (words: [UInt16?], sent: [IndependentSCC.Word]) {
        let path = TestPaths.sharedFixture("scc/pycaption/sample_scc_pop_on.scc").path
        let words = IndependentSCC.words(try String(contentsOfFile: path, encoding: .utf8))
        let first = try #require(words.first).frame
        let shifted = words.map { IndependentSCC.Word(frame: $0.frame - first + 10, word: $0.word) }
        var perPicture = [UInt16?](repeating: nil, count: Int(try #require(shifted.last).frame) + 30)
        for w in shifted { perPicture[Int(w.frame)] = w.word }
        return (perPicture, shifted)
    }

    static func sei() -> CaptionFormatOptions {
        var o = CaptionFormatOptions()
        o.settings[MovieCaptions.sourceSetting] = "sei"
        return o
    }

    /// Stream-copied (pictures in presentation order) and re-encoded with B-frames by libx264
    /// (decoding order differs from presentation order): every word comes back on its picture.
    @Test(arguments: [false, true])
    func everyWordComesBackOnItsPicture(reencode: Bool) throws {
        let dir = try TemporaryDirectory("a53-words")
        let (words, sent) = try Self.pictures()
        let movie = try A53TestClips.make(words: words, in: dir, reencode: reencode)
        let captions = try MovieCaptions(path: movie)
        let video = try #require(captions.videoTrack)
        if reencode {
            // B-frames: some samples are shown later than they are decoded.
            #expect(try captions.movie.samples(of: video).contains { $0.compositionOffset != 0 })
        }
        var options = Self.sei()
        options.startTimecode = "00:00:00;00"
        let (scc, diagnostics) = try captions.transmittedSCC(options: options)
        #expect(!diagnostics.contains { $0.severity >= .warning }, "\(diagnostics)")
        #expect(IndependentSCC.words(String(decoding: scc, as: UTF8.self)) == sent)
        let (sources, _) = captions.sources()
        #expect(sources.map(\.kind) == [.sei])
        #expect(sources.first?.channels == [1])
    }

    /// FFmpeg's path decodes the pictures and hands their caption data to its 608 decoder: the
    /// same texts and times (FFmpeg's whole milliseconds) as ours, which reads only SEI.
    @Test func ffmpegSubccGivesTheSameCaptions() throws {
        let dir = try TemporaryDirectory("a53-ffmpeg")
        let movie = try A53TestClips.make(words: try Self.pictures().words, in: dir, reencode: true)
        let srt = dir.path("subcc.srt")
        try TrackClips.run(
            "ffmpeg",
            ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "movie=\(movie)[out0+subcc]", "-map", "0:1", srt])
        let theirs = try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8))
        let (ours, _) = try CaptionFile.read(movie, options: Self.sei())
        let grouped = TrackClips.screens(ours.document.captions)
        #expect(theirs.count == grouped.count && grouped.count == 7)
        for (t, o) in zip(theirs, grouped) {
            #expect(abs(t.start - o.start) < 0.001 && abs(t.end - o.end) < 0.001, "\(t) vs \(o)")
            #expect(TrackClips.comparable(ffmpeg: t.text) == SubtitlePeers.comparable(o.text), "\(t) vs \(o)")
        }
    }

    /// A cc_count larger than the data and a field 1 construct marked not valid that carries a
    /// word: each a warning naming the track, the sample and its timecode; every other caption
    /// is read as before.
    @Test func wrongCountsAndInvalidConstructsAreLocatedWarnings() throws {
        let dir = try TemporaryDirectory("a53-bad")
        let (words, _) = try Self.pictures()
        let good = try A53TestClips.make(words: words, in: dir, reencode: false, name: "good.mp4")
        var picture = -1
        let bad = try A53TestClips.make(words: words, in: dir, reencode: false, name: "bad.mp4") { word in
            picture += 1
            var cc = A53TestClips.ccData(word)
            if picture == 3 { cc[0] = 0xC5 }  // cc_count 5, two constructs there
            if picture == 5 { cc[2...4] = [0xF8, 0x94, 0x2C] }  // cc_valid 0 with an EDM
            return cc
        }
        let (expected, _) = try CaptionFile.read(good, options: Self.sei())
        let (read, _) = try CaptionFile.read(bad, options: Self.sei())
        #expect(read.document.captions.map(\.text) == expected.document.captions.map(\.text))
        #expect(read.document.captions.map(\.timeRange) == expected.document.captions.map(\.timeRange))
        let warnings = read.diagnostics.filter { $0.ruleID == "tracks.a53" }
        #expect(warnings.count == 2, "\(read.diagnostics)")
        #expect(warnings.first?.message.contains("cc_count is 5") == true)
        #expect(warnings.first?.location.file?.hasSuffix("bad.mp4 track 1 sample 4") == true)
        #expect(warnings.first?.location.timecode == "00:00:00;03")
        #expect(warnings.last?.message.contains("cc_valid 0 carries 942c") == true)
        #expect(warnings.last?.location.timecode == "00:00:00;05")
    }

    /// MPEG-2 video's captions need libavformat's demuxer, which this library does not link
    /// (captions-media installs it; DemuxedCaptionsTests): without it, a clear error.
    @Test func mpeg2VideoWithoutTheDemuxerIsAClearError() throws {
        let dir = try TemporaryDirectory("a53-mpeg2")
        let movie = try TrackClips.make("mpeg2.mp4", in: dir, extra: ["-c:v", "mpeg2video"])
        #expect {
            _ = try CaptionFile.read(movie, options: Self.sei())
        } throws: { error in
            "\(error)".contains("MPEG-2 video's through libavformat's demuxer")
        }
    }
}
