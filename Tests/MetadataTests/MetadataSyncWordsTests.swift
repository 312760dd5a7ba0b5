import CaptionCore
import Foundation
import Metadata
import TestSupport
import Testing

/// MetadataSync's errors name its own choices and parameter (`MetadataSync.gps`,
/// `MetadataSync.start`, the offset of `MetadataSync.place`); `captions metadata add` says its
/// flags for them (`--sync gps`, `--offset`).
@Suite struct MetadataSyncWordsTests {
    @Test func errorsNameTheChoicesAndTheCommandItsFlags() throws {
        let dir = try TemporaryDirectory("metadata-sync-words")
        // A clip of plain H.264 and AAC: no GoPro GPMF track.
        let clip = try MetadataRoundTripTests.clip("clip.mp4", in: dir, seconds: 2, faststart: false)
        let movie = try MovieMetadata(path: clip)
        let text = MetadataRoundTripTests.gpx(count: 3, first: 0)
        let points = try GPXReader(fileName: "ride.gpx").read(Array(text.utf8)).timedTrackPoints().points
        do {
            _ = try MetadataSync.gps.anchor(for: movie, points: points)
            Issue.record("no error for MetadataSync.gps on a movie without GPMF")
        } catch {
            #expect(error.message == "MetadataSync.gps needs a GoPro GPMF track, and the movie has none")
        }
        // Points a day after the movie: none falls within it.
        let anchor = try MetadataSync.creationTime.anchor(for: movie, points: points)
        do {
            _ = try MetadataSync.place(
                points, anchor: UTCTime(sinceEpoch: anchor.sinceEpoch - MediaTime(value: 86_400, timescale: 1)),
                offset: .zero,
                duration: movie.duration, timescale: 1000)
            Issue.record("no error for points outside the movie")
        } catch {
            #expect(
                error.message.hasSuffix("check the MetadataSync case and the offset: of MetadataSync.place"),
                "\(error)")
            #expect(!error.message.contains("--"), "\(error)")
        }

        let gpx = dir.path("ride.gpx")
        try text.write(toFile: gpx, atomically: true, encoding: .utf8)
        let gps = try CLIRunner.run(["metadata", "add", clip, gpx, "-o", dir.path("out.mp4"), "--sync", "gps"])
        #expect(gps.status == 2, "\(gps.stderr)")
        #expect(gps.stderr.contains("--sync gps needs a GoPro GPMF track, and the movie has none"), "\(gps.stderr)")
        let late = try CLIRunner.run(["metadata", "add", clip, gpx, "-o", dir.path("late.mp4"), "--offset=-86400"])
        #expect(late.stderr.contains("check --sync and --offset"), "\(late.stderr)")
        for r in [gps, late] { #expect(!r.stderr.contains("MetadataSync"), "\(r.stderr)") }
    }
}
