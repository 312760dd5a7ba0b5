internal import CLibXML2
import CaptionCore

#if canImport(Glibc)
    import Glibc
#endif

/// Collects SAX events into ``XMLElement`` values and enforces ``XMLParseLimits``.
final class TreeBuilder {
    let source: SourceText
    let limits: XMLParseLimits
    /// The kind of document, for messages ("iTT", "GPX").
    let formatName: String
    var elements: [XMLElement] = []
    var failure: CaptionFormatError?
    /// Set while libxml2 parses; callbacks use it to stop the parse and to find offsets.
    var context: XMLParserContext?
    /// The first error libxml2 raised during the parse (later ones are often its consequences).
    private(set) var firstLibraryError: XMLParserContext.LibraryError?
    private var stack: [Int] = []
    private var pendingText: [UInt8] = []
    /// Names and namespace URIs by address: libxml2 interns them in its dictionary, so each
    /// distinct name is turned into a Swift string once.
    private var interned: [UnsafePointer<xmlChar>: String] = [:]

    init(source: SourceText, limits: XMLParseLimits, formatName: String) {
        self.source = source
        self.limits = limits
        self.formatName = formatName
    }

    static func from(_ pointer: UnsafeMutableRawPointer) -> TreeBuilder {
        Unmanaged<TreeBuilder>.fromOpaque(pointer).takeUnretainedValue()
    }

    func fail(_ message: String, at offset: Int) {
        guard failure == nil else { return }
        failure = CaptionFormatError(.unreadable, message, at: source.location(ofOffset: offset))
        context?.stop()
    }

    func refuseDocumentType() {
        let offset = documentTypeOffset()
        fail(
            "document type declarations (<!DOCTYPE …>) are not allowed: they can declare entities "
                + "that read local files or expand without bound, and \(formatName) never needs one",
            at: offset)
    }

    func startElement(
        _ localName: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ attributeCount: Int,
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard failure == nil else { return }
        let tagEnd = context?.inputOffset ?? 0
        let tagStart = startOfTag(before: tagEnd)
        flushText()
        guard stack.count < limits.maximumDepth else {
            fail(
                "elements are nested more than \(limits.maximumDepth) deep; a \(formatName) file never needs that",
                at: tagStart)
            return
        }
        guard elements.count < limits.maximumElements else {
            fail("the document has more than \(limits.maximumElements) elements", at: tagStart)
            return
        }
        var attrs: [XMLAttribute] = []
        if let attributes, attributeCount > 0 {
            attrs.reserveCapacity(attributeCount)
            for i in 0..<attributeCount {
                // Five pointers per attribute: local name, prefix, URI, value start, value end.
                let base = i * 5
                guard let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
                let length = end - start
                guard length <= limits.maximumAttributeBytes else {
                    fail("an attribute value is longer than \(limits.maximumAttributeBytes) bytes", at: tagStart)
                    return
                }
                let value = Self.attributeValue(UnsafeBufferPointer(start: start, count: max(length, 0)))
                attrs.append(
                    XMLAttribute(
                        namespace: intern(attributes[base + 2]), prefix: intern(attributes[base + 1]),
                        localName: intern(attributes[base]), value: value))
            }
        }
        let element = XMLElement(
            namespace: intern(uri), localName: intern(localName), attributes: attrs, children: [],
            tagStart: tagStart, tagEnd: tagEnd)
        let index = elements.count
        elements.append(element)
        if let parent = stack.last { elements[parent].children.append(.element(index)) }
        stack.append(index)
    }

    func endElement() {
        guard failure == nil else { return }
        flushText()
        _ = stack.popLast()
    }

    func characters(_ chars: UnsafePointer<xmlChar>, _ length: Int) {
        guard failure == nil, length > 0 else { return }
        guard !stack.isEmpty else { return }
        guard pendingText.count + length <= limits.maximumTextBytes else {
            fail(
                "a text node is longer than \(limits.maximumTextBytes) bytes; no \(formatName) file needs that much text",
                at: context?.inputOffset ?? 0)
            return
        }
        pendingText.append(contentsOf: UnsafeBufferPointer(start: chars, count: length))
    }

    func noteLibraryError(_ error: xmlError) {
        guard firstLibraryError == nil, error.code != 0 else { return }
        firstLibraryError = XMLParserContext.LibraryError(error)
    }

    /// Records libxml2's own error (malformed XML, invalid UTF-8, truncation) with its location.
    func recordLibraryError(_ context: XMLParserContext) {
        guard let error = firstLibraryError ?? context.lastError else {
            failure = CaptionFormatError(
                .unreadable, "the file is not well-formed XML", at: source.location(ofOffset: source.bytes.count))
            return
        }
        let line = error.line > 0 ? error.line : source.lineAndColumn(ofOffset: context.inputOffset ?? 0).line
        let column = error.column > 0 ? error.column : 1
        let location = DiagnosticLocation(file: source.fileName, line: line, column: column)
        if let (what, limit) = Self.partOverLibraryLimit(error) {
            failure = CaptionFormatError(
                .unreadable,
                "\(what) is longer than the XML parser's limit of \(limit); an iTT file never needs that "
                    + "(Specs/limits.md)",
                at: location)
            return
        }
        var message = error.message.split(separator: "\n").first.map(String.init) ?? error.message
        // libxml2 pads its messages with spaces.
        message = String(message.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        let atEnd = (context.inputOffset ?? 0) >= source.bytes.count
        var prefix = "malformed XML"
        // libxml2's error codes (xmlerror.h, xmlParserErrors), not its message texts, which change
        // between versions.
        switch Int32(error.code) {
        case Int32(XML_ERR_INVALID_CHAR.rawValue), Int32(XML_ERR_INVALID_CHARREF.rawValue),
            Int32(XML_ERR_INVALID_ENCODING.rawValue):
            prefix = "invalid UTF-8 or character"
        case Int32(XML_ERR_TAG_NOT_FINISHED.rawValue), Int32(XML_ERR_DOCUMENT_EMPTY.rawValue):
            prefix = "the file ends in the middle of the document (truncated?)"
        default:
            // Other errors at the very end of the input (inside a tag cut in two, say): libxml2
            // reads ahead, so its position is at the end for small files too; the error's line
            // must be the last one as well.
            let lastLine = source.lineAndColumn(ofOffset: source.bytes.count).line
            if atEnd && error.line >= lastLine || source.endsInsideCharacter {
                prefix = "the file ends in the middle of the document (truncated?)"
            }
        }
        failure = CaptionFormatError(.unreadable, "\(prefix): \(message) (libxml2 error \(error.code))", at: location)
    }

    /// What part of the document went past one of libxml2's fixed bounds, and that bound, if that
    /// is the error. The bounds hold without XML_PARSE_HUGE, which safe reading never sets
    /// (parserInternals.h: XML_MAX_TEXT_LENGTH and XML_MAX_LOOKUP_LIMIT 10,000,000 bytes,
    /// XML_MAX_NAME_LENGTH 50,000). Their codes are shared with other errors (a comment past the
    /// bound and an unfinished comment both are XML_ERR_COMMENT_NOT_FINISHED), so the message
    /// tells the bound apart; the code names the part.
    static func partOverLibraryLimit(_ error: XMLParserContext.LibraryError) -> (String, String)? {
        let text = error.message.lowercased()
        guard
            ["xml_parse_huge", "huge input lookup", "too long", "too big", "excessive depth"].contains(where: {
                text.contains($0)
            })
        else { return nil }
        let tenMillion = "10,000,000 bytes"
        switch Int32(error.code) {
        case Int32(XML_ERR_ATTRIBUTE_NOT_FINISHED.rawValue): return ("an attribute value", tenMillion)
        case Int32(XML_ERR_COMMENT_NOT_FINISHED.rawValue): return ("a comment", tenMillion)
        case Int32(XML_ERR_PI_NOT_FINISHED.rawValue): return ("a processing instruction", tenMillion)
        case Int32(XML_ERR_CDATA_NOT_FINISHED.rawValue): return ("a CDATA section", tenMillion)
        case Int32(XML_ERR_NAME_REQUIRED.rawValue), Int32(XML_ERR_NAME_TOO_LONG.rawValue):
            return ("an element or attribute name", "50,000 bytes")
        default:
            if text.contains("depth") { return ("the nesting of elements", "256 levels") }
            return ("a tag or a run of text", tenMillion)
        }
    }

    // MARK: - Helpers

    /// An attribute value as the document means it. Without `XML_PARSE_NOENT`, libxml2's SAX2
    /// parser hands a custom `startElementNs` every `&` (from `&amp;`, `&#38;` or `&#x26;`) as
    /// the five characters `&#38;`, and a literal `&` cannot otherwise occur in a
    /// well-formed value (XML 1.0 §2.3, AttValue), so turning each `&#38;` back into `&`, left
    /// to right, restores the value exactly.
    static func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let amp = UInt8(ascii: "&")
        guard bytes.contains(amp) else { return String(decoding: bytes, as: UTF8.self) }
        let escaped: [UInt8] = Array("&#38;".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == amp, i + escaped.count <= bytes.count,
                bytes[i..<(i + escaped.count)].elementsEqual(escaped)
            {
                out.append(amp)
                i += escaped.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func flushText() {
        guard !pendingText.isEmpty, let parent = stack.last else {
            pendingText.removeAll(keepingCapacity: true)
            return
        }
        elements[parent].children.append(.text(String(decoding: pendingText, as: UTF8.self)))
        pendingText.removeAll(keepingCapacity: true)
    }

    /// The `<` opening the start tag that ends at `end`: attribute values cannot hold a literal
    /// `<`, so it is the last one before `end`.
    private func startOfTag(before end: Int) -> Int {
        var i = min(end, source.bytes.count) - 1
        while i >= 0 {
            if source.bytes[i] == UInt8(ascii: "<") { return i }
            i -= 1
        }
        return max(0, min(end, source.bytes.count))
    }

    private func documentTypeOffset() -> Int {
        let needle = Array("<!DOCTYPE".utf8)
        let bytes = source.bytes
        guard bytes.count >= needle.count else { return 0 }
        for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] {
            if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
        }
        return context?.inputOffset ?? 0
    }

    private func intern(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        let length = strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        let bytes = UnsafeBufferPointer(start: pointer, count: length)
        // Compare, in case an address is ever reused for another name.
        if let known = interned[pointer], known.utf8.elementsEqual(bytes) { return known }
        let s = String(decoding: bytes, as: UTF8.self)
        interned[pointer] = s
        return s
    }
}
