import Foundation
import Media
import TestSupport
import Testing

/// JPEG through libavcodec's MJPEG encoder, read back by the ffmpeg command-line tool.
@Suite struct JPEGCodecTests {
    /// 64×32: the left half opaque red, the right half transparent white (drawn over black).
    static func picture() -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: 64 * 32 * 4)
        for y in 0..<32 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                if x < 32 {
                    rgba[i] = 255
                    rgba[i + 3] = 255
                } else {
                    rgba[i] = 255
                    rgba[i + 1] = 255
                    rgba[i + 2] = 255
                }
            }
        }
        return rgba
    }

    @Test func colourSurvivesAndTransparencyIsBlack() throws {
        let jpeg = try JPEGCodec.encode(width: 64, height: 32, rgba: Self.picture())
        #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9])
        let dir = try TemporaryDirectory()
        let file = dir.path("t.jpg")
        try Data(jpeg).write(to: URL(fileURLWithPath: file))
        let raw = dir.path("t.rgb")
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            ["-loglevel", "error", "-y", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
        try #require(r.status == 0, "\(r.stderr)")
        let rgb = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        try #require(rgb.count == 64 * 32 * 3)
        // Away from the edge between the halves: red stays red (full range, no chroma loss at
        // 4:4:4), the transparent half is black.
        let red = (16 * 64 + 8) * 3, clear = (16 * 64 + 56) * 3
        #expect(rgb[red] >= 246 && rgb[red + 1] <= 8 && rgb[red + 2] <= 8, "\(rgb[red..<red + 3])")
        #expect(rgb[clear] <= 8 && rgb[clear + 1] <= 8 && rgb[clear + 2] <= 8, "\(rgb[clear..<clear + 3])")
    }

    @Test func aPictureOfTheWrongSizeIsAnError() {
        #expect(throws: MediaError.self) { try JPEGCodec.encode(width: 64, height: 32, rgba: [0, 0, 0, 0]) }
        #expect(throws: MediaError.self) { try JPEGCodec.encode(width: 0, height: 32, rgba: []) }
    }
}
