import CaptionCore
import XML

extension TTMLDocumentReader {
    /// The most `timeContainer="seq"` and `set` instants one document may hold before reading
    /// stops; see ``maximumDocumentSlices`` for the work they lead to.
    static let maximumTimedNodes = 2_000_000

    /// Builds the timed node for `element` and its descendants (TTML2 §12.4): its desired begin
    /// and end relative to its parent's begin, where `implicitBegin` is 0 in a `par` parent and
    /// the previous sibling's end in a `seq` one. Returns nil for an element never active.
    func timedNode(
        _ index: Int, kind: TTMLTimedNode.Kind, implicitBegin: MediaTime, parentIsSeq: Bool,
        preservesSpace: Bool, into nodes: inout [TTMLTimedNode]
    ) throws(CaptionFormatError) -> Int? {
        let element = tree.elements[index]
        guard nodes.count < Self.maximumTimedNodes else {
            throw failure(
                "the body has more than \(Self.maximumTimedNodes) timed elements and text nodes",
                at: source.location(of: element))
        }
        let negativeAllowed = element.localName == "div" || element.localName == "body"
        let begin = try time("begin", of: element, negativeAllowed: negativeAllowed)
        let end = try time("end", of: element, negativeAllowed: false)
        let dur = try time("dur", of: element, negativeAllowed: false, isDuration: true)
        let desiredBegin = try sum(implicitBegin, begin ?? .zero, element)
        var preserves = preservesSpace
        if let space = element.attribute("space", in: TTMLNamespace.xml) { preserves = space.value == "preserve" }
        var isSeq = false
        if let container = element.attribute("timeContainer") {
            switch container.value.trimmingCharacters(in: " ") {
            case "par": break
            case "seq": isSeq = true
            default:
                lenient(
                    "time-container",
                    "timeContainer=\"\(container.value)\" is neither par nor seq (TTML1 §10.2.4); read as par",
                    at: source.location(of: container, in: element))
            }
        }
        let me = nodes.count
        nodes.append(TTMLTimedNode(kind: kind, element: index, desiredBegin: desiredBegin, preservesSpace: preserves))
        nodes[me].style = try specifiedStyle(of: element)
        if let r = element.attribute("region") { nodes[me].region = regionReference(r, in: element) }

        // The implicit end relative to the element's own begin (TTML2 §12.4.3): empty content
        // ends at once; anonymous spans, and br and set in a par container, are indefinite; a
        // par container ends with its last child (endsync all), a seq one with its last child.
        var implicitEnd: MediaTime? = .zero
        if case .br = kind, !parentIsSeq { implicitEnd = nil }
        if case .ruby = kind { implicitEnd = nil }
        var seqCursor: MediaTime? = .zero
        func childEnded(_ childEnd: MediaTime?) {
            if isSeq {
                implicitEnd = childEnd
                seqCursor = childEnd
            } else if let e = implicitEnd, let c = childEnd {
                implicitEnd = MediaTime.maximum(e, c)
            } else {
                implicitEnd = nil
            }
        }
        if !isRubyOrLeaf(kind) {
            for child in element.children {
                guard let childBegin = isSeq ? seqCursor : .zero else { break }  // after an indefinite child
                switch child {
                case .text(let text):
                    // An anonymous span lasts indefinitely in a par container and not at all in
                    // a seq one (TTML2 §12.4.3; the IMSC suite's MediaSeqTiming003).
                    guard acceptsText(kind), !isSeq else { continue }
                    nodes.append(
                        TTMLTimedNode(
                            kind: .text(text), element: nil, desiredBegin: childBegin, desiredEnd: nil,
                            preservesSpace: preserves))
                    nodes[me].children.append(nodes.count - 1)
                    childEnded(nil)
                case .element(let i):
                    let e = tree.elements[i]
                    guard e.namespace == TTMLNamespace.tt, let childKind = childKind(of: e, in: kind) else { continue }
                    if e.localName == "set" {
                        if let animation = try animation(e, parentBegin: childBegin, parentIsSeq: isSeq) {
                            nodes[me].animations.append(animation)
                        }
                        continue
                    }
                    guard
                        let c = try timedNode(
                            i, kind: childKind, implicitBegin: childBegin, parentIsSeq: isSeq,
                            preservesSpace: preserves, into: &nodes)
                    else {
                        childEnded(childBegin)
                        continue
                    }
                    childEnded(nodes[c].desiredEnd)
                    if let e = nodes[c].desiredEnd, e <= nodes[c].desiredBegin { continue }  // never active
                    nodes[me].children.append(c)
                }
            }
        }
        // TTML1 §10.4 / TTML2 §12.4.3: end is relative to the implicit begin, dur to the begin.
        var desiredEnd: MediaTime?
        switch (end, dur) {
        case (let e?, let d?):
            desiredEnd = MediaTime.minimum(try sum(desiredBegin, d, element), try sum(implicitBegin, e, element))
        case (nil, let d?): desiredEnd = try sum(desiredBegin, d, element)
        case (let e?, nil): desiredEnd = try sum(implicitBegin, e, element)
        case (nil, nil):
            desiredEnd = try implicitEnd.map { (e) throws(CaptionFormatError) in try sum(desiredBegin, e, element) }
        }
        nodes[me].desiredEnd = desiredEnd
        return me
    }

    /// A `set` child (TTML1 §11.1.1), timed like any child of its parent; nil when never active.
    private func animation(_ element: XMLElement, parentBegin: MediaTime, parentIsSeq: Bool) throws(CaptionFormatError)
        -> TTMLAnimation?
    {
        let begin = try time("begin", of: element, negativeAllowed: false)
        let end = try time("end", of: element, negativeAllowed: false)
        let dur = try time("dur", of: element, negativeAllowed: false, isDuration: true)
        let b = try sum(parentBegin, begin ?? .zero, element)
        var e: MediaTime? = parentIsSeq ? b : nil
        if let end { e = try sum(parentBegin, end, element) }
        if let dur {
            let d = try sum(b, dur, element)
            e = e.map { MediaTime.minimum($0, d) } ?? d
        }
        if let e, e <= b { return nil }
        return TTMLAnimation(begin: b, end: e, style: inlineStyle(of: element))
    }

    /// Turns the desired times (relative to each parent's begin) into media times clipped by the
    /// parents' intervals, from `root` down.
    func resolveTimes(_ nodes: inout [TTMLTimedNode], root: Int) {
        var stack = [(root, MediaTime.zero, MediaTime?.none)]
        while let (n, parentBegin, parentEnd) = stack.popLast() {
            let begin = parentBegin + nodes[n].desiredBegin
            var end = nodes[n].desiredEnd.map { parentBegin + $0 }
            if let p = parentEnd { end = end.map { MediaTime.minimum($0, p) } ?? p }
            nodes[n].begin = begin
            nodes[n].end = end
            nodes[n].animations = nodes[n].animations.map { a in
                var a = a
                a.begin = begin + a.begin
                a.end = a.end.map { begin + $0 }
                if let e = end { a.end = a.end.map { MediaTime.minimum($0, e) } ?? e }
                return a
            }
            for c in nodes[n].children { stack.append((c, begin, end)) }
        }
    }

    private func isRubyOrLeaf(_ kind: TTMLTimedNode.Kind) -> Bool {
        switch kind {
        case .ruby, .br, .text: return true
        default: return false
        }
    }

    private func acceptsText(_ kind: TTMLTimedNode.Kind) -> Bool {
        switch kind {
        case .p, .span: return true
        default: return false
        }
    }

    /// What an element becomes inside a parent of `kind` (TTML1 §7.1: body holds div, div holds
    /// div and p, p and span hold span and br; set anywhere); nil for what is not content there.
    private func childKind(of e: XMLElement, in kind: TTMLTimedNode.Kind) -> TTMLTimedNode.Kind? {
        switch (kind, e.localName) {
        case (_, "set"): return .br  // placeholder; set is handled by the caller
        case (.body, "div"), (.div, "div"): return .div
        case (.body, "p"), (.div, "p"): return .p
        case (.p, "br"), (.span, "br"): return .br
        case (.p, "span"), (.span, "span"):
            if let ruby = try? rubyAnnotation(of: e) {
                return .ruby(base: ruby.base, annotation: ruby.annotation, textStyle: ruby.textStyle)
            }
            return .span
        default: return nil
        }
    }

    func sum(_ a: MediaTime, _ b: MediaTime, _ element: XMLElement) throws(CaptionFormatError) -> MediaTime {
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
                "time.semicolon",
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
