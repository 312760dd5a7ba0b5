import CaptionCore
import XML

extension TTMLDocumentReader {
    /// The context for `element` inside `parent`: its interval, style, region and `xml:space`.
    /// nil when the element is never active.
    func context(for element: XMLElement, in parent: TTMLContentContext) throws(CaptionFormatError)
        -> TTMLContentContext?
    {
        var c = parent
        let negativeAllowed = element.localName == "div" || element.localName == "body"
        let begin = try time("begin", of: element, negativeAllowed: negativeAllowed)
        let end = try time("end", of: element, negativeAllowed: false)
        let dur = try time("dur", of: element, negativeAllowed: false, isDuration: true)
        // TTML1 §10.4 (par semantics): begin and end are offsets from the parent's begin; dur from
        // the element's own begin; the parent's end clips both.
        c.begin = try sum(parent.begin, begin ?? .zero, element)
        if let end {
            let e = try sum(parent.begin, end, element)
            c.end = parent.end.map { MediaTime.minimum($0, e) } ?? e
        }
        if let dur {
            let e = try sum(c.begin, dur, element)
            c.end = c.end.map { MediaTime.minimum($0, e) } ?? e
        }
        if let container = element.attribute("timeContainer"), container.value == "seq" {
            lenient(
                "itt.time-container.seq",
                "timeContainer=\"seq\" is not supported by iTT readers; children are timed as in par",
                at: source.location(of: container, in: element), summarize: true)
        }
        var style = parent.style
        style.apply(try specifiedStyle(of: element))
        c.style = style
        if let r = element.attribute("region") {
            c.region = (r.value.trimmingCharacters(in: " "), r, element.tagStart, element.tagEnd)
        }
        if let space = element.attribute("space", in: TTMLNamespace.xml) {
            c.preservesSpace = space.value == "preserve"
        }
        if let e = c.end, e <= c.begin { return nil }
        return c
    }

    private func sum(_ a: MediaTime, _ b: MediaTime, _ element: XMLElement) throws(CaptionFormatError) -> MediaTime {
        do {
            return try a.checkedAdding(b).reduced
        } catch {
            throw failure("the time of this <\(element.localName)> is out of range", at: source.location(of: element))
        }
    }

    /// The value of the timing attribute `name` as media time, or nil when absent.
    func time(
        _ name: String, of element: XMLElement, negativeAllowed: Bool, isDuration: Bool = false
    ) throws(CaptionFormatError) -> MediaTime? {
        guard let a = element.attribute(name) else { return nil }
        guard let expression = TTMLTimeExpression(a.value) else {
            throw failure(
                "\(name)=\"\(a.value)\" is not a TTML time expression (TTML1 §10.3.1): expected HH:MM:SS:FF, "
                    + "HH:MM:SS.fff or an offset such as 2.5s, 500ms, 48f or 1001t",
                a, in: element)
        }
        if expression.negative && !negativeAllowed {
            throw failure("\(name)=\"\(a.value)\" is negative; only a div's or the body's begin may be", a, in: element)
        }
        var dropFrame: Bool?
        if case .clockWithFrames(_, _, _, _, _, let semicolon) = expression.form, semicolon {
            if dropModeDeclared {
                dropFrame = parameters.dropMode != .nonDrop
            } else {
                dropFrame = parameters.effectiveFrameRate?.supportsDropFrame ?? false
                if dropFrame == true { inferredDropFrame = true }
            }
            let reading = dropFrame == true ? "read as a drop-frame label" : "read as ':'"
            lenient(
                "itt.time.semicolon",
                "\(name)=\"\(a.value)\" uses ';', which TTML time expressions do not allow (TTML1 §10.3.1); \(reading)",
                at: source.location(of: a, in: element),
                fix: "write ':' and declare ttp:dropMode=\"dropNTSC\" for drop-frame timecode", summarize: true)
        }
        do {
            return try parameters.time(of: expression, dropFrame: dropFrame, isDuration: isDuration)
        } catch {
            let reason: String
            switch error {
            case .frameOutOfRange(let f, let n):
                reason = "frame \(f) is not below the frame rate \(n) (ttp:frameRate)"
            case .fieldOutOfRange(let field):
                reason = "\(field) out of range"
            case .skippedLabel:
                reason = "this label does not exist in drop-frame counting (ttp:dropMode skips it)"
            case .overflow:
                reason = "the time is out of range"
            }
            throw failure("\(name)=\"\(a.value)\": \(reason)", a, in: element)
        }
    }
}
