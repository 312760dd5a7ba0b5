import CaptionCore
import XML

/// Reads iTunes Timed Text (Apple's TTML profile) and other TTML1 documents into the caption
/// model.
///
/// Reading is lenient by default: what real files get wrong but can still be understood
/// (`ttp:frameRate="29.97"`, `;` in timecodes, unknown style values…) is read with a warning
/// diagnostic; ``CaptionFormatOptions/strict`` turns each of those into an error. Anything that
/// cannot be understood stops the read with a ``CaptionFormatError`` carrying a line and column.
/// See Specs/itt.md for the rules and the clauses they come from.
public struct ITTReader: Sendable {
    public var options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = .init()) {
        self.options = options
    }

    /// Reads one document from the bytes of a file.
    public func read(_ bytes: [UInt8]) throws(CaptionFormatError) -> CaptionReadResult {
        let tree = try SecureXMLParser.parse(bytes, fileName: options.fileName)
        let reader = TTMLDocumentReader(tree: tree, strict: options.strict)
        let document = try reader.readDocument()
        if options.strict, let first = reader.diagnostics.first(where: { $0.severity == .error }) {
            throw CaptionFormatError(
                .unreadable, first.message + " (strict mode)", at: first.location, diagnostics: reader.diagnostics)
        }
        return CaptionReadResult(document: document, diagnostics: reader.diagnostics)
    }
}
