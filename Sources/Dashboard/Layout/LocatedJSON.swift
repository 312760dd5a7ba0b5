import CaptionCore

/// A JSON value (RFC 8259) with the byte offset where it starts, so that a layout error can name
/// its line and column. Hand-written because Foundation's JSONSerialization keeps no positions.
indirect enum LocatedJSON {
    case object([(key: String, value: LocatedJSON, offset: Int)], offset: Int)
    case array([LocatedJSON], offset: Int)
    case string(String, offset: Int)
    case number(Double, offset: Int)
    case bool(Bool, offset: Int)
    case null(offset: Int)

    var offset: Int {
        switch self {
        case .object(_, let o), .array(_, let o), .string(_, let o), .number(_, let o), .bool(_, let o), .null(let o):
            return o
        }
    }

    var kindName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }

    /// A syntax error: what was expected, and the offset.
    struct SyntaxError: Error {
        var message: String
        var offset: Int
    }

    /// Parses `bytes` (UTF-8, an optional BOM) with a nesting limit.
    static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws(SyntaxError) -> LocatedJSON {
        var p = Parser(bytes: bytes, maxDepth: maxDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 }
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else {
            throw SyntaxError(message: "text after the end of the JSON value", offset: p.i)
        }
        return v
    }

    private struct Parser {
        let bytes: [UInt8]
        let maxDepth: Int
        var i = 0

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        func fail(_ message: String) -> SyntaxError { SyntaxError(message: message, offset: i) }

        mutating func value(depth: Int) throws(SyntaxError) -> LocatedJSON {
            skipSpace()
            guard depth < maxDepth else { throw fail("nesting deeper than \(maxDepth) levels") }
            guard i < bytes.count else { throw fail("the file ends where a value was expected") }
            let start = i
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(key: String, value: LocatedJSON, offset: Int)] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return .object(members, offset: start)
                }
                while true {
                    skipSpace()
                    let keyOffset = i
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a \"key\"") }
                    let key = try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                        throw fail("expected ':' after \"\(key)\"")
                    }
                    i += 1
                    members.append((key, try value(depth: depth + 1), keyOffset))
                    skipSpace()
                    guard i < bytes.count else { throw fail("the file ends inside an object") }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    guard bytes[i] == UInt8(ascii: "}") else { throw fail("expected ',' or '}' in an object") }
                    i += 1
                    return .object(members, offset: start)
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [LocatedJSON] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(items, offset: start)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw fail("the file ends inside an array") }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    guard bytes[i] == UInt8(ascii: "]") else { throw fail("expected ',' or ']' in an array") }
                    i += 1
                    return .array(items, offset: start)
                }
            case UInt8(ascii: "\""):
                return .string(try string(), offset: start)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                for (word, v) in [
                    ("true", LocatedJSON.bool(true, offset: start)), ("false", .bool(false, offset: start)),
                    ("null", .null(offset: start)),
                ] where bytes[i...].starts(with: Array(word.utf8)) {
                    i += word.utf8.count
                    return v
                }
                throw fail("expected a value (true, false, null, a number, a string, an array or an object)")
            default:
                return .number(try number(), offset: start)
            }
        }

        mutating func number() throws(SyntaxError) -> Double {
            let start = i
            let allowed = Set("+-0123456789.eE".utf8)
            while i < bytes.count, allowed.contains(bytes[i]) { i += 1 }
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            guard !text.isEmpty, text.first != "+", let v = Double(text), v.isFinite else {
                i = start
                throw fail(text.isEmpty ? "expected a value" : "'\(text)' is not a JSON number")
            }
            return v
        }

        mutating func string() throws(SyntaxError) -> String {
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    i += 1
                    guard let s = String(validating: out, as: UTF8.self) else {
                        throw fail("a string that is not UTF-8")
                    }
                    return s
                }
                if b < 0x20 { throw fail("a control character inside a string") }
                if b == UInt8(ascii: "\\") {
                    i += 1
                    guard i < bytes.count else { break }
                    switch bytes[i] {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard i + 4 < bytes.count,
                            let v = UInt32(String(decoding: bytes[(i + 1)...(i + 4)], as: UTF8.self), radix: 16),
                            let scalar = Unicode.Scalar(v)
                        else { throw fail("a bad \\u escape") }
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                        i += 4
                    case let c where c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c == UInt8(ascii: "/"):
                        out.append(c)
                    default: throw fail("a bad escape in a string")
                    }
                    i += 1
                    continue
                }
                out.append(b)
                i += 1
            }
            throw fail("the file ends inside a string")
        }
    }
}
