import CaptionKit
import FoundationEssentials

/// The `inspect --json` output: the document plus what the reader found.
public struct InspectReport: Encodable {
    let file: String
    let format: String
    let document: CaptionDocument
    let diagnostics: [Diagnostic]
    /// For a file that carries several caption streams (MCC): the captions of each.
    public var carriage: Carriage?

    /// The captions of each CEA-608 channel (`CC1`…) and CEA-708 service a file carries.
    public struct Carriage: Encodable, Sendable {
        public struct Service: Encodable, Sendable {
            public var service: Int
            public var language: String?
            public var captions: Int
            public init(service: Int, language: String?, captions: Int) {
                self.service = service
                self.language = language
                self.captions = captions
            }
        }
        public var channels: [String: Int]
        public var services: [Service]
        public init(channels: [String: Int], services: [Service]) {
            self.channels = channels
            self.services = services
        }

        /// `  CC1: 12 captions`, `  CEA-708 service 1 (eng): 12 captions`.
        public var lines: [String] {
            channels.keys.sorted().map { "  \($0): \(Self.count(channels[$0] ?? 0))" }
                + services.map { s in
                    "  CEA-708 service \(s.service)\(s.language.map { " (\($0))" } ?? ""): \(Self.count(s.captions))"
                }
        }

        static func count(_ n: Int) -> String { "\(n) caption\(n == 1 ? "" : "s")" }
    }

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
