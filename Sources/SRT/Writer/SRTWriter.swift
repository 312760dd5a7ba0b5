import CaptionCore

/// Writes SubRip (SRT) files (Specs/srt.md, "Writing"): numbered cues, `HH:MM:SS,mmm` times (to
/// the nearest millisecond), `<i>` `<b>` `<u>` `<font color>` tags, `{\anN}` for a caption placed
/// away from the bottom centre. UTF-8 without a byte order mark, LF line ends; the option
/// `crlf=true` (`--option crlf=true`) writes CRLF. What SRT cannot carry (ruby, background
/// colours, flash, exact positions, vertical text, paint-on) is reported once per kind.
public struct SRTWriter: Sendable {
    public var options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = .init()) {
        self.options = options
    }

    public func write(_ document: CaptionDocument) throws(CaptionFormatError) -> CaptionWriteResult {
        var out = ""
        var losses: [String: [Int]] = [:]
        var rounded = false
        for (index, caption) in document.captions.enumerated() {
            let start = try milliseconds(caption.timeRange.start, index, &rounded)
            let end = try milliseconds(caption.timeRange.end, index, &rounded)
            out += "\(index + 1)\n\(SRTTiming.text(milliseconds: start)) --> \(SRTTiming.text(milliseconds: end))\n"
            if let n = SRTPosition.number(for: caption) { out += "{\\an\(n)}" }
            if caption.region?.writingMode == .topToBottomAndRightToLeft {
                losses["vertical text", default: []].append(index)
            }
            if caption.region?.origin != nil, caption.region?.size?.height.value ?? 100 < 99 {
                losses["exact positions (kept as the nearest {\\anN})", default: []].append(index)
            }
            if caption.animation == .characterReveal {
                losses["paint-on (written as pop-on)", default: []].append(index)
            }
            out += text(caption.runs, index: index, losses: &losses)
            out += "\n\n"
        }
        var diagnostics: [Diagnostic] = []
        if rounded {
            diagnostics.append(
                Diagnostic(
                    .info, "srt.rounding", "times rounded to the nearest millisecond", at: .init(file: options.fileName)
                ))
        }
        for (what, indices) in losses.sorted(by: { $0.key < $1.key }) {
            diagnostics.append(
                Diagnostic(
                    .warning, "srt.style", "SRT cannot carry \(what): \(CaptionNumbers.subject(indices, atMost: 10))",
                    at: DiagnosticLocation(file: options.fileName)))
        }
        if options.settings["crlf"] == "true" {
            out = out.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        }
        return CaptionWriteResult(bytes: Array(out.utf8), diagnostics: diagnostics)
    }

    /// The runs with tags; blank lines inside the text would end the cue, so they get a space.
    private func text(_ runs: [CaptionRun], index: Int, losses: inout [String: [Int]]) -> String {
        var out = ""
        for run in runs where !run.text.isEmpty {
            let s = run.style
            var open = ""
            var close = ""
            if let color = s.textColor {
                open += "<font color=\"\(SRTColorNames.text(color))\">"
                close = "</font>" + close
            }
            for (on, tag) in [(s.italic, "i"), (s.bold, "b"), (s.underline, "u")] where on {
                open += "<\(tag)>"
                close = "</\(tag)>" + close
            }
            if s.backgroundColor != nil { losses["background colours", default: []].append(index) }
            if s.flash { losses["flashing text", default: []].append(index) }
            if s.ruby != nil { losses["ruby", default: []].append(index) }
            out += open + run.text + close
        }
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { $0.allSatisfy { $0 == " " || $0 == "\t" } ? " " : String($0) }.joined(separator: "\n")
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
