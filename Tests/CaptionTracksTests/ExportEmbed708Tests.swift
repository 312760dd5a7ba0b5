import CaptionCore
import CaptionData
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// `captions export … --captions show.scc --embed sei` writes the captions as CEA-708 service 1
/// beside the CEA-608 pairs, in the same `cc_data` of each picture (CTA-708-E §4.4). FFmpeg's
/// h264 decoder hands out the same DTVCC constructs for each picture as our reader finds, and
/// service 1 reads back as the SCC file's captions: the same texts, each shown from the same
/// frame.
@Suite struct ExportEmbed708Tests {
    @Test func seiCarriesServiceOneBesideTheCEA608Pairs() throws {
        let dir = try TemporaryDirectory("embed-708")
        let out = dir.path("out.mp4")
        let r = try ExportEmbedTests.export([
            try ExportEmbedTests.clip(in: dir), "-o", out, "--captions", ExportEmbedTests.popOn, "--embed", "sei",
            "--start-timecode", ExportEmbedTests.start,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let movie = try MovieCaptions(path: out)
        let video = try #require(movie.movie.tracks.first { $0.handlerType == "vide" })
        let reading = try movie.a53(video)
        #expect(reading.services == [1])
        #expect(movie.sources().sources.first?.services == [1])

        // The constructs of each picture, as FFmpeg's decoder exports them (A/53 side data).
        let dump = dir.path("subcc.json")
        let probe = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            [
                "-v", "error", "-f", "lavfi", "-i", "movie=\(out)[out0+subcc]", "-select_streams", "s:0",
                "-show_packets", "-show_data", "-of", "json", "-o", dump,
            ])
        try #require(probe.status == 0, "\(probe.stderr)")
        let theirs = try A53DTVCCWitnessTests.dtvccConstructs(ffprobeJSON: dump)
        #expect(!theirs.isEmpty)
        #expect(reading.dtvcc.pictures.map(\.constructs) == theirs)

        var sccOptions = CaptionFormatOptions()
        sccOptions.startTimecode = ExportEmbedTests.start
        let expected = try CaptionFile.read(ExportEmbedTests.popOn, options: sccOptions).0.document.captions
        var options = CaptionFormatOptions()
        options.settings[CaptionFormatOptions.dtvccServiceSetting] = "1"
        let ours = try CaptionFile.read(out, options: options).0.document.captions
        try #require(expected.count == 7)
        #expect(ours.map(\.text) == expected.map(\.text))
        let frame = { (c: Caption) in FrameRate.fps29_97.frame(at: c.timeRange.start, rounding: .nearestOrAwayFromZero) }
        #expect(ours.map(frame) == expected.map(frame))
    }
}
