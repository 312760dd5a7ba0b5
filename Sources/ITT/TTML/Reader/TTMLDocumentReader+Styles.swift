import CaptionCore
import XML

extension TTMLDocumentReader {
    /// The style `element` specifies itself: its referenced styles in order (TTML1 §8.4.1.2,
    /// later ones win), nested `style` children for regions (§8.4.1.4), then its inline style
    /// attributes (§8.4.1.1), which win over both.
    func specifiedStyle(of element: XMLElement) throws(CaptionFormatError) -> TTMLStyleProperties {
        var result = TTMLStyleProperties()
        if let refs = element.attribute("style") {
            for id in refs.value.split(whereSeparator: \.isWhitespace).map(String.init) {
                var visiting: Set<String> = []
                guard let style = try referencedStyle(id, visiting: &visiting, depth: 1) else {
                    lenient(
                        "style.reference", "style=\"\(id)\" names no <style> in <styling>; it is ignored",
                        at: source.location(of: refs, in: element))
                    continue
                }
                result.apply(style)
            }
        }
        if element.localName == "region" {
            for nested in tree.childElements(of: element) where nested.is("style", in: TTMLNamespace.tt) {
                result.apply(try specifiedStyle(of: nested))
            }
        }
        result.apply(inlineStyle(of: element))
        return result
    }

    /// The namespaces of style attributes (TTML1 §8.2, Apple's iTT extensions).
    static let styleNamespaces = [
        TTMLNamespace.styling, TTMLNamespace.ittStyling, TTMLNamespace.appleVertical, TTMLNamespace.ebuStyling,
    ]

    /// The inline style attributes of `element`; unreadable values are reported and ignored.
    func inlineStyle(of element: XMLElement) -> TTMLStyleProperties {
        guard
            element.attributes.contains(where: {
                !$0.namespace.isEmpty && Self.styleNamespaces.contains($0.namespace)
            })
        else { return TTMLStyleProperties() }
        var parser = TTMLStyleParser { attribute, expected in
            self.lenient(
                "style.value",
                "\(attribute.qualifiedName)=\"\(attribute.value)\" is not understood (expected \(expected))",
                at: self.source.location(of: attribute, in: element))
        }
        parser.cellRows = cellRows
        parser.cellColumns = cellColumns
        let properties = parser.properties(of: element)
        for name in properties.unmapped.keys where unmappedStyles[name] == nil {
            unmappedStyles[name] = source.location(of: element)
        }
        return properties
    }

    /// The longest chain of `<style>` references followed; TTML1 sets no limit, but real files
    /// chain a few links, and an unbounded chain would exhaust the stack.
    static let maximumStyleChainLength = 64

    /// A `<style>` from the head with its chained references applied (TTML1 §8.4.1.3).
    /// `depth` counts the links followed to reach `id`.
    private func referencedStyle(_ id: String, visiting: inout Set<String>, depth: Int) throws(CaptionFormatError)
        -> TTMLStyleProperties?
    {
        if let done = resolvedStyles[id] { return done }
        guard let element = styles[id] else { return nil }
        guard depth <= Self.maximumStyleChainLength else {
            throw failure(
                "style \"\(id)\" is reached through more than \(Self.maximumStyleChainLength) chained style "
                    + "references (TTML1 §8.4.1.3); a caption file never needs that many",
                at: source.location(of: element))
        }
        guard visiting.insert(id).inserted else {
            throw failure(
                "style \"\(id)\" refers back to itself through its style attribute (TTML1 §8.4.1.3 forbids cycles)",
                at: source.location(of: element))
        }
        var result = TTMLStyleProperties()
        if let refs = element.attribute("style") {
            for next in refs.value.split(whereSeparator: \.isWhitespace).map(String.init) {
                guard let style = try referencedStyle(next, visiting: &visiting, depth: depth + 1) else {
                    lenient(
                        "style.reference", "style=\"\(next)\" names no <style> in <styling>; it is ignored",
                        at: source.location(of: refs, in: element))
                    continue
                }
                result.apply(style)
            }
        }
        result.apply(inlineStyle(of: element))
        resolvedStyles[id] = result
        return result
    }

    /// Reads one `<region>` of the layout (TTML1 §9.1.2): its style, its interval (§10.4;
    /// relative to the document's begin) and its `set` animations.
    func readRegion(_ element: XMLElement) throws(CaptionFormatError) {
        guard let id = element.attribute("id", in: TTMLNamespace.xml)?.value, !id.isEmpty else {
            lenient("region.id", "a <region> has no xml:id and cannot be used", at: source.location(of: element))
            return
        }
        if regions[id] != nil {
            lenient(
                "region.duplicate", "a second region is called \"\(id)\"; the first is used",
                at: source.location(of: element))
            return
        }
        layoutHasRegions = true
        let style = try specifiedStyle(of: element)
        // TTML1 §8.2.14, §8.2.7: origin and extent "auto" are the root container's (iTT keeps
        // them unset, as it always read them).
        let whole = profile == .itt ? nil : CaptionPoint(x: .percent(0), y: .percent(0))
        let all = profile == .itt ? nil : CaptionSize(width: .percent(100), height: .percent(100))
        // An rw offset down (rh across) needs the root's shape: its pixel extent, else the
        // related video's, which the document does not give: 16:9 is taken, and said.
        let placed =
            style.origin == nil ? style.position?.origin(extent: style.extent, root: rootPixels, aspect: 16 / 9) : nil
        if style.origin == nil, let position = style.position, position.crossesAxes, rootPixels == nil {
            lenient(
                "style.value",
                "tts:position gives an rw offset down or an rh offset across, which depends on the root container's shape; with no tts:extent in px on <tt>, 16:9 is taken",
                at: source.location(of: element))
        }
        if style.origin == nil, style.position != nil, placed == nil {
            lenient(
                "style.value",
                "tts:position and tts:extent in pixels need the root's tts:extent in pixels, and cells cannot be placed (TTML2 §10.2.35); this region is placed at 0 0",
                at: source.location(of: element))
        }
        let region = CaptionRegion(
            identifier: id, origin: style.origin ?? placed ?? whole,
            size: style.extent ?? all,
            displayAlignment: style.displayAlign, writingMode: style.writingMode ?? .leftToRightAndTopToBottom)
        var definition = TTMLRegionDefinition(region: region, style: style)
        let begin = try time("begin", of: element, negativeAllowed: false) ?? .zero
        let end = try time("end", of: element, negativeAllowed: false)
        let dur = try time("dur", of: element, negativeAllowed: false, isDuration: true)
        definition.begin = begin
        definition.end = end
        if let dur {
            let e = try sum(begin, dur, element)
            definition.end = definition.end.map { MediaTime.minimum($0, e) } ?? e
        }
        for set in tree.childElements(of: element) where set.is("set", in: TTMLNamespace.tt) {
            // Each interval of a region's backdrop applies its animations again
            // (TTMLDocumentReader+Backdrops): bounded, as a paragraph's time cuts are.
            guard definition.animations.count < Self.maximumTimeCutsPerParagraph else {
                throw failure(
                    "region \"\(id)\" has more than \(Self.maximumTimeCutsPerParagraph) <set> animations (Specs/limits.md)",
                    at: source.location(of: set))
            }
            let b = try time("begin", of: set, negativeAllowed: false) ?? .zero
            var e = try time("end", of: set, negativeAllowed: false)
            if let d = try time("dur", of: set, negativeAllowed: false, isDuration: true) {
                let de = try sum(b, d, set)
                e = e.map { MediaTime.minimum($0, de) } ?? de
            }
            let absoluteBegin = try sum(begin, b, set)
            var absoluteEnd = try e.map { (x) throws(CaptionFormatError) in try sum(begin, x, set) }
            if let regionEnd = definition.end {
                absoluteEnd = absoluteEnd.map { MediaTime.minimum($0, regionEnd) } ?? regionEnd
            }
            definition.animations.append(
                TTMLAnimation(begin: absoluteBegin, end: absoluteEnd, style: inlineStyle(of: set)))
        }
        regions[id] = definition
        regionOrder.append(id)
    }

    /// The region a `region` attribute names, or nil (with a warning) when the layout has no
    /// such region; iTT documents get Apple's four standard regions supplied.
    func regionReference(_ attribute: XMLAttribute, in element: XMLElement) -> String? {
        let id = attribute.value.trimmingCharacters(in: " ")
        if regions[id] != nil { return id }
        let location = { self.source.location(of: attribute, in: element) }
        if profile == .itt, let standard = ITTStandardRegions.entry(named: id) {
            lenient(
                "region.undefined",
                "region=\"\(id)\" is not defined in <layout>; Apple's standard \"\(id)\" region is assumed",
                at: location(), fix: "define the region in <head><layout>",
                summarize: true)
            var inherited = TTMLStyleProperties()
            inherited.textAlign = standard.textAlign
            regions[id] = TTMLRegionDefinition(region: standard.region, style: inherited)
            return id
        }
        lenient(
            "region.undefined", "region=\"\(id)\" is not defined in <layout>; the attribute is ignored (TTML1 §9.3.3)",
            at: location(), summarize: true)
        return nil
    }
}
