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
        let theirs = try A53DTVCCWitnessTests.ffmpegDTVCC(out, in: dir)
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

    /// Two caption files (`--captions` and `--cc3`): CEA-608 CC1 and CC3, and CEA-708 services 1
    /// and 2, each the captions of its file.
    @Test func twoFilesGiveTwoServices() throws {
        let dir = try TemporaryDirectory("embed-708-two")
        let spanish = dir.path("es.srt")
        try """
            1
            00:00:01,000 --> 00:00:03,000
            HOLA A TODOS

            2
            00:00:05,000 --> 00:00:08,000
            ¿CÓMO ESTÁN?

            3
            00:00:12,000 --> 00:00:15,000
            ADIÓS

            """.write(toFile: spanish, atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let r = try ExportEmbedTests.export([
            try ExportEmbedTests.clip(in: dir), "-o", out, "--captions", ExportEmbedTests.popOn, "--cc3", spanish,
            "--embed", "sei", "--start-timecode", ExportEmbedTests.start,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let movie = try MovieCaptions(path: out)
        #expect(movie.sources().sources.first?.services == [1, 2])
        #expect(movie.sources().sources.first?.channels == [1, 3])
        var sccOptions = CaptionFormatOptions()
        sccOptions.startTimecode = ExportEmbedTests.start
        let english = try CaptionFile.read(ExportEmbedTests.popOn, options: sccOptions).0.document.captions
        for (service, expected) in [(1, english.map(\.text)), (2, ["HOLA A TODOS", "¿CÓMO ESTÁN?", "ADIÓS"])] {
            var options = CaptionFormatOptions()
            options.settings[CaptionFormatOptions.dtvccServiceSetting] = String(service)
            let ours = try CaptionFile.read(out, options: options).0.document.captions
            #expect(ours.map(\.text) == expected, "service \(service)")
        }
        var options = CaptionFormatOptions()
        options.settings[CaptionFormatOptions.dtvccServiceSetting] = "2"
        let starts = try CaptionFile.read(out, options: options).0.document.captions.map {
            FrameRate.fps29_97.frame(at: $0.timeRange.start, rounding: .nearestOrAwayFromZero)
        }
        #expect(starts == [1, 5, 12].map { FrameRate.fps29_97.frame(at: MediaTime(value: $0, timescale: 1), rounding: .nearestOrAwayFromZero) })
    }
}
