import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// The ImageGenerator of an asset: exact pictures (compared with ffmpeg's own accurate seek), each GOP
/// decoded once for many times (counted), key frames within a tolerance, rotation, and the
/// `frame` and `thumbnails` commands.
@Suite struct AssetImageGeneratorTests {
    /// 3 s at 30 fps, a key frame every 10 frames (at 0, 1/3 s, 2/3 s…), no B-frames reordering
    /// surprises for the counts (x264 ultrafast has none).
    static func makeClip(_ path: String) throws {
        try NumberedClips.make(path, rate: "30", seconds: 3, gop: 10)
    }

    static func t(_ v: Int64, _ ts: Int32 = 100) -> MediaTime { MediaTime(value: v, timescale: ts) }

    @Test func exactPicturesMatchFFmpegsAccurateSeek() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("clip.mp4")
        try Self.makeClip(clip)
        // Frame starts (n/30 s), where ffmpeg's -ss (the first frame at or after T) and the
        // picture shown at T agree, and times between frames, where the picture shown is the
        // one that started before.
        let starts = [45, 0, 10, 89, 19].map { MediaTime(value: Int64($0), timescale: 30) }
        let between = [Self.t(151), Self.t(34), Self.t(299), Self.t(1)]
        let times = starts + between
        let generator = ImageGenerator(asset: Asset(path: clip))
        let images = try generator.images(at: times)
        #expect(images.count == times.count)
        for (index, (time, image)) in zip(times, images).enumerated() {
            #expect(image.requestedTime == time)
            #expect(image.width == 64 && image.height == 64)
            let ours = NumberedClips.number(image.rgba, width: 64, x: 32, y: 32, channels: 4).frame
            // Frame n starts at n/30 s: the picture shown at T is ⌊30·T⌋.
            #expect(ours == Int((time.seconds * 30 + 1e-9).rounded(.down)), "at \(time.seconds) s")
            #expect(image.actualTime == MediaTime(value: Int64(ours), timescale: 30))
            guard index < starts.count else { continue }
            // ffmpeg -ss T before -i seeks to the key frame before T and decodes up to T.
            let png = dir.path("ref.png")
            // Microseconds rounded down, so that -ss never lands just after the frame's start.
            let micro = (time.seconds * 1_000_000 + 1e-6).rounded(.down) / 1_000_000
            try MediaTools.ffmpeg(["-ss", String(format: "%.6f", micro), "-i", clip, "-frames:v", "1", png])
            let reference = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
            let theirs = NumberedClips.number(reference.rgba, width: 64, x: 32, y: 32, channels: 4).frame
            #expect(ours == theirs, "at \(time.seconds) s: ours \(ours), ffmpeg \(theirs)")
        }
    }

    @Test func eachGOPIsDecodedOnceForManyTimes() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("clip.mp4")
        try Self.makeClip(clip)
        let generator = ImageGenerator(asset: Asset(path: clip))
        // 29 times, 0.1 s apart, in every GOP: one pass decodes each of the 90 frames at most
        // once (a seek per time would decode 1 + 2·(frames into the GOP) … far more).
        let dense = (1...29).map { Self.t(Int64($0 * 10)) }
        let images = try generator.images(at: dense.reversed())
        #expect(images.count == 29)
        #expect(generator.decodedFrameCount <= 90, "decoded \(generator.decodedFrameCount)")
        // A seek happens only forward to a key frame not yet decoded (skipping the pictures
        // before it), so never more than once a GOP; going back never happens.
        #expect(generator.seekCount <= 9, "seeks \(generator.seekCount)")
        for (time, image) in zip(dense.reversed(), images) {
            let n = NumberedClips.number(image.rgba, width: 64, x: 32, y: 32, channels: 4).frame
            #expect(n == Int((time.seconds * 30 + 1e-9).rounded(.down)), "at \(time.seconds) s")
        }
        // Two times far apart: the reader jumps to the second one's GOP (frames 80–89) instead
        // of decoding everything between.
        let sparse = try generator.images(at: [Self.t(5), Self.t(295)])
        #expect(NumberedClips.number(sparse[1].rgba, width: 64, x: 32, y: 32, channels: 4).frame == 88)
        #expect(generator.seekCount == 2)
        #expect(generator.decodedFrameCount <= 2 + 10 + 2, "decoded \(generator.decodedFrameCount)")
    }

    @Test func toleranceTakesTheNearestKeyFrame() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("clip.mp4")
        try Self.makeClip(clip)
        let generator = ImageGenerator(asset: Asset(path: clip))
        generator.toleranceBefore = Self.t(50)
        generator.toleranceAfter = Self.t(50)
        // 1.55 s: key frames at 40/30 (0.217 s before) and 50/30 (0.117 s after).
        let images = try generator.images(at: [Self.t(155)])
        #expect(images[0].actualTime == MediaTime(value: 50, timescale: 30))
        #expect(NumberedClips.number(images[0].rgba, width: 64, x: 32, y: 32, channels: 4).frame == 50)
        #expect(generator.decodedFrameCount <= 3, "decoded \(generator.decodedFrameCount)")
        // No key frame within 0.01 s of 1.5 s: the exact picture.
        generator.toleranceBefore = Self.t(1)
        generator.toleranceAfter = Self.t(1)
        let exact = try generator.images(at: [Self.t(150)])
        #expect(exact[0].actualTime == MediaTime(value: 45, timescale: 30))
    }

    @Test func rotatedClipIsUprightAndFitsTheBox() throws {
        let dir = try TemporaryDirectory()
        let stored = dir.path("stored.mp4")
        try NumberedClips.makeRotated(stored, dir: dir)
        let reference = try NumberedClips.ffmpegUpright(stored, dir: dir)
        let generator = ImageGenerator(asset: Asset(path: stored))
        let image = try #require(try generator.images(at: [.zero]).first)
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(image.width == 64 && image.height == 96)
        for (x, y) in [(32, 10), (32, 85), (5, 5), (58, 90)] {
            let i = (y * 64 + x) * 4
            for c in 0..<3 {
                #expect(abs(Int(image.rgba[i + c]) - Int(reference.rgba[i + c])) < 24, "at \(x),\(y) channel \(c)")
            }
        }
        generator.maximumSize = VideoSize(width: 32, height: 32)
        let small = try #require(try generator.images(at: [.zero]).first)
        #expect(small.width <= 32 && small.height == 32 && small.width >= 20, "\(small.width)x\(small.height)")
    }

    @Test func timesOutsideTheMovieAreErrors() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("clip.mp4")
        try Self.makeClip(clip)
        let generator = ImageGenerator(asset: Asset(path: clip))
        #expect(throws: MediaFileError.self) { try generator.images(at: [Self.t(500)]) }
        #expect(throws: MediaFileError.self) { try generator.images(at: [Self.t(-1)]) }
        let missing = ImageGenerator(asset: Asset(path: dir.path("nope.mp4")))
        #expect(throws: MediaFileError.self) { try missing.images(at: [.zero]) }
    }

    @Test func frameCommandWritesTheExactPictureAtomically() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("clip.mp4")
        try Self.makeClip(clip)
        let png = dir.path("f.png")
        let r = try CLIRunner.run(["frame", clip, "--at", "1.5", "-o", png])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(NumberedClips.number(image.rgba, width: 64, x: 32, y: 32, channels: 4).frame == 45)
        // An existing output is kept without --force.
        let again = try CLIRunner.run(["frame", clip, "--at", "2", "-o", png])
        #expect(again.status == 2, "\(again.stderr)")
        let kept = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(NumberedClips.number(kept.rgba, width: 64, x: 32, y: 32, channels: 4).frame == 45)
        let forced = try CLIRunner.run(["frame", clip, "--at", "2", "-o", png, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let replaced = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(NumberedClips.number(replaced.rgba, width: 64, x: 32, y: 32, channels: 4).frame == 60)
        // Past the end: an error, no file.
        let late = try CLIRunner.run(["frame", clip, "--at", "9", "-o", dir.path("late.png")])
        #expect(late.status == 2 && late.stderr.contains("past the end"), "\(late.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("late.png")))
    }

    @Test func thumbnailsCommandLaysOutASheetWithCaptions() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("clip.mp4")
        try Self.makeClip(clip)
        let plain = dir.path("plain.png")
        let r = try CLIRunner.run(["thumbnails", clip, "--every", "1s", "--columns", "2", "--width", "64", "-o", plain])
        #expect(r.status == 0, "\(r.stderr)")
        let sheet = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: plain))))
        // 3 pictures (0, 1, 2 s), 2 columns: 4 + 2·(64 + 4) = 140 square.
        #expect(sheet.width == 140 && sheet.height == 140)
        let origins = [(4, 4), (72, 4), (4, 72)]
        for (i, (x, y)) in origins.enumerated() {
            let n = NumberedClips.number(sheet.rgba, width: 140, x: x + 32, y: y + 32, channels: 4).frame
            #expect(n == 30 * i, "picture \(i) shows frame \(n)")
        }
        #expect(sheet.rgba[(2 * 140 + 2) * 4] == 0, "the gap is black")

        // The same sheet with a caption on screen around 1 s only: the middle picture changes.
        let srt = dir.path("c.srt")
        try "1\n00:00:00,900 --> 00:00:01,100\nHELLO WORLD\n\n".write(toFile: srt, atomically: true, encoding: .utf8)
        let captioned = dir.path("captioned.png")
        let c = try CLIRunner.run([
            "thumbnails", clip, "--every", "1", "--columns", "2", "--width", "64", "--captions", srt, "-o", captioned,
        ])
        #expect(c.status == 0, "\(c.stderr)")
        let withCaptions = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: captioned))))
        func tile(_ image: (width: Int, height: Int, rgba: [UInt8]), _ origin: (Int, Int)) -> [UInt8] {
            (0..<64).flatMap { row -> [UInt8] in
                let start = ((origin.1 + row) * image.width + origin.0) * 4
                return Array(image.rgba[start..<start + 64 * 4])
            }
        }
        #expect(tile(withCaptions, origins[0]) == tile(sheet, origins[0]), "no caption at 0 s")
        #expect(tile(withCaptions, origins[1]) != tile(sheet, origins[1]), "the caption at 1 s is drawn")
        #expect(tile(withCaptions, origins[2]) == tile(sheet, origins[2]), "no caption at 2 s")
    }
}
