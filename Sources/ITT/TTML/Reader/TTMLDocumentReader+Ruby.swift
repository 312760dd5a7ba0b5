import CaptionCore
import XML

extension TTMLDocumentReader {
    /// The base text and annotation of a ruby container span, or nil for any other span.
    ///
    /// Apple's extension marks the container `ry:kind="ruby"` (with optional `ry:position`
    /// before|after and `ry:align` start|center|spaceBetween|spaceAround) and its two children
    /// `ry:kind="rb"` and `ry:kind="rt"`; TTML2 (§10.2.40) uses `tts:ruby` container, base and
    /// text (with `tts:rubyPosition`, `tts:rubyAlign`), which is read the same way.
    func rubyAnnotation(of span: XMLElement) throws(CaptionFormatError) -> (
        base: String, annotation: CaptionRuby, textStyle: TTMLStyleProperties
    )? {
        func kind(_ e: XMLElement) -> String? {
            if let k = e.attribute("kind", in: TTMLNamespace.appleRuby)?.value { return k }
            switch e.attribute("ruby", in: TTMLNamespace.styling)?.value {
            case "container": return "ruby"
            case "base": return "rb"
            case "text": return "rt"
            case "baseContainer": return "rbc"
            case "textContainer": return "rtc"
            case "delimiter": return "rp"
            default: return nil
            }
        }
        guard kind(span) == "ruby" else { return nil }
        var base: String?
        var text: String?
        var textContainers = 0
        // TTML2 §10.2.39: rubyPosition applies to the ruby text (container) and is inherited, so
        // a text container or the text span itself may give it (inline or by style reference)
        // over what the ruby container computes; the innermost wins. rubyAlign (§10.2.37) is the
        // container's, as ttconv applies it: the container's own style gives it.
        var textStyle = TTMLStyleProperties()
        func takePosition(_ e: XMLElement) throws(CaptionFormatError) {
            if let position = try specifiedStyle(of: e).rubyPosition { textStyle.rubyPosition = position }
        }
        // TTML2 §10.2.40: bases and texts may sit in a baseContainer and textContainers; the
        // model holds one annotation, so a second text container (double-sided ruby) is reported.
        for child in tree.childElements(of: span) {
            switch kind(child) {
            case "rb": base = (base ?? "") + textContent(of: child)
            case "rt":
                if text == nil { try takePosition(child) }
                text = (text ?? "") + textContent(of: child)
            case "rbc":
                for b in tree.childElements(of: child) where kind(b) == "rb" {
                    base = (base ?? "") + textContent(of: b)
                }
            case "rtc":
                textContainers += 1
                if textContainers > 1 {
                    lenient(
                        "ruby.structure",
                        "a second ruby text container (double-sided ruby, TTML2 §10.2.40) has no place in the caption model; only the first annotation is kept",
                        at: source.location(of: child))
                    continue
                }
                try takePosition(child)
                for t in tree.childElements(of: child) where kind(t) == "rt" {
                    if text == nil { try takePosition(t) }
                    text = (text ?? "") + textContent(of: t)
                }
            default: break
            }
        }
        guard let base, let text else {
            lenient(
                "ruby.structure",
                "a ruby container needs one base (ry:kind=\"rb\") and one annotation (ry:kind=\"rt\") span; read as plain text",
                at: source.location(of: span))
            return nil
        }
        // TTML1 §7.2.3: white space in the base and annotation collapses as in any text (a line
        // feed inside them was kept as a line break before, which the writer cannot write there).
        // TTML2 §10.2.39: `outside` is tts:rubyPosition's initial value; Apple's `ry:position`
        // is before unless given.
        let apple = span.attribute("kind", in: TTMLNamespace.appleRuby) != nil
        let ruby = CaptionRuby(text: TTMLWhitespace.collapsed(text), position: apple ? .before : .outside)
        // Apple's attributes sit on the container and name its text's position and alignment.
        if let position = span.attribute("position", in: TTMLNamespace.appleRuby) {
            switch position.value {
            case "before": textStyle.rubyPosition = .before
            case "after": textStyle.rubyPosition = .after
            default:
                lenient(
                    "style.value",
                    "\(position.qualifiedName)=\"\(position.value)\" is not understood (expected before or after)",
                    at: source.location(of: position, in: span))
            }
        }
        if let align = span.attribute("align", in: TTMLNamespace.appleRuby) {
            if let a = CaptionRuby.Alignment(ttml: align.value) {
                textStyle.rubyAlign = a
            } else {
                lenient(
                    "style.value",
                    "\(align.qualifiedName)=\"\(align.value)\" is not understood (expected start, center, spaceBetween or spaceAround)",
                    at: source.location(of: align, in: span))
            }
        }
        return (TTMLWhitespace.collapsed(base), ruby, textStyle)
    }
}

extension TTMLStyleProperties {
    /// The ruby properties `other` specifies, over ours.
    mutating func applyRuby(_ other: TTMLStyleProperties) {
        if let v = other.rubyPosition { rubyPosition = v }
        if let v = other.rubyAlign { rubyAlign = v }
    }
}

extension CaptionRuby.Position {
    /// A `tts:rubyPosition` value (TTML2 §10.2.39).
    init?(ttml value: String) {
        switch value {
        case "before": self = .before
        case "after": self = .after
        case "outside": self = .outside
        default: return nil
        }
    }
}

extension CaptionRuby.Alignment {
    /// A `tts:rubyAlign` (TTML2 §10.2.37) or Apple `ry:align` value the model holds.
    init?(ttml value: String) {
        switch value {
        case "start": self = .start
        case "center": self = .center
        case "spaceBetween": self = .distributeSpaceBetween
        case "spaceAround": self = .distributeSpaceAround
        default: return nil
        }
    }
}
