import CaptionCore
import CaptionData
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// `captions export … --captions show.scc --embed track|both --as c708`: the closed-caption track
/// added to the exported movie is a `c708` track (one CDP a frame) instead of a `c608` one.
/// Witnesses: GStreamer's qtdemux hands out the track's CDPs, and with `both` each frame's DTVCC
/// constructs are those FFmpeg's h264 decoder finds in the same picture's SEI; service 1 and CC1
/// read back as the SCC file reads.
@Suite struct ExportEmbedC708TrackTests {
    /// The DTVCC constructs of each CDP qtdemux hands out of the first closed-caption track, in
    /// frame order, frames without any left out.
    static func trackDTVCC(_ movie: String, in dir: TemporaryDirectory) throws -> [[CCData.Construct]] {
        let (caps, buffers) = try C708WitnessTests.demuxed(movie, in: dir)
        #expect(caps.hasPrefix("closedcaption/x-cea-708, format=(string)cdp"), "\(caps)")
        return try buffers.map { buffer in
            try #require(C708WitnessTests.constructs(ofCDP: buffer.1), "a CDP qtdemux handed out")
                .filter { $0.valid && $0.type >= 2 }
        }.filter { !$0.isEmpty }
    }

    /// What the SCC file gives read alone from the movie's start, and what `movie` gives on CC1
    /// and service 1: texts, and start frames at 29.97 fps.
    static func expectCaptionsOfTheSCCFile(in movie: String) throws {
        var sccOptions = CaptionFormatOptions()
        sccOptions.startTimecode = ExportEmbedTests.start
        let expected = try CaptionFile.read(ExportEmbedTests.popOn, options: sccOptions).0.document.captions
        try #require(expected.count == 7)
        let frame = { (c: Caption) in
            FrameRate.fps29_97.frame(at: c.timeRange.start, rounding: .nearestOrAwayFromZero)
        }
        var service = CaptionFormatOptions()
        service.settings[CaptionFormatOptions.dtvccServiceSetting] = "1"
        var channel = CaptionFormatOptions()
        channel.channel = 1
        for options in [service, channel] {
            let ours = try CaptionFile.read(movie, options: options).0.document.captions
            #expect(ours.map(\.text) == expected.map(\.text))
            #expect(ours.map(frame) == expected.map(frame))
        }
    }

    @Test func bothPutsThePicturesDTVCCDataInACDPTrack() throws {
        let dir = try TemporaryDirectory("embed-c708-both")
        let out = dir.path("out.mp4")
        let r = try ExportEmbedTests.export([
            try ExportEmbedTests.clip(in: dir), "-o", out, "--captions", ExportEmbedTests.popOn, "--embed", "both",
            "--as", "c708", "--start-timecode", ExportEmbedTests.start,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let movie = try MovieCaptions(path: out)
        #expect(movie.movie.tracks.map { $0.format }.contains("c708"))
        #expect(!movie.movie.tracks.map { $0.format }.contains("c608"))

        // The pictures' DTVCC constructs, as FFmpeg's decoder exports them (A/53 side data).
        let pictures = try A53DTVCCWitnessTests.ffmpegDTVCC(out, in: dir)
        try #require(pictures.count > 10)
        #expect(try Self.trackDTVCC(out, in: dir) == pictures)
        try Self.expectCaptionsOfTheSCCFile(in: out)
    }

    @Test func trackAloneLeavesThePicturesWithoutCaptions() throws {
        let dir = try TemporaryDirectory("embed-c708-track")
        let out = dir.path("out.mov")
        let r = try ExportEmbedTests.export([
            try ExportEmbedTests.clip(in: dir), "-o", out, "--captions", ExportEmbedTests.popOn, "--embed", "track",
            "--as", "c708", "--start-timecode", ExportEmbedTests.start,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try !Self.trackDTVCC(out, in: dir).isEmpty)
        let movie = try MovieCaptions(path: out)
        let video = try #require(movie.movie.tracks.first { $0.handlerType == "vide" })
        #expect(try movie.a53(video).dtvcc.pictures.isEmpty)
        try Self.expectCaptionsOfTheSCCFile(in: out)
    }

    /// Trimmed (`--from 10`): the pictures and the track carry the same service data, and
    /// service 1 gives the captions still to come or on screen at the cut (the one it cuts from
    /// the first frames), none of the part cut away.
    @Test func aTrimmedExportStartsWithWhatIsOnScreenAtTheCut() throws {
        let dir = try TemporaryDirectory("embed-c708-trim")
        let out = dir.path("out.mp4")
        let r = try ExportEmbedTests.export([
            try ExportEmbedTests.clip(in: dir), "-o", out, "--captions", ExportEmbedTests.popOn, "--embed", "both",
            "--as", "c708", "--start-timecode", ExportEmbedTests.start, "--from", "10",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        var service = CaptionFormatOptions()
        service.settings[CaptionFormatOptions.dtvccServiceSetting] = "1"
        var sei = service
        sei.settings[MovieCaptions.sourceSetting] = "sei"
        let fromTrack = try CaptionFile.read(out, options: service).0.document.captions
        let fromPictures = try CaptionFile.read(out, options: sei).0.document.captions
        #expect(fromTrack.map(\.text) == fromPictures.map(\.text))
        #expect(fromTrack.map(\.timeRange) == fromPictures.map(\.timeRange))

        var sccOptions = CaptionFormatOptions()
        sccOptions.startTimecode = ExportEmbedTests.start
        let cut = MediaTime(value: 10, timescale: 1)
        let kept = try CaptionFile.read(ExportEmbedTests.popOn, options: sccOptions).0.document.captions.filter {
            $0.timeRange.end > cut
        }
        try #require(kept.count == 4 && kept[0].timeRange.start < cut, "\(kept.map(\.timeRange))")
        #expect(fromTrack.map(\.text) == kept.map(\.text))
        #expect((fromTrack.first?.timeRange.start ?? cut) < MediaTime(value: 1, timescale: 2))
    }

    /// `mux --form c708 --cc3 FILE`: the second file is CEA-708 service 2 as well as CC3, as
    /// `export --embed sei` sends it.
    @Test func muxedSecondFileIsServiceTwo() throws {
        let dir = try TemporaryDirectory("mux-c708-two")
        let spanish = dir.path("es.srt")
        try "1\n00:00:01,000 --> 00:00:03,000\nHOLA A TODOS\n\n2\n00:00:05,000 --> 00:00:08,000\nADIÓS\n".write(
            toFile: spanish, atomically: true, encoding: .utf8)
        let out = dir.path("out.mov")
        let r = try CLIRunner.run([
            "mux", try TrackClips.make("clip.mov", in: dir), ExportEmbedTests.popOn, "--cc3", spanish, "--form", "c708",
            "--start-timecode", ExportEmbedTests.start, "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try MovieCaptions(path: out).sources().sources.first?.services == [1, 2])
        var options = CaptionFormatOptions()
        options.settings[CaptionFormatOptions.dtvccServiceSetting] = "2"
        let two = try CaptionFile.read(out, options: options).0.document.captions
        #expect(two.map(\.text) == ["HOLA A TODOS", "ADIÓS"])
        #expect(two.map(\.timeRange.start.seconds).map { ($0 * 10).rounded() } == [10, 50])
    }

    @Test func asGoesWithATrack() throws {
        let dir = try TemporaryDirectory("embed-c708-sei")
        let r = try ExportEmbedTests.export([
            try ExportEmbedTests.clip(in: dir), "-o", dir.path("out.mp4"), "--captions", ExportEmbedTests.popOn,
            "--embed", "sei", "--as", "c708",
        ])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--as names the track"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.mp4")))
    }
}
