import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import ISOBMFF
import TestSupport
import Testing

/// Movies with damaged or unusual caption tracks, timecode tracks and real camera files.
@Suite struct MovieCaptionsTests {
    static let popOn = TestPaths.sharedFixture("scc/pycaption/sample_scc_pop_on.scc").path

    static func mux(_ captions: String, into movie: String, output: String, forms: Set<CaptionTrackMuxer.Form>? = nil)
        throws -> MovieCaptionWriter.Plan
    {
        var options = MovieCaptionWriter.Options()
        options.forms = forms
        let plan = try MovieCaptionWriter.plan(movie: movie, captions: captions, options: options)
        try MovieCaptionWriter.write(plan, to: output, overwrite: true)
        return plan
    }

    /// The offset in the file of sample `index` of the first track with `handler`.
    static func sample(_ index: Int, handler: FourCC, in path: String) throws -> Sample {
        let movie = try Movie.read(try FileByteSource(path: path))
        let track = try #require(movie.tracks.first { $0.handlerType == handler })
        return try movie.samples(of: track)[index]
    }

    static func patch(_ path: String, at offset: Int, with bytes: [UInt8], to output: String) throws {
        var data = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        data.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        try Data(data).write(to: URL(fileURLWithPath: output))
    }

    /// A `cdat` atom whose size runs past its sample: a warning naming the track, the sample and
    /// its timecode; its pair and every other sample are still read, so the captions are those
    /// of the intact file.
    @Test func aTruncatedCdatIsALocatedWarningAndNothingIsLost() throws {
        let dir = try TemporaryDirectory("c608-truncated")
        let clip = try TrackClips.make("clip.mov", in: dir, seconds: 2)
        let good = dir.path("good.mov")
        _ = try Self.mux(Self.popOn, into: clip, output: good)
        let fifth = try Self.sample(4, handler: "clcp", in: good)
        #expect(fifth.size == 10)
        let bad = dir.path("bad.mov")
        try Self.patch(good, at: fifth.offset, with: [0, 0, 0, 0x20], to: bad)
        let (expected, _) = try CaptionFile.read(good)
        let (read, _) = try CaptionFile.read(bad)
        #expect(read.document.captions == expected.document.captions)
        let warnings = read.diagnostics.filter { $0.ruleID == "tracks.c608" }
        #expect(warnings.count == 1, "\(read.diagnostics)")
        #expect(warnings.first?.message.contains("truncated") == true)
        #expect(warnings.first?.location.file?.hasSuffix("bad.mov track 2 sample 5") == true)
        // The fifth word of the file: 00:00:09;05 + 4 frames.
        #expect(warnings.first?.location.timecode == "00:00:09;09")
    }

    /// A closed-caption track in a format this reader does not decode (here `c709`): a warning
    /// naming the track, and the movie's other caption source is read as it was.
    @Test func anUnknownCaptionCodecIsAWarningAndTheOtherSourceIsRead() throws {
        let dir = try TemporaryDirectory("c608-unknown")
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 2)
        let both = dir.path("both.mp4")
        _ = try Self.mux(Self.popOn, into: clip, output: both, forms: [.c608, .tx3g])
        let data = Array(try Data(contentsOf: URL(fileURLWithPath: both)))
        let c608 = Array("c608".utf8)
        let at = try #require((0...(data.count - 4)).first { data[$0..<($0 + 4)].elementsEqual(c608) })
        let bad = dir.path("c709.mp4")
        try Self.patch(both, at: at, with: Array("c709".utf8), to: bad)
        let (read, _) = try CaptionFile.read(bad)
        let (subtitles, _) = try CaptionFile.read(
            both, options: CaptionFormatOptions(settings: ["movie.source": "subtitle"]))
        #expect(read.document.captions.map(\.text) == subtitles.document.captions.map(\.text))
        #expect(read.document.captions.count == 7)
        let unknown = read.diagnostics.filter { $0.ruleID == "tracks.unknown-codec" }
        #expect(unknown.count == 1)
        #expect(unknown.first?.message.contains("track 2 holds closed captions in c709") == true)
    }

    /// The movie's first timecode (its tmcd track) places an SCC file's labels on mux and
    /// starts the SCC written as transmitted; ffprobe reads the same timecode.
    @Test func theTimecodeTrackPlacesAndLabelsTheWords() throws {
        let dir = try TemporaryDirectory("c608-tmcd")
        let clip = try TrackClips.make("clip.mov", in: dir, seconds: 2, timecode: "01:00:00;00")
        let scc = dir.path("late.scc")
        let text =
            "Scenarist_SCC V1.0\n\n01:00:00;15\t9420 9420 94d0 94d0 c845 ccec ef80 942c 942c 942f 942f\n\n"
            + "01:00:01;20\t942c 942c\n"
        try text.write(toFile: scc, atomically: true, encoding: .utf8)
        let out = dir.path("out.mov")
        let plan = try Self.mux(scc, into: clip, output: out)
        #expect(plan.diagnostics.contains { $0.ruleID == "tracks.start" && $0.message.contains("01:00:00;00") })
        let movie = try MovieCaptions(path: out)
        let tag = try TrackClips.ffprobeStreams(clip).compactMap {
            ($0["tags"] as? [String: Any])?["timecode"] as? String
        }
        #expect(movie.firstTimecode()?.timecode.description == tag.first)
        let (back, _) = try movie.transmittedSCC()
        #expect(IndependentSCC.words(String(decoding: back, as: UTF8.self)) == IndependentSCC.words(text))
        let (read, _) = try CaptionFile.read(out)
        // HELLO shows at its EOC, the 11th word: frame 15 + 9 after the start.
        #expect(read.document.captions.first?.timeRange.start == FrameRate.fps29_97.time(ofFrame: 24))
    }

    /// Both GoPro files: the c608 track is added, and the camera's tracks (gpmd, tmcd, fdsc, audio,
    /// video) keep their sample counts; ffprobe reads the result without warnings.
    @Test(arguments: ["gopro-karma.mp4", "gopro-max-heromode.mp4"])
    func goProFilesKeepTheirTracks(name: String) throws {
        let dir = try TemporaryDirectory("c608-gopro")
        let input = TestPaths.sharedFixture("media/" + name).path
        let out = dir.path("out.mp4")
        _ = try Self.mux(Self.popOn, into: input, output: out, forms: [.c608, .tx3g])
        let before = try MediaProbe.streams(input)
        let after = try MediaProbe.streams(out)
        #expect(after.warnings.isEmpty, "\(after.warnings)")
        #expect(after.streams.count == before.streams.count + 2)
        for (a, b) in zip(after.streams, before.streams) {
            #expect(a.codecTag == b.codecTag && a.frameCount == b.frameCount, "\(a) vs \(b)")
        }
        #expect(after.streams.suffix(2).map(\.codecTag) == ["c608", "tx3g"])
        #expect(after.streams.map(\.codecTag).contains("gpmd") && after.streams.map(\.codecTag).contains("tmcd"))
    }

    /// A c608 track FFmpeg's MOV muxer writes from an SCC file: one sample per SCC line, many
    /// pairs in one cdat, timed in milliseconds by FFmpeg's SCC demuxer (33 ms a frame). Read as
    /// consecutive frames from each sample's time: the SCC reader's texts, each within a frame
    /// and a half of the file's own times (FFmpeg's timing is that far off by 36 s).
    @Test func aTrackFFmpegWroteIsReadAsTheSCCFileIs() throws {
        let dir = try TemporaryDirectory("c608-ffmpeg-written")
        let clip = try TrackClips.make("clip.mp4", in: dir)
        let out = dir.path("ffmpeg.mov")
        try TrackClips.run(
            "ffmpeg",
            ["-loglevel", "error", "-y", "-i", clip, "-i", Self.popOn, "-map", "0", "-map", "1", "-c", "copy", out])
        let movie = try MovieCaptions(path: out)
        let track = try #require(movie.movie.tracks.first { $0.handlerType == "clcp" })
        #expect(try movie.movie.samples(of: track).count == 9)
        let (read, _) = try CaptionFile.read(out)
        let (scc, _) = try CaptionFile.read(Self.popOn)
        #expect(read.document.captions.map(\.text) == scc.document.captions.map(\.text))
        for (a, b) in zip(read.document.captions, scc.document.captions) {
            #expect(
                abs(a.timeRange.start.seconds - b.timeRange.start.seconds) < 0.05, "\(a.timeRange) vs \(b.timeRange)")
        }
    }
}
