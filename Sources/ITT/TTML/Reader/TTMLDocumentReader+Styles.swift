import CaptionCore
import XML

extension TTMLDocumentReader {
    /// The style `element` specifies itself: its referenced styles in order (TTML1 §8.4.1.2,
    /// later ones win), nested `style` children for regions (§8.4.1.3), then its inline style
    /// attributes (§8.4.1.1), which win over both.
    func specifiedStyle(of element: XMLElement) throws(CaptionFormatError) -> TTMLStyleProperties {
        var result = TTMLStyleProperties()
        if let refs = element.attribute("style") {
            for id in refs.value.split(whereSeparator: \.isWhitespace).map(String.init) {
                var visiting: Set<String> = []
                guard let style = try referencedStyle(id, visiting: &visiting, depth: 1) else {
                    lenient(
                        "itt.style.reference", "style=\"\(id)\" names no <style> in <styling>; it is ignored",
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
    static let styleNamespaces = [TTMLNamespace.styling, TTMLNamespace.ittStyling, TTMLNamespace.appleVertical]

    /// The inline style attributes of `element`; unreadable values are reported and ignored.
    func inlineStyle(of element: XMLElement) -> TTMLStyleProperties {
        guard
            element.attributes.contains(where: {
                !$0.namespace.isEmpty && Self.styleNamespaces.contains($0.namespace)
            })
        else { return TTMLStyleProperties() }
        let parser = TTMLStyleParser { attribute, expected in
            self.lenient(
                "itt.style.value",
                "\(attribute.qualifiedName)=\"\(attribute.value)\" is not understood (expected \(expected))",
                at: self.source.location(of: attribute, in: element))
        }
        return parser.properties(of: element)
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
                        "itt.style.reference", "style=\"\(next)\" names no <style> in <styling>; it is ignored",
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

    /// Reads one `<region>` of the layout (TTML1 §9.1.2).
    func readRegion(_ element: XMLElement) throws(CaptionFormatError) {
        guard let id = element.attribute("id", in: TTMLNamespace.xml)?.value, !id.isEmpty else {
            lenient("itt.region.id", "a <region> has no xml:id and cannot be used", at: source.location(of: element))
            return
        }
        if regions[id] != nil {
            lenient(
                "itt.region.duplicate", "a second region is called \"\(id)\"; the first is used",
                at: source.location(of: element))
            return
        }
        let style = try specifiedStyle(of: element)
        let region = CaptionRegion(
            identifier: id, origin: style.origin, size: style.extent, displayAlignment: style.displayAlign,
            writingMode: style.writingMode ?? .leftToRightAndTopToBottom)
        regions[id] = TTMLRegionDefinition(region: region, inheritedStyle: style.inheritedFromRegion)
    }

    /// The region called `id`; Apple's four standard regions are supplied, with a warning, when a
    /// document uses them without defining them.
    func region(named id: String, location: () -> DiagnosticLocation) -> TTMLRegionDefinition? {
        if let r = regions[id] { return r }
        if let standard = ITTStandardRegions.entry(named: id) {
            lenient(
                "itt.region.undefined",
                "region=\"\(id)\" is not defined in <layout>; Apple's standard \"\(id)\" region is assumed",
                at: location(), fix: "define the region in <head><layout>",
                summarize: true)
            var inherited = TTMLStyleProperties()
            inherited.textAlign = standard.textAlign
            let definition = TTMLRegionDefinition(region: standard.region, inheritedStyle: inherited)
            regions[id] = definition
            return definition
        }
        lenient(
            "itt.region.undefined", "region=\"\(id)\" is not defined in <layout>; the caption gets no region",
            at: location(), summarize: true)
        return nil
    }
}
