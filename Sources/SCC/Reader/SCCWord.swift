/// One hex word of an SCC file: a byte pair, the frame it is sent in and where it was written.
public struct SCCWord: Hashable, Sendable {
    /// The absolute frame number (frames since 00:00:00:00 at the file's rate).
    public let frame: Int64
    /// The first byte, parity bit included.
    public let first: UInt8
    /// The second byte, parity bit included.
    public let second: UInt8
    /// The 1-based line of the file.
    public let line: Int
    /// The 1-based byte column of the word in its line.
    public let column: Int
    /// Whether the line's label was drop-frame.
    public let dropFrame: Bool

    public init(frame: Int64, first: UInt8, second: UInt8, line: Int, column: Int, dropFrame: Bool) {
        self.frame = frame
        self.first = first
        self.second = second
        self.line = line
        self.column = column
        self.dropFrame = dropFrame
    }
}
