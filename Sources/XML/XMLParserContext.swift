internal import CLibXML2

/// Owns one libxml2 parser context and frees it when released.
///
/// The files of the XML module are the only ones that touch libxml2.
final class XMLParserContext {
    /// Why no context could be made.
    enum Failure: Error {
        /// libxml2 could not allocate one (or the input is over 2 GiB).
        case cannotAllocate
        /// The linked libxml2 does not know these parser options, which safe parsing needs.
        case unknownOptions(Int32)
    }

    let handle: xmlParserCtxtPtr

    /// libxml2's process-wide set-up, done once before the first parser is made: the library
    /// asks for it in multithreaded programs (parser.h, `xmlInitParser`).
    private static let libraryReady: Void = xmlInitParser()

    /// Creates a SAX2 context over `buffer` reporting to `handler` with `user` as the context
    /// pointer.
    init(
        buffer: UnsafeBufferPointer<UInt8>, handler: inout xmlSAXHandler,
        user: UnsafeMutableRawPointer, options: Int32
    ) throws(Failure) {
        Self.libraryReady
        var unknown: Int32 = 0
        guard let base = buffer.baseAddress, let size = Int32(exactly: buffer.count),
            let ctxt = base.withMemoryRebound(
                to: CChar.self, capacity: buffer.count,
                {
                    captions_xml_create_sax_context($0, size, &handler, user, options, &unknown)
                })
        else { throw unknown != 0 ? .unknownOptions(unknown) : .cannotAllocate }
        handle = ctxt
    }

    /// Parses the whole input; true when libxml2 reports a well-formed document.
    func parseDocument() -> Bool {
        let status = xmlParseDocument(handle)
        return status == 0 && captions_xml_well_formed(handle) != 0
    }

    /// Stops the parse at the next opportunity; no further callbacks arrive.
    func stop() { xmlStopParser(handle) }

    /// The byte offset in the input of the parser's current position, if known.
    var inputOffset: Int? {
        let offset = captions_xml_input_offset(handle)
        return offset >= 0 ? Int(offset) : nil
    }

    /// One error as libxml2 raised it: its code (xmlerror.h), message, line and column.
    struct LibraryError {
        var code: Int
        var message: String
        var line: Int
        var column: Int

        init(code: Int, message: String, line: Int, column: Int) {
            self.code = code
            self.message = message
            self.line = line
            self.column = column
        }

        init(_ e: xmlError) {
            self.init(
                code: Int(e.code), message: e.message.map { String(cString: $0) } ?? "unknown XML error",
                line: Int(e.line), column: Int(e.int2))
        }
    }

    /// The last error libxml2 recorded.
    var lastError: LibraryError? {
        guard let error = xmlCtxtGetLastError(UnsafeMutableRawPointer(handle)) else { return nil }
        guard error.pointee.code != 0 else { return nil }
        return LibraryError(error.pointee)
    }

    deinit { xmlFreeParserCtxt(handle) }
}
