/// A failure that stops reading or writing: the input is unreadable or the output impossible.
/// It carries where (file, line, column or timecode), what was expected, and any findings
/// gathered before the failure.
public struct CaptionFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The input could not be read (syntax, encoding, structure).
        case unreadable
        /// The document cannot be written in this format without losing or moving captions.
        case cannotWrite
        /// No registered format fits (unknown extension, failed probe).
        case unknownFormat
        /// Reading or writing the file itself failed.
        case io
    }

    public var kind: Kind
    public var location: DiagnosticLocation
    public var message: String
    /// Findings collected before the failure (e.g. a validator's report).
    public var diagnostics: [Diagnostic]

    public init(
        _ kind: Kind, _ message: String, at location: DiagnosticLocation = .init(),
        diagnostics: [Diagnostic] = []
    ) {
        self.kind = kind
        self.message = message
        self.location = location
        self.diagnostics = diagnostics
    }

    public var description: String {
        let loc = location.description
        return loc.isEmpty ? message : "\(loc): \(message)"
    }
}
