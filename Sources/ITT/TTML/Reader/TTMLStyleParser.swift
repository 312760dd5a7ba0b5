import CaptionCore
import XML

/// Reads the styling attributes of one element into ``TTMLStyleProperties`` (TTML1 §8.2;
/// `itts:forcedDisplay` from IMSC1 as Apple binds it; Apple's `vt:combine`).
///
/// Values it cannot read are reported through `report` and ignored.
struct TTMLStyleParser {
    /// Called with the attribute and a description of what was expected.
    var report: (XMLAttribute, String) -> Void
    /// The rows of the document's cell grid (`ttp:cellResolution`, TTML1 §6.2.1), to express a
    /// font size in `rh` (TTML2 §10.3.1, percent of the root container's height) in cells.
    var cellRows: Double = 15
    /// The columns of the grid, to express a length across in `rw` in cells.
    var cellColumns: Double = 32

    /// A `<length>` (TTML1 §8.3.9, TTML2 §10.3.1) along one axis: px, c and % as the model has
    /// them; `rw` (horizontal) and `rh` (vertical) are percentages of the root container.
    static func length(_ text: Substring, horizontal: Bool) -> CaptionDimension? {
        if let d = CaptionDimension(ttml: text) { return d }
        let unit = horizontal ? "rw" : "rh"
        guard text.hasSuffix(unit), let v = CaptionDimension.ttmlNumber(text.dropLast(2)) else { return nil }
        return .percent(v)
    }

    /// One of `tts:padding`'s lengths (TTML1 §8.2.16; TTML2 §10.3.1's `rw` and `rh`): px, c and %
    /// (of the region) as the model has them; `rh` on an edge across the lines (before, after) and
    /// `rw` on one along them (start, end) as cells of the grid down or across, 1rh being a
    /// hundredth of the rows. Which edges those are is taken for horizontal lines; a value of one
    /// length for every edge in `rw` or `rh`, or an `rw` before or after, is not read (it would
    /// need the root's aspect ratio).
    func paddingLength(_ text: Substring, index: Int, of count: Int) -> CaptionDimension? {
        if let d = CaptionDimension(ttml: text) { return d }
        guard count > 1, let v = CaptionDimension.ttmlNumber(text.dropLast(2)) else { return nil }
        let across = index % 2 == 1
        switch text.suffix(2) {
        case "rw" where across: return .cells(v * cellColumns / 100)
        case "rh" where !across: return .cells(v * cellRows / 100)
        default: return nil
        }
    }

    /// A pair of lengths (`tts:origin`, `tts:extent`): horizontal, then vertical.
    static func pair(_ text: String) -> (CaptionDimension, CaptionDimension)? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, let a = length(parts[0], horizontal: true), let b = length(parts[1], horizontal: false)
        else { return nil }
        return (a, b)
    }

    /// A font size (TTML1 §8.2.9): px, c, % (of the parent's size); `em` is the parent's size too
    /// (2em = 200 %), and `rh` becomes cells of the document's grid.
    func fontSize(_ text: Substring) -> CaptionDimension? {
        if let d = CaptionDimension(ttml: text) { return d }
        for (suffix, scale) in [("em", 100.0), ("rh", cellRows / 100)] where text.hasSuffix(suffix) {
            guard let v = CaptionDimension.ttmlNumber(text.dropLast(2)) else { return nil }
            return suffix == "em" ? .percent(v * scale) : .cells(v * scale)
        }
        return nil
    }

    /// The words of `tts:textDecoration` (TTML1 §8.2.19).
    static let textDecorations: Set<Substring> = [
        "none", "underline", "noUnderline", "lineThrough", "noLineThrough", "overline", "noOverline",
    ]

    /// The TTML1 and TTML2 style attributes read but not mapped to the model (TTML2 §10.2);
    /// `tts:ruby` is read with its span (TTMLDocumentReader+Ruby).
    static let unmappedStyles: Set<String> = [
        "zIndex", "fontVariant",
        "luminanceGain", "disparity", "fontKerning", "fontSelectionStrategy", "fontShear", "letterSpacing",
        "lineShear", "textOrientation", "backgroundClip", "backgroundExtent", "backgroundImage",
        "backgroundOrigin", "backgroundPosition", "backgroundRepeat", "border", "bpd", "ipd", "ruby",
    ]

    func properties(of element: XMLElement) -> TTMLStyleProperties {
        var p = TTMLStyleProperties()
        for attribute in element.attributes {
            switch attribute.namespace {
            case TTMLNamespace.styling: read(attribute, into: &p)
            case TTMLNamespace.ittStyling where attribute.localName == "forcedDisplay":
                p.forcedDisplay = boolean(attribute)
            case TTMLNamespace.ittStyling where attribute.localName == "fillLineGap":
                // IMSC 1.1 §8.5.2: true | false.
                p.fillLineGap = boolean(attribute)
            case TTMLNamespace.ebuStyling where attribute.localName == "linePadding":
                // EBU Tech 3380 §4.4 (IMSC 1.0.1 §8.4.x): a non-negative length in cells.
                guard let l = CaptionDimension(ttml: Substring(attribute.value.trimmingCharacters(in: " "))),
                    l.unit == .cells, l.value >= 0
                else {
                    report(attribute, "a non-negative length in c")
                    break
                }
                p.linePadding = l
            case TTMLNamespace.ebuStyling where attribute.localName == "multiRowAlign":
                switch attribute.value.trimmingCharacters(in: " ") {
                case "auto": p.multiRowAlign = .some(nil)
                case "start": p.multiRowAlign = .some(.start)
                case "center": p.multiRowAlign = .some(.center)
                case "end": p.multiRowAlign = .some(.end)
                default: report(attribute, "start, center, end or auto")
                }
            case TTMLNamespace.appleVertical where attribute.localName == "combine":
                p.textCombine = combine(attribute)
            default: break
            }
        }
        return p
    }

    private func read(_ a: XMLAttribute, into p: inout TTMLStyleProperties) {
        let v = a.value.trimmingCharacters(in: " ")
        switch a.localName {
        case "color":
            p.color = color(a)
        case "backgroundColor":
            p.backgroundColor = color(a)
        case "fontStyle":
            // §8.2.10: normal | italic | oblique; oblique is drawn as italic.
            switch v {
            case "normal": p.italic = false
            case "italic", "oblique": p.italic = true
            default: report(a, "normal, italic or oblique")
            }
        case "fontWeight":
            switch v {
            case "normal": p.bold = false
            case "bold": p.bold = true
            default: report(a, "normal or bold")
            }
        case "textDecoration":
            // §8.2.19: none | [underline | noUnderline] || [lineThrough…] || [overline…]
            let words = v.split(separator: " ")
            guard !words.isEmpty, words.allSatisfy(Self.textDecorations.contains) else {
                report(a, "none, underline, noUnderline, lineThrough, noLineThrough, overline or noOverline")
                return
            }
            if words.contains("underline") { p.underline = true }
            if words.contains("noUnderline") || words.contains("none") { p.underline = false }
            if words.contains("lineThrough") { p.lineThrough = true }
            if words.contains("noLineThrough") || words.contains("none") { p.lineThrough = false }
            if words.contains("overline") { p.unmapped["tts:textDecoration"] = v }
        case "fontFamily":
            guard !v.isEmpty else { return report(a, "a font family list") }
            p.fontFamily = v
        case "fontSize":
            // §8.2.9: one length, or two (horizontal and vertical); the model keeps one.
            let parts = v.split(separator: " ")
            // Two lengths are horizontal then vertical; the model keeps the vertical one.
            guard (1...2).contains(parts.count), let size = fontSize(parts[parts.count - 1]) else {
                return report(a, "a length in px, c, %, em or rh")
            }
            if parts.count == 2, fontSize(parts[0]) != size {
                report(a, "one length (two different lengths are not supported; using the second, the vertical size)")
            }
            p.fontSize = size
        case "textAlign":
            guard let align = CaptionTextAlignment(rawValue: v) else {
                return report(a, "left, center, right, start or end")
            }
            p.textAlign = align
        case "textCombine":
            p.textCombine = combine(a)
        case "origin":
            guard v != "auto" else { return }
            guard let (x, y) = Self.pair(v) else { return report(a, "two lengths, e.g. \"10% 80%\"") }
            p.origin = CaptionPoint(x: x, y: y)
        case "extent":
            guard v != "auto" else { return }
            guard let (w, h) = Self.pair(v) else { return report(a, "two lengths, e.g. \"80% 15%\"") }
            p.extent = CaptionSize(width: w, height: h)
        case "displayAlign":
            guard let align = CaptionRegion.DisplayAlignment(rawValue: v) else {
                return report(a, "before, center or after")
            }
            p.displayAlign = align
        case "position":
            guard let position = TTMLPosition(v) else {
                return report(
                    a, "a position: edge keywords (left, center, right, top, bottom) and offsets in %, rw, rh or px")
            }
            p.position = position
        case "display":
            // TTML1 §8.2.5 auto | none; TTML2 §10.2.15 adds inlineBlock.
            switch v {
            case "auto", "inlineBlock": p.display = true
            case "none": p.display = false
            default: report(a, "auto, none or inlineBlock")
            }
        case "visibility":
            switch v {
            case "visible": p.visible = true
            case "hidden": p.visible = false
            default: report(a, "visible or hidden")
            }
        case "textOutline":
            readTextOutline(a, v, into: &p)
        case "textShadow":
            readTextShadow(a, v, into: &p)
        case "rubyReserve":
            readRubyReserve(a, v, into: &p)
        case "rubyPosition":
            // TTML2 §10.2.39; inherited, so a referential style or an ancestor may give it.
            guard let position = CaptionRuby.Position(ttml: v) else { return report(a, "before, after or outside") }
            p.rubyPosition = position
        case "rubyAlign":
            // TTML2 §10.2.37 (auto, end and withBase have no counterpart in the model).
            guard let align = CaptionRuby.Alignment(ttml: v) else {
                return report(a, "start, center, spaceBetween or spaceAround")
            }
            p.rubyAlign = align
        case "shear":
            // TTML2 §10.2.38: a percentage; beyond ±100 % clamped (as ttconv does).
            guard v.hasSuffix("%"), let s = CaptionDimension.ttmlNumber(v.dropLast()) else {
                return report(a, "a percentage from -100% to 100%")
            }
            p.shear = min(max(s, -100), 100)
        case "textEmphasis":
            readTextEmphasis(a, v, into: &p)
        case "lineHeight":
            // §8.2.12: normal | <length>; a percentage (and em) is of the font size.
            if v == "normal" { return p.lineHeight = .some(nil) }
            guard let h = relativeLength(Substring(v)), h.value >= 0 else {
                return report(a, "normal or a non-negative length in px, c, % or em")
            }
            p.lineHeight = .some(h)
        case "direction":
            switch v {
            case "ltr": p.direction = .leftToRight
            case "rtl": p.direction = .rightToLeft
            default: report(a, "ltr or rtl")
            }
        case "showBackground":
            // §8.2.17, on regions: `always` (the initial value) paints the region's background with
            // no content in it too.
            switch v {
            case "always": p.showBackground = true
            case "whenActive": p.showBackground = false
            default: report(a, "always or whenActive")
            }
        case "unicodeBidi":
            // §8.2.21 (TTML2 adds isolate), with the element's tts:direction.
            switch v {
            case "normal": p.unicodeBidi = .some(nil)
            case "embed": p.unicodeBidi = .embed
            case "bidiOverride": p.unicodeBidi = .override
            case "isolate": p.unicodeBidi = .isolate
            default: report(a, "normal, embed, bidiOverride or isolate")
            }
        case "wrapOption":
            switch v {
            case "wrap": p.wrapOption = true
            case "noWrap": p.wrapOption = false
            default: report(a, "wrap or noWrap")
            }
        case "overflow":
            // §8.2.15; TTML2 §10.2.31 adds scroll, drawn as visible.
            switch v {
            case "visible", "scroll": p.overflow = .visible
            case "hidden": p.overflow = .hidden
            default: report(a, "visible or hidden")
            }
        case "opacity":
            guard let o = CaptionDimension.ttmlNumber(Substring(v)) else { return report(a, "a number from 0 to 1") }
            p.opacity = min(max(o, 0), 1)
        case "padding":
            let parts = v.split(whereSeparator: \.isWhitespace)
            let lengths = parts.enumerated().compactMap { i, part in paddingLength(part, index: i, of: parts.count) }
            guard (1...4).contains(parts.count), lengths.count == parts.count, lengths.allSatisfy({ $0.value >= 0 })
            else {
                return report(
                    a,
                    "one to four non-negative lengths in px, c or %, or rh down and rw across (before, end, after, start)"
                )
            }
            p.padding = lengths
        case let name where Self.unmappedStyles.contains(name):
            guard !v.isEmpty else { return report(a, "a value") }
            if name != "ruby" { p.unmapped["tts:" + name] = v }
        case "writingMode":
            // §8.2.24. Right-to-left horizontal lines are lrtb's lines with a right-to-left
            // paragraph direction (as CSS and imscJS take `rl`), inherited by the region's content
            // unless it gives its own; left-to-right vertical progression has no counterpart.
            switch v {
            case "lrtb", "lr": p.writingMode = .leftToRightAndTopToBottom
            case "tbrl", "tb": p.writingMode = .topToBottomAndRightToLeft
            case "rltb", "rl":
                p.writingMode = .leftToRightAndTopToBottom
                if p.direction == nil { p.direction = .rightToLeft }
            case "tblr":
                report(a, "lrtb or tbrl (tblr is read as tbrl)")
                p.writingMode = .topToBottomAndRightToLeft
            default: report(a, "lrtb, rltb, tbrl, tblr, lr, rl or tb")
            }
        default:
            report(a, "a TTML style attribute (TTML2 §10.2 names none called \(a.localName))")
        }
    }

    /// A length whose percentages are of the font size: px, c, %, and em as a percentage.
    private func relativeLength(_ text: Substring) -> CaptionDimension? {
        if let d = CaptionDimension(ttml: text) { return d }
        guard text.hasSuffix("em"), let v = CaptionDimension.ttmlNumber(text.dropLast(2)) else { return nil }
        return .percent(v * 100)
    }

    /// §8.2.20: none | <color>? <length> <length>?; the thickness is kept, a blur is reported
    /// as not held.
    private func readTextOutline(_ a: XMLAttribute, _ v: String, into p: inout TTMLStyleProperties) {
        if v == "none" { return p.textOutline = TTMLTextOutline(color: nil, thickness: .pixels(0)) }
        var parts = v.split(whereSeparator: \.isWhitespace)
        var color: CaptionColor?
        if let first = parts.first, relativeLength(first) == nil {
            guard let c = CaptionColor(ttml: String(first)) else {
                return report(a, "none, or a colour, a thickness and a blur radius")
            }
            color = c
            parts.removeFirst()
        }
        let lengths = parts.compactMap(relativeLength)
        guard (1...2).contains(parts.count), lengths.count == parts.count, lengths.allSatisfy({ $0.value >= 0 }) else {
            return report(a, "none, or a colour, a thickness and a blur radius")
        }
        p.textOutline = TTMLTextOutline(color: color, thickness: lengths[0])
        if lengths.count == 2, lengths[1].value > 0 { p.unmapped["tts:textOutline"] = v }
    }

    /// A length of a shadow or a ruby reserve (TTML2 §10.3.1): px, c, % (of the font size) and
    /// `em` (100 % of it) as the model has them; `rw` and `rh`, percentages of the root container,
    /// as cells of the grid across or down (1rw is a hundredth of the columns).
    private func fontRelativeLength(_ text: Substring, horizontal: Bool) -> CaptionDimension? {
        if let d = relativeLength(text) { return d }
        let (unit, cells) = horizontal ? ("rw", cellColumns) : ("rh", cellRows)
        guard text.hasSuffix(unit), let v = CaptionDimension.ttmlNumber(text.dropLast(2)) else { return nil }
        return .cells(v * cells / 100)
    }

    /// TTML2 §10.2.43: `none | <shadow> ("," <shadow>)*`, each shadow two offsets (inline, then
    /// block progression: rightwards and downwards in lrtb), an optional blur radius and an
    /// optional colour (also read first, as CSS allows; imscJS hands the value to CSS).
    private func readTextShadow(_ a: XMLAttribute, _ v: String, into p: inout TTMLStyleProperties) {
        if v == "none" { return p.textShadow = [] }
        let expected = "none, or shadows separated by commas, each two offsets, a blur radius and a colour"
        var shadows: [CaptionShadow] = []
        for item in v.split(separator: ",", omittingEmptySubsequences: false) {
            var parts = item.split(whereSeparator: \.isWhitespace)
            var color: CaptionColor?
            if let last = parts.last, parts.count > 2, fontRelativeLength(last, horizontal: false) == nil {
                color = CaptionColor(ttml: String(last))
                parts.removeLast()
            } else if let first = parts.first, fontRelativeLength(first, horizontal: true) == nil {
                color = CaptionColor(ttml: String(first))
                parts.removeFirst()
            }
            guard (2...3).contains(parts.count), let x = fontRelativeLength(parts[0], horizontal: true),
                let y = fontRelativeLength(parts[1], horizontal: false)
            else { return report(a, expected) }
            var blur: CaptionDimension?
            if parts.count == 3 {
                guard let b = fontRelativeLength(parts[2], horizontal: false), b.value >= 0 else {
                    return report(a, expected + " (the blur radius not negative)")
                }
                blur = b.value == 0 ? nil : b
            }
            if color == nil, item.split(whereSeparator: \.isWhitespace).count > parts.count {
                return report(a, expected)
            }
            shadows.append(CaptionShadow(offsetX: x, offsetY: y, blur: blur, color: color))
        }
        guard shadows.count <= CaptionShadow.maximumCount else {
            return report(a, "at most \(CaptionShadow.maximumCount) shadows (Specs/limits.md)")
        }
        p.textShadow = shadows
    }

    /// TTML2 §10.2.35: `none | [both | before | after | outside] <length>?`; a percentage is of
    /// the font size.
    private func readRubyReserve(_ a: XMLAttribute, _ v: String, into p: inout TTMLStyleProperties) {
        if v == "none" { return p.rubyReserve = .some(nil) }
        let parts = v.split(whereSeparator: \.isWhitespace)
        guard (1...2).contains(parts.count), let position = CaptionRubyReserve.Position(rawValue: String(parts[0]))
        else { return report(a, "none, or both, before, after or outside and an optional length") }
        var length: CaptionDimension?
        if parts.count == 2 {
            guard let l = fontRelativeLength(parts[1], horizontal: false), l.value >= 0 else {
                return report(a, "a non-negative length in px, %, em or rh after the position")
            }
            length = l
        }
        p.rubyReserve = .some(CaptionRubyReserve(position: position, length: length))
    }

    private func color(_ a: XMLAttribute) -> CaptionColor? {
        guard let c = CaptionColor(ttml: a.value) else {
            report(a, "a colour: a name, #rrggbb, #rrggbbaa, rgb(r,g,b) or rgba(r,g,b,a)")
            return nil
        }
        return c
    }

    private func boolean(_ a: XMLAttribute) -> Bool? {
        switch a.value.trimmingCharacters(in: " ") {
        case "true": return true
        case "false": return false
        default:
            report(a, "true or false")
            return nil
        }
    }

    private func combine(_ a: XMLAttribute) -> Bool? {
        switch a.value.trimmingCharacters(in: " ") {
        case "none": return false
        case "all": return true
        default:
            report(a, "none or all")
            return nil
        }
    }
}

extension TTMLStyleParser {
    /// TTML2 §10.2.44: `none | auto | [<style> || <color> || <position>]`, the style
    /// `auto | [filled | open] || [circle | dot | sesame] | <quoted-string>`, the position
    /// `before | after | outside | auto`, the colour `current` or a colour.
    func readTextEmphasis(_ a: XMLAttribute, _ v: String, into p: inout TTMLStyleProperties) {
        if v == "none" { return p.textEmphasis = .some(nil) }
        let expected =
            "none, auto, or a style (filled or open, circle, dot or sesame, or a quoted character), a colour and a position (before, after, outside)"
        var rest = Substring(v)
        var emphasis = CaptionEmphasis()
        var seen: Set<String> = []
        // `auto` is the style's unless the value names a style (TTML2 lets the parts come in any
        // order; ttconv reads it so too), then the position's.
        let styleWords: Set<Substring> = ["filled", "open", "circle", "dot", "sesame"]
        let namesStyle =
            v.contains("\"") || v.contains("'")
            || v.split(whereSeparator: \.isWhitespace).contains(where: styleWords.contains)
        // A quoted mark first (it may hold a space): "…" or '…'.
        if let quote = rest.firstIndex(where: { $0 == "\"" || $0 == "'" }) {
            let delimiter = rest[quote]
            let after = rest.index(after: quote)
            guard let close = rest[after...].firstIndex(of: delimiter), rest[after..<close].count == 1 else {
                return report(a, expected + " (a quoted mark is one character)")
            }
            emphasis.shape = .character(String(rest[after..<close]))
            seen.insert("style")
            rest = rest[..<quote] + " " + rest[rest.index(after: close)...]
        }
        for word in rest.split(whereSeparator: \.isWhitespace) {
            let kind: String
            switch word {
            case "filled", "open":
                kind = "fill"
                emphasis.filled = word == "filled"
            case "circle", "dot", "sesame":
                kind = "shape"
                emphasis.shape = word == "circle" ? .circle : word == "dot" ? .dot : .sesame
            case "before", "after", "outside":
                kind = "position"
                emphasis.position = CaptionEmphasis.Position(rawValue: String(word))
            case "auto":
                // The style's auto first, then the position's.
                kind = namesStyle || seen.contains("auto") ? "position" : "auto"
            case "current":
                kind = "color"
            default:
                guard let c = CaptionColor(ttml: String(word)) else { return report(a, expected) }
                kind = "color"
                emphasis.color = c
            }
            guard seen.insert(kind).inserted, !(kind == "shape" && seen.contains("style")) else {
                return report(a, expected + " (each part once)")
            }
        }
        guard !(seen.contains("style") && (seen.contains("fill") || seen.contains("shape"))) else {
            return report(a, expected + " (a quoted mark takes no fill or shape)")
        }
        // §10.2.44: no position given is `outside`; `auto` is held as none.
        if !seen.contains("position") { emphasis.position = .outside }
        p.textEmphasis = .some(emphasis)
    }
}
