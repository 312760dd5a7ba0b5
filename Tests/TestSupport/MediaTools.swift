import Foundation

/// FFmpeg's command-line tools for the media tests: making clips in a temporary folder and
/// reading results back independently of our code (ffprobe, framemd5, raw frames).
public enum MediaTools {
    public enum Failure: Error, CustomStringConvertible {
        case failed(String)
        public var description: String {
            switch self {
            case .failed(let message): return message
            }
        }
    }

    /// Runs `ffmpeg -nostdin -v error -y ARGS`; throws with its error output on failure.
    @discardableResult
    public static func ffmpeg(_ args: [String]) throws -> CLIRunner.Result {
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("ffmpeg"), ["-nostdin", "-v", "error", "-y"] + args)
        guard r.status == 0 else { throw Failure.failed("ffmpeg \(args.joined(separator: " ")): \(r.stderr)") }
        return r
    }

    /// `ffprobe -show_format -show_streams -of json` of `path`, parsed.
    public static func probe(_ path: String, extra: [String] = []) throws -> [String: Any] {
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            ["-v", "error", "-show_format", "-show_streams", "-of", "json"] + extra + [path])
        guard r.status == 0, let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        else { throw Failure.failed("ffprobe \(path): \(r.stderr)") }
        return object
    }

    /// The streams of `probe`.
    public static func streams(_ path: String) throws -> [[String: Any]] {
        (try probe(path)["streams"] as? [[String: Any]]) ?? []
    }

    /// What ffprobe prints at warning level and above while reading the header and every
    /// packet, and what ffmpeg prints while decoding the video and audio. ffprobe's notice that
    /// a data track (GPMF, timecode) has no decoder is left out: it prints it for every such
    /// file, the camera's own included.
    public static func warnings(_ path: String) throws -> String {
        let probe = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"), ["-v", "warning", "-show_format", "-show_streams", "-show_packets", path])
        let decode = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            ["-nostdin", "-v", "warning", "-i", path, "-map", "0:v", "-map", "0:a?", "-f", "null", "-"])
        let lines = (probe.stderr + decode.stderr).split(separator: "\n")
        return lines.filter { !$0.hasPrefix("Unsupported codec with id ") }.joined(separator: "\n")
    }

    /// `ffmpeg -i path -map 0:TYPE -c copy -f framemd5 -`: one line per packet (time, size, MD5).
    public static func framemd5(_ path: String, stream: String) throws -> [String] {
        let r = try ffmpeg(["-i", path, "-map", "0:\(stream)", "-c", "copy", "-f", "framemd5", "-"])
        return r.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    /// Every decoded frame of the first video track as raw bytes: planar 8-bit 4:2:0
    /// ("yuv420p", no conversion of the decoded samples) or packed "rgb24" or "rgba" (straight
    /// alpha, as FFmpeg converts a picture with alpha).
    public static func rawFrames(
        _ path: String, width: Int, height: Int, pixelFormat: String = "yuv420p"
    ) throws -> [[UInt8]] {
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            ["-nostdin", "-v", "error", "-i", path, "-map", "0:v:0", "-f", "rawvideo", "-pix_fmt", pixelFormat, "-"],
            binaryOutput: true)
        guard r.status == 0 else { throw Failure.failed("ffmpeg raw frames of \(path): \(r.stderr)") }
        let packed = ["rgb24": 3, "rgba": 4][pixelFormat]
        let size = packed.map { width * height * $0 } ?? width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
        let bytes = r.data
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// Every video frame's presentation time in seconds, in presentation order (ffprobe).
    public static func frameTimes(_ path: String) throws -> [Double] {
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0", path])
        guard r.status == 0 else { throw Failure.failed("ffprobe frame times of \(path): \(r.stderr)") }
        // One line a frame; a frame with side data gets a trailing comma and an empty line.
        return r.stdout.split(whereSeparator: { $0 == "\n" || $0 == "," }).compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
    }

    /// A clip of testsrc2 (or `video` filter) plus a 440 Hz sine, `seconds` long, made by ffmpeg.
    public static func makeClip(
        _ path: String, rate: String = "30000/1001", size: String = "160x120", seconds: Double = 2,
        video: String? = nil, audio: Bool = true, videoCodec: [String] = ["-c:v", "libx264", "-preset", "ultrafast"],
        extra: [String] = []
    ) throws {
        let source = video ?? "testsrc2=size=\(size):rate=\(rate)"
        var args = ["-f", "lavfi", "-i", "\(source):duration=\(seconds)"]
        if audio { args += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"] }
        args += videoCodec + ["-pix_fmt", "yuv420p"]
        if audio { args += ["-c:a", "aac", "-shortest"] }
        try ffmpeg(args + extra + [path])
    }
}
