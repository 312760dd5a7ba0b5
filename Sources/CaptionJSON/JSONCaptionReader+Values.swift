import CaptionCore
import LocatedJSON

/// The JSON values of the format as the model reads them: `null` is an absent value, and each
/// object member and array element is pushed on the path that errors name.
extension JSONCaptionReader {
    /// Calls `body` for each member; the key is the member's name. `null` is an absent object.
    mutating func readObject(_ body: (String, inout JSONCaptionReader) throws(JSONError) -> Void) throws(JSONError) {
        if scanner.readNull() { return }
        guard try scanner.enterObject() else { return }
        repeat {
            let key = try scanner.readKey()
            path.append(.key(key))
            try body(key, &self)
            path.removeLast()
        } while try scanner.nextMember()
    }

    /// The elements of an array, or nil for `null`; past `limit.count` elements, an error that
    /// names the limit.
    mutating func readArray<T>(
        limit: (count: Int, what: String)? = nil, _ element: (inout JSONCaptionReader) throws(JSONError) -> T
    ) throws(JSONError) -> [T]? {
        if scanner.readNull() { return nil }
        var out: [T] = []
        guard try scanner.enterArray() else { return out }
        repeat {
            if let limit, out.count == limit.count {
                throw failure(
                    "more than \(limit.count) \(limit.what) in one document; that is the limit (Specs/limits.md)")
            }
            path.append(.index(out.count))
            out.append(try element(&self))
            path.removeLast()
        } while try scanner.nextElement()
        return out
    }

    mutating func readString() throws(JSONError) -> String? {
        if scanner.readNull() { return nil }
        return try scanner.readString()
    }

    mutating func readBool() throws(JSONError) -> Bool? {
        if scanner.readNull() { return nil }
        return try scanner.readBool()
    }

    mutating func readNumber() throws(JSONError) -> Double? {
        if scanner.readNull() { return nil }
        return try scanner.readNumber()
    }

    mutating func readInteger() throws(JSONError) -> Int64? {
        if scanner.readNull() { return nil }
        return try scanner.readInteger()
    }

    /// Whether the next value is `null` (consumed if so).
    mutating func readNull() throws(JSONError) -> Bool { scanner.readNull() }

    /// Skips an unknown member's value, however it nests (up to ``maximumDepth``).
    mutating func skipValue() throws(JSONError) { try scanner.skipValue() }

    /// An error at `offset` (default: here); ``located(_:)`` adds the line, column and path.
    func failure(_ message: String, at offset: Int? = nil) -> JSONError {
        JSONError(message, at: offset ?? scanner.offset)
    }

    /// `error` with its line and column, and the path of keys where it was thrown.
    func located(_ error: JSONError) -> Failure {
        let (line, column) = error.lineAndColumn(in: scanner.bytes)
        var where_ = ""
        for step in path {
            switch step {
            case .index(let n): where_ += "[\(n)]"
            case .key(let k): where_ += where_.isEmpty ? k : "." + k
            }
        }
        let text = where_.isEmpty ? error.message : "at \(where_): \(error.message)"
        return Failure(message: text, line: line, column: column)
    }
}
