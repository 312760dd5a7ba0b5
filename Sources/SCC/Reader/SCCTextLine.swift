import CaptionCore

/// One row of CEA-608 text-mode data (TR/RTD) found in an SCC file, kept apart from captions.
public struct SCCTextLine: Hashable, Sendable {
    /// When its first character was sent.
    public let start: MediaTime
    /// When the CR (or the command that left text mode) ended it.
    public let end: MediaTime
    /// The characters of the row.
    public let text: String

    public init(start: MediaTime, end: MediaTime, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}
