import CaptionCore
import XML

/// One read of one document: the parsed tree, what the head defines, and the findings so far.
final class TTMLDocumentReader {
    let tree: XMLTree
    let strict: Bool
    /// The profile the document is read under: its constraints are checked as diagnostics, and
    /// it names the rule IDs (`itt.…` for iTT, `ttml.…` otherwise).
    var profile: TTMLProfile
    /// Whether `profile` was declared by the document (rather than assumed by the caller).
    var profileDeclared = false
    private(set) var diagnostics: [Diagnostic] = []
    var parameters = TTMLTimingParameters()
    /// Whether drop-frame labels were inferred from `;` separators rather than `ttp:dropMode`.
    var inferredDropFrame = false
    var dropModeDeclared = false
    var styles: [String: XMLElement] = [:]
    var resolvedStyles: [String: TTMLStyleProperties] = [:]
    var regions: [String: TTMLRegionDefinition] = [:]
    /// The ids of `regions` in layout order.
    var regionOrder: [String] = []
    /// Whether `<layout>` defines a region (else content goes to the default region, TTML1 §9.3.1).
    var layoutHasRegions = false
    /// The initial values `<initial>` elements set (TTML2 §10.1.2), under every region's style.
    var initialStyle = TTMLStyleProperties()
    /// The rows of the cell grid (`ttp:cellResolution`, TTML1 §6.2.1; 15 by default).
    var cellRows: Double = 15
    /// The columns of the cell grid (32 by default), for lengths across in `rw`.
    var cellColumns: Double = 32
    /// The root container's `tts:extent` in pixels, when the document gives one (TTML1 §8.2.7),
    /// for region positions in px.
    var rootPixels: (width: Double, height: Double)?
    /// Each unmapped style attribute seen and where it was first (``reportUnmappedStyles()``).
    var unmappedStyles: [String: DiagnosticLocation] = [:]
    /// (interval, segment) pairs the paragraphs with timed spans may still expand into, for the
    /// whole document (``maximumDocumentSlices``).
    var remainingSlices = TTMLDocumentReader.maximumDocumentSlices
    /// Per rule: the index of its last diagnostic, how many were kept, and how many more
    /// occurrences were only counted.
    private var repeatedIssues: [String: (index: Int, kept: Int, more: Int)] = [:]

    /// Whether the document's declarations may replace `profile` (the TTML reader) or not (the
    /// iTT reader, whose user chose iTT).
    let detectsProfile: Bool

    init(tree: XMLTree, strict: Bool, profile: TTMLProfile, detectsProfile: Bool) {
        self.tree = tree
        self.strict = strict
        self.profile = profile
        self.detectsProfile = detectsProfile
    }

    /// Parses `bytes` and reads them under `profile` (or the one they declare, when
    /// `detectsProfile`); in strict mode the first error-level finding fails the read.
    static func read(
        _ bytes: [UInt8], options: CaptionFormatOptions, profile: TTMLProfile, detectsProfile: Bool,
        formatName: String
    ) throws(CaptionFormatError) -> (result: CaptionReadResult, profile: TTMLProfile) {
        let tree = try SecureXMLParser.parse(bytes, fileName: options.fileName, formatName: formatName)
        let reader = TTMLDocumentReader(
            tree: tree, strict: options.strict, profile: profile, detectsProfile: detectsProfile)
        let document = try reader.readDocument()
        if options.strict, let first = reader.diagnostics.first(where: { $0.severity == .error }) {
            throw CaptionFormatError(
                .unreadable, first.message + " (strict mode)", at: first.location, diagnostics: reader.diagnostics)
        }
        return (CaptionReadResult(document: document, diagnostics: reader.diagnostics), reader.profile)
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
        let ruleID = profile.rulePrefix + "." + ruleID
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
        let children = tree.childElements(of: root)
        let head = children.first(where: { $0.is("head", in: TTMLNamespace.tt) })
        try detectProfile(root: root, head: head)
        try readParameters(of: root, into: &document)
        if profileDeclared || profile != .itt { document.metadata[TTMLProfile.metadataKey] = profile.rawValue }
        if let head { try readHead(head, into: &document) }
        checkProfileConstraints()
        for case .element(let i) in root.children where tree.elements[i].is("body", in: TTMLNamespace.tt) {
            document.captions = try readBody(tree.elements[i], root: root, bodyIndex: i)
            break
        }
        document.regionBackdrops = regionBackdrops()
        reportUnmappedStyles()
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
                            "style.id", "a <style> in <styling> has no xml:id and cannot be referenced",
                            at: source.location(of: style))
                        continue
                    }
                    styles[id] = style
                }
                // TTML2 §10.1.2: <initial> overrides a style property's initial value.
                for initial in tree.childElements(of: child) where initial.is("initial", in: TTMLNamespace.tt) {
                    initialStyle.apply(try specifiedStyle(of: initial))
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
