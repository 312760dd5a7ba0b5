import CaptionCore
import XML

extension TTMLDocumentReader {
    /// Walks `body`, its `div`s and their `p`s, making one caption per paragraph (more when
    /// timed spans change the paragraph's content part-way).
    func readBody(_ body: XMLElement, root: XMLElement) throws(CaptionFormatError) -> [Caption] {
        var top = TTMLContentContext(
            begin: .zero, end: nil, style: TTMLStyleProperties(), region: nil, preservesSpace: false)
        if let space = root.attribute("space", in: TTMLNamespace.xml) { top.preservesSpace = space.value == "preserve" }
        var captions: [Caption] = []
        guard let context = try context(for: body, in: top) else { return [] }
        try readBlock(body, context, into: &captions)
        return captions
    }

    /// The children of `body` or a `div` (TTML1 §7.1.3, §7.1.4).
    private func readBlock(
        _ element: XMLElement, _ context: TTMLContentContext, into captions: inout [Caption]
    ) throws(CaptionFormatError) {
        for child in tree.childElements(of: element) where child.namespace == TTMLNamespace.tt {
            switch child.localName {
            case "div":
                guard let c = try self.context(for: child, in: context) else { continue }
                try readBlock(child, c, into: &captions)
            case "p":
                guard let c = try self.context(for: child, in: context) else {
                    note(
                        .info, "itt.time.empty", "this <p> is never shown: its interval is empty",
                        at: source.location(of: child))
                    continue
                }
                try readParagraph(child, c, into: &captions)
            default:
                break
            }
        }
    }

    /// The most distinct instants at which timed spans may change one paragraph's content.
    static let maximumTimeCutsPerParagraph = 1_000
    /// The most (interval, segment) pairs one paragraph may expand into.
    static let maximumParagraphSlices = 2_000_000
    /// The most (interval, segment) pairs all paragraphs together may expand into: a 20-hour
    /// feature with a timed span in every caption needs well under 1 % of it, while without a
    /// document-wide bound a few MB of paragraphs at the per-paragraph limit take minutes and
    /// gigabytes.
    static let maximumDocumentSlices = 4_000_000

    /// One `<p>` (TTML1 §7.1.5).
    private func readParagraph(
        _ p: XMLElement, _ context: TTMLContentContext, into captions: inout [Caption]
    ) throws(CaptionFormatError) {
        guard let end = context.end else {
            lenient(
                "itt.time.unbounded",
                "this <p> has no end: neither it nor an ancestor has end or dur; it is skipped",
                at: source.location(of: p), fix: "add an end attribute")
            return
        }
        var region: TTMLRegionDefinition?
        if let r = context.region {
            region = self.region(named: r.id) {
                self.source.location(of: r.attribute, tagStart: r.tagStart, tagEnd: r.tagEnd)
            }
        }
        // Region styles are inherited by the content flowed into it (TTML1 §8.4.2).
        var style = region?.inheritedStyle ?? TTMLStyleProperties()
        style.apply(context.style)
        var paragraph = context
        paragraph.style = style
        var segments: [TTMLSegment] = []
        try collectSegments(of: p, paragraph, end: end, into: &segments)

        let id = p.attribute("id", in: TTMLNamespace.xml)?.value
        func caption(_ runs: [CaptionRun], from: MediaTime, to: MediaTime, id: String?) -> Caption {
            var caption = Caption(
                id: id, runs: runs, timeRange: TimeRange(start: from, end: to), region: region?.region,
                textAlignment: style.textAlign, forcedDisplay: style.forcedDisplay ?? false)
            caption.runs = caption.normalizedRuns
            return caption
        }
        // Common case: no timed span, one caption.
        if segments.allSatisfy({ $0.begin == context.begin && $0.end == end }) {
            captions.append(caption(TTMLWhitespace.runs(from: segments), from: context.begin, to: end, id: id))
            return
        }
        // Instants at which the visible content changes (timed spans), within [begin, end).
        // Each interval between cuts becomes a caption holding every segment visible in it, so
        // the work and output grow with cuts × segments; bound both (TTML1 §10.4 sets no limit).
        var cuts = Set([context.begin, end])
        for s in segments {
            if s.begin > context.begin && s.begin < end { cuts.insert(s.begin) }
            if s.end > context.begin && s.end < end { cuts.insert(s.end) }
            if cuts.count > Self.maximumTimeCutsPerParagraph {
                throw failure(
                    "this <p> changes its content at more than \(Self.maximumTimeCutsPerParagraph) instants "
                        + "through timed spans (TTML1 §10.4); split it into several paragraphs",
                    at: source.location(of: p))
            }
        }
        let slices = (cuts.count - 1) * segments.count
        guard slices <= Self.maximumParagraphSlices else {
            throw failure(
                "this <p> has \(segments.count) pieces of content changing at \(cuts.count) instants "
                    + "(TTML1 §10.4), more than \(Self.maximumParagraphSlices) caption pieces in all; "
                    + "split it into several paragraphs",
                at: source.location(of: p))
        }
        guard slices <= remainingSlices else {
            throw failure(
                "the document's timed spans (TTML1 §10.4) expand into more than \(Self.maximumDocumentSlices) "
                    + "caption pieces by this <p>; split the file, or time paragraphs instead of spans",
                at: source.location(of: p))
        }
        remainingSlices -= slices
        let instants = cuts.sorted()
        for k in 0..<(instants.count - 1) {
            let (from, to) = (instants[k], instants[k + 1])
            let runs = TTMLWhitespace.runs(from: segments.filter { $0.begin <= from && $0.end >= to })
            if runs.isEmpty { continue }
            captions.append(caption(runs, from: from, to: to, id: nil))
        }
    }

    /// Flattens the content of `element` (a `p` or `span`) into segments.
    private func collectSegments(
        of element: XMLElement, _ context: TTMLContentContext, end: MediaTime, into segments: inout [TTMLSegment]
    ) throws(CaptionFormatError) {
        let segmentEnd = context.end.map { MediaTime.minimum($0, end) } ?? end
        let textStyle = context.style.textStyle
        for child in element.children {
            switch child {
            case .text(let text):
                segments.append(
                    TTMLSegment(
                        kind: .text(text), style: textStyle, begin: context.begin, end: segmentEnd,
                        preservesSpace: context.preservesSpace))
            case .element(let index):
                let e = tree.elements[index]
                guard e.namespace == TTMLNamespace.tt else { continue }
                switch e.localName {
                case "br":
                    segments.append(
                        TTMLSegment(
                            kind: .lineBreak, style: textStyle, begin: context.begin, end: segmentEnd,
                            preservesSpace: context.preservesSpace))
                case "span":
                    guard let c = try self.context(for: e, in: context) else { continue }
                    if let ruby = try rubyAnnotation(of: e) {
                        segments.append(
                            TTMLSegment(
                                kind: .ruby(base: ruby.base, annotation: ruby.annotation), style: c.style.textStyle,
                                begin: c.begin, end: c.end.map { MediaTime.minimum($0, end) } ?? end,
                                preservesSpace: true))
                    } else {
                        try collectSegments(of: e, c, end: end, into: &segments)
                    }
                default:
                    break
                }
            }
        }
    }
}
