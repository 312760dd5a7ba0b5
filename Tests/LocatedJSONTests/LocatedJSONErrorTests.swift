import LocatedJSON
import Testing

/// Errors name the line and column (counted by hand here, in Unicode scalars) and what was
/// expected; nesting and the number of values are bounded (Specs/limits.md, "JSON").
@Suite struct LocatedJSONErrorTests {
    static func error(_ text: String, maximumDepth: Int = 64, maximumValues: Int = 1000) -> (Int, Int, String)? {
        error(Array(text.utf8), maximumDepth: maximumDepth, maximumValues: maximumValues)
    }

    static func error(_ bytes: [UInt8], maximumDepth: Int = 64, maximumValues: Int = 1000) -> (Int, Int, String)? {
        do {
            _ = try LocatedJSON.parse(bytes, maximumDepth: maximumDepth, maximumValues: maximumValues)
            return nil
        } catch {
            let (line, column) = error.lineAndColumn(in: bytes)
            return (line, column, error.message)
        }
    }

    /// (text, line, column, the message's start).
    static let bad: [(String, Int, Int, String)] = [
        ("{\n  \"a\": 01\n}", 2, 8, "'01' is not a JSON number"),
        ("[1,\n 2,\n]", 3, 1, "expected a value"),
        ("{\"é\": \"x\" \"y\"}", 1, 11, "expected ',' or '}' in an object"),
        ("[1 2]", 1, 4, "expected ',' or ']' in an array"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key \"a\""),
        ("{1: 2}", 1, 2, "expected a key in quotes"),
        ("\"abc", 1, 1, "unterminated string"),
        ("[\"a\\qb\"]", 1, 4, "invalid escape \\q"),
        ("[\n\"\\ud800\"]", 2, 2, "unpaired surrogate"),
        ("[\"\\udc00\"]", 1, 3, "invalid \\u escape"),
        ("[\"a\tb\"]", 1, 4, "a control character in a string"),
        ("[1e400]", 1, 2, "the number 1e400 is out of range"),
        ("[tru]", 1, 2, "expected true or false"),
        ("{\"a\": [1, 2", 1, 12, "the file ends inside an array"),
        ("", 1, 1, "the file ends where a value was expected"),
        ("{} x", 1, 4, "unexpected text after the document"),
        ("\u{FE}", 1, 1, "expected a value"),
    ]

    @Test(arguments: bad.indices)
    func anErrorSaysWhereAndWhat(index: Int) throws {
        let (text, line, column, message) = Self.bad[index]
        let error = try #require(Self.error(text), "accepted \(text.debugDescription)")
        #expect(error.0 == line && error.1 == column, "\(text.debugDescription): \(error)")
        #expect(error.2.hasPrefix(message), "\(text.debugDescription): \(error.2)")
    }

    @Test func bytesThatAreNotUTF8AreRefused() throws {
        let bytes: [UInt8] = [0x5B, 0x22, 0x61, 0xC3, 0x28, 0x22, 0x5D]  // ["a<bad>("]
        #expect(throws: JSONError("invalid UTF-8 in a string", at: 2)) { try LocatedJSON.parse(bytes) }
    }

    @Test func utf16GetsAHintAndAByteOrderMarkIsSkipped() throws {
        let utf16: [UInt8] = [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00]
        let message = try #require(Self.error(utf16))
        #expect(message.2.hasPrefix("the file is not UTF-8 (it looks like UTF-16 or UTF-32)"), "\(message)")
        let bom = try LocatedJSON.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        guard case .array(let items, offset: 3) = bom, items.count == 1 else {
            Issue.record("read as \(bom)")
            return
        }
    }

    @Test func nestingIsBounded() throws {
        func nested(_ n: Int) -> String { String(repeating: "[", count: n) + String(repeating: "]", count: n) }
        #expect(Self.error(nested(64)) == nil)
        let deep = try #require(Self.error(nested(65)))
        #expect(deep.2 == "objects and arrays are nested deeper than 64 levels, the limit (Specs/limits.md)")
        #expect(deep.1 == 65)
        // A million levels: a located error, not a stack overflow, from the scanner too.
        #expect(Self.error(String(repeating: "{\"a\":", count: 1_000_000))?.2.contains("nested deeper") == true)
        var scanner = JSONScanner(Array(String(repeating: "[", count: 1_000_000).utf8))
        #expect(throws: JSONError.self) { try scanner.skipValue() }
        #expect(JSONScanner.defaultMaximumDepth == 256)
    }

    @Test func theNumberOfValuesIsBounded() throws {
        #expect(Self.error("[0, {\"a\": 0}]", maximumValues: 4) == nil)
        let many = try #require(Self.error("[0, {\"a\": 0}, 1]", maximumValues: 4))
        #expect(many.0 == 1 && many.1 == 15)
        #expect(many.2 == "more than 4 values in one document, the limit (Specs/limits.md)")
        #expect(LocatedJSON.defaultMaximumValues == 1_000_000)
    }
}

/// The scanner read value by value, as the captions JSON reader reads its model.
@Suite struct JSONScannerTests {
    @Test func valuesArePulledWithTheirOffsets() throws {
        let text = #" {"id": "x", "n": [1, -2.5e1, null], "on": true, "skip": {"a": [{}]}} "#
        var s = JSONScanner(Array(text.utf8))
        var seen: [String] = []
        #expect(try s.enterObject())
        repeat {
            let key = try s.readKey()
            let at = s.valueStart()
            switch key {
            case "id": seen.append("id=\(try s.readString())@\(at)")
            case "n":
                #expect(try s.enterArray())
                var numbers: [String] = []
                repeat {
                    numbers.append(s.readNull() ? "null" : String(try s.readNumber()))
                } while try s.nextElement()
                seen.append("n=\(numbers.joined(separator: ","))@\(at)")
            case "on": seen.append("on=\(try s.readBool())@\(at)")
            default: try s.skipValue()
            }
        } while try s.nextMember()
        try s.expectEnd()
        #expect(seen == ["id=x@8", "n=1.0,-25.0,null@18", "on=true@43"])
        #expect(s.depth == 0)
    }

    @Test func aValueOfTheWrongKindSaysWhatWasExpected() {
        var s = JSONScanner(Array(#"[1, "2", 3.5, x]"#.utf8))
        #expect(throws: JSONError("expected an object", at: 0)) { try s.enterObject() }
        #expect(throws: Never.self) { try s.enterArray() }
        #expect(throws: JSONError("expected a string", at: 1)) { try s.readString() }
        #expect(throws: Never.self) { try s.readInteger() }
        #expect(throws: Never.self) { try s.nextElement() }
        #expect(throws: JSONError("expected a number", at: 4)) { try s.readNumber() }
        #expect(throws: Never.self) { try s.readString() }
        #expect(throws: Never.self) { try s.nextElement() }
        #expect(throws: JSONError("expected a whole number", at: 9)) { try s.readInteger() }
    }
}
