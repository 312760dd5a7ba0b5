import CaptionCore
import Foundation
import Media
import TestSupport

/// Clips made by ffmpeg whose every frame tells its number by its colour (red = 16·(N mod 16),
/// green = 16·⌊N/16⌋, blue = a per-clip mark), so that a test reads which source frame an
/// output frame shows from its pixels, independently of our code.
enum NumberedClips {
    /// Makes `seconds` of `size` frames at `rate` (an ffmpeg rate such as "30" or
    /// "30000/1001"), blue `blue`, H.264 lossless, a key frame every `gop` frames, with a sine
    /// when `audio`.
    static func make(
        _ path: String, rate: String = "30", seconds: Double = 2, size: String = "64x64", blue: Int = 128,
        gop: Int = 250, audio: Bool = false, extra: [String] = []
    ) throws {
        var args = [
            "-f", "lavfi", "-i",
            "color=c=black:s=\(size):r=\(rate):d=\(seconds),format=rgb24,"
                + "geq=r='mod(N,16)*16':g='floor(N/16)*16':b=\(blue),format=yuv420p",
        ]
        if audio { args += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"] }
        args += [
            "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-g", "\(gop)", "-keyint_min", "\(gop)",
            "-sc_threshold", "0",
        ]
        if audio { args += ["-c:a", "aac", "-shortest"] }
        try MediaTools.ffmpeg(args + extra + [path])
    }

    /// The frame number and blue mark shown by an RGB24 or RGBA picture, read at (x, y).
    static func number(_ pixels: [UInt8], width: Int, x: Int, y: Int, channels: Int = 3) -> (frame: Int, blue: Int) {
        let i = (y * width + x) * channels
        let low = (Int(pixels[i]) + 8) / 16
        let high = (Int(pixels[i + 1]) + 8) / 16
        return (high * 16 + low, Int(pixels[i + 2]))
    }

    /// The RGB24 frames of `path` as ffmpeg decodes them (no autorotation of its own there:
    /// our outputs carry no display matrix).
    static func frames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
        try MediaTools.rawFrames(path, width: width, height: height, pixelFormat: "rgb24")
    }

    /// `ffprobe -count_frames` of the first video track: frames decoded and the duration.
    static func videoFacts(_ path: String) throws -> (frames: Int, duration: Double) {
        let probe = try MediaTools.probe(path, extra: ["-count_frames", "-select_streams", "v:0"])
        let stream = (probe["streams"] as? [[String: Any]])?.first ?? [:]
        let frames = Int(stream["nb_read_frames"] as? String ?? "") ?? -1
        let duration = Double(stream["duration"] as? String ?? "") ?? .nan
        return (frames, duration)
    }

    /// A clip stored 96x64 (left half red, right half blue) whose display matrix turns it a
    /// quarter: encoded first, then given the matrix by a stream copy with ffmpeg's `rotate`
    /// tag (FFmpeg 5.1 writes the tkhd matrix only from side data, which its command line
    /// makes from that tag when copying).
    static func makeRotated(_ path: String, dir: TemporaryDirectory) throws {
        let plain = dir.path("unrotated-\(UUID().uuidString).mp4")
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=red:s=48x64:r=30:d=1", "-f", "lavfi", "-i", "color=c=blue:s=48x64:r=30:d=1",
            "-filter_complex", "[0][1]hstack,format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0",
            plain,
        ])
        try MediaTools.ffmpeg(["-i", plain, "-c", "copy", "-metadata:s:v", "rotate=90", path])
    }

    /// ffmpeg's own upright first picture of `path` (its autorotation), as RGBA: the
    /// independent reference for rotation.
    static func ffmpegUpright(_ path: String, dir: TemporaryDirectory) throws -> (
        width: Int, height: Int, rgba: [UInt8]
    ) {
        let png = dir.path("upright-\(UUID().uuidString).png")
        try MediaTools.ffmpeg(["-i", path, "-frames:v", "1", png])
        return try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
    }

    static func seconds(_ value: Int64, _ timescale: Int32 = 1) -> MediaTime {
        MediaTime(value: value, timescale: timescale)
    }
}
