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

    /// The streams of `path` and ffprobe's warnings (its stderr at log level warning).
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
        return (streams, result.stderr)
    }
}
