import Foundation

/// Runs FFmpeg and ttconv on SCC files and reads their output back, for the writer's
/// and validator cross-check tests.
public enum PeerDecoders {
    /// A caption as a peer tool decoded it: seconds and text (lines joined by "\n"). `end` is
    /// +infinity for a ttconv paragraph without `end` (still shown when the data ends).
    public struct Cue: CustomStringConvertible {
        public var start: Double
        public var end: Double
        public var text: String
        public var description: String { "\(start)–\(end) \(text.debugDescription)" }
    }

    public enum Failure: Error, CustomStringConvertible {
        case missing(String)
        case failed(String, String)
        public var description: String {
            switch self {
            case .missing(let tool):
                "\(tool) is not installed: run `make test`, which installs the peer tools (ffmpeg, ttconv)"
            case .failed(let tool, let output): "\(tool) failed: \(output)"
            }
        }
    }

    public static func tool(_ name: String) throws -> URL {
        guard let url = CLIRunner.which(name) else { throw Failure.missing(name) }
        return url
    }

    /// `ffmpeg -i x.scc x.srt`, parsed.
    public static func ffmpeg(_ scc: String, in directory: TemporaryDirectory) throws -> [Cue] {
        let srt = directory.path("ffmpeg.srt")
        let result = try CLIRunner.runProcess(try tool("ffmpeg"), ["-loglevel", "error", "-y", "-i", scc, srt])
        guard result.status == 0 else { throw Failure.failed("ffmpeg", result.stderr) }
        return parseSRT(try String(contentsOfFile: srt, encoding: .utf8))
    }

    /// `tt convert -i x.scc -o x.ttml`, parsed.
    public static func ttconv(_ scc: String, in directory: TemporaryDirectory) throws -> [Cue] {
        let ttml = directory.path("ttconv.ttml")
        let result = try CLIRunner.runProcess(try tool("tt"), ["convert", "-i", scc, "-o", ttml])
        guard result.status == 0 else { throw Failure.failed("tt convert", result.stderr + result.stdout) }
        return parseTTML(try String(contentsOfFile: ttml, encoding: .utf8))
    }

    /// ttconv on many SCC files in one Python process (what `tt convert -i x.scc -o x.ttml`
    /// does, through the same reader and IMSC writer, without a process start per file), parsed
    /// in the order given.
    public static func ttconv(_ sccFiles: [String], in directory: TemporaryDirectory) throws -> [[Cue]] {
        let script = """
            import pathlib, sys
            import ttconv.scc.reader as reader
            import ttconv.imsc.writer as writer
            for index in range(1, len(sys.argv), 2):
                model = reader.to_model(pathlib.Path(sys.argv[index]).read_text())
                writer.from_model(model).write(sys.argv[index + 1], encoding="utf-8")
            """
        let outputs = sccFiles.indices.map { directory.path("ttconv-\($0).ttml") }
        var arguments = ["-c", script]
        for (input, output) in zip(sccFiles, outputs) { arguments += [input, output] }
        let result = try CLIRunner.runProcess(try tool("python3"), arguments)
        guard result.status == 0 else { throw Failure.failed("ttconv (python3 -c)", result.stderr) }
        return try outputs.map { parseTTML(try String(contentsOfFile: $0, encoding: .utf8)) }
    }

    // MARK: - Parsing

    public static func parseSRT(_ text: String) -> [Cue] {
        var cues: [Cue] = []
        let blocks = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
        for block in blocks {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.count >= 3, let arrow = lines[1].range(of: " --> ") else { continue }
            let start = srtSeconds(String(lines[1][..<arrow.lowerBound]))
            let end = srtSeconds(String(lines[1][arrow.upperBound...]))
            var body = lines[2...].joined(separator: "\n")
            // FFmpeg's markup: <font …>, </font>, <i>, </i>, <u>, </u>, {\an7}. Text may hold
            // "<" itself, so only these are removed.
            body = body.replacing(/<font[^>]*>|<\/font>|<\/?[iub]>|\{\\an\d\}/, with: "")
            cues.append(Cue(start: start, end: end, text: body))
        }
        return cues
    }

    public static func srtSeconds(_ text: String) -> Double {
        let parts = text.replacingOccurrences(of: ",", with: ":").split(separator: ":").compactMap { Double($0) }
        guard parts.count == 4 else { return .nan }
        return parts[0] * 3600 + parts[1] * 60 + parts[2] + parts[3] / 1000
    }

    public static func parseTTML(_ text: String) -> [Cue] {
        var cues: [Cue] = []
        for match in text.matches(of: /<p [^>]*?begin="([^"]+)"(?: end="([^"]+)")?[^>]*>(.*?)<\/p>/) {
            var body = String(match.output.3).replacing(/<br\s*\/>/, with: "\n")
            body = body.replacing(/<[^>]+>/, with: "")
            for (entity, character) in [
                ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&"),
            ] {
                body = body.replacingOccurrences(of: entity, with: character)
            }
            cues.append(
                Cue(
                    start: clockSeconds(String(match.output.1)),
                    end: match.output.2.map { clockSeconds(String($0)) } ?? .infinity, text: body))
        }
        return cues
    }

    public static func clockSeconds(_ text: String) -> Double {
        let parts = text.split(separator: ":").compactMap { Double($0) }
        guard parts.count == 3 else { return .nan }
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    }
}
