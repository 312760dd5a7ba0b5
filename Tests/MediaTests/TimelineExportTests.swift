import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// An ExportSession of a timeline, its video: cuts, scaled segments, mixed frame rates, rotation, empty
/// time and bad input, checked by the pixels of frames ffmpeg decodes and by ffprobe.
@Suite struct TimelineExportTests {
    static let fps30 = MediaTime(value: 1, timescale: 30)
    static let settings = ExportSettings(crf: 4, preset: "ultrafast")

    static func segment(_ path: String, _ from: MediaTime, _ to: MediaTime, at start: MediaTime, _ end: MediaTime)
        -> MediaSegment
    {
        MediaSegment(
            source: MediaSegment.Source(path: path, trackID: 1, timeRange: TimeRange(start: from, end: to)),
            targetRange: TimeRange(start: start, end: end))
    }

    static func timeline(_ segments: [MediaSegment], size: Int = 64) -> MediaTimeline {
        MediaTimeline(
            tracks: [MediaTimelineTrack(trackID: 1, mediaType: .video, segments: segments)],
            renderSize: VideoSize(width: size, height: size), frameDuration: fps30)
    }

    static func s(_ v: Int64, _ ts: Int32 = 1) -> MediaTime { MediaTime(value: v, timescale: ts) }

    @Test func cutBetweenTwoClipsLandsOnTheExactFrame() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.mp4"), b = dir.path("b.mp4")
        try NumberedClips.make(a, seconds: 2, blue: 0)
        try NumberedClips.make(b, seconds: 2, blue: 255)
        // a from 0.5 s for 1 s, then b from its start for 1 s: the cut is output frame 30.
        let out = dir.path("cut.mp4")
        let session = ExportSession(
            timeline: Self.timeline([
                Self.segment(a, Self.s(1, 2), Self.s(3, 2), at: .zero, Self.s(1)),
                Self.segment(b, .zero, Self.s(1), at: Self.s(1), Self.s(2)),
            ]), outputPath: out, settings: Self.settings)
        try session.exportSynchronously()
        let frames = try NumberedClips.frames(out, width: 64, height: 64)
        #expect(frames.count == 60)
        for (k, frame) in frames.enumerated() {
            let shown = NumberedClips.number(frame, width: 64, x: 32, y: 32)
            if k < 30 {
                #expect(shown.frame == 15 + k && shown.blue < 64, "output frame \(k) shows \(shown)")
            } else {
                #expect(shown.frame == k - 30 && shown.blue > 192, "output frame \(k) shows \(shown)")
            }
        }
        let facts = try NumberedClips.videoFacts(out)
        #expect(facts.frames == 60)
        #expect(abs(facts.duration - 2) < 0.001, "duration \(facts.duration)")
        // Only the parts used were decoded: a's from its start (one GOP) to frame 45, b's first 30.
        #expect(session.decodedFrameCount < 46 + 31 + 8, "decoded \(session.decodedFrameCount)")
    }

    @Test func halfSpeedSegmentShowsEachSourceFrameTwice() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.mp4")
        try NumberedClips.make(a, seconds: 2)
        let out = dir.path("slow.mp4")
        try ExportSession(
            timeline: Self.timeline([Self.segment(a, .zero, Self.s(1), at: .zero, Self.s(2))]), outputPath: out,
            settings: Self.settings
        ).exportSynchronously()
        let frames = try NumberedClips.frames(out, width: 64, height: 64)
        #expect(frames.count == 60)
        for (k, frame) in frames.enumerated() {
            #expect(NumberedClips.number(frame, width: 64, x: 32, y: 32).frame == k / 2, "output frame \(k)")
        }
    }

    @Test func sourcesAt30And25FramesPerSecondInto30() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a30.mp4"), b = dir.path("b25.mp4")
        try NumberedClips.make(a, rate: "30", seconds: 1, blue: 0)
        try NumberedClips.make(b, rate: "25", seconds: 1, blue: 255)
        let out = dir.path("mixed.mp4")
        try ExportSession(
            timeline: Self.timeline([
                Self.segment(a, .zero, Self.s(1), at: .zero, Self.s(1)),
                Self.segment(b, .zero, Self.s(1), at: Self.s(1), Self.s(2)),
            ]), outputPath: out, settings: Self.settings
        ).exportSynchronously()
        let frames = try NumberedClips.frames(out, width: 64, height: 64)
        #expect(frames.count == 60)
        for (k, frame) in frames.enumerated() {
            let shown = NumberedClips.number(frame, width: 64, x: 32, y: 32)
            // Output frame k is at k/30 s; the 25 fps picture in force at (k−30)/30 s is the
            // last n with n/25 ≤ (k−30)/30, n = ⌊(k−30)·25/30⌋.
            let expected = k < 30 ? k : (k - 30) * 25 / 30
            #expect(shown.frame == expected, "output frame \(k) shows \(shown.frame), expected \(expected)")
            #expect((shown.blue > 128) == (k >= 30), "output frame \(k) comes from the wrong clip")
        }
        #expect(try NumberedClips.videoFacts(out).frames == 60)
    }

    @Test func portraitClipWithDisplayMatrixComesOutUpright() throws {
        let dir = try TemporaryDirectory()
        let stored = dir.path("stored.mp4")
        try NumberedClips.makeRotated(stored, dir: dir)
        // ffmpeg's own autorotation is the reference: 64 wide, 96 tall, one colour above the other.
        let reference = try NumberedClips.ffmpegUpright(stored, dir: dir)
        #expect(reference.width == 64 && reference.height == 96)
        func ref(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * 64 + x) * 4
            return (Int(reference.rgba[i]), Int(reference.rgba[i + 1]), Int(reference.rgba[i + 2]))
        }
        #expect(ref(32, 10) != ref(32, 85), "the reference is upright: the halves are above each other")

        let out = dir.path("upright.mp4")
        try ExportSession(
            timeline: Self.timeline([Self.segment(stored, .zero, Self.s(1), at: .zero, Self.s(1))], size: 96),
            outputPath: out, settings: Self.settings
        ).exportSynchronously()
        let frames = try NumberedClips.frames(out, width: 96, height: 96)
        let frame = try #require(frames.first)
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * 96 + x) * 3
            return (Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2]))
        }
        // Fitted 64x96 inside 96x96, centred: black bars 16 px wide left and right.
        #expect(rgb(4, 48).0 < 30 && rgb(4, 48).2 < 30, "left bar is black: \(rgb(4, 48))")
        #expect(rgb(91, 48).0 < 30 && rgb(91, 48).2 < 30, "right bar is black: \(rgb(91, 48))")
        // The same picture ffmpeg shows upright, where both have it (columns 16–79 of ours).
        for (x, y) in [(20, 10), (60, 10), (20, 85), (60, 85), (32, 40), (32, 56)] {
            let ours = rgb(x + 16, y)
            let theirs = ref(x, y)
            #expect(
                abs(ours.0 - theirs.0) < 24 && abs(ours.2 - theirs.2) < 24,
                "at \(x),\(y): ours \(ours), ffmpeg \(theirs)")
        }
    }

    @Test func emptyRangeAndGapAreBlack() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.mp4")
        try NumberedClips.make(a, seconds: 2, blue: 255)
        let out = dir.path("empty.mp4")
        // a for 0.5 s, an empty segment for 0.5 s, a gap for 0.5 s, a again for 0.5 s.
        try ExportSession(
            timeline: Self.timeline([
                Self.segment(a, .zero, Self.s(1, 2), at: .zero, Self.s(1, 2)),
                .empty(TimeRange(start: Self.s(1, 2), end: Self.s(1))),
                Self.segment(a, Self.s(1), Self.s(3, 2), at: Self.s(3, 2), Self.s(2)),
            ]), outputPath: out, settings: Self.settings
        ).exportSynchronously()
        let frames = try NumberedClips.frames(out, width: 64, height: 64)
        #expect(frames.count == 60)
        for (k, frame) in frames.enumerated() {
            let i = (32 * 64 + 32) * 3
            let black = frame[i] < 20 && frame[i + 1] < 20 && frame[i + 2] < 20
            #expect(black == (15..<45).contains(k), "output frame \(k) black: \(black)")
        }
        #expect(NumberedClips.number(frames[45], width: 64, x: 32, y: 32).frame == 30)
    }

    @Test func badInputIsAClearErrorAndLeavesNoOutput() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.mp4")
        try NumberedClips.make(a, seconds: 2)
        let cases: [(String, MediaSegment, String)] = [
            ("missing", Self.segment(dir.path("nope.mp4"), .zero, Self.s(1), at: .zero, Self.s(1)), "nope.mp4"),
            (
                "track",
                MediaSegment(
                    source: .init(path: a, trackID: 7, timeRange: TimeRange(start: .zero, end: Self.s(1))),
                    targetRange: TimeRange(start: .zero, end: Self.s(1))), "no track 7"
            ),
            ("range", Self.segment(a, Self.s(1), Self.s(5), at: .zero, Self.s(4)), "outside track 1"),
        ]
        for (name, segment, words) in cases {
            let out = dir.path("\(name).mp4")
            let timeline = Self.timeline(
                [Self.segment(a, .zero, Self.s(1), at: .zero, Self.s(1)), segment].sorted {
                    $0.targetRange.start < $1.targetRange.start
                })
            var bad = timeline
            bad.tracks[0].segments = [segment]
            #expect(throws: MediaFileError.self) { try bad.validate() }
            do {
                try ExportSession(timeline: bad, outputPath: out, settings: Self.settings).exportSynchronously()
                Issue.record("\(name): no error")
            } catch let error as MediaFileError {
                #expect(error.description.contains(words), "\(name): \(error)")
                #expect(error.description.contains("video track 1, segment 0"), "\(name): \(error)")
            }
            #expect(!FileManager.default.fileExists(atPath: out), "\(name): an output was left")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "temporary files left: \(left)")
        // Overlapping segments.
        var overlapping = Self.timeline([
            Self.segment(a, .zero, Self.s(1), at: .zero, Self.s(1)),
            Self.segment(a, .zero, Self.s(1), at: Self.s(1, 2), Self.s(3, 2)),
        ])
        #expect(throws: MediaFileError.self) { try overlapping.validate() }
        overlapping.tracks[0].segments.removeLast()
        try overlapping.validate()
    }

    /// The session refuses what only a timeline takes, by the parameter's name and before any
    /// file is made: an audio mix on an asset.
    @Test func aSettingTheSourceCannotTakeIsRefusedByName() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.mp4")
        try NumberedClips.make(a, seconds: 1, blue: 0)
        let asset = ExportSession(asset: Asset(path: a), outputPath: dir.path("a2.mp4"), settings: Self.settings)
        asset.audioMix = [AudioMixInputParameters(trackID: 2, volume: 0.5)]
        #expect {
            try asset.exportSynchronously()
        } throws: { "\($0)".contains("audioMix sets the volumes of a timeline's audio tracks") }
        #expect(!FileManager.default.fileExists(atPath: dir.path("a2.mp4")))
    }

    /// `timeRange` on a timeline, as on an asset: from the first frame at or after 0.51 s (frame
    /// 16) to the last before 1.5 s (frame 44), a half-speed segment cut in its middle keeping
    /// its speed, and the compositors told the whole timeline's times (as
    /// `AVAssetExportSession.timeRange` leaves a composition's). Values worked out by hand.
    @Test func aRangeOfATimelineIsCutOnItsFrameGrid() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.mp4"), b = dir.path("b.mp4")
        try NumberedClips.make(a, seconds: 2, blue: 0)
        try NumberedClips.make(b, seconds: 2, blue: 255)
        let out = dir.path("range.mp4")
        let session = ExportSession(
            timeline: Self.timeline([
                Self.segment(a, Self.s(1, 2), Self.s(3, 2), at: .zero, Self.s(1)),
                Self.segment(b, .zero, Self.s(1, 2), at: Self.s(1), Self.s(2)),
            ]), outputPath: out, settings: Self.settings)
        session.timeRange = TimeRange(start: Self.s(51, 100), end: Self.s(3, 2))
        let recorder = TimeRecorder()
        session.compositors = [recorder]
        try session.exportSynchronously()
        let frames = try NumberedClips.frames(out, width: 64, height: 64)
        #expect(frames.count == 29)
        for (k, frame) in frames.enumerated() {
            let n = 16 + k, shown = NumberedClips.number(frame, width: 64, x: 32, y: 32)
            if n < 30 {
                #expect(shown.frame == 15 + n && shown.blue < 64, "output frame \(k) shows \(shown)")
            } else {
                #expect(shown.frame == (n - 30) / 2 && shown.blue > 192, "output frame \(k) shows \(shown)")
            }
        }
        #expect(recorder.times == (16..<45).map { Self.s(Int64($0), 30) })
        let facts = try NumberedClips.videoFacts(out)
        #expect(abs(facts.duration - 29.0 / 30) < 0.001, "duration \(facts.duration)")
        // A range past the end holds no frame: said, and nothing written.
        let none = ExportSession(
            timeline: Self.timeline([Self.segment(a, .zero, Self.s(1), at: .zero, Self.s(1))]),
            outputPath: dir.path("none.mp4"), settings: Self.settings)
        none.timeRange = TimeRange(start: Self.s(2), end: Self.s(3))
        #expect(throws: MediaFileError.self) { try none.exportSynchronously() }
        #expect(!FileManager.default.fileExists(atPath: dir.path("none.mp4")))
    }

    @Test func compositorGetsEveryTrackAndTheNextDrawsOverWhatItMade() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.mp4"), b = dir.path("b.mp4")
        try NumberedClips.make(a, seconds: 1, blue: 0)
        try NumberedClips.make(b, seconds: 1, blue: 255)
        var timeline = Self.timeline([Self.segment(a, .zero, Self.s(1), at: .zero, Self.s(1))])
        timeline.tracks.append(
            MediaTimelineTrack(
                trackID: 2, mediaType: .video,
                segments: [Self.segment(b, .zero, Self.s(1, 2), at: Self.s(1, 2), Self.s(1))]))
        let recorder = SourceRecorder()
        let out = dir.path("c.mp4")
        let session = ExportSession(timeline: timeline, outputPath: out, settings: Self.settings)
        session.compositors = [recorder, WhiteCorner()]
        try session.exportSynchronously()
        #expect(recorder.calls.count == 30)
        #expect(recorder.calls.prefix(15).allSatisfy { $0 == [1] })
        #expect(recorder.calls.suffix(15).allSatisfy { $0 == [1, 2] })
        #expect(recorder.prepared == VideoSize(width: 64, height: 64))
        // The recorder copies track 2's picture when it has one, else track 1's.
        let frames = try NumberedClips.frames(out, width: 64, height: 64)
        #expect(NumberedClips.number(frames[20], width: 64, x: 32, y: 32).blue > 192)
        #expect(NumberedClips.number(frames[20], width: 64, x: 32, y: 32).frame == 5)
        #expect(NumberedClips.number(frames[10], width: 64, x: 32, y: 32).frame == 10)
        // The second compositor drew on the picture the first made (RGB 24 read back by ffmpeg).
        #expect(frames.allSatisfy { $0[(2 * 64 + 2) * 3] >= 230 && $0[(2 * 64 + 2) * 3 + 1] >= 230 })
    }
}

/// Paints the top-left 8×8 pixels white (Y 235, U and V 128) on the request's picture, whatever
/// made it.
final class WhiteCorner: VideoCompositing {
    var supportedPixelFormats: Set<PixelFormat> { [.yuv420p] }

    func compose(_ request: VideoCompositionRequest) throws {
        for plane in 0..<3 {
            let (value, side): (UInt8, Int) = plane == 0 ? (235, 8) : (128, 4)
            try request.destinationFrame.withMutablePlane(plane) { bytes, bytesPerRow, _ in
                for row in 0..<side {
                    for column in 0..<side { bytes[row * bytesPerRow + column] = value }
                }
            }
        }
    }
}

/// Records the time of each request.
final class TimeRecorder: VideoCompositing {
    var times: [MediaTime] = []
    var supportedPixelFormats: Set<PixelFormat> { [.yuv420p] }

    func compose(_ request: VideoCompositionRequest) throws { times.append(request.compositionTime) }
}

/// Records which tracks each output frame got, and copies the highest-numbered one out.
final class SourceRecorder: VideoCompositing {
    var calls: [[Int]] = []
    var prepared: VideoSize?
    var supportedPixelFormats: Set<PixelFormat> { [.yuv420p] }

    func prepare(for format: VideoFrameFormat) throws {
        prepared = VideoSize(width: format.width, height: format.height)
    }

    func compose(_ request: VideoCompositionRequest) throws {
        let output = try request.makeBlackFrame()
        try request.finish(withComposedVideoFrame: output)
        calls.append(request.sourceTrackIDs.map(Int.init))
        guard let key = request.sourceTrackIDs.last, let source = request.sourceFrame(byTrackID: key) else { return }
        try output.copyPixels(from: source)
    }
}

extension VideoFrame {
    /// Copies a yuv420p picture of the same size into this one.
    fileprivate func copyPixels(from source: VideoFrame) throws {
        try makeWritable()
        try source.withPlanes { from in
            try withPlanes { to in
                for plane in 0..<3 {
                    let w = plane == 0 ? width : width / 2
                    let h = plane == 0 ? height : height / 2
                    guard let src = from.data[plane], let dst = to.data[plane] else { continue }
                    for row in 0..<h {
                        (dst + row * to.strides[plane]).update(from: src + row * from.strides[plane], count: w)
                    }
                }
            }
        }
    }
}
