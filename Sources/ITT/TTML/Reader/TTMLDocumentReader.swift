import CaptionCore
import XML

/// One read of one document: the parsed tree, what the head defines, and the findings so far.
final class TTMLDocumentReader {
    let tree: XMLTree
    let strict: Bool
    private(set) var diagnostics: [Diagnostic] = []
    var parameters = TTMLTimingParameters()
    /// Whether drop-frame labels were inferred from `;` separators rather than `ttp:dropMode`.
    var inferredDropFrame = false
    var dropModeDeclared = false
    var styles: [String: XMLElement] = [:]
    var resolvedStyles: [String: TTMLStyleProperties] = [:]
    var regions: [String: TTMLRegionDefinition] = [:]
    /// (interval, segment) pairs the paragraphs with timed spans may still expand into, for the
    /// whole document (``maximumDocumentSlices``).
    var remainingSlices = TTMLDocumentReader.maximumDocumentSlices
    /// Per rule: the index of its last diagnostic, how many were kept, and how many more
    /// occurrences were only counted.
    private var repeatedIssues: [String: (index: Int, kept: Int, more: Int)] = [:]

    init(tree: XMLTree, strict: Bool) {
        self.tree = tree
        self.strict = strict
    }

    var source: SourceText { tree.source }

    // MARK: - Findings

    /// How many diagnostics one rule may add before further occurrences are only counted; this
    /// also bounds the time spent locating them in a hostile file.
    static let diagnosticsPerRule = 20

    /// Something real files do that the rules forbid: a warning, or an error in strict mode.
    /// With `summarize`, later occurrences of the same rule only raise a count.
    func lenient(
        _ ruleID: String, _ message: String, at location: @autoclosure () -> DiagnosticLocation,
        fix: String? = nil, summarize: Bool = false
    ) {
        add(
            strict ? .error : .warning, ruleID, message, at: location, fix: fix,
            limit: summarize ? 1 : Self.diagnosticsPerRule)
    }

    func note(
        _ severity: Diagnostic.Severity, _ ruleID: String, _ message: String,
        at location: @autoclosure () -> DiagnosticLocation
    ) {
        add(severity, ruleID, message, at: location, fix: nil, limit: Self.diagnosticsPerRule)
    }

    private func add(
        _ severity: Diagnostic.Severity, _ ruleID: String, _ message: String, at location: () -> DiagnosticLocation,
        fix: String?, limit: Int
    ) {
        if let seen = repeatedIssues[ruleID], seen.kept >= limit {
            repeatedIssues[ruleID] = (seen.index, seen.kept, seen.more + 1)
            return
        }
        let kept = (repeatedIssues[ruleID]?.kept ?? 0) + 1
        repeatedIssues[ruleID] = (diagnostics.count, kept, 0)
        diagnostics.append(Diagnostic(severity, ruleID, message, at: location(), suggestedFix: fix))
    }

    func failure(_ message: String, at location: DiagnosticLocation) -> CaptionFormatError {
        CaptionFormatError(.unreadable, message, at: location, diagnostics: diagnostics)
    }

    func failure(_ message: String, _ attribute: XMLAttribute, in element: XMLElement) -> CaptionFormatError {
        failure(message, at: source.location(of: attribute, in: element))
    }

    private func finishSummaries() {
        for (_, seen) in repeatedIssues where seen.more > 0 {
            diagnostics[seen.index].message += " (and \(seen.more) more like it)"
        }
    }

    // MARK: - Document

    func readDocument() throws(CaptionFormatError) -> CaptionDocument {
        let root = tree.root
        guard root.localName == "tt", root.namespace == TTMLNamespace.tt else {
            let name = root.namespace.isEmpty ? root.localName : "{\(root.namespace)}\(root.localName)"
            throw failure(
                "not a TTML document: the root element is <\(name)>, expected <tt> in the namespace \(TTMLNamespace.tt)",
                at: source.location(of: root))
        }
        var document = CaptionDocument()
        try readParameters(of: root, into: &document)
        let children = tree.childElements(of: root)
        if let head = children.first(where: { $0.is("head", in: TTMLNamespace.tt) }) {
            try readHead(head, into: &document)
        }
        if let body = children.first(where: { $0.is("body", in: TTMLNamespace.tt) }) {
            document.captions = try readBody(body, root: root)
        }
        if inferredDropFrame && !dropModeDeclared { document.dropFrame = true }
        finishSummaries()
        return document
    }

    private func readHead(_ head: XMLElement, into document: inout CaptionDocument) throws(CaptionFormatError) {
        for child in tree.childElements(of: head) where child.namespace == TTMLNamespace.tt {
            switch child.localName {
            case "styling":
                for style in tree.childElements(of: child) where style.is("style", in: TTMLNamespace.tt) {
                    guard let id = style.attribute("id", in: TTMLNamespace.xml)?.value else {
                        lenient(
                            "itt.style.id", "a <style> in <styling> has no xml:id and cannot be referenced",
                            at: source.location(of: style))
                        continue
                    }
                    styles[id] = style
                }
            case "metadata":
                readMetadata(child, into: &document)
            default:
                break
            }
        }
        readMetadata(head, into: &document)
        // Regions after styles: a region may reference styles.
        for layout in tree.childElements(of: head) where layout.is("layout", in: TTMLNamespace.tt) {
            for region in tree.childElements(of: layout) where region.is("region", in: TTMLNamespace.tt) {
                try readRegion(region)
            }
        }
    }

    /// TTML1 §12.1: `ttm:title`, `ttm:desc` and `ttm:copyright` become the document's
    /// "title", "description" and "copyright" metadata.
    private func readMetadata(_ container: XMLElement, into document: inout CaptionDocument) {
        let keys = ["title": "title", "desc": "description", "copyright": "copyright"]
        for child in tree.childElements(of: container) where child.namespace == TTMLNamespace.metadata {
            guard let key = keys[child.localName] else { continue }
            document.metadata[key] = textContent(of: child).trimmingCharacters(in: " ")
        }
    }

    /// All text inside `element`, in document order.
    func textContent(of element: XMLElement) -> String {
        var s = ""
        for child in element.children {
            switch child {
            case .text(let t): s += t
            case .element(let i): s += textContent(of: tree.elements[i])
            }
        }
        return s
    }
}
