import CaptionCore
import Composition
import Foundation
import Media
import Render
import TestSupport
import Testing

/// Burning into other pixel formats, and `--offset`.
@Suite struct BurnFormatsTests {
    static func renderer(width: Int, height: Int, from: Int64 = 0, to: Int64 = 10, timescale: Int32 = 1) throws
        -> CaptionRenderer
    {
        let caption = Caption(
            runs: [CaptionRun("RED BOX", style: CaptionTextStyle(textColor: .white, backgroundColor: .red))],
            timeRange: TimeRange(
                start: MediaTime(value: from, timescale: timescale), end: MediaTime(value: to, timescale: timescale)),
            region: .cells(row: 14, column: 2, rows: 1, columns: 7))
        return try CaptionRenderer(
            captions: [caption], bounds: RenderSize(width: width, height: height),
            fonts: FontCatalog(directories: [TestPaths.fixture("render/fonts").path]),
            options: CaptionRenderOptions(outlineWidth: 0))
    }

    @Test func tenBitVideoIsDrawnInTenBits() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x808080:s=320x240:r=25:d=0.4", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv420p10le", dir.path("ten.mp4"),
        ])
        let session = ExportSession(
            asset: Asset(path: dir.path("ten.mp4")), outputPath: dir.path("o.mp4"),
            settings: ExportSettings(crf: 0, preset: "ultrafast"))
        let compositor = CaptionCompositor(renderer: try Self.renderer(width: 320, height: 240))
        session.compositors = [compositor]
        try session.exportSynchronously()
        #expect(compositor.framesDrawn == 10)
        #expect(!session.diagnostics.contains { $0.ruleID == "media.pixelFormatConverted" })
        #expect(try MediaTools.streams(dir.path("o.mp4")).first?["pix_fmt"] as? String == "yuv420p10le")
    }

    @Test func otherPixelFormatsGoThroughLibswscaleAndSaySo() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x808080:s=320x240:r=25:d=0.4", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv422p", dir.path("422.mp4"),
        ])
        let session = ExportSession(
            asset: Asset(path: dir.path("422.mp4")), outputPath: dir.path("o.mp4"),
            settings: ExportSettings(preset: "ultrafast"))
        let compositor = CaptionCompositor(renderer: try Self.renderer(width: 320, height: 240))
        session.compositors = [compositor]
        try session.exportSynchronously()
        #expect(compositor.framesDrawn == 10)
        let note = session.diagnostics.first { $0.ruleID == "media.pixelFormatConverted" }
        #expect(note?.message.contains("yuv422p") == true && note?.message.contains("libswscale") == true)
        #expect(try MediaTools.streams(dir.path("o.mp4")).first?["pix_fmt"] as? String == "yuv420p")
    }

    @Test func offsetMovesTheCaptions() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x808080:s=320x240:r=25:d=1", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv420p", dir.path("a.mp4"),
        ])
        // Captions at 0.2–0.4 s, shown 0.5 s later: frames 18–22 of 25 fps (0.72 s … 0.88 s).
        let compositor = CaptionCompositor(
            renderer: try Self.renderer(width: 320, height: 240, from: 2, to: 4, timescale: 10),
            offset: MediaTime(value: 1, timescale: 2))
        let session = ExportSession(
            asset: Asset(path: dir.path("a.mp4")), outputPath: dir.path("o.mp4"),
            settings: ExportSettings(crf: 0, preset: "ultrafast"))
        session.compositors = [compositor]
        try session.exportSynchronously()
        #expect(compositor.framesDrawn == 5)
        let source = try MediaTools.rawFrames(dir.path("a.mp4"), width: 320, height: 240)
        let burned = try MediaTools.rawFrames(dir.path("o.mp4"), width: 320, height: 240)
        let changed = (0..<burned.count).filter { burned[$0] != source[$0] }
        #expect(changed == Array(18...22))
    }
}
