import CaptionCore
import XML

/// Writes each caption as one `<p>`: its times, its region, alignment and forced display, and
/// its runs as referenced-style spans with `<br/>` between lines, in the markup of the profile
/// written; what the profile cannot hold is reported once per kind (Specs/ttml.md, "Writers").
struct ITTParagraphWriter {
    let fileName: String?
    let profile: TTMLProfile
    private(set) var diagnostics: [Diagnostic] = []
    private var usedIDs: Set<String> = []
    private var reported: Set<String> = []

    init(fileName: String?, profile: TTMLProfile = .itt) {
        self.fileName = fileName
        self.profile = profile
    }

    /// Adds a diagnostic with the profile's rule prefix, once per rule unless `everyTime`.
    private mutating func report(
        _ severity: Diagnostic.Severity, _ rule: String, _ message: String, at location: DiagnosticLocation,
        fix: String? = nil, everyTime: Bool = false
    ) {
        guard everyTime || reported.insert(rule).inserted else { return }
        diagnostics.append(
            Diagnostic(severity, "\(profile.rulePrefix).\(rule)", message, at: location, suggestedFix: fix))
    }

    /// `style` without what the profile cannot hold, each loss reported.
    private mutating func held(_ style: CaptionTextStyle, at location: DiagnosticLocation) -> CaptionTextStyle {
        var s = style
        if s.flash {
            report(.warning, "flash", "\(profile) has no flashing text; the text is written steady", at: location)
            s.flash = false
        }
        if s.edge != nil {
            report(
                .info, "edge",
                "character edges (a CEA-708 pen's edge type) are not written in \(profile); the text is written without them",
                at: location)
            s.edge = nil
        }
        if s.textCombine && !profile.holdsTextCombine {
            report(
                .warning, "text-combine",
                "\(profile) has no text combination (tate-chu-yoko); the digits are written upright in line",
                at: location)
            s.textCombine = false
        }
        if profile == .ebuttD, let size = s.fontSize, size.unit == .pixels {
            // EBU Tech 3380 §4.5: tts:fontSize in percent only.
            report(
                .warning, "font-size",
                "EBU-TT-D gives font sizes in percent only; the \(size.ttmlDescription) size is left out", at: location)
            s.fontSize = nil
        }
        return s
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
            report(
                .warning, "duration",
                "this caption is shorter than one \(profile.writesFrameLabels ? "frame" : "millisecond") and would never show",
                at: location, everyTime: true)
        }
        let runs = caption.normalizedRuns
        var attributes: [(String, String)] = [("begin", begin), ("end", end)]
        if caption.forcedDisplay {
            if profile.holdsForcedDisplay {
                attributes.append(("itts:forcedDisplay", "true"))
            } else {
                report(
                    .warning, "forced-display",
                    "\(profile) has no forced display (itts:forcedDisplay); these captions are written as ordinary ones",
                    at: location)
            }
        }
        var region = caption.region
        if let r = region, profile == .ebuttD,
            [r.origin?.x, r.origin?.y, r.size?.width, r.size?.height].contains(where: { $0?.unit == .pixels })
        {
            // EBU Tech 3380 §4.4: tts:origin and tts:extent in percent.
            report(
                .warning, "region",
                "EBU-TT-D places regions in percent only; a region in pixels is replaced by the bottom region",
                at: location)
            region = nil
        }
        if region?.border != nil {
            report(
                .info, "border", "\(profile) has no region borders (a CEA-708 window border); left out", at: location)
            region?.border = nil
        }
        if region?.background != nil, !profile.holdsRegionBackground {
            report(
                .info, "region-background",
                "\(profile) has no region fill (a CEA-708 window fill, TTML's region tts:backgroundColor); left out",
                at: location)
            region?.background = nil
        }
        if let region {
            attributes.append(("region", regions.id(for: region)))
            if region.scroll != .none {
                report(.info, "roll-up", "\(profile) has no roll-up; captions are written as pop-on", at: location)
            }
        } else {
            attributes.append(("region", regions.unplacedID()))
        }
        if let align = caption.textAlignment { attributes.append(("tts:textAlign", align.rawValue)) }
        if let id = caption.id {
            // TTML1 §7.2.1 / XML 1.0 `xml:id`: an NCName, unique in the document. An id that is
            // not one, or that an earlier caption already holds, is left out and said so.
            if !ITTRegionTable.isName(id) {
                diagnostics.append(
                    Diagnostic(
                        .warning, "\(profile.rulePrefix).id",
                        "this caption's id \"\(id)\" is not an XML name (a letter or _, then letters, digits, -, _ or .); it is left out",
                        at: location))
            } else if !usedIDs.insert(id).inserted {
                diagnostics.append(
                    Diagnostic(
                        .warning, "\(profile.rulePrefix).id",
                        "an earlier caption already has the id \"\(id)\"; it is left out here",
                        at: location))
            } else {
                attributes.append(("xml:id", id))
            }
        }
        if Self.needsPreservedSpace(runs) { attributes.append(("xml:space", "preserve")) }

        let lines = runs.reduce(1) { count, run in run.text.utf8.reduce(count) { $1 == 0x0A ? $0 + 1 : $0 } }
        if lines > Self.maximumLines && profile == .itt {
            report(
                .warning, "lines",
                "this caption has \(lines) lines; iTT shows at most \(Self.maximumLines) per paragraph",
                at: location, fix: "split it into two captions", everyTime: true)
        }
        out += "      <p"
        appendAttributes(attributes, to: &out)
        out += ">"
        var clean = true
        for run in runs {
            let styleID = styles.id(for: held(run.style, at: location))
            if run.style.ruby != nil && profile.rubyMarkup == .none {
                report(
                    .warning, "ruby", "\(profile) has no ruby; the base text is written without its annotation",
                    at: location)
            }
            if let ruby = run.style.ruby, profile.rubyMarkup != .none {
                // A container span holding the base and the annotation: TTML2 §10.2.40
                // `tts:ruby`, or Apple's `ry:kind` extension for iTT.
                let apple = profile.rubyMarkup == .apple
                let align = Self.rubyAlign(ruby.alignment)
                var container: [(String, String)] =
                    apple
                    ? [("ry:align", align), ("ry:kind", "ruby"), ("ry:position", ruby.position.rawValue)]
                    : [
                        ("tts:ruby", "container"), ("tts:rubyAlign", align),
                        ("tts:rubyPosition", ruby.position.rawValue),
                    ]
                if let styleID { container.append(("style", styleID)) }
                out += "<span"
                appendAttributes(container, to: &out)
                out += apple ? "><span ry:kind=\"rb\">" : "><span tts:ruby=\"base\">"
                clean = XMLEscaping.appendText(run.text.replacingNewlines(), to: &out) && clean
                out += apple ? "</span><span ry:kind=\"rt\">" : "</span><span tts:ruby=\"text\">"
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
            report(
                .warning, "character", "characters XML cannot carry (control characters) were left out", at: location,
                everyTime: true)
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
