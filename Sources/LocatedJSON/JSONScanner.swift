/// The one JSON reader (RFC 8259) of the suite: it pulls values from UTF-8 bytes one at a time,
/// knows the byte offset of each, and bounds how deep objects and arrays nest (Specs/limits.md,
/// "JSON"). The captions JSON reader reads its model straight from it, with no tree between;
/// ``LocatedJSON/parse(_:maximumDepth:maximumValues:)`` builds a tree with it for the layout
/// and composition files.
///
/// Objects and arrays are read in a loop that allocates nothing:
///
///     if try scanner.enterObject() {
///         repeat {
///             let key = try scanner.readKey()
///             … read the value …
///         } while try scanner.nextMember()
///     }
///
/// Every error is a ``JSONError`` naming what was expected and its offset.
package struct JSONScanner {
    /// The document (UTF-8).
    package let bytes: [UInt8]
    /// The offset of the next byte to read.
    package var offset: Int
    /// Objects and arrays open at the offset.
    @usableFromInline var openContainers = 0
    /// Deeper nesting is an error rather than recursion (hostile input).
    package let maximumDepth: Int

    /// The default nesting limit: the captions JSON reader's (Specs/limits.md).
    package static let defaultMaximumDepth = 256

    /// A scanner at the start of `bytes`, past a UTF-8 byte order mark if there is one.
    package init(_ bytes: [UInt8], maximumDepth: Int = Self.defaultMaximumDepth) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// How many objects and arrays are open here.
    package var depth: Int { openContainers }

    /// Refuses UTF-16 and UTF-32 text with a hint: RFC 8259 §8.1 requires UTF-8 for JSON
    /// exchanged between systems, and a NUL byte among the first four cannot start UTF-8 JSON.
    package func checkEncoding() throws(JSONError) {
        let head = bytes.prefix(4)
        let bom16 = head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE])
        guard bom16 || head.contains(0) else { return }
        throw JSONError(
            "the file is not UTF-8 (it looks like UTF-16 or UTF-32); JSON must be UTF-8 (RFC 8259 §8.1): "
                + "save it as UTF-8, e.g. iconv -f UTF-16 -t UTF-8", at: 0)
    }

    // MARK: - Structure

    /// Skips white space (RFC 8259 §2: space, tab, line feed, carriage return).
    @inlinable
    package mutating func skipSpace() {
        while offset < bytes.count {
            let b = bytes[offset]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            offset += 1
        }
    }

    /// The offset where the next value starts (past white space).
    @inlinable
    package mutating func valueStart() -> Int {
        skipSpace()
        return offset
    }

    /// The next byte after white space, not consumed; nil at the end.
    @inlinable
    package mutating func peek() -> UInt8? {
        skipSpace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    /// Consumes `{`; false when the object is empty (its `}` consumed too).
    @inlinable
    package mutating func enterObject() throws(JSONError) -> Bool {
        try enter(UInt8(ascii: "{"), UInt8(ascii: "}"), "an object")
    }

    /// A member's name and its `:`; the value is next.
    @inlinable
    package mutating func readKey() throws(JSONError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
        let key = try readStringBody()
        guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
        offset += 1
        return key
    }

    /// After a member's value: true past a `,` (another member follows), false past the `}`.
    @inlinable
    package mutating func nextMember() throws(JSONError) -> Bool {
        try next(UInt8(ascii: "}"), "an object")
    }

    /// Consumes `[`; false when the array is empty (its `]` consumed too).
    @inlinable
    package mutating func enterArray() throws(JSONError) -> Bool {
        try enter(UInt8(ascii: "["), UInt8(ascii: "]"), "an array")
    }

    /// After an element: true past a `,` (another element follows), false past the `]`.
    @inlinable
    package mutating func nextElement() throws(JSONError) -> Bool {
        try next(UInt8(ascii: "]"), "an array")
    }

    /// Consumes `open`; false when `close` follows at once (consumed too).
    @inlinable
    mutating func enter(_ open: UInt8, _ close: UInt8, _ what: StaticString) throws(JSONError) -> Bool {
        guard peek() == open else { throw error("expected \(what)") }
        guard openContainers < maximumDepth else { throw nestingError() }
        offset += 1
        if peek() == close {
            offset += 1
            return false
        }
        openContainers += 1
        return true
    }

    @inlinable
    mutating func next(_ close: UInt8, _ what: StaticString) throws(JSONError) -> Bool {
        switch peek() {
        case UInt8(ascii: ","):
            offset += 1
            return true
        case close:
            offset += 1
            openContainers -= 1
            return false
        case nil: throw error("the file ends inside \(what)")
        default: throw error("expected ',' or '\(Character(Unicode.Scalar(close)))' in \(what)")
        }
    }

    /// Skips one value of any kind (an unknown member's), nested values included.
    package mutating func skipValue() throws(JSONError) {
        switch peek() {
        case UInt8(ascii: "{"):
            if try enterObject() {
                repeat {
                    _ = try readKey()
                    try skipValue()
                } while try nextMember()
            }
        case UInt8(ascii: "["):
            if try enterArray() {
                repeat { try skipValue() } while try nextElement()
            }
        case UInt8(ascii: "\""): _ = try readStringBody()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"): guard readNull() else { throw valueError() }
        default: _ = try scanNumber()
        }
    }

    /// Checks that only white space follows the document's value.
    package mutating func expectEnd() throws(JSONError) {
        guard peek() == nil else { throw error("unexpected text after the document") }
    }

    // MARK: - Errors

    /// An error at `offset` (default: here).
    @usableFromInline
    func error(_ message: String, at offset: Int? = nil) -> JSONError {
        JSONError(message, at: offset ?? self.offset)
    }

    @usableFromInline
    func nestingError() -> JSONError {
        error("objects and arrays are nested deeper than \(maximumDepth) levels, the limit (Specs/limits.md)")
    }

    /// No value starts at `position` (default: here).
    @usableFromInline
    func valueError(at position: Int? = nil) -> JSONError {
        let at = position ?? offset
        return at < bytes.count
            ? error("expected a value (true, false, null, a number, a string, an array or an object)", at: at)
            : error("the file ends where a value was expected", at: at)
    }
}
