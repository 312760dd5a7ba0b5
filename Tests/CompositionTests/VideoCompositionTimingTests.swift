import CaptionCore
import Composition
import Foundation
import Media
import Metadata
import TestSupport
import Testing

/// The compositor receives exactly the metadata group whose time range contains each output
/// frame (issue 14, "Timing"): synthetic tracks and frame times, frames before the first group,
/// after the last, exactly on a boundary, in a gap, and across a 29.97 → 25 fps change. The
/// expected group of each frame comes from a linear scan with exact rational comparisons written
/// here, not from the code under test.
@Suite struct VideoCompositionTimingTests {
    static func t(_ value: Int64, _ timescale: Int32) -> MediaTime { MediaTime(value: value, timescale: timescale) }

    /// 29.97 fps frame k.
    static func ntsc(_ k: Int64) -> MediaTime { t(k * 1001, 30000) }

    /// Groups with irregular rates and a gap: boundaries on 29.97 frame times (frames 10, 33,
    /// 34), between frames (0.55 s), a gap from 1.5 s to 2.0 s, then groups at 25 fps frame
    /// times (2.0 s, 2.2 s) and one ending at 2.4 s.
    static let groups: [TimedMetadataGroup] = {
        let bounds: [(MediaTime, MediaTime)] = [
            (ntsc(10), t(55, 100)), (t(55, 100), ntsc(33)), (ntsc(33), ntsc(34)), (ntsc(34), t(15, 10)),
            (t(2, 1), t(22, 10)), (t(22, 10), t(24, 10)),
        ]
        return bounds.enumerated().map { i, b in
            TimedMetadataGroup(
                timeRange: TimeRange(start: b.0, end: b.1), items: [.integer(.heartRate, Int64(100 + i))])
        }
    }()

    static let trackID: CompositionTrackID = 7

    /// Frame times: 29.97 fps for 60 frames (to 1.968 s), then 25 fps from 2.0 s for 20 frames.
    static let frameTimes: [MediaTime] = (0..<60).map { ntsc(Int64($0)) } + (0..<20).map { t(50 + Int64($0), 25) }

    /// The oracle: the group whose [start, end) contains `time`, by scanning.
    static func expectedGroup(at time: MediaTime) -> Int? {
        for (i, g) in groups.enumerated() {
            // a ≤ t < b compared as cross-multiplied integers.
            let s = g.timeRange.start, e = g.timeRange.end
            func le(_ x: MediaTime, _ y: MediaTime) -> Bool {
                x.value * Int64(y.timescale) <= y.value * Int64(x.timescale)
            }
            if le(s, time), !le(e, time) { return i }
        }
        return nil
    }

    /// Records what each request carried.
    final class Spy: VideoCompositing {
        var seen: [(time: MediaTime, group: TimedMetadataGroup?, sample: SampleBuffer?)] = []
        func compose(_ request: VideoCompositionRequest) throws {
            seen.append(
                (
                    request.compositionTime, request.sourceTimedMetadata(byTrackID: trackID),
                    request.sourceSampleBuffer(byTrackID: trackID)
                ))
        }
    }

    static func track() -> SampleDataTrack {
        // Whole-second "payloads" as GoPro writes them, for sourceSampleBuffer.
        let samples = (0..<3).map { s in
            SampleBuffer(timeRange: TimeRange(start: t(Int64(s), 1), duration: t(1, 1)), bytes: [UInt8(s)])
        }
        return SampleDataTrack(trackID: trackID, groups: groups.shuffled(), samples: samples)
    }

    @Test func eachRequestCarriesTheGroupContainingItsFrame() throws {
        let spy = Spy()
        let composition = VideoComposition.singleTrack(
            compositor: spy, duration: Self.t(28, 10), videoTrackID: 1, sampleDataTrackIDs: [Self.trackID])
        try composition.validate(duration: Self.t(28, 10), videoTrackIDs: [1], sampleDataTrackIDs: [Self.trackID])
        let runner = VideoCompositionRunner(composition: composition, sampleDataTracks: [Self.track()])
        let frame = try VideoFrame.black(
            VideoFrameFormat(width: 16, height: 16, pixelFormat: .yuv420p, matrix: .bt601, isFullRange: false, frameRate: nil))
        for time in Self.frameTimes {
            try runner.compose(
                VideoCompositionRequest(
                    compositionTime: time, destinationFrame: frame, sourceFrames: [1: frame], makeBlackFrame: { frame }))
        }
        #expect(spy.seen.count == Self.frameTimes.count)
        for (time, group, sample) in spy.seen {
            let expected = Self.expectedGroup(at: time).map { Self.groups[$0] }
            #expect(group == expected, "frame at \(time) (\(time.seconds) s)")
            #expect(sample?.bytes == [UInt8(time.seconds.rounded(.down))], "payload of the second at \(time.seconds) s")
        }
        // The cases the issue names, spelled out.
        func group(at time: MediaTime) -> Int64? {
            spy.seen.first { $0.time == time }?.group?.item(.heartRate)?.value.doubleValue.map { Int64($0) }
        }
        #expect(group(at: Self.ntsc(0)) == nil, "before the first group")
        #expect(group(at: Self.ntsc(9)) == nil, "the frame just before the first group")
        #expect(group(at: Self.ntsc(10)) == 100, "exactly on the first group's start")
        #expect(group(at: Self.ntsc(16)) == 100, "0.534 s, before the 0.55 s boundary")
        #expect(group(at: Self.ntsc(17)) == 101, "0.567 s, after it")
        #expect(group(at: Self.ntsc(33)) == 102, "exactly on a boundary: the group that starts there")
        #expect(group(at: Self.ntsc(34)) == 103, "a one-frame group ends exactly at the next frame")
        #expect(group(at: Self.ntsc(44)) == 103, "1.468 s, the last frame before 103 ends at 1.5 s")
        #expect(group(at: Self.ntsc(45)) == nil, "1.5015 s, just past its end, in the gap")
        #expect(group(at: Self.ntsc(50)) == nil, "in the gap from 1.5 s to 2.0 s")
        #expect(group(at: Self.t(50, 25)) == 104, "the first 25 fps frame, exactly on 2.0 s")
        #expect(group(at: Self.t(55, 25)) == 105, "2.2 s, on a boundary at 25 fps")
        #expect(group(at: Self.t(60, 25)) == nil, "2.4 s: after the last group")
        #expect(group(at: Self.t(69, 25)) == nil, "after the last group")
    }

    /// The same through a real export: a clip whose first second is 29.97 fps and whose second
    /// is 25 fps (two clips joined by ffmpeg's concat demuxer), the frame times read back by
    /// ffprobe.
    @Test func exportRequestsFollowTheFramesAcrossARateChange() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.mp4"), b = dir.path("b.mp4"), joined = dir.path("joined.mp4")
        let common = ["-c:v", "libx264", "-preset", "ultrafast", "-video_track_timescale", "30000"]
        try MediaTools.makeClip(a, rate: "30000/1001", size: "64x48", seconds: 1, audio: false, videoCodec: common)
        try MediaTools.makeClip(b, rate: "25", size: "64x48", seconds: 1, audio: false, videoCodec: common)
        let list = dir.path("list.txt")
        try "file '\(a)'\nfile '\(b)'\n".write(toFile: list, atomically: true, encoding: .utf8)
        try MediaTools.ffmpeg(["-f", "concat", "-safe", "0", "-i", list, "-c", "copy", joined])
        let probed = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts", "-of", "csv=p=0", joined])
        // A line is "pts" or "pts,side data" (x264's SEI on the first frame of each clip).
        let pts = probed.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: ",", omittingEmptySubsequences: false).first.flatMap { Int64($0) }
        }
        #expect(pts.count == 30 + 25, "ffprobe sees both clips' frames")
        let frameTimes = pts.map { Self.t($0, 30000) }

        // Groups every 0.2 s from 0.1 s, with a boundary exactly on the first 25 fps frame, the
        // last ending at 1.801 s, before the last frames.
        #expect(frameTimes[29] == Self.ntsc(29) && frameTimes[31] - frameTimes[30] == Self.t(1, 25), "the rate changes")
        let first25 = frameTimes[30]
        var groups: [TimedMetadataGroup] = []
        var start = Self.t(1, 10)
        var n: Int64 = 0
        while start < Self.t(17, 10) {
            let end = start == Self.t(9, 10) ? first25 : (start + Self.t(2, 10))
            groups.append(
                TimedMetadataGroup(timeRange: TimeRange(start: start, end: end), items: [.integer(.power, n)]))
            start = end
            n += 1
        }
        let spy = Spy()
        let session = ExportSession(
            asset: Asset(path: joined), outputPath: dir.path("out.mp4"), settings: ExportSettings(preset: "ultrafast"))
        let description = try Asset(path: joined).loadDescription()
        let duration = try #require(description.duration)
        let composition = VideoComposition.singleTrack(
            compositor: spy, duration: duration, videoTrackID: 1, sampleDataTrackIDs: [Self.trackID])
        try session.apply(composition, sampleDataTracks: [SampleDataTrack(trackID: Self.trackID, groups: groups)])
        try session.exportSynchronously()
        #expect(spy.seen.map(\.time) == frameTimes, "one request per frame, at the frame's time")
        for (time, group, _) in spy.seen {
            let expected = groups.first { g in
                g.timeRange.start.value * Int64(time.timescale) <= time.value * Int64(g.timeRange.start.timescale)
                    && time.value * Int64(g.timeRange.end.timescale) < g.timeRange.end.value * Int64(time.timescale)
            }
            #expect(group == expected, "frame at \(time.seconds) s")
        }
        #expect(spy.seen.first?.group == nil, "the frame at 0 comes before the first group")
        #expect(spy.seen.last?.group == nil, "the last frame comes after the last group")
        #expect(spy.seen.contains { $0.time == first25 && $0.group?.timeRange.start == first25 }, "on the boundary")
    }
}
