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
    mutating func report(
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
        if let edge = s.edge, !(edge.kind == .uniform && edge.width != nil && profile.holdsOpacityAndOutline) {
            if edge.width != nil {
                report(
                    .warning, "text-outline",
                    "\(profile) has no tts:textOutline of this kind; the text is written without its outline",
                    at: location)
            } else {
                report(
                    .info, "edge",
                    "character edges (a CEA-708 pen's edge type) are not written in \(profile); the text is written without them",
                    at: location)
            }
            s.edge = nil
        }
        if s.lineThrough && !profile.holdsTTMLLayout {
            report(.warning, "line-through", "\(profile) has no line-through text; the line is left out", at: location)
            s.lineThrough = false
        }
        if !s.shadows.isEmpty && !profile.holdsShadowsAndRubyReserve {
            report(
                .warning, "text-shadow", "\(profile) has no tts:textShadow; the text is written without its shadows",
                at: location)
            s.shadows = []
        } else if s.shadows.count > profile.maximumShadows {
            report(
                .warning, "text-shadow",
                "\(profile) allows at most \(profile.maximumShadows) shadows on a span (IMSC 1.1 §8.4.11); the first \(profile.maximumShadows) are written",
                at: location)
            s.shadows.removeLast(s.shadows.count - profile.maximumShadows)
        }
        if s.emphasis != nil && !profile.holdsShearAndEmphasis {
            report(
                .warning, "text-emphasis",
                "\(profile) has no tts:textEmphasis; the text is written without its emphasis marks", at: location)
            s.emphasis = nil
        }
        if s.bidi != nil && !profile.holdsTTMLLayout {
            report(
                .warning, "unicode-bidi",
                "\(profile) has no tts:unicodeBidi; the text is written without its embedding or override",
                at: location)
            s.bidi = nil
        } else if let b = s.bidi, b.kind == .isolate, !profile.isTTML2 {
            // TTML1 §8.2.21 has normal, embed and bidiOverride; isolate is TTML2's.
            report(
                .warning, "unicode-bidi",
                "\(profile) has no tts:unicodeBidi isolate (TTML2's); it is written as embed, which lets the text around it reorder",
                at: location)
            s.bidi?.kind = .embed
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

    /// The region as the profile holds it: EBU-TT-D's regions in percent only (a region in
    /// pixels becomes none), no borders, and neither the layout (``heldLayout(of:at:)``) nor the
    /// fill a profile lacks, each loss reported.
    mutating func heldRegion(_ region: CaptionRegion?, at location: DiagnosticLocation) -> CaptionRegion? {
        var region = region
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
        region = heldLayout(of: region, at: location)
        if region?.background != nil, !profile.holdsRegionBackground {
            // A warning: the fill is seen, and iTT's reader reads it (TTML1 §8.2.2), so a round
            // trip through iTT loses it (fuzz finding, Fixtures/fuzz/itt/region-fill-…).
            report(
                .warning, "region-background",
                "\(profile) has no region fill (a CEA-708 window fill, TTML's region tts:backgroundColor); left out",
                at: location)
            region?.background = nil
        }
        return region
    }

    /// The region without the padding, opacity and overflow the profile cannot hold, each loss
    /// reported.
    private mutating func heldLayout(of region: CaptionRegion?, at location: DiagnosticLocation) -> CaptionRegion? {
        guard var r = region else { return nil }
        if let padding = r.padding {
            let inPixels = [padding.top, padding.right, padding.bottom, padding.left].contains { $0.unit == .pixels }
            if !profile.holdsTTMLLayout || (profile == .ebuttD && inPixels) {
                report(
                    .warning, "padding",
                    "\(profile) has no region padding\(profile == .ebuttD ? " in pixels" : ""); the text is written against the region's edges",
                    at: location)
                r.padding = nil
            }
        }
        if r.opacity != nil, !profile.holdsOpacityAndOutline {
            report(.warning, "opacity", "\(profile) has no region opacity; the region is written opaque", at: location)
            r.opacity = nil
        }
        if r.overflow != nil, !profile.holdsTTMLLayout {
            report(
                .warning, "overflow", "\(profile) has no tts:overflow; the region is written without it", at: location)
            r.overflow = nil
        }
        return r
    }

    /// `tts:lineHeight`, `tts:backgroundColor`, `tts:direction` and `tts:wrapOption` for the
    /// caption's paragraph (TTML1 §8.2.12, §8.2.2, §8.2.4, §8.2.23), or the loss reported.
    private mutating func lineAttributes(of caption: Caption, at location: DiagnosticLocation) -> [(String, String)] {
        var a: [(String, String)] = []
        if let h = caption.lineHeight {
            // The paragraph's font size is the initial one cell (no profile's writer puts a font
            // size on p or above it), so cells are written as the percentage they are, 1c 100 %:
            // EBU Tech 3380 §4.4 has normal or a percentage only, and readers such as ttconv
            // take no cells for a line height.
            let written = h.unit == .cells ? CaptionDimension.percent(h.value * 100) : h
            if profile.holdsTTMLLayout && (profile != .ebuttD || written.unit == .percent) && written.value.isFinite
                && written.value >= 0
            {
                a.append(("tts:lineHeight", written.ttmlDescription))
            } else {
                report(
                    .warning, "line-height",
                    "\(profile) has no line height \(h.ttmlDescription); the lines are written at the normal spacing",
                    at: location)
            }
        }
        if let fill = caption.blockBackground, profile != .itt {
            a.append(("tts:backgroundColor", ITTStyleTable.colorText(fill, profile: profile)))
        }
        if let d = caption.direction {
            // TTML1 §8.2.4; EBU Tech 3380 §4.4 has it too.
            if profile.holdsTTMLLayout {
                a.append(("tts:direction", d.rawValue))
            } else {
                report(
                    .warning, "direction", "\(profile) has no tts:direction; the text's own order is written",
                    at: location)
            }
        }
        if let reserve = caption.rubyReserve {
            if profile.holdsShadowsAndRubyReserve {
                let length = reserve.length.map { " " + $0.ttmlDescription } ?? ""
                a.append(("tts:rubyReserve", reserve.position.rawValue + length))
            } else {
                report(
                    .warning, "ruby-reserve",
                    "\(profile) has no tts:rubyReserve; the lines are written without room kept for ruby",
                    at: location)
            }
        }
        a += imscLineAttributes(of: caption, at: location)
        if !caption.wrapsLines {
            if profile.holdsTTMLLayout {
                a.append(("tts:wrapOption", "noWrap"))
            } else {
                report(
                    .warning, "wrap-option", "\(profile) has no tts:wrapOption; the lines are written to wrap",
                    at: location)
            }
        }
        return a
    }

    /// `itts:fillLineGap` (IMSC 1.1 §8.5.2), `ebutts:linePadding` and `ebutts:multiRowAlign`
    /// (EBU Tech 3380 §4.4) and `tts:shear` (TTML2 §10.2.38) for the caption's paragraph, or the
    /// loss reported.
    private mutating func imscLineAttributes(of caption: Caption, at location: DiagnosticLocation) -> [(
        String, String
    )] {
        var a: [(String, String)] = []
        if caption.fillsLineGap {
            if profile.holdsFillLineGap {
                a.append(("itts:fillLineGap", "true"))
            } else {
                report(
                    .warning, "fill-line-gap",
                    "\(profile) has no itts:fillLineGap; the gaps between lines are left unfilled", at: location)
            }
        }
        if let padding = caption.linePadding {
            if profile.holdsLinePaddingAndMultiRowAlign && padding.unit == .cells {
                a.append(("ebutts:linePadding", padding.ttmlDescription))
            } else {
                report(
                    .warning, "line-padding",
                    "\(profile) has no ebutts:linePadding\(padding.unit == .cells ? "" : " other than in cells"); the lines are written without it",
                    at: location)
            }
        }
        if let align = caption.multiRowAlign {
            let word: String? = [.start: "start", .center: "center", .end: "end"][align]
            if profile.holdsLinePaddingAndMultiRowAlign, let word {
                a.append(("ebutts:multiRowAlign", word))
            } else {
                report(
                    .warning, "multi-row-align",
                    "\(profile) has no ebutts:multiRowAlign\(word == nil ? " \(align.rawValue)" : ""); the lines are aligned as the text is",
                    at: location)
            }
        }
        if let shear = caption.shear {
            if profile.holdsShearAndEmphasis {
                a.append(("tts:shear", CaptionDimension.percent(shear).ttmlDescription))
            } else {
                report(.warning, "shear", "\(profile) has no tts:shear; the text is written upright", at: location)
            }
        }
        return a
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
        var runs = caption.normalizedRuns
        if let fill = caption.blockBackground, profile == .itt {
            report(
                .warning, "block-background",
                "iTT has no paragraph fill (TTML's tts:backgroundColor on p, div or body); it is written behind the text",
                at: location)
            for k in runs.indices where runs[k].style.backgroundColor == nil { runs[k].style.backgroundColor = fill }
        }
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
        let region = heldRegion(caption.region, at: location)
        if let region {
            attributes.append(("region", regions.id(for: region)))
            if region.scroll != .none {
                report(.info, "roll-up", "\(profile) has no roll-up; captions are written as pop-on", at: location)
            }
        } else {
            attributes.append(("region", regions.unplacedID()))
        }
        if let align = caption.textAlignment { attributes.append(("tts:textAlign", align.rawValue)) }
        attributes += lineAttributes(of: caption, at: location)
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
                // Apple's ry:position is before or after: outside is before on a one-line caption
                // (TTML2 §10.2.39), and the lines after the first lose their side otherwise.
                if apple && ruby.position == .outside && lines > 1 {
                    report(
                        .warning, "ruby",
                        "iTT's ry:position has no outside; the ruby of a caption of \(lines) lines is written before its text on every line",
                        at: location)
                }
                var container: [(String, String)] =
                    apple
                    ? [
                        ("ry:align", align), ("ry:kind", "ruby"),
                        ("ry:position", ruby.position == .after ? "after" : "before"),
                    ]
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
