import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// `captions thumbnails` on a picture with detail (testsrc2): each tile is the picture ffmpeg
/// gives at that time scaled to the tile width, and the command's peak memory grows with the
/// number of pictures by the sheet and its encoding, not by every picture held as well
/// (measured from outside: the process's peak RSS).
@Suite struct ThumbnailSheetTests {
    /// The RGBA sheet a thumbnails run wrote.
    static func sheet(_ path: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// ffmpeg's own picture at `seconds` (accurate seek: the first frame at or after it), scaled
    /// by its scale filter to `width`, as packed RGB24.
    static func ffmpegPicture(_ clip: String, at seconds: Double, width: Int) throws -> [UInt8] {
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-nostdin", "-v", "error", "-ss", String(format: "%.6f", seconds), "-i", clip, "-frames:v", "1",
                "-vf", "scale=\(width):-2", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
            ], binaryOutput: true)
        guard r.status == 0 else { throw MediaTools.Failure.failed("ffmpeg at \(seconds) s: \(r.stderr)") }
        return r.data
    }

    /// Mean absolute difference per channel between the tile at (`x`, `y`) of an RGBA sheet and
    /// an RGB24 picture of the tile's size.
    static func difference(
        _ sheet: (width: Int, height: Int, rgba: [UInt8]), x: Int, y: Int, _ rgb: [UInt8], width: Int, height: Int
    ) -> Double {
        var total = 0
        for row in 0..<height {
            for column in 0..<width {
                let s = ((y + row) * sheet.width + x + column) * 4
                let r = (row * width + column) * 3
                for c in 0..<3 { total += abs(Int(sheet.rgba[s + c]) - Int(rgb[r + c])) }
            }
        }
        return Double(total) / Double(width * height * 3)
    }

    @Test func tilesAreFFmpegsScaledPicturesAtTheirTimes() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("detail.mp4")
        // 320x240 at 25 fps, a key frame every 25 frames: 4 s, 100 frames.
        try MediaTools.makeClip(
            clip, rate: "25", size: "320x240", seconds: 4, audio: false,
            videoCodec: ["-c:v", "libx264", "-preset", "ultrafast", "-g", "25"])
        let png = dir.path("sheet.png")
        // Every 0.52 s = 13 frames: 0, 0.52 … 3.64 s, 8 pictures of 160x120, 4 to a row.
        let r = try CLIRunner.run([
            "thumbnails", clip, "--every", "0.52", "--width", "160", "--columns", "4", "-o", png,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let sheet = try Self.sheet(png)
        #expect(sheet.width == 4 + 4 * (160 + 4) && sheet.height == 4 + 2 * (120 + 4), "\(sheet.width)x\(sheet.height)")
        guard sheet.width == 660, sheet.height == 252 else { return }
        for k in 0..<8 {
            // Frame 13k starts at 0.52k s, where ffmpeg's -ss (the first frame at or after T) and
            // the picture shown at T agree; microseconds rounded down so -ss never lands after it.
            let seconds = (Double(13 * k) / 25 * 1_000_000 + 1e-6).rounded(.down) / 1_000_000
            let x = 4 + (k % 4) * 164
            let y = 4 + (k / 4) * 124
            let same = Self.difference(
                sheet, x: x, y: y, try Self.ffmpegPicture(clip, at: seconds, width: 160), width: 160, height: 120)
            #expect(same < 4, "picture \(k) at \(seconds) s differs from ffmpeg's by \(same) on average")
            // The check can tell one frame from the next (testsrc2 moves every frame).
            let nextFrame = Self.difference(
                sheet, x: x, y: y, try Self.ffmpegPicture(clip, at: seconds + 0.04, width: 160), width: 160, height: 120
            )
            #expect(nextFrame > same + 1, "picture \(k): \(same) against its frame, \(nextFrame) against the next")
        }
    }

    /// The peak resident memory of `captions ARGS` and its children, in bytes, read by Python's
    /// `resource` module from the kernel's accounting for that one run.
    static func peakMemory(_ args: [String]) throws -> Int {
        let script = """
            import resource, subprocess, sys
            r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if r.returncode != 0:
                sys.exit(r.stderr.decode())
            print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
            """
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("python3"), ["-c", script, CLIRunner.executable.path] + args)
        guard r.status == 0, let bytes = Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw MediaTools.Failure.failed("captions \(args.joined(separator: " ")): \(r.stderr)")
        }
        return bytes
    }

    @Test func memoryGrowsWithTheSheetNotWithEveryPicture() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("grey.mp4")
        // 8 s of flat grey at 25 fps, 320x240: 200 frames, quick to decode; the compressed PNG
        // of flat cells is small.
        try MediaTools.makeClip(
            clip, rate: "25", seconds: 8, video: "color=c=gray:size=320x240:rate=25", audio: false)
        func run(every: String, columns: Int) throws -> Int {
            try Self.peakMemory([
                "thumbnails", clip, "--every", every, "--width", "320", "--columns", "\(columns)", "-o",
                dir.path("sheet-\(every).png"), "--force",
            ])
        }
        // 10 pictures on one row, then 200 pictures, 20 to a row (10 rows).
        let few = try run(every: "0.8", columns: 10)
        let many = try run(every: "0.04", columns: 20)
        let sheetBytes = { (columns: Int, rows: Int) in (4 + columns * 324) * (4 + rows * 244) * 4 }
        let sheetGrowth = sheetBytes(20, 10) - sheetBytes(10, 1)
        // The sheet grows by 57 MiB, and libavcodec's PNG encoder needs a buffer of about the
        // sheet's size to write it (ffmpeg's own PNG write of a 6484x2444 RGBA picture peaks
        // 43 MiB above a null output): at most 2.5 sheets. Holding every picture until the sheet
        // is made, and a copy of the sheet for the encoder, comes to 4 sheets.
        #expect(
            Double(many - few) < 2.5 * Double(sheetGrowth),
            "peak \(few / 1024) KiB for 10 pictures, \(many / 1024) KiB for 200: \((many - few) / 1024) KiB more, the sheet \(sheetGrowth / 1024) KiB more"
        )
    }
}
