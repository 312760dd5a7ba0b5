import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// Media's errors name the export's own parameters (`ExportSession.timeRange`, `ExportSettings`);
/// `captions export` says its flags for them (`--from`, `--to`, `--size`, `--codec`).
@Suite struct ExportParameterWordsTests {
    static func seconds(_ s: Int64) -> MediaTime { MediaTime(value: s, timescale: 1) }

    @Test func theLibrarySpeaksOfItsParametersAndTheCommandOfItsFlags() async throws {
        let dir = try TemporaryDirectory("export-words")
        let clip = dir.path("clip.mp4")
        try MediaTools.makeClip(clip, rate: "25", seconds: 2, audio: false)
        let cases: [(ExportSettings, TimeRange?, String, [String], String)] = [
            (
                ExportSettings(), TimeRange(start: Self.seconds(1), end: Self.seconds(1)),
                "ExportSession.timeRange.end (1.0 s) must come after ExportSession.timeRange.start",
                // The command checks this one itself, before the session.
                ["--from", "1", "--to", "1"], "--to must come after --from"
            ),
            (
                ExportSettings(), TimeRange(start: Self.seconds(9), end: .positiveInfinity),
                "ExportSession.timeRange.start 9.0 s is past the end", ["--from", "9"], "--from 9.0 s is past the end"
            ),
            (
                ExportSettings(size: VideoSize(width: 1, height: 1)), nil, "ExportSettings.size must be between",
                ["--size", "1x1"], "--size must be between"
            ),
            (
                ExportSettings(videoCodec: .encode("no-such-encoder")), nil,
                "ExportSettings.videoCodec .encode no-such-encoder: this build of FFmpeg has no video encoder",
                ["--codec", "no-such-encoder"], "--codec no-such-encoder: this build of FFmpeg has no video encoder"
            ),
        ]
        for (index, (settings, range, libraryWords, flags, commandWords)) in cases.enumerated() {
            let session = ExportSession(
                asset: Asset(path: clip), outputPath: dir.path("l\(index).mp4"), settings: settings)
            session.timeRange = range
            do {
                try await session.export()
                Issue.record("no error for \(libraryWords)")
            } catch {
                #expect("\(error)".contains(libraryWords), "\(error)")
                #expect(!"\(error)".contains("--"), "\(error)")
            }
            let r = try CLIRunner.run(["export", clip, "-o", dir.path("c\(index).mp4")] + flags)
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.contains(commandWords), "\(r.stderr)")
            #expect(!r.stderr.contains("ExportS"), "\(r.stderr)")
        }
    }
}
