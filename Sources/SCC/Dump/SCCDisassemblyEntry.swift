/// One word of an SCC file, decoded: a row of `captions scc dump`.
public struct SCCDisassemblyEntry: Hashable, Sendable, Codable {
    /// The frame's timecode label.
    public let timecode: String
    /// The 1-based line of the file.
    public let line: Int
    /// The word as written, four lower-case hex digits.
    public let word: String
    /// The service the word addressed (CC1–CC4), if any.
    public let channel: String?
    /// Whether the word acted on the channel being read.
    public let accepted: Bool
    /// What the word means, such as `RCL` or `"AB"`.
    public let meaning: String
    /// The caption mode after the word.
    public let mode: String
    /// When the word changed the screen: what is shown now, one entry per non-empty row, as
    /// `row:column text` with 1-based rows and 0-based columns.
    public let screen: [String]?

    public init(
        timecode: String, line: Int, word: String, channel: String?, accepted: Bool, meaning: String,
        mode: String, screen: [String]?
    ) {
        self.timecode = timecode
        self.line = line
        self.word = word
        self.channel = channel
        self.accepted = accepted
        self.meaning = meaning
        self.mode = mode
        self.screen = screen
    }
}
