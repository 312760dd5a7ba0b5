import CaptionKit
import FoundationEssentials

/// What `captions convert --json` prints: the files, whether the output was written, and every
/// finding of the reader and the writer.
public struct ConvertReport: Encodable {
    public var input: String
    public var inputFormat: String
    public var output: String
    public var outputFormat: String
    /// Whether the output file was written (not with `--strict` and error-level findings).
    public var written: Bool
    public var captions: Int
    public var diagnostics: [Diagnostic]

    enum CodingKeys: String, CodingKey {
        case input, inputFormat, output, outputFormat, written, captions, errors, warnings, notes, diagnostics
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(input, forKey: .input)
        try c.encode(inputFormat, forKey: .inputFormat)
        try c.encode(output, forKey: .output)
        try c.encode(outputFormat, forKey: .outputFormat)
        try c.encode(written, forKey: .written)
        try c.encode(captions, forKey: .captions)
        try c.encode(diagnostics.filter { $0.severity == .error }.count, forKey: .errors)
        try c.encode(diagnostics.filter { $0.severity == .warning }.count, forKey: .warnings)
        try c.encode(diagnostics.filter { $0.severity == .info }.count, forKey: .notes)
        try c.encode(diagnostics.map(CommandLineWords.said), forKey: .diagnostics)
    }
}

/// What `captions generate --json` prints.
public struct GenerateReport: Encodable {
    public var output: String
    public var format: String
    public var minutes: Int
    public var seed: UInt64
    public var captions: Int
    public var diagnostics: [Diagnostic]

    public init(output: String, format: String, minutes: Int, seed: UInt64, captions: Int, diagnostics: [Diagnostic]) {
        self.output = output
        self.format = format
        self.minutes = minutes
        self.seed = seed
        self.captions = captions
        self.diagnostics = diagnostics
    }
}

/// One row of `captions formats --json`.
public struct FormatReport: Encodable {
    public var name: String
    public var title: String
    public var extensions: [String]
    public var reads: Bool
    public var writes: Bool
    /// The format's profiles (``CaptionFormat/profiles``); absent when it has none.
    public var profiles: [Profile]?

    /// One profile: its name, the names that choose it too, and whether it is read and written.
    public struct Profile: Encodable {
        public var name: String
        public var aliases: [String]
        public var title: String
        public var reads: Bool
        public var writes: Bool
    }

    public init(_ format: CaptionFormat) {
        name = format.name
        title = format.title
        extensions = format.extensions
        reads = format.reader != nil
        writes = format.writer != nil
        let profiles = format.profiles.map {
            Profile(name: $0.name, aliases: $0.aliases, title: $0.title, reads: $0.reads, writes: $0.writes)
        }
        self.profiles = profiles.isEmpty ? nil : profiles
    }
}

/// JSON as the commands print it: pretty, keys sorted, slashes as they are.
public enum JSONText {
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
