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
                "\(tool) is not installed: run `make test`, which installs the peer tools (ffmpeg, ttconv, GStreamer…)"
            case .failed(let tool, let output): "\(tool) failed: \(output)"
            }
        }
    }

    public static func tool(_ name: String) throws -> URL {
        guard let url = CLIRunner.which(name) else { throw Failure.missing(name) }
        return url
    }

    /// gst-launch's failure; a missing element names the package that has it.
    public static func gstreamerFailure(_ element: String, _ result: CLIRunner.Result) -> Failure {
        let output = result.stderr + result.stdout
        guard output.contains("no element") else { return .failed("gst-launch-1.0 … \(element)", output) }
        return .failed(
            "gst-launch-1.0 has no \(element): install gstreamer1.0-plugins-bad (scripts/install-deps.sh --test)",
            output)
    }

    /// `ffmpeg -i x.scc x.srt`, parsed.
    public static func ffmpeg(_ scc: String, in directory: TemporaryDirectory) throws -> [Cue] {
        let srt = directory.path("ffmpeg.srt")
        let result = try CLIRunner.runProcess(try tool("ffmpeg"), ["-loglevel", "error", "-y", "-i", scc, srt])
        guard result.status == 0 else { throw Failure.failed("ffmpeg", result.stderr) }
        return try parseSRT(String(contentsOfFile: srt, encoding: .utf8))
    }

    /// `tt convert -i x.scc -o x.ttml`, parsed.
    public static func ttconv(_ scc: String, in directory: TemporaryDirectory) throws -> [Cue] {
        let ttml = directory.path("ttconv.ttml")
        let result = try CLIRunner.runProcess(try tool("tt"), ["convert", "-i", scc, "-o", ttml])
        guard result.status == 0 else { throw Failure.failed("tt convert", result.stderr + result.stdout) }
        return try parseTTML(String(contentsOfFile: ttml, encoding: .utf8))
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
        return try outputs.map { try parseTTML(String(contentsOfFile: $0, encoding: .utf8)) }
    }

    // MARK: - Parsing
    //
    // Each parser throws on text it cannot read: a peer's garbage must not become an empty list
    // that an `isEmpty` or count check accepts. An empty file is no cue.

    /// SubRip as FFmpeg writes it: a cue number, a timing line, then text lines. A blank line
    /// ends the cue only where the next cue (a number, then a timing line) or the end follows:
    /// FFmpeg keeps a caption's empty row as an empty line inside the cue.
    public static func parseSRT(_ text: String) throws -> [Cue] {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
        func blank(_ k: Int) -> Bool { lines[k].trimmingCharacters(in: .whitespaces).isEmpty }
        func startsCue(_ k: Int) -> Bool {
            k + 1 < lines.count && Int(lines[k].trimmingCharacters(in: .whitespaces)) != nil
                && lines[k + 1].contains(" --> ")
        }
        var cues: [Cue] = []
        var i = 0
        while i < lines.count {
            if blank(i) {
                i += 1
                continue
            }
            guard startsCue(i), let arrow = lines[i + 1].range(of: " --> ") else {
                throw Failure.failed("SRT parser", "line \(i + 1) starts no cue: \(lines[i].debugDescription)")
            }
            let start = srtSeconds(String(lines[i + 1][..<arrow.lowerBound]))
            let end = srtSeconds(String(lines[i + 1][arrow.upperBound...]))
            guard start.isFinite, end.isFinite else {
                throw Failure.failed("SRT parser", "line \(i + 2) is no timing line: \(lines[i + 1].debugDescription)")
            }
            var j = i + 2
            var body: [String] = []
            while j < lines.count {
                if blank(j) {
                    var k = j
                    while k < lines.count && blank(k) { k += 1 }
                    if k == lines.count || startsCue(k) { break }
                }
                body.append(lines[j])
                j += 1
            }
            // FFmpeg's markup: <font …>, </font>, <i>, </i>, <u>, </u>, {\an7}. Text may hold
            // "<" itself, so only these are removed.
            let text = body.joined(separator: "\n").replacing(/<font[^>]*>|<\/font>|<\/?[iub]>|\{\\an\d\}/, with: "")
            cues.append(Cue(start: start, end: end, text: text))
            i = j
        }
        return cues
    }

    /// `HH:MM:SS,mmm` as seconds; NaN when it is not one.
    public static func srtSeconds(_ text: String) -> Double {
        let parts = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ":")
            .split(separator: ":").compactMap { Double($0) }
        guard parts.count == 4 else { return .nan }
        return parts[0] * 3600 + parts[1] * 60 + parts[2] + parts[3] / 1000
    }

    /// ttconv's TTML output: each `<p>` with its clock times and its text (spans' tags
    /// removed, `<br/>` as "\n"). Throws when the text is no TTML document, when a `<p>` is not
    /// in the form ttconv writes, or when a time is not a clock time.
    public static func parseTTML(_ text: String) throws -> [Cue] {
        guard text.contains("<tt ") || text.contains("<tt>") else {
            throw Failure.failed("TTML parser", "no <tt> element in \(text.prefix(200).debugDescription)")
        }
        var cues: [Cue] = []
        for match in text.matches(of: /<p [^>]*?begin="([^"]+)"(?: end="([^"]+)")?[^>]*>(.*?)<\/p>/) {
            var body = String(match.output.3).replacing(/<br\s*\/>/, with: "\n")
            body = body.replacing(/<[^>]+>/, with: "")
            for (entity, character) in [
                ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&"),
            ] {
                body = body.replacingOccurrences(of: entity, with: character)
            }
            let start = clockSeconds(String(match.output.1))
            let end = match.output.2.map { clockSeconds(String($0)) } ?? .infinity
            guard start.isFinite, !end.isNaN else {
                throw Failure.failed("TTML parser", "times not in clock form: \(match.output.0)")
            }
            cues.append(Cue(start: start, end: end, text: body))
        }
        let paragraphs = text.matches(of: /<p[ >\/]/).count
        guard paragraphs == cues.count else {
            throw Failure.failed("TTML parser", "\(paragraphs) <p> elements, \(cues.count) read: \(text)")
        }
        return cues
    }

    /// `HH:MM:SS(.fff)` as seconds; NaN when it is not one.
    public static func clockSeconds(_ text: String) -> Double {
        let parts = text.split(separator: ":").compactMap { Double($0) }
        guard parts.count == 3 else { return .nan }
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    }
}
