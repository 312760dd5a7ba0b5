internal import CLibXML2
import CaptionCore

/// Parses untrusted XML into an ``XMLTree`` through libxml2's SAX2 interface.
///
/// Hostile input fails fast with a located error: a document type declaration is refused as
/// soon as it starts (so no entity can be declared, loaded or expanded: no XXE, no billion
/// laughs), the network is off, and ``XMLParseLimits`` bound nesting, text size and element
/// count. Only UTF-8 input is accepted (Apple requires it for iTT; GPX files are UTF-8 in
/// practice), which also keeps libxml2's byte offsets equal to ours.
public enum SecureXMLParser {
    /// Parses `bytes` (named `fileName` in errors) as a document of the kind `formatName` names
    /// in messages, e.g. "iTT" or "GPX".
    public static func parse(
        _ bytes: [UInt8], fileName: String?, formatName: String = "iTT", limits: XMLParseLimits = .standard
    ) throws(CaptionFormatError) -> XMLTree {
        let source = SourceText(bytes: bytes, fileName: fileName)
        try checkEncoding(source, formatName: formatName)
        try checkNotEmpty(source, formatName: formatName)
        try checkNothingAfterNUL(source, formatName: formatName)
        guard bytes.count <= Int(Int32.max) else {
            throw CaptionFormatError(.unreadable, "the file is larger than 2 GiB", at: .init(file: fileName))
        }
        let builder = TreeBuilder(source: source, limits: limits, formatName: formatName)
        var handler = makeHandler()
        let parsed: Bool = bytes.withUnsafeBufferPointer { buffer in
            let context: XMLParserContext
            do throws(XMLParserContext.Failure) {
                context = try XMLParserContext(
                    buffer: buffer, handler: &handler,
                    user: Unmanaged.passUnretained(builder).toOpaque(),
                    options: captions_xml_sax_options())
            } catch {
                switch error {
                case .unknownOptions(let bits):
                    builder.fail(
                        "the installed libxml2 (\(captions_xml_version())) does not support the parser options "
                            + "0x\(String(bits, radix: 16)) that safe reading needs; install libxml2 2.9 or later",
                        at: 0)
                case .cannotAllocate:
                    // An empty input was refused above; this is libxml2 failing to allocate.
                    builder.fail("libxml2 could not create a parser: out of memory", at: 0)
                }
                return false
            }
            builder.context = context
            defer { builder.context = nil }
            let ok = context.parseDocument()
            if !ok, builder.failure == nil { builder.recordLibraryError(context) }
            return ok
        }
        if let failure = builder.failure { throw failure }
        guard parsed, !builder.elements.isEmpty else {
            throw CaptionFormatError(.unreadable, "the file holds no XML document", at: source.location(ofOffset: 0))
        }
        return XMLTree(elements: builder.elements, source: source)
    }

    /// Refuses UTF-16 and UTF-32 (by byte-order mark or by NUL bytes in the first characters).
    private static func checkEncoding(_ source: SourceText, formatName: String) throws(CaptionFormatError) {
        let head = source.bytes.prefix(4)
        let utf16BOM = head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE])
        if utf16BOM || head.contains(0) {
            throw CaptionFormatError(
                .unreadable,
                "the file is not UTF-8 (it looks like UTF-16 or UTF-32); \(formatName) files must be UTF-8",
                at: source.location(ofOffset: 0))
        }
    }

    /// Refuses bytes after a NUL: XML 1.0 §2.2 allows no NUL character, and libxml2 ends the
    /// document at the first one, so whatever follows would be dropped without a word (found
    /// on a fragment whose sample ran past its `mdat` into the next box). NULs alone to the end
    /// (padding) lose nothing and are let through.
    private static func checkNothingAfterNUL(_ source: SourceText, formatName: String) throws(CaptionFormatError) {
        guard let nul = source.bytes.firstIndex(of: 0),
            let after = source.bytes[nul...].firstIndex(where: { $0 != 0 })
        else { return }
        throw CaptionFormatError(
            .unreadable,
            "a NUL byte at byte \(nul + 1) with more bytes after it (from byte \(after + 1)): XML 1.0 allows no NUL character, so the \(formatName) document cannot go on past it; the file may be damaged or two files joined",
            at: source.location(ofOffset: nul))
    }

    /// Refuses a file with nothing but white space (libxml2 would say it cannot make a parser
    /// for an empty buffer, or that a tag was expected, which reads like a truncated file).
    private static func checkNotEmpty(_ source: SourceText, formatName: String) throws(CaptionFormatError) {
        var body = source.bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return }
        throw CaptionFormatError(
            .unreadable,
            body.isEmpty
                ? "the file is empty; \(documentDescription(formatName))"
                : "the file holds only white space; \(documentDescription(formatName))",
            at: source.location(ofOffset: 0))
    }

    /// What a document of the format is, for the empty-file message.
    private static func documentDescription(_ formatName: String) -> String {
        switch formatName {
        case "GPX": return "a GPX document is XML with a <gpx> root element"
        case "iTT": return "an iTT document is XML with a <tt> root element"
        default: return "a \(formatName) document is XML with one root element"
        }
    }

    // MARK: - SAX callbacks

    private static func makeHandler() -> xmlSAXHandler {
        var h = xmlSAXHandler()
        h.initialized = captions_xml_sax2_magic()
        h.startElementNs = { ctx, localName, _, uri, _, _, count, _, attributes in
            guard let ctx else { return }
            TreeBuilder.from(ctx).startElement(localName, uri, Int(count), attributes)
        }
        h.endElementNs = { ctx, _, _, _ in
            guard let ctx else { return }
            TreeBuilder.from(ctx).endElement()
        }
        h.characters = { ctx, chars, length in
            guard let ctx, let chars else { return }
            TreeBuilder.from(ctx).characters(chars, Int(length))
        }
        h.cdataBlock = { ctx, chars, length in
            guard let ctx, let chars else { return }
            TreeBuilder.from(ctx).characters(chars, Int(length))
        }
        // A DOCTYPE is where entities are declared; iTT and GPX never have one, so refuse it before its
        // internal subset is read.
        h.internalSubset = { ctx, _, _, _ in
            guard let ctx else { return }
            TreeBuilder.from(ctx).refuseDocumentType()
        }
        h.externalSubset = { ctx, _, _, _ in
            guard let ctx else { return }
            TreeBuilder.from(ctx).refuseDocumentType()
        }
        h.entityDecl = { ctx, _, _, _, _, _ in
            guard let ctx else { return }
            TreeBuilder.from(ctx).refuseDocumentType()
        }
        // Every error libxml2 raises, so that the first (the cause) is reported, not the last.
        h.serror = { ctx, error in
            guard let ctx, let error else { return }
            TreeBuilder.from(ctx).noteLibraryError(error.pointee)
        }
        // No entity other than the five predefined ones (which libxml2 resolves itself) exists.
        h.getEntity = { _, _ in nil }
        h.getParameterEntity = { _, _ in nil }
        h.resolveEntity = { _, _, _ in nil }
        return h
    }
}
