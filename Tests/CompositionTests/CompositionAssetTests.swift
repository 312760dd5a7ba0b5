import CaptionCore
import Composition
import Foundation
import Media
import TestSupport
import Testing

/// CompositionAsset from a composition file: its facts, and its image generator serving
/// sparse times (a contact sheet) with far fewer pictures decoded than a pass over every frame,
/// the same pictures either way.
@Suite struct CompositionAssetTests {
    static func clip(_ path: String) throws {
        // testsrc2 (a moving picture), a key frame every second.
        try MediaTools.makeClip(
            path, rate: "30", seconds: 6, video: "testsrc2=size=160x90:rate=30", audio: false,
            extra: ["-g", "30", "-keyint_min", "30", "-sc_threshold", "0"])
    }

    static func asset(_ dir: TemporaryDirectory) throws -> CompositionAsset {
        try clip(dir.path("a.mp4"))
        try clip(dir.path("b.mp4"))
        let json = """
            {"frameRate": "30", "clips": [
              {"source": "a.mp4"},
              {"source": "b.mp4", "in": "1", "transition": {"type": "crossfade", "duration": "1"}}]}
            """
        let file = try CompositionFileReader(fileName: "comp.json", baseDirectory: dir.url.path)
            .read(Array(json.utf8))
        return try CompositionAsset(file: file, fileName: "comp.json")
    }

    @Test func theAssetSaysWhatTheFileMeans() throws {
        let dir = try TemporaryDirectory("comp-asset")
        let asset = try Self.asset(dir)
        // a 6 s, then b from 1 s (5 s) overlapping a's last second: 10 s.
        #expect(asset.duration == MediaTime(value: 10, timescale: 1))
        #expect(asset.renderSize == VideoSize(width: 160, height: 90))
        #expect(asset.frameDuration == MediaTime(value: 1, timescale: 30))
        #expect(asset.tracks.map(\.trackID) == [CompositionPlan.videoA, CompositionPlan.videoB])
        // Track B: empty until the fade, then b.
        #expect(asset.tracks.last?.segments.first?.source == nil)
        let b = try #require(asset.tracks.last?.segments.last)
        #expect(
            b.targetRange
                == TimeRange(start: MediaTime(value: 5, timescale: 1), end: MediaTime(value: 10, timescale: 1)))
        #expect(b.source?.timeRange.start == MediaTime(value: 1, timescale: 1))
        #expect(asset.titles.isEmpty && asset.plan != nil)
    }

    @Test func sparseTimesDecodeFewerPicturesThanAFullPass() throws {
        let dir = try TemporaryDirectory("comp-asset-sparse")
        let asset = try Self.asset(dir)
        let all = (0..<300).map { MediaTime(value: Int64($0), timescale: 30) }
        let full = try asset.makeImageGenerator(fonts: nil)
        full.maximumSize = VideoSize(width: 32, height: 18)
        let every = try full.images(at: all)
        let fullCount = full.decodedFrameCount
        // Every source picture used is decoded once: a's 180 and b's 150, at least.
        #expect(fullCount >= 180 + 150, "a full pass decoded \(fullCount)")

        let sheet = try asset.makeImageGenerator(fonts: nil)
        sheet.maximumSize = VideoSize(width: 32, height: 18)
        let times = stride(from: 0, to: 10, by: 2).map { MediaTime(value: Int64($0), timescale: 1) }
        let sparse = try sheet.images(at: times)
        // 0, 2, 4 (a), 6, 8 (b): each on a key frame; 5.5 s would have both tracks.
        #expect(sheet.decodedFrameCount * 10 < fullCount, "sparse decoded \(sheet.decodedFrameCount) of \(fullCount)")
        for (image, time) in zip(sparse, times) {
            let n = Int(time.value) * 30
            #expect(image.rgba == every[n].rgba, "the picture at \(time.seconds) s is the full pass's frame \(n)")
        }
    }
}
