import Foundation

/// What ffprobe says about a movie's streams: the independent reading that the box reader and
/// writer tests compare with.
public enum MediaProbe {
    public struct Stream: Sendable, CustomStringConvertible {
        public var index: Int
        public var codecTag: String
        public var frameCount: Int?
        public var handlerName: String?
        public var description: String { "#\(index) \(codecTag) \(frameCount.map(String.init) ?? "?") frames" }
    }

    /// The streams of `path` and ffprobe's warnings about the file (its stderr at log level
    /// warning).
    public static func streams(_ path: String) throws -> (streams: [Stream], warnings: String) {
        let result = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            ["-v", "warning", "-print_format", "json", "-show_streams", "-count_packets", path])
        guard result.status == 0 else { throw PeerDecoders.Failure.failed("ffprobe", result.stderr) }
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let list = json?["streams"] as? [[String: Any]] ?? []
        let streams = list.map { s in
            Stream(
                index: s["index"] as? Int ?? -1, codecTag: s["codec_tag_string"] as? String ?? "",
                frameCount: (s["nb_read_packets"] as? String).flatMap { Int($0) },
                handlerName: (s["tags"] as? [String: Any])?["handler_name"] as? String)
        }
        // ffprobe says "Unsupported codec with id N for input stream K" for every data stream it
        // has no decoder for (GoPro's own gpmd, tmcd and fdsc tracks included); that is about
        // ffprobe, not the file, so it is not counted as a warning.
        let warnings = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("Unsupported codec with id") }
        return (streams, warnings.joined(separator: "\n"))
    }
}

/// Tiny movies made by ffmpeg for tests: a few seconds at a small size.
public enum MediaClips {
    /// A `seconds`-long 64×48 H.264 clip at 10 fps with AAC sound (unless `audio` is false) in
    /// `name` (its extension chooses MP4 or MOV); `faststart` puts `moov` first.
    public static func make(
        _ name: String, in directory: TemporaryDirectory, seconds: Int = 2, faststart: Bool = false,
        audio: Bool = true, video: Bool = true
    ) throws -> String {
        let path = directory.path(name)
        var args = ["-loglevel", "error", "-y"]
        if video { args += ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=\(seconds)"] }
        if audio { args += ["-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)"] }
        if video { args += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"] }
        if audio { args += ["-c:a", "aac", "-b:a", "32k"] }
        if faststart { args += ["-movflags", "+faststart"] }
        args.append(path)
        let result = try CLIRunner.runProcess(try PeerDecoders.tool("ffmpeg"), args)
        guard result.status == 0 else { throw PeerDecoders.Failure.failed("ffmpeg", result.stderr) }
        return path
    }
}
