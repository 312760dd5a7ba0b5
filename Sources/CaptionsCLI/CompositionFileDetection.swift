/// Tells a composition file (Specs/composition.md) from other JSON, by content: its text is a
/// JSON object with a top-level member `"clips"`, the one member every composition file has
/// and no captions JSON document has (Specs/json-format.md lists its members). Only the top
/// level is scanned, and only as far as needed, so a composition file with a mistake further
/// on is still recognised (and its reader reports the mistake with its line and column).
public enum CompositionFileDetection {
    /// Whether `bytes` (a file's text) is a composition file.
    public static func isCompositionFile(_ bytes: [UInt8]) -> Bool {
        var scanner = Scanner(bytes: bytes)
        guard scanner.skipSpace(), scanner.take(UInt8(ascii: "{")) else { return false }
        while scanner.skipSpace() {
            guard let key = scanner.string(), scanner.skipSpace(), scanner.take(UInt8(ascii: ":")) else { return false }
            if key == Array("clips".utf8) { return true }
            guard scanner.skipValue(), scanner.skipSpace(), scanner.take(UInt8(ascii: ",")) else { return false }
        }
        return false
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0

        /// Skips white space; false at the end of the text.
        mutating func skipSpace() -> Bool {
            while i < bytes.count, [9, 10, 13, 32].contains(bytes[i]) { i += 1 }
            return i < bytes.count
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        /// A string's raw bytes (escapes left as written), or nil when none starts here.
        mutating func string() -> [UInt8]? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = i
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\\"): i += 2
                case UInt8(ascii: "\""):
                    i += 1
                    return Array(bytes[start..<(i - 1)])
                default: i += 1
                }
            }
            return nil
        }

        /// Skips one value: a string, or anything up to the `,` or `}` that ends it at this
        /// depth (brackets balanced, strings skipped whole).
        mutating func skipValue() -> Bool {
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                default: break
                }
                i += 1
            }
            return false
        }
    }
}
