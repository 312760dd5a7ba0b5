import CaptionCore

/// A JSON document that cannot be read: what was expected, and the byte offset where it was
/// not found. Readers built on ``JSONScanner`` throw it for their own problems too (a bad
/// colour, a missing member) and turn it into their error with ``lineAndColumn(in:)``.
package struct JSONError: Error, Sendable, Hashable {
    /// What was expected, e.g. "expected ',' or '}' in an object".
    package var message: String
    /// The byte offset of the value or character at fault.
    package var offset: Int

    package init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The 1-based line and column (in Unicode scalars) of ``offset`` in the document.
    package func lineAndColumn(in bytes: [UInt8]) -> (line: Int, column: Int) {
        TextPosition.lineAndColumn(of: offset, in: bytes)
    }
}
