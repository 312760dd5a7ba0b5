/// A JSON value (RFC 8259) with the byte offset where it starts, so that an error about it can
/// name its line and column: the tree that the dashboard layout and composition file readers
/// check with ``LocatedJSONDecoding``. Read by ``JSONScanner``; Foundation's JSONSerialization
/// keeps no positions.
package indirect enum LocatedJSON {
    case object([(key: String, value: LocatedJSON, offset: Int)], offset: Int)
    case array([LocatedJSON], offset: Int)
    case string(String, offset: Int)
    case number(Double, offset: Int)
    case bool(Bool, offset: Int)
    case null(offset: Int)

    package var offset: Int {
        switch self {
        case .object(_, let o), .array(_, let o), .string(_, let o), .number(_, let o), .bool(_, let o), .null(let o):
            return o
        }
    }

    package var kindName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }

    /// The most values one tree may hold (Specs/limits.md, "JSON"): a hand-written file has
    /// hundreds; each costs tens of bytes in the tree, so 4 MiB of `[0,0,…]` stays well under
    /// 100 MB.
    package static let defaultMaximumValues = 1_000_000

    /// Parses `bytes` (UTF-8, an optional byte order mark), nested at most `maximumDepth`
    /// levels, with at most `maximumValues` values (objects, arrays and members' values count).
    package static func parse(
        _ bytes: [UInt8], maximumDepth: Int = 64, maximumValues: Int = defaultMaximumValues
    ) throws(JSONError) -> LocatedJSON {
        var builder = Builder(scanner: JSONScanner(bytes, maximumDepth: maximumDepth), limit: maximumValues)
        try builder.scanner.checkEncoding()
        let root = try builder.value()
        try builder.scanner.expectEnd()
        return root
    }

    private struct Builder {
        var scanner: JSONScanner
        let limit: Int
        var count = 0

        mutating func value() throws(JSONError) -> LocatedJSON {
            let next = scanner.peek()
            let start = scanner.offset
            guard count < limit else {
                throw JSONError("more than \(limit) values in one document, the limit (Specs/limits.md)", at: start)
            }
            count += 1
            switch next {
            case UInt8(ascii: "{"):
                var members: [(key: String, value: LocatedJSON, offset: Int)] = []
                if try scanner.enterObject() {
                    repeat {
                        _ = scanner.peek()
                        let keyOffset = scanner.offset
                        let key = try scanner.readKey()
                        members.append((key, try value(), keyOffset))
                    } while try scanner.nextMember()
                }
                return .object(members, offset: start)
            case UInt8(ascii: "["):
                var items: [LocatedJSON] = []
                if try scanner.enterArray() {
                    repeat { items.append(try value()) } while try scanner.nextElement()
                }
                return .array(items, offset: start)
            case UInt8(ascii: "\""): return .string(try scanner.readStringBody(), offset: start)
            case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try scanner.readBool(), offset: start)
            case UInt8(ascii: "n"):
                guard scanner.readNull() else { throw scanner.valueError() }
                return .null(offset: start)
            case let b? where JSONScanner.numberLike(b):
                return .number(try scanner.readNumber(), offset: start)
            default:
                throw scanner.valueError()
            }
        }
    }
}
