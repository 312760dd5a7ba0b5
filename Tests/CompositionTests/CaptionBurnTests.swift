import CaptionCore
import Composition
import Foundation
import Media
import Render
import TestSupport
import Testing

/// Captions burned during an export: in exactly the right frames, in the right colour for the
/// stream's matrix, and nowhere else. Frames are read back by ffmpeg as raw Y'CbCr.
@Suite struct CaptionBurnTests {
    static let rate = (num: Int64(30000), den: Int64(1001))
    static let firstFrame: Int64 = 10
    static let endFrame: Int64 = 20  // first frame without the caption

    static func time(ofFrame k: Int64) -> MediaTime { MediaTime(value: k * rate.den, timescale: Int32(rate.num)) }

    static func caption() -> Caption {
        Caption(
            runs: [CaptionRun("RED BOX", style: CaptionTextStyle(textColor: .white, backgroundColor: .red))],
            timeRange: TimeRange(start: time(ofFrame: firstFrame), end: time(ofFrame: endFrame)),
            region: .cells(row: 14, column: 2, rows: 1, columns: 7))
    }

    static func fonts() throws -> FontCatalog {
        try FontCatalog(directories: [TestPaths.fixture("render/fonts").path])
    }

    /// (size, range, Y'CbCr of 100% red in that matrix and range at 8 bits: the published
    /// limited-range ITU-R BT.601 and BT.709 colour bars, and full range (JPEG, JFIF's equations:
    /// Y = 0.299 R + 0.587 G + 0.114 B, Cb = 128 − 0.168736 R…, Cr = 128 + 0.5 R…, clipped to 255).
    static let cases: [(width: Int, height: Int, fullRange: Bool, red: (Int, Int, Int))] = [
        (640, 480, false, (81, 90, 240)),  // SD: BT.601
        (1280, 720, false, (63, 102, 240)),  // HD: BT.709
        (640, 480, true, (76, 85, 255)),  // SD, full range (yuvj420p): BT.601, 0–255
    ]

    @Test(arguments: [0, 1, 2])
    func captionIsInExactlyItsFramesInTheMatrixColour(caseIndex: Int) throws {
        let c = Self.cases[caseIndex]
        let dir = try TemporaryDirectory()
        let input = dir.path("grey.mp4"), output = dir.path("burned.mp4")
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x808080:s=\(c.width)x\(c.height):r=30000/1001:d=1",
            "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", c.fullRange ? "yuvj420p" : "yuv420p",
            input,
        ])
        let renderer = try CaptionRenderer(
            captions: [Self.caption()], bounds: RenderSize(width: c.width, height: c.height), fonts: Self.fonts(),
            options: CaptionRenderOptions(outlineWidth: 0))
        let session = ExportSession(
            asset: Asset(path: input), outputPath: output, settings: ExportSettings(crf: 0, preset: "ultrafast"))
        let compositor = CaptionCompositor(renderer: renderer)
        session.compositors = [compositor]
        try session.exportSynchronously()
        #expect(renderer.statistics.captionsRendered == 1, "the scene is rendered once")
        #expect(compositor.framesDrawn == Int(Self.endFrame - Self.firstFrame))

        // Where the red box is: a 2×2 block of pure red in the RGBA rendering of the same scene.
        let picture = try renderer.render(at: Self.time(ofFrame: Self.firstFrame))
        var spot: (Int, Int)?
        search: for y in stride(from: 0, to: c.height - 1, by: 2) {
            for x in stride(from: 0, to: c.width - 1, by: 2)
            where [(0, 0), (1, 0), (0, 1), (1, 1)].allSatisfy({ picture.pixel(x: x + $0.0, y: y + $0.1) == .red }) {
                spot = (x, y)
                break search
            }
        }
        let (x, y) = try #require(spot)

        // Read back in the stream's own range (no conversion by ffmpeg).
        let raw = c.fullRange ? "yuvj420p" : "yuv420p"
        let source = try MediaTools.rawFrames(input, width: c.width, height: c.height, pixelFormat: raw)
        let burned = try MediaTools.rawFrames(output, width: c.width, height: c.height, pixelFormat: raw)
        #expect(burned.count == source.count)
        let lumaSize = c.width * c.height, chromaSize = (c.width / 2) * (c.height / 2)
        func yuv(_ frame: [UInt8]) -> (Int, Int, Int) {
            let ci = (y / 2) * (c.width / 2) + x / 2
            return (Int(frame[y * c.width + x]), Int(frame[lumaSize + ci]), Int(frame[lumaSize + chromaSize + ci]))
        }
        for k in [Self.firstFrame, Self.endFrame - 1] {
            let got = yuv(burned[Int(k)])
            #expect(
                abs(got.0 - c.red.0) <= 1 && abs(got.1 - c.red.1) <= 1 && abs(got.2 - c.red.2) <= 1,
                "frame \(k) at \(c.width)x\(c.height): \(got), expected \(c.red)")
        }
        // Outside the caption's time the picture is the source's, bit for bit.
        for k in [0, Self.firstFrame - 1, Self.endFrame, Int64(burned.count - 1)] {
            #expect(burned[Int(k)] == source[Int(k)], "frame \(k) must be untouched")
        }
    }
}
