import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// Pictures whose RGBA rows are not a whole number of libswscale's SIMD blocks: `captions frame`
/// of a 426×240 clip (a 240p width) aborted with "corrupted size vs. prev_size" — the converter
/// wrote past the end of the packed RGBA array. Each picture is compared with FFmpeg's own
/// conversion of the same frame (`-pix_fmt rgb24`); under AddressSanitizer (`make
/// test-sanitize` runs MediaTests) the overrun fails at once.
@Suite struct OddWidthPictureTests {
    @Test(arguments: [(426, 240), (322, 180), (174, 98)])
    func picturesOfAnyEvenWidthConvertWholeAsFFmpegConvertsThem(width: Int, height: Int) throws {
        let dir = try TemporaryDirectory("odd-width")
        let clip = dir.path("clip.mp4")
        try MediaTools.makeClip(clip, rate: "30", size: "\(width)x\(height)", seconds: 1.5, audio: false)
        let image = try ImageGenerator(asset: Asset(path: clip)).images(at: [MediaTime(value: 1, timescale: 1)])
        #expect(image.count == 1)
        guard let ours = image.first else { return }
        #expect(ours.width == width && ours.height == height && ours.rgba.count == width * height * 4)
        let frames = try MediaTools.rawFrames(clip, width: width, height: height, pixelFormat: "rgb24")
        #expect(frames.count == 45)
        guard frames.count > 30 else { return }
        // Frame 30 is shown at 1 s. The two converters differ in rounding only: the mean
        // difference over every channel of every pixel stays within a few levels of 255 (a
        // picture shifted or cut short by a row differs by tens).
        let theirs = frames[30]
        var total = 0
        for pixel in 0..<(width * height) {
            for channel in 0..<3 {
                total += abs(Int(ours.rgba[pixel * 4 + channel]) - Int(theirs[pixel * 3 + channel]))
            }
        }
        let mean = Double(total) / Double(width * height * 3)
        #expect(mean < 4, "mean difference \(mean) per channel at \(width)x\(height)")
    }

    /// The command that aborted, on the same kind of clip: it writes the PNG and exits 0.
    @Test func frameWritesThePictureOfA240pClip() throws {
        let dir = try TemporaryDirectory("odd-width")
        let clip = dir.path("clip.mp4")
        try MediaTools.makeClip(clip, rate: "30", size: "426x240", seconds: 1.5, audio: false)
        let png = dir.path("frame.png")
        let r = try CLIRunner.run(["frame", clip, "--at", "1", "-o", png])
        #expect(r.status == 0, "\(r.stderr)")
        let decoded = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(decoded.width == 426 && decoded.height == 240)
    }
}
