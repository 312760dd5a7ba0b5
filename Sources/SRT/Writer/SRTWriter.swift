import CaptionCore
import Foundation

/// Writes SubRip (SRT) files (Specs/srt.md, "Writing"): numbered cues, `HH:MM:SS,mmm` times (to
/// the nearest millisecond), `<i>` `<b>` `<u>` `<font color>` tags, `{\anN}` for a caption placed
/// away from the bottom centre. UTF-8 without a byte order mark, LF line ends; the option
/// `crlf=true` (`--option crlf=true`) writes CRLF. What SRT cannot carry (ruby, background
/// colours, flash, exact positions, vertical text, paint-on, TTML's line and region layout) is
/// reported once per kind.
public struct SRTWriter: Sendable {
    public var options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = .init()) {
        self.options = options
    }

    public func write(_ document: CaptionDocument) throws(CaptionFormatError) -> CaptionWriteResult {
        var out = ""
        var losses: [String: [Int]] = [:]
        var rounded = false
        var breaks: [Int] = []
        for (index, caption) in document.captions.enumerated() {
            let start = try milliseconds(caption.timeRange.start, index, &rounded)
            let end = try milliseconds(caption.timeRange.end, index, &rounded)
            out += "\(index + 1)\n\(SRTTiming.text(milliseconds: start)) --> \(SRTTiming.text(milliseconds: end))\n"
            if caption.region?.writingMode == .topToBottomAndRightToLeft {
                losses["vertical text", default: []].append(index)
            }
            if caption.region?.origin != nil, caption.region?.size?.height.value ?? 100 < 99 {
                losses["exact positions (kept as the nearest {\\anN})", default: []].append(index)
            }
            if caption.animation == .characterReveal {
                losses["paint-on (written as pop-on)", default: []].append(index)
            }
            for name in caption.ttmlLayoutLosses { losses[name, default: []].append(index) }
            let position = SRTPosition.number(for: caption).map { "{\\an\($0)}" } ?? ""
            // Runs as the model means them (neighbours of one style joined): how a reader split the
            // text into runs must not change the bytes, or a rewrite would not settle.
            out += text(caption.normalizedRuns, after: position, index: index, losses: &losses, breaks: &breaks)
            out += "\n\n"
        }
        var diagnostics: [Diagnostic] = []
        if rounded {
            diagnostics.append(
                Diagnostic(
                    .info, "srt.rounding", "times rounded to the nearest millisecond", at: .init(file: options.fileName)
                ))
        }
        if !breaks.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .info, "srt.timing-text",
                    "text lines that read as a timing line are written after an empty <font></font>, so that they stay in their cue: \(CaptionNumbers.subject(breaks, atMost: 10))",
                    at: DiagnosticLocation(file: options.fileName)))
        }
        for (what, noted) in losses.sorted(by: { $0.key < $1.key }) {
            // A loss is noted once per run, and captions come in order: each caption once.
            let indices = noted.reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
            diagnostics.append(
                Diagnostic(
                    .warning, "srt.style", "SRT cannot carry \(what): \(CaptionNumbers.subject(indices, atMost: 10))",
                    at: DiagnosticLocation(file: options.fileName)))
        }
        for what in document.ttmlDocumentLosses {
            diagnostics.append(
                Diagnostic(
                    .warning, "srt.style", "SRT cannot carry \(what)", at: DiagnosticLocation(file: options.fileName)))
        }
        if options.settings["crlf"] == "true" {
            out = out.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        }
        return CaptionWriteResult(bytes: Array(out.utf8), diagnostics: diagnostics)
    }

    /// The runs with tags, after `prefix` (the `{\anN}` block). Blank lines inside the text would
    /// end the cue, so they get a space; lines that read as a timing line, an empty `<font></font>`.
    private func text(
        _ runs: [CaptionRun], after prefix: String, index: Int, losses: inout [String: [Int]], breaks: inout [Int]
    ) -> String {
        // Control characters other than tab and line feed are no subtitle's text, and readers
        // take a file with more than a few for binary (Specs/srt.md): they are left out.
        var runs = runs
        for k in runs.indices where runs[k].text.unicodeScalars.contains(where: Self.isControl) {
            runs[k].text = String(String.UnicodeScalarView(runs[k].text.unicodeScalars.filter { !Self.isControl($0) }))
            losses["control characters (left out)", default: []].append(index)
        }
        let plain = runs.map(\.text).joined()
        var ignored: [String: [Int]] = [:]
        var broken = false
        var out = Self.breakingTimingLines(prefix + render(runs, index: index, losses: &losses), &broken)
        // SRT has no escapes: text such as "</font=x" or "{\an8}" would be read back as a tag or
        // an override block (Specs/srt.md, "Tags"), and again at each reading. Read with the
        // reader's own rules, the text must come back as it was; otherwise a zero-width space
        // goes after each of its "<" and "{", so that it reads back as text, and it is reported.
        if SRTTextParser.parse(out).runs.map(\.text).joined() != plain {
            for k in runs.indices {
                runs[k].text = runs[k].text.replacingOccurrences(of: "<", with: "<\u{200B}")
                    .replacingOccurrences(of: "{", with: "{\u{200B}")
            }
            broken = false
            out = Self.breakingTimingLines(prefix + render(runs, index: index, losses: &ignored), &broken)
            losses["text that reads as tags or override blocks (a zero-width space follows its < and {)", default: []]
                .append(index)
        }
        if broken { breaks.append(index) }
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        // A blank line ends an SRT cue, and readers trim spaces at line ends (Specs/srt.md): an
        // empty or blank line is written as one space, which keeps the rest of the text in the
        // cue but reads back as a line break; both are reported.
        if !out.isEmpty, lines.contains(where: { $0.last == " " || $0.last == "\t" || $0.isEmpty }) {
            losses["empty lines and spaces at line ends", default: []].append(index)
        }
        return lines.map { $0.allSatisfy { $0 == " " || $0 == "\t" } ? " " : String($0) }.joined(separator: "\n")
    }

    /// A text line that reads as a timing line starts a new cue (Specs/srt.md,
    /// `srt.missing-blank-line` and `srt.index`: a timing line, with or without a cue number
    /// before it, ends the text before it, as FFmpeg reads SRT too), whatever the blank lines
    /// around it. Such a line is written after an empty `<font></font>`: it then starts with `<`,
    /// which no timing line does, neither ours nor FFmpeg's (signed numbers before `-->`), and
    /// reads back as the same text in the same cue; a cue number before it is then only text.
    /// `<font>` without attributes changes no style in our reader nor in FFmpeg's (which restores
    /// the font it had at `</font>`, where `</i>` would end an enclosing `<i>`). Lines that start,
    /// after spaces, with a digit or a sign and hold `-->` are broken too: FFmpeg's reading is
    /// laxer than ours there.
    static func breakingTimingLines(_ text: String, _ broken: inout Bool) -> String {
        guard holdsArrow(text) else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for k in lines.indices where readsAsTiming(lines[k]) {
            lines[k] = "<font></font>" + lines[k]
            broken = true
        }
        return lines.joined(separator: "\n")
    }

    static func readsAsTiming(_ line: Substring) -> Bool {
        if line.utf8.count <= SRTTiming.longestLine, SRTTiming.parse(line) != nil { return true }
        guard let first = line.first(where: { $0 != " " && $0 != "\t" }) else { return false }
        return (first.isASCII && first.isNumber || first == "-" || first == "+") && holdsArrow(line)
    }

    /// Whether `text` holds "-->", looked for in its UTF-8 bytes: Foundation's `contains`, which
    /// `import Foundation` gives every string, took 9% of an SRT write and read back.
    static func holdsArrow(_ text: some StringProtocol) -> Bool {
        var dashes = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "-") {
                dashes += 1
            } else {
                if byte == UInt8(ascii: ">") && dashes >= 2 { return true }
                dashes = 0
            }
        }
        return false
    }

    /// The runs with their tags, and what of their styles SRT cannot carry.
    /// Runs whose written tags are the same are written as one: a style attribute SRT cannot
    /// carry (a dropped font name, a background colour) would otherwise split them, and an
    /// empty line between them would be written as "</b><b>", which hides it from the blank-line
    /// rule of `text(_:after:index:losses:breaks:)`; read back, the runs merge and the next
    /// write changes again (a fuzzing finding of 2026-11-24, Fixtures/fuzz/srt/).
    private func render(_ runs: [CaptionRun], index: Int, losses: inout [String: [Int]]) -> String {
        var out = ""
        var pending: (open: String, text: String, close: String)?
        for run in runs where !run.text.isEmpty {
            let s = run.style
            var open = ""
            var close = ""
            // `<font face color>` (Specs/srt.md, "Tags"): the reader takes both attributes.
            var faceAttribute = ""
            if let face = s.fontFamily, !face.isEmpty {
                // A control character in a face would be written once per run that uses it, and
                // the reader takes a file with more than a few for binary (Specs/srt.md): the
                // face is left out, as its text's control characters are (a fuzzing finding of
                // 2026-11-25, Fixtures/fuzz/srt/control-character-in-a-font-face-fuzz.srt).
                if face.contains("\"") || face.contains(">") || face.unicodeScalars.contains(where: Self.isControl)
                    || face.contains("\n")
                {
                    losses["font names with quotes, \">\", line breaks or control characters", default: []]
                        .append(index)
                } else {
                    faceAttribute = " face=\"\(face)\""
                }
            }
            let colorAttribute = s.textColor.map { " color=\"\(SRTColorNames.text($0))\"" } ?? ""
            var font = faceAttribute + colorAttribute
            // The reader takes a `<…>` longer than its tag window for text (Specs/srt.md, "Tags"):
            // a face too long for it once the colour joins it in one tag is left out, the colour
            // kept (a fuzzing finding of 2026-11-27, Fixtures/fuzz/srt/).
            if "<font\(font)>".utf8.count > SRTTextParser.tagWindow {
                font = colorAttribute
                losses["font names too long for a tag (\(SRTTextParser.tagWindow) bytes with the tag)", default: []]
                    .append(index)
            }
            if !font.isEmpty {
                open += "<font\(font)>"
                close = "</font>" + close
            }
            for (on, tag) in [(s.italic, "i"), (s.bold, "b"), (s.underline, "u")] where on {
                open += "<\(tag)>"
                close = "</\(tag)>" + close
            }
            if s.backgroundColor != nil { losses["background colours", default: []].append(index) }
            if s.flash { losses["flashing text", default: []].append(index) }
            if s.ruby != nil { losses["ruby", default: []].append(index) }
            if let held = pending, held.open == open {
                pending?.text += run.text
            } else {
                if let held = pending { out += held.open + held.text + held.close }
                pending = (open, run.text, close)
            }
        }
        if let held = pending { out += held.open + held.text + held.close }
        return out
    }

    static func isControl(_ c: Unicode.Scalar) -> Bool {
        (c.value < 0x20 && c != "\n" && c != "\t") || c.value == 0x7F
    }

    private func milliseconds(_ time: MediaTime, _ caption: Int, _ rounded: inout Bool) throws(CaptionFormatError)
        -> Int64
    {
        guard time.isNumeric, time >= .zero,
            let ms = try? time.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero)
        else {
            throw CaptionFormatError(
                .cannotWrite, "\(CaptionNumbers.subject([caption])): time \(time) cannot be written in SRT",
                at: DiagnosticLocation(file: options.fileName))
        }
        if ms != time { rounded = true }
        return ms.value
    }
}
