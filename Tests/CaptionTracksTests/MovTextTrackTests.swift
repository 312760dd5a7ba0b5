import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// iTT → tx3g track → FFmpeg's mov_text decoder: the same texts and times as our iTT reader
/// reads (FFmpeg writes SRT in whole milliseconds); and our own reading of the track.
@Suite struct MovTextTrackTests {
    /// The shared iTT fixtures; an error when there is none (the loop would check nothing).
    static func fixtures() throws -> [URL] {
        try TestPaths.fixtures(in: TestPaths.sharedFixture("itt"), withExtension: "itt")
    }

    @Test(arguments: ["mp4", "mov"])
    func ffmpegReadsTheITTCaptionsBack(container: String) throws {
        let dir = try TemporaryDirectory("tx3g-ffmpeg")
        let clip = try TrackClips.make("clip.\(container)", in: dir)
        for fixture in try Self.fixtures() {
            let out = dir.path("out.\(container)")
            var options = MovieCaptionWriter.Options()
            options.language = "en-US"
            let plan = try MovieCaptionWriter.plan(movie: clip, captions: fixture.path, options: options)
            #expect(plan.forms == [.tx3g])
            try MovieCaptionWriter.write(plan, to: out, overwrite: true)

            let streams = try TrackClips.ffprobeStreams(out)
            let subtitle = try #require(streams.first { $0["codec_type"] as? String == "subtitle" })
            #expect(subtitle["codec_name"] as? String == "mov_text")
            #expect((subtitle["tags"] as? [String: Any])?["language"] as? String == "eng")

            let (itt, _) = try CaptionFile.read(fixture.path)
            let expected = SubtitlePeers.cues(itt.document)
            let theirs = try TrackClips.ffmpegSubtitles(out, in: dir)
            #expect(theirs.count == expected.count, "\(fixture.lastPathComponent)")
            for (t, e) in zip(theirs, expected) {
                #expect(abs(t.start - e.start) < 0.001 && abs(t.end - e.end) < 0.001, "\(t) vs \(e)")
                #expect(SubtitlePeers.comparable(t.text) == SubtitlePeers.comparable(e.text), "\(t) vs \(e)")
            }
            // Our reading of the track: the same texts and styles, times exact.
            let (back, _) = try CaptionFile.read(out)
            #expect(back.document.captions.map(\.text) == itt.document.captions.map(\.text))
            #expect(back.document.captions.map(\.timeRange) == itt.document.captions.map(\.timeRange))
            #expect(
                back.document.captions.map { $0.runs.map(\.style.bold) }
                    == itt.document.captions.map { $0.normalizedRuns.map(\.style.bold) })
        }
    }

    /// Captions on screen together share one sample, in document order; the times between
    /// captions are empty samples; the movie's other tracks keep their bytes.
    @Test func overlappingCaptionsShareASample() throws {
        let captions = [
            Caption("one", start: MediaTime(value: 1, timescale: 1), end: MediaTime(value: 3, timescale: 1)),
            Caption("two", start: MediaTime(value: 2, timescale: 1), end: MediaTime(value: 4, timescale: 1)),
        ]
        let (track, _) = try MovTextTrackBuilder(quickTime: false, language: .undetermined).track(
            for: captions, frameRate: nil, alternateGroup: 2, enabled: true)
        #expect(track.timescale == 1000)
        #expect(track.samples.map(\.duration) == [1000, 1000, 1000, 1000])
        #expect(track.samples.map { MovTextSample.read($0.data).sample.text } == ["", "one", "one\ntwo", "two"])
        #expect(track.alternateGroup == 2)
    }
}
