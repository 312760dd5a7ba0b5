import CaptionCore
import XML

extension TTMLDocumentReader {
    /// The base text and annotation of a ruby container span, or nil for any other span.
    ///
    /// Apple's extension marks the container `ry:kind="ruby"` (with optional `ry:position`
    /// before|after and `ry:align` start|center|spaceBetween|spaceAround) and its two children
    /// `ry:kind="rb"` and `ry:kind="rt"`; TTML2 (§10.2.40) uses `tts:ruby` container, base and
    /// text (with `tts:rubyPosition`, `tts:rubyAlign`), which is read the same way.
    func rubyAnnotation(of span: XMLElement) throws(CaptionFormatError) -> (base: String, annotation: CaptionRuby)? {
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
        var position =
            span.attribute("position", in: TTMLNamespace.appleRuby)
            ?? span.attribute("rubyPosition", in: TTMLNamespace.styling)
        // TTML2 §10.2.40: bases and texts may sit in a baseContainer and textContainers; the
        // model holds one annotation, so a second text container (double-sided ruby) is reported.
        for child in tree.childElements(of: span) {
            switch kind(child) {
            case "rb": base = (base ?? "") + textContent(of: child)
            case "rt": text = (text ?? "") + textContent(of: child)
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
                if position == nil { position = child.attribute("rubyPosition", in: TTMLNamespace.styling) }
                for t in tree.childElements(of: child) where kind(t) == "rt" {
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
        var ruby = CaptionRuby(text: TTMLWhitespace.collapsed(text), position: apple ? .before : .outside)
        if let position {
            switch position.value {
            case "before": ruby.position = .before
            case "after": ruby.position = .after
            // Apple's ry:position has before and after only.
            case "outside" where position.namespace != TTMLNamespace.appleRuby: ruby.position = .outside
            default:
                lenient(
                    "style.value",
                    "\(position.qualifiedName)=\"\(position.value)\" is not understood (expected before, after or outside)",
                    at: source.location(of: position, in: span))
            }
        }
        let align =
            span.attribute("align", in: TTMLNamespace.appleRuby)
            ?? span.attribute("rubyAlign", in: TTMLNamespace.styling)
        if let align {
            switch align.value {
            case "start": ruby.alignment = .start
            case "center": ruby.alignment = .center
            case "spaceBetween": ruby.alignment = .distributeSpaceBetween
            case "spaceAround": ruby.alignment = .distributeSpaceAround
            default:
                lenient(
                    "style.value",
                    "\(align.qualifiedName)=\"\(align.value)\" is not understood (expected start, center, spaceBetween or spaceAround)",
                    at: source.location(of: align, in: span))
            }
        }
        return (TTMLWhitespace.collapsed(base), ruby)
    }
}
