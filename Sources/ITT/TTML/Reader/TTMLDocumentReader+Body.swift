import CaptionCore
import XML

extension TTMLDocumentReader {
    /// Reads the body into captions: the timed tree (TTML2 §12.4), then for each paragraph the
    /// intermediate synchronic documents it takes part in (TTML2 §11.3.1.3): one caption per
    /// region it is shown in and per interval over which what it shows does not change.
    func readBody(_ body: XMLElement, root: XMLElement, bodyIndex: Int) throws(CaptionFormatError) -> [Caption] {
        var preserves = false
        if let space = root.attribute("space", in: TTMLNamespace.xml) { preserves = space.value == "preserve" }
        var nodes: [TTMLTimedNode] = []
        guard
            let top = try timedNode(
                bodyIndex, kind: .body, implicitBegin: .zero, parentIsSeq: false, preservesSpace: preserves,
                into: &nodes)
        else { return [] }
        resolveTimes(&nodes, root: top)
        var captions: [Caption] = []
        var path: [Int] = []
        try readBlock(top, nodes, path: &path, into: &captions)
        return captions
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

    /// Walks `body` and its `div`s to their paragraphs; `path` holds the ancestors.
    private func readBlock(
        _ n: Int, _ nodes: [TTMLTimedNode], path: inout [Int], into captions: inout [Caption]
    ) throws(CaptionFormatError) {
        path.append(n)
        defer { path.removeLast() }
        for c in nodes[n].children {
            if nodes[c].isParagraph {
                try readParagraph(c, nodes, ancestors: path, into: &captions)
            } else if case .div = nodes[c].kind {
                try readBlock(c, nodes, path: &path, into: &captions)
            }
        }
    }

    /// One `<p>` (TTML1 §7.1.5): the regions it is shown in (associated and pruned as §9.3.3 and
    /// TTML2 §11.3.1.3 say), then its content at each significant time.
    private func readParagraph(
        _ p: Int, _ nodes: [TTMLTimedNode], ancestors: [Int], into captions: inout [Caption]
    ) throws(CaptionFormatError) {
        let chain = ancestors + [p]
        let paragraph = nodes[p]
        let pElement = tree.elements[paragraph.element ?? 0]
        if let end = paragraph.end, end <= paragraph.begin {
            note(
                .info, "time.empty", "this <p> is never shown: its interval is empty", at: source.location(of: pElement)
            )
            return
        }
        let targets = regions(for: p, chain: chain, nodes)
        if targets.isEmpty { return }
        if paragraph.end == nil {
            note(
                .info, "time.indefinite",
                "this <p> has no end and neither has an ancestor: it is shown until the end of the media (TTML1 §10.4); its end is +infinity",
                at: source.location(of: pElement))
        }
        // Significant times inside the paragraph's interval (TTML2 §11.3.1.3): the begins and
        // ends of its descendants, of the set animations of it, its ancestors and descendants,
        // and of its regions.
        var cuts = Set([paragraph.begin])
        func add(_ t: MediaTime?) {
            guard let t, t > paragraph.begin, paragraph.end.map({ t < $0 }) ?? true else { return }
            cuts.insert(t)
        }
        var stack = [p]
        var leafCount = 0
        while let n = stack.popLast() {
            add(nodes[n].begin)
            add(nodes[n].end)
            for a in nodes[n].animations {
                add(a.begin)
                add(a.end)
            }
            if nodes[n].children.isEmpty { leafCount += 1 }
            stack += nodes[n].children
        }
        for a in ancestors { for anim in nodes[a].animations { add(anim.begin); add(anim.end) } }
        for r in targets {
            guard let definition = r.flatMap({ regions[$0] }) else { continue }
            add(definition.begin)
            add(definition.end)
            for anim in definition.animations { add(anim.begin); add(anim.end) }
        }
        if cuts.count > Self.maximumTimeCutsPerParagraph {
            throw failure(
                "this <p> changes its content at more than \(Self.maximumTimeCutsPerParagraph) instants "
                    + "through timed spans or set animations (TTML1 §10.4); split it into several paragraphs",
                at: source.location(of: pElement))
        }
        let slices = cuts.count * leafCount * targets.count
        guard slices <= Self.maximumParagraphSlices else {
            throw failure(
                "this <p> has \(leafCount) pieces of content changing at \(cuts.count) instants "
                    + "(TTML1 §10.4), more than \(Self.maximumParagraphSlices) caption pieces in all; "
                    + "split it into several paragraphs",
                at: source.location(of: pElement))
        }
        guard slices <= remainingSlices else {
            throw failure(
                "the document's timed spans (TTML1 §10.4) expand into more than \(Self.maximumDocumentSlices) "
                    + "caption pieces by this <p>; split the file, or time paragraphs instead of spans",
                at: source.location(of: pElement))
        }
        remainingSlices -= slices
        let instants = cuts.sorted()
        let id = pElement.attribute("id", in: TTMLNamespace.xml)?.value
        var made: [Caption] = []
        for target in targets {
            var previous: Caption?
            for (k, from) in instants.enumerated() {
                let to = k + 1 < instants.count ? instants[k + 1] : (paragraph.end ?? .positiveInfinity)
                let caption = snapshot(of: p, chain: chain, nodes, region: target, at: from)
                if var last = previous, let next = caption, last.runs == next.runs, last.region == next.region,
                    last.textAlignment == next.textAlignment, last.forcedDisplay == next.forcedDisplay,
                    last.lineHeight == next.lineHeight, last.wrapsLines == next.wrapsLines,
                    last.direction == next.direction, last.blockBackground == next.blockBackground,
                    last.rubyReserve == next.rubyReserve, last.fillsLineGap == next.fillsLineGap,
                    last.linePadding == next.linePadding, last.multiRowAlign == next.multiRowAlign,
                    last.shear == next.shear,
                    last.timeRange.end == from
                {
                    last.timeRange = TimeRange(start: last.timeRange.start, end: to)
                    previous = last
                    continue
                }
                if let last = previous { made.append(last) }
                previous = caption.map { c in
                    var c = c
                    c.timeRange = TimeRange(start: from, end: to)
                    return c
                }
            }
            if let last = previous { made.append(last) }
        }
        // Ids are kept only on paragraphs shown as one caption (an id names one element).
        if made.count == 1 { made[0].id = id }
        captions += made
    }

    /// The regions paragraph `p` is shown in, by name (nil: the default region of a document
    /// without a layout), as TTML1 §9.3.3 associates content with regions and prunes the
    /// rest: every `region` attribute from the body down to `p` must name the region; with none
    /// there, each region a descendant names.
    private func regions(for p: Int, chain: [Int], _ nodes: [TTMLTimedNode]) -> [String?] {
        let named = Set(chain.compactMap { nodes[$0].region })
        if named.count > 1 {
            note(
                .info, "region.pruned",
                "this <p> is in no region: it and its ancestors name different regions (\(named.sorted().joined(separator: ", "))), so TTML1 §9.3.3 prunes it from each",
                at: source.location(of: tree.elements[nodes[p].element ?? 0]))
            return []
        }
        if let only = named.first { return [only] }
        var below: [String] = []
        var stack = nodes[p].children
        while let n = stack.popLast() {
            if let r = nodes[n].region, !below.contains(r) { below.append(r) }
            stack += nodes[n].children
        }
        if below.isEmpty {
            // TTML1 §9.3.1: without regions in the layout, content goes to the default region.
            if !layoutHasRegions { return [nil] }
            // iTT: AVFoundation shows a caption without a region in its default place, as the
            // iTT reader always did (Specs/itt.md, "Regions").
            if profile == .itt { return [nil] }
            lenient(
                "region.none",
                "this <p> is associated with no region while the layout defines some, so it is never shown (TTML1 §9.3.3)",
                at: source.location(of: tree.elements[nodes[p].element ?? 0]), fix: "add a region attribute",
                summarize: true)
        }
        return below.sorted()
    }

    /// What paragraph `p` shows in `regionID` at `time`: nil when nothing (inactive, pruned,
    /// `display="none"`, or no text).
    private func snapshot(
        of p: Int, chain: [Int], _ nodes: [TTMLTimedNode], region regionID: String?, at time: MediaTime
    ) -> Caption? {
        var regionModel = regionID == nil ? defaultRegion : nil
        // TTML2 §8.1.6: initial values apply at the root of the region's content; a percentage
        // line height among them is of the region's font size (as ttconv resolves it), so it is
        // resolved with the region's style below, or here against the initial font size.
        var style = TTMLStyleProperties().inherited(by: initialStyle)
        var blockBackground: CaptionColor?
        if let regionID {
            guard let definition = regions[regionID], definition.isActive(at: time) else { return nil }
            let regionStyle = definition.style(at: time)
            guard regionStyle.display != false else { return nil }
            regionModel = definition.region(styled: regionStyle)
            if regionID == ITTRegionTable.reservedID, regionModel == ITTStandardRegions.unplaced.region,
                regionStyle.textAlign == ITTStandardRegions.unplaced.textAlign
            {
                // Our writers' region for a caption that had none (Specs/ttml.md, "A caption
                // without a region"): given back as no region, and its centring as no alignment.
                regionModel = nil
            } else {
                var specified = regionStyle.inheritedFromRegion
                if specified.lineHeight == nil { specified.lineHeight = initialStyle.lineHeight }
                style = style.inherited(by: specified)
            }
        }
        for n in chain {
            guard nodes[n].isActive(at: time) else { return nil }
            var specified = TTMLAnimation.apply(nodes[n].animations, to: nodes[n].style, at: time)
            guard specified.display != false else { return nil }
            // TTML1 §8.2.21: unicodeBidi applies to p and span only.
            if case .p = nodes[n].kind {} else { specified.unicodeBidi = nil }
            noteRegionOnly(specified, of: nodes[n])
            style = style.inherited(by: specified)
            // TTML1 §8.2.2: a block's background fills its block area, not only behind its text
            // (iTT keeps it on the text, as Apple's files mean it); the innermost block's wins.
            if profile != .itt, let fill = specified.backgroundColor {
                blockBackground = fill.alpha > 0 ? fill : nil
                style.backgroundColor = nil
            }
        }
        // Content associated with another region is pruned (§9.3.3); the paragraph's own
        // association (or none) is what its spans inherit.
        let inherited = chain.lazy.compactMap { nodes[$0].region }.last
        var segments: [TTMLSegment] = []
        collect(p, nodes, style: style, region: inherited, target: regionID, at: time, into: &segments)
        let runs = TTMLWhitespace.runs(from: segments)
        guard !runs.isEmpty else { return nil }
        var caption = Caption(
            runs: runs, timeRange: TimeRange(start: time, end: time), region: regionModel,
            textAlignment: style.textAlign, forcedDisplay: style.forcedDisplay ?? false,
            lineHeight: style.lineHeight ?? nil, wrapsLines: style.wrapOption ?? true, direction: style.direction,
            blockBackground: blockBackground, rubyReserve: style.rubyReserve ?? nil,
            fillsLineGap: style.fillLineGap ?? false, linePadding: style.linePadding,
            multiRowAlign: style.multiRowAlign ?? nil, shear: style.shear)
        caption.runs = caption.normalizedRuns
        return caption.runs.isEmpty ? nil : caption
    }

    /// Padding, opacity and overflow on content (TTML2 lets them apply there) are held on regions
    /// only: reported with the unmapped styles, not dropped silently.
    private func noteRegionOnly(_ style: TTMLStyleProperties, of node: TTMLTimedNode) {
        for name in style.regionOnlyNames where unmappedStyles[name] == nil {
            unmappedStyles[name] = source.location(of: tree.elements[node.element ?? 0])
        }
    }

    /// The content of `n`'s children active at `time`, as segments.
    private func collect(
        _ n: Int, _ nodes: [TTMLTimedNode], style: TTMLStyleProperties, region: String?, target: String?,
        at time: MediaTime, into segments: inout [TTMLSegment]
    ) {
        for c in nodes[n].children {
            let child = nodes[c]
            guard child.isActive(at: time) else { continue }
            let associated = child.region ?? region
            switch child.kind {
            case .text(let text):
                guard target == nil || associated == target, style.visible != false else { continue }
                segments.append(
                    TTMLSegment(
                        kind: .text(text), style: style.textStyle, begin: time, end: time,
                        preservesSpace: child.preservesSpace))
            case .br:
                guard target == nil || associated == target else { continue }
                segments.append(
                    TTMLSegment(
                        kind: .lineBreak, style: style.textStyle, begin: time, end: time,
                        preservesSpace: child.preservesSpace))
            case .ruby(let base, var annotation, let textStyle):
                let s = style.inherited(by: TTMLAnimation.apply(child.animations, to: child.style, at: time))
                guard target == nil || associated == target, s.display != false, s.visible != false else { continue }
                // TTML2 §10.2.37, §10.2.39: the ruby text's computed position and alignment.
                var ruby = s
                ruby.applyRuby(textStyle)
                if let position = ruby.rubyPosition { annotation.position = position }
                if let align = ruby.rubyAlign { annotation.alignment = align }
                segments.append(
                    TTMLSegment(
                        kind: .ruby(base: base, annotation: annotation), style: s.textStyle, begin: time, end: time,
                        preservesSpace: true))
            case .span:
                if let target, let r = child.region, r != target { continue }  // pruned with its content
                let specified = TTMLAnimation.apply(child.animations, to: child.style, at: time)
                let s = style.inherited(by: specified)
                guard s.display != false else { continue }
                noteRegionOnly(specified, of: child)
                // The model wraps a caption's lines or not as a whole: a span's own wrapOption
                // (TTML1 §8.2.23 applies it to spans) that differs is reported.
                if let w = specified.wrapOption, w != (style.wrapOption ?? true),
                    unmappedStyles["tts:wrapOption"] == nil
                {
                    unmappedStyles["tts:wrapOption"] = source.location(of: tree.elements[child.element ?? 0])
                }
                collect(c, nodes, style: s, region: associated, target: target, at: time, into: &segments)
            case .body, .div, .p:
                break
            }
        }
    }
}
