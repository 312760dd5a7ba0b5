import CaptionKit
import FoundationEssentials

/// The `inspect --json` output: the document plus what the reader found.
public struct InspectReport: Encodable {
    let file: String
    let format: String
    let document: CaptionDocument
    let diagnostics: [Diagnostic]

    public init(file: String, format: String, result: CaptionReadResult) {
        self.file = file
        self.format = format
        self.document = result.document
        self.diagnostics = result.diagnostics.map(CommandLineWords.said)
    }

    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
