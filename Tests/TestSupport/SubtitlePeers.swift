import CaptionCore
import Foundation

/// pycaption, FFmpeg and ttconv reading SubRip and WebVTT files, for the SRT and WebVTT
/// cross-checks (installed by `scripts/install-deps.sh --test`).
public enum SubtitlePeers {
    /// pycaption's reading of an SRT (`kind` "srt") or WebVTT ("vtt") file: start, end, text.
    public static func pycaption(_ path: String, kind: String) throws -> [PeerDecoders.Cue] {
        let script = """
            import sys, json
            from pycaption import SRTReader, WebVTTReader
            text = open(sys.argv[1], encoding='utf-8-sig').read()
            caps = (SRTReader() if sys.argv[2] == 'srt' else WebVTTReader()).read(text)
            out = []
            for lang in caps.get_languages():
                for c in caps.get_captions(lang):
                    out.append([c.start / 1e6, c.end / 1e6, c.get_text()])
            print(json.dumps(out))
            """
        let python = try PeerDecoders.tool("python3")
        let result = try CLIRunner.runProcess(python, ["-c", script, path, kind])
        guard result.status == 0, let data = result.stdout.data(using: .utf8),
            let rows = try JSONSerialization.jsonObject(with: data) as? [[Any]]
        else { throw PeerDecoders.Failure.failed("pycaption", result.stderr) }
        // A row that is not [start, end, text] is an error, never a cue left out.
        return try rows.map { row in
            guard row.count == 3, let s = (row[0] as? NSNumber)?.doubleValue,
                let e = (row[1] as? NSNumber)?.doubleValue,
                let t = row[2] as? String
            else { throw PeerDecoders.Failure.failed("pycaption (unparsable row)", "\(row)") }
            return PeerDecoders.Cue(ours: s, end: e, text: t)
        }
    }

    /// The captions of a document as cues (seconds, text).
    public static func cues(_ document: CaptionDocument) -> [PeerDecoders.Cue] {
        document.captions.map {
            PeerDecoders.Cue(start: $0.timeRange.start.seconds, end: $0.timeRange.end.seconds, text: $0.text)
        }
    }

    /// How two readings differ: the count, times beyond half a millisecond, or texts (as
    /// ``comparable(_:)``); empty when they agree.
    public static func differences(_ a: [PeerDecoders.Cue], _ b: [PeerDecoders.Cue]) -> [String] {
        var found: [String] = []
        if a.count != b.count { found.append("\(a.count) cues against \(b.count): \(a) vs \(b)") }
        for (x, y) in zip(a, b) {
            if abs(x.start - y.start) >= 0.0005 || abs(x.end - y.end) >= 0.0005 { found.append("times: \(x) vs \(y)") }
            if comparable(x.text) != comparable(y.text) { found.append("text: \(x) vs \(y)") }
        }
        return found
    }

    /// Text compared across tools: markup that a peer leaves in (`{\an8}`, tags) removed, each
    /// line trimmed, empty lines dropped.
    public static func comparable(_ text: String) -> String {
        text.replacing(/\{\\[^}]*\}|<\/?[a-z]+[^>]*>/, with: "")
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }
}

extension PeerDecoders.Cue {
    /// A cue from our own reading, to compare with a peer's.
    public init(ours start: Double, end: Double, text: String) {
        self.init(start: start, end: end, text: text)
    }
}
