import CaptionCore
import Foundation
import ISOBMFF
import Metadata
import TestSupport
import Testing

/// The GoPro Max fixture's `gpmd` track remuxed into movie fragments by FFmpeg (QuickTime
/// movie, `-movflags frag_keyframe+empty_moov`): the GPMF reader gets its samples from the
/// fragments through `Movie.samples(of:)` with no change of its own, and GoPro's own parser
/// (gpmf-parser, on the original) gives the same GPS.
@Suite struct FragmentedMetadataTests {
    @Test func gpmdInFragmentsReadsAsGoProsParserReadsTheOriginal() throws {
        let dir = try TemporaryDirectory("frag-gpmd")
        let original = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path
        let streams = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            ["-v", "error", "-show_entries", "stream=index,codec_tag_string", "-of", "csv=p=0", original])
        let gpmd = try #require(
            streams.stdout.split(whereSeparator: \.isNewline).first { $0.hasSuffix(",gpmd") }?.split(separator: ",")
                .first)
        let fragmented = dir.path("frag.mov")
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-loglevel", "error", "-y", "-i", original, "-map", "0:v:0", "-map", "0:\(gpmd)", "-c", "copy",
                "-movflags",
                "frag_keyframe+empty_moov", fragmented,
            ])
        #expect(r.status == 0, "\(r.stderr)")

        let metadata = try MovieMetadata(path: fragmented)
        #expect(!metadata.movie.fragments.isEmpty)
        let track = try #require(metadata.firstTrack(.gpmf))
        #expect(track.sampleTable.sampleCount == 0 && track.fragmentSampleCount > 0)
        #expect(metadata.metadataTrackInfo().first { $0.trackID == track.id }?.sampleCount == track.fragmentSampleCount)
        let telemetry = try metadata.goProTelemetry(track)
        let theirs = try GoProPeers.gpmfParser(original)
        #expect(theirs.count > 100 && telemetry.gps.count == theirs.count)
        for (ours, t) in zip(telemetry.gps.map(\.point), theirs) {
            #expect(
                abs(ours.latitude - t[1]) <= 1e-9 * max(1, abs(t[1]))
                    && abs(ours.longitude - t[2]) <= 1e-9 * max(1, abs(t[2])))
        }
    }
}
