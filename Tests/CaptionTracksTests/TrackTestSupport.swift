import CaptionCore
import Foundation
import TestSupport

/// Clips and independent readings for the caption-track tests.
enum TrackClips {
    /// A `seconds`-long 64×48 H.264 clip at `rate` (an ffmpeg rate such as 30000/1001) made by
    /// ffmpeg; `timecode` adds a `tmcd` track starting there (MOV only); `extra` are more output
    /// options.
    static func make(
        _ name: String, in dir: TemporaryDirectory, rate: String = "30000/1001", seconds: Double = 1,
        timecode: String? = nil, extra: [String] = []
    ) throws -> String {
        let path = dir.path(name)
        var args = [
            "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=\(rate):duration=\(seconds)",
        ]
        args += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
        if let timecode { args += ["-timecode", timecode] }
        args += extra + [path]
        try run("ffmpeg", args)
        return path
    }

    @discardableResult
    static func run(_ tool: String, _ args: [String]) throws -> CLIRunner.Result {
        let r = try CLIRunner.runProcess(try PeerDecoders.tool(tool), args)
        guard r.status == 0 else { throw PeerDecoders.Failure.failed(tool, r.stderr) }
        return r
    }

    /// `ffmpeg -i movie -map 0:s:0 out.srt`, parsed.
    static func ffmpegSubtitles(_ movie: String, in dir: TemporaryDirectory) throws -> [PeerDecoders.Cue] {
        let srt = dir.path("ffmpeg-\(UUID().uuidString).srt")
        try run("ffmpeg", ["-loglevel", "error", "-y", "-i", movie, "-map", "0:s:0", srt])
        return try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8))
    }

    /// A cue's text as FFmpeg's 608 decoder prints it, made comparable with ours: its `\\h`
    /// (hard spaces for tab offsets) removed and U+2019 back to the apostrophe 0x27 it shows
    /// for (Specs/cea608/disputed-code-points.md), then ``SubtitlePeers/comparable(_:)``.
    static func comparable(ffmpeg text: String) -> String {
        SubtitlePeers.comparable(
            text.replacingOccurrences(of: "\\h", with: "").replacingOccurrences(of: "\u{2019}", with: "'"))
    }

    /// Our captions as FFmpeg's 608 decoder shows them: those with the same time range in one
    /// cue, their texts one after the other (the SCC reader orders them by row).
    static func screens(_ captions: [Caption]) -> [(start: Double, end: Double, text: String)] {
        var grouped: [(start: Double, end: Double, text: String)] = []
        for c in captions {
            let (s, e) = (c.timeRange.start.seconds, c.timeRange.end.seconds)
            if let last = grouped.last, last.start == s, last.end == e {
                grouped[grouped.count - 1].text += "\n" + c.text
            } else {
                grouped.append((s, e, c.text))
            }
        }
        return grouped
    }

    /// ffprobe's streams as JSON objects.
    static func ffprobeStreams(_ movie: String) throws -> [[String: Any]] {
        let r = try run("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams", movie])
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return json?["streams"] as? [[String: Any]] ?? []
    }
}

/// The words of an SCC file on their frames, read here without the SCC module: a line's words
/// take consecutive frames from its label (47 CFR 15.119(b): one pair a frame), a line starts no
/// earlier than the frame after the previous line's last word, and a word that is not four hex
/// digits takes its frame but sends nothing. Labels are counted at 29.97 fps, drop-frame when
/// written with ';' (SMPTE ST 12-1: two labels dropped each minute but every tenth).
enum IndependentSCC {
    struct Word: Hashable, CustomStringConvertible {
        var frame: Int64
        var word: UInt16
        var description: String { "\(frame):\(String(word, radix: 16))" }
    }

    static func words(_ text: String) -> [Word] {
        var out: [Word] = []
        var nextFree = Int64.min
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let label = fields.first, let start = frame(of: String(label)) else { continue }
            var f = max(start, nextFree)
            for w in fields.dropFirst() {
                if w.count == 4, let v = UInt16(w, radix: 16) { out.append(Word(frame: f, word: v)) }
                f += 1
            }
            nextFree = f
        }
        return out
    }

    static func frame(of label: String) -> Int64? {
        let parts = label.split(whereSeparator: { $0 == ":" || $0 == ";" || $0 == "." || $0 == "," }).compactMap {
            Int64($0)
        }
        guard parts.count == 4, label.count == 11 else { return nil }
        let (h, m, s, f) = (parts[0], parts[1], parts[2], parts[3])
        let drop = label.last(where: { !$0.isNumber }) == ";" || label.contains(",")
        let minutes = h * 60 + m
        // A drop-frame label that does not exist (frames 00 and 01 of a minute not divisible by
        // ten) is read as the next one, frame 02, as Specs/scc.md says readers do.
        let frame = drop && s == 0 && f < 2 && m % 10 != 0 ? 2 : f
        var frames = (minutes * 60 + s) * 30 + frame
        if drop { frames -= 2 * (minutes - minutes / 10) }
        return frames
    }

    /// The non-drop label of frame `frame` (30 labels a second).
    static func label(_ frame: Int64) -> String {
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(frame / 108_000)):\(two(frame / 1800 % 60)):\(two(frame / 30 % 60)):\(two(frame % 30))"
    }

    /// The first label of a file, as written.
    static func firstLabel(_ text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            if let label = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first,
                frame(of: String(label)) != nil
            {
                return String(label)
            }
        }
        return nil
    }
}
