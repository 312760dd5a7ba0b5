/// The commands a batch job may run, one row each, and how each names its inputs and outputs
/// (Specs/batch-jobs.md, "Inputs and outputs").
///
/// A job's command is a `captions` command line without the program name. Its kind is the
/// first word (two for `metadata add`); its inputs are the words right after the kind up to the
/// first option (a word that starts with `-`); its outputs are the values of `-o`/`--output`
/// (and `compose`'s `--captions-out` and `--metadata-out`), or, for `convert` without `-o`, the
/// second of those leading words (`convert IN OUT`).
public struct JobKind: Sendable, Hashable, CustomStringConvertible {
    /// The command's words: `["convert"]`, `["metadata", "add"]`.
    public let words: [String]
    /// Whether the job encodes video: its encoder already keeps several cores busy, so fewer
    /// run at once (``LocalPool/Limits``).
    public let isEncode: Bool
    /// Whether the command must name an output file; `validate` names one only with `--fix`.
    let needsOutput: Bool
    /// How many leading words are inputs at most (`burn MOVIE CAPTIONS`); nil for any number
    /// (`compose A.mp4 B.mp4 …`).
    let maximumInputs: Int?

    public var description: String { words.joined(separator: " ") }

    /// Every kind a job may be. Commands that print only (`inspect`, `formats`, `media-info`),
    /// read standard input or write no file do not batch.
    public static let all: [JobKind] = [
        JobKind(words: ["convert"], isEncode: false, needsOutput: true, maximumInputs: 1),
        JobKind(words: ["validate"], isEncode: false, needsOutput: false, maximumInputs: 1),
        JobKind(words: ["mux"], isEncode: false, needsOutput: true, maximumInputs: 2),
        JobKind(words: ["metadata", "add"], isEncode: false, needsOutput: true, maximumInputs: 2),
        JobKind(words: ["preview"], isEncode: false, needsOutput: true, maximumInputs: 1),
        JobKind(words: ["frame"], isEncode: false, needsOutput: true, maximumInputs: 1),
        JobKind(words: ["thumbnails"], isEncode: false, needsOutput: true, maximumInputs: 1),
        JobKind(words: ["burn"], isEncode: true, needsOutput: true, maximumInputs: 2),
        JobKind(words: ["export"], isEncode: true, needsOutput: true, maximumInputs: 1),
        JobKind(words: ["compose"], isEncode: true, needsOutput: true, maximumInputs: nil),
    ]

    /// The kind whose words start `command`, if any.
    public static func of(_ command: [String]) -> JobKind? {
        all.first { command.starts(with: $0.words) }
    }

    /// The kind named `name` ("convert", "metadata add").
    public static func named(_ name: String) -> JobKind? {
        all.first { $0.description == name }
    }

    /// The options whose value is an output file, beside `-o`/`--output`.
    static let extraOutputOptions = ["--captions-out", "--metadata-out"]
}
