/// The descriptor of one file format: name, extensions, probe, read, write. Every format module
/// exposes one; `CaptionKit`'s registry is the only place that lists them all.
public struct CaptionFormat: Sendable {
    /// Short name used by `--from`/`--to`, e.g. "scc".
    public let name: String
    /// A human title, e.g. "Scenarist SCC (CEA-608)".
    public let title: String
    /// File name extensions without the dot, lower case.
    public let extensions: [String]
    /// How sure this format is that `bytes` (the start of a file) are its own: 0 … 100.
    public let probe: @Sendable (_ bytes: ArraySlice<UInt8>) -> Int
    public let reader: (@Sendable (_ bytes: [UInt8], _ options: CaptionFormatOptions) throws -> CaptionReadResult)?
    public let writer:
        (@Sendable (_ document: CaptionDocument, _ options: CaptionFormatOptions) throws -> CaptionWriteResult)?
    /// The format's profiles, when it has several (TTML: IMSC, EBU-TT-D, DFXP…); empty for most.
    public let profiles: [CaptionFormatProfile]

    public init(
        name: String, title: String, extensions: [String],
        probe: @escaping @Sendable (ArraySlice<UInt8>) -> Int,
        reader: (@Sendable ([UInt8], CaptionFormatOptions) throws -> CaptionReadResult)?,
        writer: (@Sendable (CaptionDocument, CaptionFormatOptions) throws -> CaptionWriteResult)?,
        profiles: [CaptionFormatProfile] = []
    ) {
        self.name = name
        self.title = title
        self.extensions = extensions
        self.probe = probe
        self.reader = reader
        self.writer = writer
        self.profiles = profiles
    }
}

/// What a reader produced: the document and what it noticed on the way.
public struct CaptionReadResult: Sendable {
    public var document: CaptionDocument
    public var diagnostics: [Diagnostic]

    public init(document: CaptionDocument, diagnostics: [Diagnostic] = []) {
        self.document = document
        self.diagnostics = diagnostics
    }
}

/// What a writer produced: the file's bytes and what it had to change or drop.
public struct CaptionWriteResult: Sendable {
    public var bytes: [UInt8]
    public var diagnostics: [Diagnostic]

    public init(bytes: [UInt8], diagnostics: [Diagnostic] = []) {
        self.bytes = bytes
        self.diagnostics = diagnostics
    }
}
