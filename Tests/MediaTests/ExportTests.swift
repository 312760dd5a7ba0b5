import CaptionCore
import Foundation
import Media
import Synchronization
import TestSupport
import Testing

/// Exports of clips made by ffmpeg, checked with ffprobe and framemd5 (never with our reader).
@Suite struct ExportTests {
    static let rates = ["25", "30000/1001", "60000/1001"]

    @Test(arguments: rates, ["mp4", "mov"])
    func exportKeepsFramesDurationAndAudioBits(rate: String, container: String) throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("in.\(container)"), output = dir.path("out.\(container)")
        try MediaTools.makeClip(input, rate: rate, extra: ["-metadata", "title=Export test"])
        let session = ExportSession(
            asset: Asset(path: input), outputPath: output, settings: ExportSettings(preset: "ultrafast"))
        try session.exportSynchronously()

        let before = try MediaTools.probe(input, extra: ["-count_frames"])
        let after = try MediaTools.probe(output, extra: ["-count_frames"])
        let vIn = try #require(
            (before["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == "video" })
        let vOut = try #require(
            (after["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == "video" })
        #expect(vOut["nb_read_frames"] as? String == vIn["nb_read_frames"] as? String)
        #expect(vOut["duration"] as? String == vIn["duration"] as? String)
        #expect(vOut["r_frame_rate"] as? String == vIn["r_frame_rate"] as? String)
        #expect(vOut["codec_name"] as? String == "h264")
        let audioIn = try MediaTools.framemd5(input, stream: "a")
        #expect(audioIn.count > 50)
        #expect(try MediaTools.framemd5(output, stream: "a") == audioIn)
        let tags = (after["format"] as? [String: Any])?["tags"] as? [String: String]
        #expect(tags?["title"] == "Export test")
    }

    @Test func rotationAndColourTagsAreKept() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(
            dir.path("a.mp4"), rate: "25", seconds: 1,
            extra: ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"])
        try MediaTools.ffmpeg([
            "-i", dir.path("a.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=90", dir.path("r.mp4"),
        ])
        let session = ExportSession(
            asset: Asset(path: dir.path("r.mp4")), outputPath: dir.path("o.mp4"),
            settings: ExportSettings(preset: "ultrafast"))
        try session.exportSynchronously()
        let v = try #require(try MediaTools.streams(dir.path("o.mp4")).first)
        #expect(v["color_space"] as? String == "bt709")
        #expect(v["color_primaries"] as? String == "bt709")
        #expect(v["color_transfer"] as? String == "bt709")
        #expect(v["color_range"] as? String == "tv")
        let side = v["side_data_list"] as? [[String: Any]] ?? []
        #expect(side.first { $0["side_data_type"] as? String == "Display Matrix" }?["rotation"] as? Int == 90)
    }

    @Test(arguments: ["gopro-karma.mp4", "gopro-max-heromode.mp4"])
    func goProTracksAreCopiedAndUnholdableOnesNamed(name: String) throws {
        let dir = try TemporaryDirectory()
        let input = TestPaths.sharedFixture("media/\(name)").path
        let session = ExportSession(
            asset: Asset(path: input), outputPath: dir.path("o.mp4"), settings: ExportSettings(preset: "ultrafast"))
        try session.exportSynchronously()
        let streams = try MediaTools.streams(dir.path("o.mp4"))
        let tags = streams.compactMap { $0["codec_tag_string"] as? String }
        #expect(tags.contains("gpmd"))
        #expect(tags.contains("tmcd"))
        #expect(try MediaTools.framemd5(dir.path("o.mp4"), stream: "d:0") == MediaTools.framemd5(input, stream: "d:1"))
        // The fdsc track has no codec FFmpeg knows: dropped, and named.
        #expect(session.diagnostics.contains { $0.ruleID == "media.trackDropped" && $0.message.contains("fdsc") })
        let video = try #require(streams.first)
        #expect((video["tags"] as? [String: String])?["timecode"] != nil)
    }

    @Test func dropDataLeavesTheDataTracksOut() throws {
        let dir = try TemporaryDirectory()
        let input = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path
        let session = ExportSession(
            asset: Asset(path: input), outputPath: dir.path("o.mp4"),
            settings: ExportSettings(preset: "ultrafast", dropDataTracks: true))
        session.timeRange = TimeRange(start: .zero, end: MediaTime(value: 1, timescale: 1))
        try session.exportSynchronously()
        let types = try MediaTools.streams(dir.path("o.mp4")).compactMap { $0["codec_tag_string"] as? String }
        #expect(!types.contains("gpmd"))
    }

    @Test func codecCopyKeepsThePacketsAsTheyAre() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("a.mp4"), rate: "25", seconds: 1)
        let session = ExportSession(
            asset: Asset(path: dir.path("a.mp4")), outputPath: dir.path("o.mov"),
            settings: ExportSettings(videoCodec: .copy))
        try session.exportSynchronously()
        #expect(
            try MediaTools.framemd5(dir.path("o.mov"), stream: "v")
                == MediaTools.framemd5(dir.path("a.mp4"), stream: "v"))
    }
}

@Suite struct ExportTracksTests {
    @Test func sizeChangesAndSubtitleTracksAreCopied() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("a.mp4"), rate: "25", seconds: 1)
        try "1\n00:00:00,200 --> 00:00:00,800\nsubtitle text\n".write(
            toFile: dir.path("s.srt"), atomically: true, encoding: .utf8)
        try MediaTools.ffmpeg([
            "-i", dir.path("a.mp4"), "-i", dir.path("s.srt"), "-map", "0", "-map", "1", "-c", "copy", "-c:s",
            "mov_text", dir.path("subs.mp4"),
        ])
        let session = ExportSession(
            asset: Asset(path: dir.path("subs.mp4")), outputPath: dir.path("o.mp4"),
            settings: ExportSettings(preset: "ultrafast", size: VideoSize(width: 80, height: 60)))
        try session.exportSynchronously()
        let streams = try MediaTools.streams(dir.path("o.mp4"))
        #expect(streams.first?["width"] as? Int == 80 && streams.first?["height"] as? Int == 60)
        #expect(streams.map { $0["codec_type"] as? String } == ["video", "audio", "subtitle"])
        #expect(
            try MediaTools.framemd5(dir.path("o.mp4"), stream: "s")
                == MediaTools.framemd5(dir.path("subs.mp4"), stream: "s"))
    }

    /// Cancelling the task that awaits an export stops it at the next packet: the awaiting
    /// call throws `CancellationError` and no output is left (only the cancellation flag
    /// crosses threads; the session stays in its task).
    @Test func cancellingTheAwaitingTaskStopsTheExport() async throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("a.mp4"), rate: "25", seconds: 8)
        let session = ExportSession(
            asset: Asset(path: dir.path("a.mp4")), outputPath: dir.path("o.mp4"),
            settings: ExportSettings(preset: "ultrafast"))
        // At its fifth frame the export says so and waits until the task has been cancelled.
        let started = AsyncStream<Void>.makeStream()
        let cancelled = DispatchSemaphore(value: 0)
        let frames = Mutex(0)
        session.progressHandler = { _ in
            let count = frames.withLock {
                $0 += 1
                return $0
            }
            if count == 5 {
                started.continuation.yield()
                cancelled.wait()
            }
        }
        let export = Task {
            defer { started.continuation.finish() }
            try await session.export()
        }
        for await _ in started.stream { break }
        export.cancel()
        cancelled.signal()
        await #expect(throws: CancellationError.self) { try await export.value }
        #expect(frames.withLock { $0 } == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["a.mp4"])
    }

    @Test func asyncExportAndCancellation() async throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("a.mp4"), rate: "25", seconds: 1)
        let session = ExportSession(
            asset: Asset(path: dir.path("a.mp4")), outputPath: dir.path("o.mp4"),
            settings: ExportSettings(preset: "ultrafast"))
        // One report a frame, then the whole file's (fractionCompleted 1), from the export's thread.
        let reports = Mutex<[ExportProgress]>([])
        session.progressHandler = { report in reports.withLock { $0.append(report) } }
        try await session.export()
        let received = reports.withLock { $0 }
        #expect(received.count == 26)
        #expect(received.dropLast().allSatisfy { ($0.fractionCompleted ?? 1) < 1 })
        #expect(received.last?.fractionCompleted == 1 && received.last?.frames == 25)
        #expect(try MediaTools.streams(dir.path("o.mp4")).count == 2)

        let cancelled = ExportSession(asset: Asset(path: dir.path("a.mp4")), outputPath: dir.path("c.mp4"))
        cancelled.cancelExport()
        await #expect(throws: CancellationError.self) { try await cancelled.export() }
        #expect(!FileManager.default.fileExists(atPath: dir.path("c.mp4")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["a.mp4", "o.mp4"])
    }
}
