import CaptionCore

/// What reading an SCC file produced: the captions, the text-mode rows and the findings.
public struct SCCReadResult: Sendable {
    /// The captions of the chosen channel.
    public var document: CaptionDocument
    /// Text-mode rows (T1–T4, CEA-608-B §7.4) of the chosen data channel, apart from captions.
    public var textLines: [SCCTextLine]
    /// What the reader tolerated or noticed, each with its line.
    public var diagnostics: [Diagnostic]

    public init(document: CaptionDocument, textLines: [SCCTextLine] = [], diagnostics: [Diagnostic] = []) {
        self.document = document
        self.textLines = textLines
        self.diagnostics = diagnostics
    }
}
