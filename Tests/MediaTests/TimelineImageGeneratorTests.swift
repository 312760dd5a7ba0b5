import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// The ImageGenerator of a timeline: pictures of a timeline at given times, the frame shown at each
/// (read from frame numbers drawn into ffmpeg-made clips), sparse times served by seeking
/// rather than decoding everything (its counter), and the export's recycled output pictures.
@Suite struct TimelineImageGeneratorTests {
    typealias T = TimelineExportTests

    static func number(_ image: GeneratedImage) -> (frame: Int, blue: Int) {
        NumberedClips.number(image.rgba, width: image.width, x: image.width / 2, y: image.height / 2, channels: 4)
    }

    @Test func eachTimeGivesTheOutputFrameShownThen() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.mp4")
        try NumberedClips.make(a, seconds: 2, blue: 0)
        // [0, 1): a from 0.5 s; [1, 2): a's first half second at half speed.
        let timeline = T.timeline([
            T.segment(a, T.s(1, 2), T.s(3, 2), at: .zero, T.s(1)),
            T.segment(a, .zero, T.s(1, 2), at: T.s(1), T.s(2)),
        ])
        let generator = ImageGenerator(timeline: timeline)
        // Out of order; 1/10 + 1/60 s is still output frame 3; 2 s (the end) is the last frame.
        let times = [T.s(3, 2), T.s(1, 10), T.s(7, 60), T.s(2), T.s(0)]
        let images = try generator.images(at: times)
        #expect(images.map(\.requestedTime) == times)
        #expect(images.map(\.actualTime) == [T.s(45, 30), T.s(3, 30), T.s(3, 30), T.s(59, 30), .zero])
        // Output frame n < 30 shows source frame 15 + n; n ≥ 30 shows source frame ⌊(n − 30) / 2⌋.
        #expect(images.map { Self.number($0).frame } == [7, 18, 18, 14, 15])
        #expect(images.allSatisfy { $0.width == 64 && $0.height == 64 })
    }

    @Test func sparseTimesSeekInsteadOfDecodingEveryPicture() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("long.mp4")
        // 8 s, a key frame every second: 240 pictures in all.
        try NumberedClips.make(a, seconds: 8, blue: 0, gop: 30)
        let timeline = T.timeline([T.segment(a, .zero, T.s(8), at: .zero, T.s(8))])
        let generator = ImageGenerator(timeline: timeline)
        generator.maximumSize = VideoSize(width: 32, height: 32)
        let times = [T.s(0), T.s(2), T.s(4), T.s(6), T.s(79, 10)]
        let images = try generator.images(at: times)
        #expect(images.map { Self.number($0).frame } == [0, 60, 120, 180, 237])
        #expect(images.allSatisfy { $0.width == 32 && $0.height == 32 })
        // Each time needs its key frame and the pictures after it up to the time (28 for
        // 7.9 s), plus the one read ahead: far fewer than the 240 a full pass decodes.
        #expect(generator.decodedFrameCount <= 4 * 2 + 29 + 4, "decoded \(generator.decodedFrameCount)")
        #expect(generator.seekCount == 4)
    }

    @Test func anExportRecyclesItsOutputPictures() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.mp4")
        try NumberedClips.make(a, seconds: 3, blue: 0)
        let session = ExportSession(
            timeline: T.timeline([T.segment(a, .zero, T.s(3), at: .zero, T.s(3))]), outputPath: dir.path("out.mp4"),
            settings: T.settings)
        session.compositors = [SourceRecorder()]
        try session.exportSynchronously()
        let frames = try NumberedClips.frames(dir.path("out.mp4"), width: 64, height: 64)
        #expect(frames.count == 90)
        #expect(NumberedClips.number(frames[89], width: 64, x: 32, y: 32).frame == 89)
        // 90 output frames drawn into a few buffers the encoder hands back.
        #expect(
            session.allocatedPictureCount >= 1 && session.allocatedPictureCount <= 16,
            "allocated \(session.allocatedPictureCount)")
    }
}
