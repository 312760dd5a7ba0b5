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

    /// Reads one document from the bytes of a file, as the iTT profile of the TTML core.
    public func read(_ bytes: [UInt8]) throws(CaptionFormatError) -> CaptionReadResult {
        try TTMLDocumentReader.read(bytes, options: options, profile: .itt, detectsProfile: false, formatName: "iTT")
            .result
    }
}
