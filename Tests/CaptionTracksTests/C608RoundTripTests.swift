import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import ISOBMFF
import SCC
import TestSupport
import Testing

/// SCC → c608 track → SCC: every word on its frame (the words compared are read by
/// ``IndependentSCC``, not by the SCC module), and FFmpeg's own reading of the track.
@Suite struct C608RoundTripTests {
    static var fixtures: [URL] {
        TestPaths.files(in: TestPaths.sharedFixture("scc"), withExtension: "scc")
    }

    static func mux(
        _ captions: String, into movie: String, output: String, start: String?,
        forms: Set<CaptionTrackMuxer.Form> = [.c608],
        channel: Int? = nil
    ) throws -> MovieCaptionWriter.Plan {
        var options = MovieCaptionWriter.Options()
        options.forms = forms
        options.startTimecode = start
        options.channel = channel
        let plan = try MovieCaptionWriter.plan(movie: movie, captions: captions, options: options)
        try MovieCaptionWriter.write(plan, to: output, overwrite: true)
        return plan
    }

    /// Each shared SCC fixture (read at 29.97 fps, SCC's own rate: the words' frames are what is
    /// compared, whatever the labels' rate) is put in a c608 track with
    /// its first label at the movie's start, then written back as transmitted from that label.
    @Test func everySharedSCCFixtureKeepsEveryWordOnItsFrame() throws {
        let dir = try TemporaryDirectory("c608-roundtrip")
        let clip = try TrackClips.make("clip.mov", in: dir)
        var checked = 0
        for fixture in Self.fixtures {
            let text = String(decoding: try Data(contentsOf: fixture), as: UTF8.self)
            let expected = IndependentSCC.words(text)
            let out = dir.path("out.mov")
            guard let first = expected.first else {
                #expect(throws: CaptionFormatError.self, "\(fixture.lastPathComponent) has no words") {
                    _ = try Self.mux(fixture.path, into: clip, output: out, start: nil)
                }
                checked += 1
                continue
            }
            // The first word's frame as a non-drop label (a label such as 00:00:00;84 in a
            // fixture is no start timecode).
            let label = IndependentSCC.label(first.frame)
            _ = try Self.mux(fixture.path, into: clip, output: out, start: label)
            var options = CaptionFormatOptions()
            options.startTimecode = label
            let (bytes, _) = try MovieCaptions(path: out).transmittedSCC(options: options)
            let back = IndependentSCC.words(String(decoding: bytes, as: UTF8.self))
            let firstDifference =
                zip(back, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(back.count, expected.count)
            #expect(
                back == expected,
                "\(fixture.lastPathComponent): \(back.count) words back, \(expected.count) sent; first difference at \(firstDifference): \(back.dropFirst(firstDifference).prefix(3)) vs \(expected.dropFirst(firstDifference).prefix(3))"
            )
            checked += 1
        }
        // Every fixture was checked, and the shared folder was found (73 files on 2026-11-29).
        #expect(checked == Self.fixtures.count && checked >= 73)
    }

    /// Pop-on fixtures whose bytes carry parity (FFmpeg's decoder drops pairs without it): ffprobe
    /// calls the track eia_608 with its language, and FFmpeg's decoder shows the texts our SCC
    /// reader reads from the original file, at the same times. FFmpeg puts the captions shown
    /// together in one cue, rows top to bottom, and marks tab offsets with `\h`.
    @Test(arguments: ["pycaption/sample_scc_pop_on.scc", "ffmpeg/sub-scc-remux.scc"], ["mov", "mp4"])
    func ffmpegDecodesTheTrackAsOurSCCReaderReadsTheFile(fixture: String, container: String) throws {
        let dir = try TemporaryDirectory("c608-ffmpeg")
        let clip = try TrackClips.make("clip.\(container)", in: dir)
        let path = TestPaths.sharedFixture("scc/" + fixture).path
        let label = try #require(IndependentSCC.firstLabel(try String(contentsOfFile: path, encoding: .utf8)))
        let out = dir.path("out.\(container)")
        var options = MovieCaptionWriter.Options()
        options.forms = [.c608]
        options.startTimecode = label
        options.language = "fra"
        try MovieCaptionWriter.write(
            try MovieCaptionWriter.plan(movie: clip, captions: path, options: options), to: out, overwrite: true)

        let streams = try TrackClips.ffprobeStreams(out)
        let caption = try #require(streams.first { $0["codec_type"] as? String == "subtitle" })
        #expect(caption["codec_name"] as? String == "eia_608")
        #expect((caption["tags"] as? [String: Any])?["language"] as? String == "fra")

        var read = CaptionFormatOptions()
        read.startTimecode = label
        let ours = try SCCReader(options: read).read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let grouped = TrackClips.screens(ours.document.captions)
        let theirs = try TrackClips.ffmpegSubtitles(out, in: dir)
        #expect(theirs.count == grouped.count)
        for (t, o) in zip(theirs, grouped) {
            // FFmpeg's subtitle times are whole milliseconds, not rounded to the nearest.
            #expect(abs(t.start - o.start) < 0.001 && abs(t.end - o.end) < 0.001, "\(t) vs \(o)")
            #expect(TrackClips.comparable(ffmpeg: t.text) == SubtitlePeers.comparable(o.text), "\(t) vs \(o)")
        }
    }

    /// Captions from a file that is not SCC go through the SCC writer at 29.97 fps, line 21's
    /// rate, whatever the video's: the c608 track carries the same words on the same frames as
    /// `captions convert x.srt x.scc` writes, at 29.97 and at 25 fps alike.
    @Test(arguments: ["30000/1001", "25"])
    func otherFormatsCarryTheWordsTheSCCWriterSends(rate: String) throws {
        let dir = try TemporaryDirectory("c608-srt")
        let clip = try TrackClips.make("clip.mp4", in: dir, rate: rate)
        let srt = TestPaths.sharedFixture("srt/sandflow_ttconv__alignment.srt").path
        var options = MovieCaptionWriter.Options()
        options.forms = [.c608]
        // One caption of the file needs its words moved earlier to arrive in time.
        options.applyShifts = true
        try MovieCaptionWriter.write(
            try MovieCaptionWriter.plan(movie: clip, captions: srt, options: options), to: dir.path("out.mp4"),
            overwrite: true)
        let frameRate = FrameRate.fps29_97
        var write = CaptionFormatOptions()
        write.frameRate = frameRate
        write.applyShifts = true
        let (document, _) = try CaptionFile.read(srt)
        let writer = try #require(try CaptionFormatRegistry.standard.format(named: "scc").writer)
        let scc = try writer(document.document, write)
        // The track's pairs, each on the line-21 frame of its sample.
        let movie = try MovieCaptions(path: dir.path("out.mp4"))
        let track = try #require(movie.movie.tracks.first { $0.handlerType == "clcp" })
        let pairs = try movie.c608Transmission(track).transmission.words(.one, rate: frameRate)
        let sent = try SCCTransmission(scanning: scc.bytes, options: write).words
        #expect(pairs.map(\.frame) == sent.map(\.frame))
        #expect(pairs.map(\.word) == sent.map { UInt16($0.first) << 8 | UInt16($0.second) })
        #expect(pairs.count > 100)
    }

    /// 59.94 fps video gets the words of a 29.97 fps SCC file on line 21's frames: one sample a
    /// word, 1001 units of a 30000 timescale apart (not on every other 59.94 fps frame of the
    /// video's timescale), and the file's words come back on their frames.
    @Test func at5994TheWordsKeepLine21sFrames() throws {
        let dir = try TemporaryDirectory("c608-5994")
        let clip = try TrackClips.make("clip.mp4", in: dir, rate: "60000/1001")
        let fixture = TestPaths.sharedFixture("scc/pycaption/sample_scc_pop_on.scc").path
        let expected = IndependentSCC.words(try String(contentsOfFile: fixture, encoding: .utf8))
        _ = try Self.mux(fixture, into: clip, output: dir.path("out.mp4"), start: "00:00:00;00")
        let movie = try MovieCaptions(path: dir.path("out.mp4"))
        let track = try #require(movie.movie.tracks.first { $0.handlerType == "clcp" })
        let samples = try movie.movie.samples(of: track)
        #expect(samples.count == expected.count)
        #expect(track.timescale == 30000)
        #expect(samples[1].time - samples[0].time == 1001 * (expected[1].frame - expected[0].frame))
        let (bytes, _) = try movie.transmittedSCC()
        #expect(IndependentSCC.words(String(decoding: bytes, as: UTF8.self)) == expected)
    }
}
