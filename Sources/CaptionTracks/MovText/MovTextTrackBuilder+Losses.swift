import CaptionCore

/// What a `tx3g` track as this builder writes it cannot show. TS 26.245 §5.16–5.17 carry per
/// character range bold, italic, underline, a font of the `ftab`, a size and an RGBA colour
/// (`styl`), blinking (`blnk`), and for the whole text box a place (`tbox`, the default text
/// box), a justification and one background colour; the builder writes the styles, the
/// blinking, and one sample description for every sample: the player's text box, centred at the
/// bottom, transparent, one font (``MovTextSampleEntry``). Everything else the model holds is
/// named here, once per kind, with the captions it was dropped from (the project's rule: what a
/// format cannot hold is a diagnostic on write).
extension MovTextTrackBuilder {
    /// The rule of the findings on styles and layout the track leaves out.
    static let styleRule = "mov-text.style"
    /// The rule of the finding on text cut at a sample's 16-bit text length (TS 26.245 §5.17).
    static let lengthRule = "mov-text.length"
    /// The loss of text past 65,535 bytes in one sample.
    static let cutText = "text past a sample's 65,535 bytes (cut)"

    /// What of `caption` the track leaves out, named for the loss report.
    static func losses(of caption: Caption) -> [String] {
        var names: [String] = []
        let styles = caption.runs.filter { !$0.text.isEmpty }.map(\.style)
        // A StyleRecord has a text colour only; the box's one background colour is the sample
        // description's (§5.16), written transparent.
        if styles.contains(where: { $0.backgroundColor != nil }) { names.append("text background colours") }
        if styles.contains(where: { $0.ruby != nil }) { names.append("ruby (annotations left out)") }
        if styles.contains(where: \.textCombine) { names.append("text-combine (horizontal in vertical)") }
        if styles.contains(where: { ($0.edge?.kind ?? CharacterEdge.none) != CharacterEdge.none }) {
            names.append("character edges (outlines, raised, depressed, drop shadows)")
        }
        // One font in the `ftab` (§5.16), every record at one size.
        if styles.contains(where: { !isTrackFont($0.fontFamily) }) {
            names.append("font families other than the track's \(MovTextSampleEntry.fontName)")
        }
        if styles.contains(where: { $0.fontSize != nil }) {
            names.append("font sizes (written at the track's \(MovTextSampleEntry.fontSize))")
        }
        if let region = caption.region {
            // The default text box is all zero (the player's) and no `tbox` is written (§5.16, §5.17).
            if region.origin != nil || region.size != nil || region.displayAlignment == .before
                || region.displayAlignment == .center
            {
                names.append("exact positions (shown at the bottom centre)")
            }
            if region.writingMode == .topToBottomAndRightToLeft { names.append("vertical text") }
            if region.background != nil { names.append("region backgrounds") }
            if region.border != nil { names.append("region borders") }
            if case .rollUp = region.scroll { names.append("roll-up (written as pop-on)") }
        }
        // Horizontal justification is the sample description's: centre (§5.16).
        if let alignment = caption.textAlignment, alignment != .center {
            names.append("text alignment other than centred")
        }
        if caption.animation == .characterReveal { names.append("paint-on (written as pop-on)") }
        if caption.forcedDisplay { names.append("forced display") }
        names += caption.ttmlLayoutLosses
        return names
    }

    /// Whether `family` is the track's one font: none, or a name for sans-serif (TTML's generic
    /// `sansSerif` and `proportionalSansSerif`, TS 26.245's `Sans-Serif`).
    static func isTrackFont(_ family: String?) -> Bool {
        guard let family, !family.isEmpty else { return true }
        let key = String(family.lowercased().unicodeScalars.filter { $0 != "-" && $0 != " " && $0 != "_" })
        return key == "sansserif" || key == "proportionalsansserif"
    }

    /// One warning per kind of loss, naming the captions it was found in (0-based document
    /// indices), then one per document-level loss (``CaptionDocument/ttmlDocumentLosses``).
    static func lossDiagnostics(_ noted: [String: Set<Int>], document: [String], fileName: String?) -> [Diagnostic] {
        let here = DiagnosticLocation(file: fileName)
        var diagnostics: [Diagnostic] = []
        for (what, indices) in noted.sorted(by: { $0.key < $1.key }) where !indices.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .warning, what == cutText ? lengthRule : styleRule,
                    "a tx3g track cannot carry \(what): \(CaptionNumbers.subject(indices.sorted(), atMost: 10))",
                    at: here))
        }
        for what in document {
            diagnostics.append(Diagnostic(.warning, styleRule, "a tx3g track cannot carry \(what)", at: here))
        }
        return diagnostics
    }
}
