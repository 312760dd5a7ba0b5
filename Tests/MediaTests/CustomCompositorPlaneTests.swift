import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// A compositor written as an app developer would, against the public API only: it writes its
/// picture through `VideoFrame.withMutablePlane` (a `MutableSpan` for the call), as
/// AVFoundation's custom compositor writes its output buffer. What it drew is read back by
/// FFmpeg from the exported file.
@Suite struct CustomCompositorPlaneTests {
    /// Paints a white square (Y 235, U and V 128: BT.601 limited range) at the top left of
    /// every frame, `side` luma pixels wide.
    final class WhiteSquare: VideoCompositing {
        let side: Int
        init(side: Int) { self.side = side }
        var supportedPixelFormats: Set<PixelFormat> { [PixelFormat(name: "yuv420p")] }
        func compose(_ request: VideoCompositionRequest) throws {
            let frame = request.destinationFrame
            #expect(frame.planeCount == 3)
            for plane in 0..<3 {
                let (value, extent): (UInt8, Int) = plane == 0 ? (235, side) : (128, side / 2)
                try frame.withMutablePlane(plane) { bytes, bytesPerRow, rows in
                    for row in 0..<min(extent, rows) {
                        for column in 0..<min(extent, bytesPerRow) { bytes[row * bytesPerRow + column] = value }
                    }
                }
            }
        }
    }

    @Test func aCompositorOutsideThePackageWritesThePlanes() async throws {
        let dir = try TemporaryDirectory("planes")
        let clip = dir.path("clip.mp4")
        try MediaTools.makeClip(
            clip, rate: "25", size: "160x120", seconds: 1, video: "color=c=black:size=160x120:rate=25", audio: false)
        let session = ExportSession(
            asset: Asset(path: clip), outputPath: dir.path("out.mp4"),
            settings: ExportSettings(crf: 0, preset: "ultrafast"))
        session.compositors = [WhiteSquare(side: 32)]
        try await session.export()
        let frames = try MediaTools.rawFrames(dir.path("out.mp4"), width: 160, height: 120)
        #expect(frames.count == 25)
        for frame in frames {
            // Inside the square, white; outside it, the clip's black (Y 16).
            #expect(frame[10 * 160 + 10] >= 230, "\(frame[10 * 160 + 10])")
            #expect(frame[80 * 160 + 120] <= 20, "\(frame[80 * 160 + 120])")
        }
        // A plane the format does not have is an error, not a crash.
        final class FourthPlane: VideoCompositing {
            func compose(_ request: VideoCompositionRequest) throws {
                try request.destinationFrame.withMutablePlane(3) { _, _, _ in }
            }
        }
        let wrong = ExportSession(asset: Asset(path: clip), outputPath: dir.path("wrong.mp4"))
        wrong.compositors = [FourthPlane()]
        await #expect(throws: MediaError.self) { try await wrong.export() }
        #expect(!FileManager.default.fileExists(atPath: dir.path("wrong.mp4")))
    }
}
