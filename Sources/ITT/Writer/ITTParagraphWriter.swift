import CaptionCore
import XML

/// Writes each caption as one `<p>`: frame-label times, its region, alignment and forced
/// display, and its runs as referenced-style spans with `<br/>` between lines.
struct ITTParagraphWriter {
    let fileName: String?
    private(set) var diagnostics: [Diagnostic] = []
    private var usedIDs: Set<String> = []
    private var reportedFlash = false
    private var reportedScroll = false

    init(fileName: String?) {
        self.fileName = fileName
    }

    /// iTT shows at most two lines per paragraph (Apple's iTT profile).
    static let maximumLines = 2

    mutating func append(
        _ caption: Caption, timecodes: inout ITTTimecodeFormatter, styles: inout ITTStyleTable,
        regions: inout ITTRegionTable, to out: inout String
    ) throws(CaptionFormatError) {
        let range = caption.timeRange
        guard range.start.isNumeric, range.end.isNumeric,
            let begin = timecodes.label(for: range.start), let end = timecodes.label(for: range.end)
        else {
            throw CaptionFormatError(
                .cannotWrite,
                "a caption's time \(range) cannot be written as a timecode (it must lie within one day of the start timecode)",
                at: DiagnosticLocation(file: fileName, time: range.start))
        }
        let location = DiagnosticLocation(file: fileName, timecode: begin, time: range.start)
        if begin == end {
            diagnostics.append(
                Diagnostic(
                    .warning, "itt.duration", "this caption is shorter than one frame and would never show",
                    at: location))
        }
        let runs = caption.normalizedRuns
        var attributes: [(String, String)] = [("begin", begin), ("end", end)]
        if caption.forcedDisplay { attributes.append(("itts:forcedDisplay", "true")) }
        if let region = caption.region {
            attributes.append(("region", regions.id(for: region)))
            if region.scroll != .none && !reportedScroll {
                reportedScroll = true
                diagnostics.append(
                    Diagnostic(.info, "itt.roll-up", "iTT has no roll-up; captions are written as pop-on", at: location)
                )
            }
        }
        if let align = caption.textAlignment { attributes.append(("tts:textAlign", align.rawValue)) }
        if let id = caption.id {
            // TTML1 §7.2.1 / XML 1.0 `xml:id`: an NCName, unique in the document. An id that is
            // not one, or that an earlier caption already holds, is left out and said so.
            if !ITTRegionTable.isName(id) {
                diagnostics.append(
                    Diagnostic(
                        .warning, "itt.id",
                        "this caption's id \"\(id)\" is not an XML name (a letter or _, then letters, digits, -, _ or .); it is left out",
                        at: location))
            } else if !usedIDs.insert(id).inserted {
                diagnostics.append(
                    Diagnostic(
                        .warning, "itt.id", "an earlier caption already has the id \"\(id)\"; it is left out here",
                        at: location))
            } else {
                attributes.append(("xml:id", id))
            }
        }
        if Self.needsPreservedSpace(runs) { attributes.append(("xml:space", "preserve")) }

        let lines = runs.reduce(1) { count, run in run.text.utf8.reduce(count) { $1 == 0x0A ? $0 + 1 : $0 } }
        if lines > Self.maximumLines {
            diagnostics.append(
                Diagnostic(
                    .warning, "itt.lines",
                    "this caption has \(lines) lines; iTT shows at most \(Self.maximumLines) per paragraph",
                    at: location, suggestedFix: "split it into two captions"))
        }
        out += "      <p"
        appendAttributes(attributes, to: &out)
        out += ">"
        var clean = true
        for run in runs {
            if run.style.flash && !reportedFlash {
                reportedFlash = true
                diagnostics.append(
                    Diagnostic(
                        .warning, "itt.flash", "iTT has no flashing text; the text is written steady", at: location))
            }
            let styleID = styles.id(for: run.style)
            if let ruby = run.style.ruby {
                // Apple's ruby markup: a container span holding the base and the annotation.
                var container: [(String, String)] = [
                    ("ry:align", Self.rubyAlign(ruby.alignment)), ("ry:kind", "ruby"),
                    ("ry:position", ruby.position.rawValue),
                ]
                if let styleID { container.append(("style", styleID)) }
                out += "<span"
                appendAttributes(container, to: &out)
                out += "><span ry:kind=\"rb\">"
                clean = XMLEscaping.appendText(run.text.replacingNewlines(), to: &out) && clean
                out += "</span><span ry:kind=\"rt\">"
                clean = XMLEscaping.appendText(ruby.text.replacingNewlines(), to: &out) && clean
                out += "</span></span>"
                continue
            }
            if let styleID {
                out += "<span style=\""
                out += styleID
                out += "\">"
            }
            var lineStart = run.text.utf8.startIndex
            for i in run.text.utf8.indices where run.text.utf8[i] == 0x0A {
                clean = XMLEscaping.appendText(Substring(run.text.utf8[lineStart..<i]), to: &out) && clean
                out += "<br/>"
                lineStart = run.text.utf8.index(after: i)
            }
            clean = XMLEscaping.appendText(Substring(run.text.utf8[lineStart...]), to: &out) && clean
            if styleID != nil { out += "</span>" }
        }
        out += "</p>\n"
        if !clean {
            diagnostics.append(
                Diagnostic(
                    .warning, "itt.character", "characters XML cannot carry (control characters) were left out",
                    at: location))
        }
    }

    /// Whether default white-space handling (TTML1 §7.2.3) would change the runs' text: doubled or
    /// tab characters, or spaces at the start or end of a line.
    static func needsPreservedSpace(_ runs: [CaptionRun]) -> Bool {
        var previous: UInt8 = 0x0A
        for run in runs {
            for c in run.text.utf8 {
                if c == 0x09 || c == 0x0D { return true }
                if c == 0x20 && (previous == 0x20 || previous == 0x0A) { return true }
                if c == 0x0A && previous == 0x20 { return true }
                previous = c
            }
        }
        return previous == 0x20
    }

    private static func rubyAlign(_ a: CaptionRuby.Alignment) -> String {
        switch a {
        case .start: return "start"
        case .center: return "center"
        case .distributeSpaceBetween: return "spaceBetween"
        case .distributeSpaceAround: return "spaceAround"
        }
    }
}

extension String {
    /// Line breaks cannot appear inside ruby base or annotation text; they become spaces.
    func replacingNewlines() -> String {
        String(map { $0 == "\n" ? " " : $0 })
    }
}
