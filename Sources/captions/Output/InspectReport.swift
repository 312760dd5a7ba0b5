import CaptionKit
import Foundation

/// The `inspect --json` output: the document plus what the reader found.
struct InspectReport: Encodable {
    let file: String
    let format: String
    let document: CaptionDocument
    let diagnostics: [Diagnostic]

    init(file: String, format: String, result: CaptionReadResult) {
        self.file = file
        self.format = format
        self.document = result.document
        self.diagnostics = result.diagnostics
    }

    func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
