import CaptionCore

/// Reads SubRip (SRT) files into the caption model (Specs/srt.md).
///
/// Lenient by default with what real files do: missing or wrong cue numbers, `.` for `,`, missing
/// blank lines between cues, blank lines inside a cue, trailing spaces, CRLF line ends, text after
/// the timing, Windows-1252 text; each is a located warning. ``CaptionFormatOptions/strict`` turns
/// the first of them into an error. An end before its start is a warning (the caption is kept
/// with no duration), an error in strict mode. Any bytes may be given: binary data is refused
/// with a clear error, and the work is linear in the size of the file.
public struct SRTReader: Sendable {
    public var options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = .init()) {
        self.options = options
    }

    public func read(_ bytes: [UInt8]) throws(CaptionFormatError) -> CaptionReadResult {
        let decoded = try SRTTextDecoder.decode(bytes, fileName: options.fileName)
        var notes: [Diagnostic] = []
        func note(_ severity: Diagnostic.Severity, _ rule: String, _ message: String, line: Int?) {
            notes.append(
                Diagnostic(severity, rule, message, at: DiagnosticLocation(file: options.fileName, line: line)))
        }
        if decoded.encoding == .windows1252 {
            note(.warning, "srt.encoding", "the file is not UTF-8; read as Windows-1252", line: nil)
        }
        var text = decoded.text
        let raw = Array(text.utf8)
        if let cr = raw.firstIndex(of: 0x0D) {
            // Issue 16 lists CRLF among the forms a lenient reader accepts with a located
            // diagnostic and strict mode refuses: one warning, at the first line that has a CR.
            let line = raw[..<cr].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            note(.warning, "srt.crlf", "CR or CRLF line ends (read as line feeds)", line: line)
            text = String(decoding: ByteScan.lineFeedsOnly(raw), as: UTF8.self)
        }
        // Lines as byte slices: a 100 MB line costs one pass, no grapheme breaking.
        let bytes = Array(text.utf8)
        let lines = ByteScan.lineRanges(bytes).map { bytes[$0] }
        var captions: [Caption] = []
        var previousNumber = 0
        var trailingSpaceLines: [Int] = []
        /// The text lines of the last cue, as its text was parsed.
        var lastCueText = ""
        var i = 0
        let n = lines.count
        func isBlank(_ l: ArraySlice<UInt8>) -> Bool { l.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        func string(_ l: ArraySlice<UInt8>) -> String { String(decoding: l, as: UTF8.self) }
        func startsCue(_ k: Int) -> Bool {
            SRTTiming.parse(lines[k]) != nil
                || (SRTTiming.isIndex(lines[k]) && k + 1 < n && SRTTiming.parse(lines[k + 1]) != nil)
        }
        while i < n {
            while i < n, isBlank(lines[i]) { i += 1 }
            guard i < n else { break }
            let blockLine = i + 1
            let timing: SRTTiming
            let timingLine: Int
            if SRTTiming.isIndex(lines[i]), i + 1 < n, let t = SRTTiming.parse(lines[i + 1]) {
                let digits = string(lines[i].filter { $0 != 0x20 && $0 != 0x09 })
                let number = Int(digits) ?? -1
                if number != previousNumber + 1 {
                    note(
                        .warning, "srt.index",
                        "cue number \(digits) where \(previousNumber + 1) was expected",
                        line: blockLine)
                }
                previousNumber = number
                timing = t
                timingLine = i + 2
                i += 2
            } else if let t = SRTTiming.parse(lines[i]) {
                note(.warning, "srt.index", "cue \(captions.count + 1) has no number line", line: blockLine)
                previousNumber += 1
                timing = t
                timingLine = i + 1
                i += 1
            } else {
                // Text after a blank line that starts no cue: the blank line was inside the cue.
                if !captions.isEmpty {
                    note(
                        .warning, "srt.blank-line",
                        "a blank line inside cue \(captions.count); the text after it is kept in that cue",
                        line: blockLine)
                    var more: [ArraySlice<UInt8>] = []
                    while i < n, !isBlank(lines[i]), !startsCue(i) {
                        more.append(lines[i])
                        i += 1
                    }
                    // The text goes on where the cue's text stopped, tags still open included (a
                    // <font> closed after the blank line styles the text on both sides), so it is
                    // parsed again as a whole; the blank line reads as a line break.
                    lastCueText += "\n" + more.map { trimmed($0, line: 0, &trailingSpaceLines) }.joined(separator: "\n")
                    let parsed = SRTTextParser.parse(lastCueText)
                    captions[captions.count - 1].runs = parsed.runs
                    if parsed.droppedOverrides {
                        note(
                            .info, "srt.override", "ASS override tags other than {\\an1}–{\\an9} are removed",
                            line: blockLine)
                    }
                } else {
                    note(.warning, "srt.text", "text before the first cue is ignored", line: blockLine)
                    while i < n, !isBlank(lines[i]) { i += 1 }
                }
                continue
            }
            if timing.usedDot {
                note(.warning, "srt.timing", "\".\" before the milliseconds where SubRip has \",\"", line: timingLine)
            }
            if timing.unusualDigits {
                note(.warning, "srt.timing", "a time not written HH:MM:SS,mmm", line: timingLine)
            }
            if !timing.trailing.isEmpty {
                note(
                    .info, "srt.timing", "text after the end time ignored: \"\(timing.trailing.prefix(40))\"",
                    line: timingLine)
            }
            if timing.end < timing.start {
                note(
                    .warning, "srt.end-before-start",
                    "cue \(captions.count + 1) ends (\(SRTTiming.text(milliseconds: timing.end))) before it starts (\(SRTTiming.text(milliseconds: timing.start))); kept with no duration",
                    line: timingLine)
            }
            var textLines: [String] = []
            while i < n, !isBlank(lines[i]) {
                if startsCue(i) {
                    note(.warning, "srt.missing-blank-line", "no blank line before the next cue", line: i + 1)
                    break
                }
                textLines.append(trimmed(lines[i], line: i + 1, &trailingSpaceLines))
                i += 1
            }
            lastCueText = textLines.joined(separator: "\n")
            let parsed = SRTTextParser.parse(lastCueText)
            if parsed.droppedOverrides {
                note(
                    .info, "srt.override", "ASS override tags other than {\\an1}–{\\an9} are removed",
                    line: timingLine + 1)
            }
            if parsed.droppedStrike {
                note(
                    .info, "srt.strike", "<s> (strike-through) is not kept: the caption model has no strike-through",
                    line: timingLine + 1)
            }
            for color in parsed.unknownColors {
                note(.warning, "srt.color", "unknown colour \"\(color)\" ignored", line: timingLine + 1)
            }
            let (region, alignment) = parsed.position.map(SRTPosition.placement) ?? (nil, nil)
            captions.append(
                Caption(
                    runs: parsed.runs,
                    timeRange: TimeRange(start: Self.time(timing.start), end: Self.time(timing.end)),
                    region: region, textAlignment: alignment))
        }
        if !trailingSpaceLines.isEmpty {
            for line in trailingSpaceLines {
                note(.warning, "srt.trailing-space", "trailing spaces removed", line: line)
            }
        }
        if options.strict, let first = notes.first(where: { $0.severity >= .warning }) {
            throw CaptionFormatError(
                .unreadable, first.message + " (strict mode)", at: first.location, diagnostics: notes)
        }
        return CaptionReadResult(document: CaptionDocument(captions: captions), diagnostics: notes)
    }

    private static func time(_ ms: Int64) -> MediaTime { MediaTime(value: ms, timescale: 1000) }

    private func trimmed(_ line: ArraySlice<UInt8>, line number: Int, _ lines: inout [Int]) -> String {
        var s = line
        while let l = s.last, l == 0x20 || l == 0x09 { s = s.dropLast() }
        if s.count != line.count, number > 0 { lines.append(number) }
        return String(decoding: s, as: UTF8.self)
    }
}
