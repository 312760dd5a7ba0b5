import CaptionCore

/// Reads the captions JSON format (Specs/json-format.md) straight from bytes into the model.
/// Same rules as the model's `Decodable` conformance, about eight times faster than
/// `JSONDecoder`; errors give the line, the column and the path of the bad value.
struct JSONCaptionReader {
    private let bytes: [UInt8]
    private var i = 0
    /// Where we are, for error messages: object keys and array indices.
    private enum PathStep {
        case key(String)
        case index(Int)
    }
    private var path: [PathStep] = []
    /// Nesting limit: deeper input is rejected rather than recursed into (hostile input).
    static let maximumDepth = 256
    /// The most captions one document may hold (Specs/limits.md): 55 times a 20-hour feature.
    static let maximumCaptions = 1_000_000
    /// ``maximumCaptions`` unless a test asks for fewer.
    private let captionLimit: Int

    init(_ bytes: [UInt8], maximumCaptions: Int = Self.maximumCaptions) {
        self.bytes = bytes
        captionLimit = maximumCaptions
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    struct Failure: Error {
        let message: String
        let line: Int
        let column: Int
    }

    // MARK: - Model

    mutating func readDocument() throws(Failure) -> CaptionDocument {
        try checkEncoding()
        var doc = CaptionDocument()
        var seenKeys = false
        try readObject { key, r throws(Failure) in
            seenKeys = true
            switch key {
            case "captions":
                doc.captions =
                    try r.readArray(limit: (r.captionLimit, "captions")) { r throws(Failure) in try r.readCaption() }
                    ?? []
            case "language": doc.language = try r.readString()
            case "dropFrame": doc.dropFrame = try r.readBool()
            case "timeBase": doc.timeBase = try r.readEnum(CaptionDocument.TimeBase.self)
            case "frameRate":
                if let text = try r.readString() {
                    guard let rate = FrameRate(text) else { throw r.failure("unknown frame rate \"\(text)\"") }
                    doc.frameRate = rate
                }
            case "version":
                if let v = try r.readInteger(), v > Int64(CaptionDocument.jsonFormatVersion) {
                    throw r.failure("version \(v) is newer than this reader (\(CaptionDocument.jsonFormatVersion))")
                }
            case "metadata":
                var meta: [String: String] = [:]
                try r.readObject { k, r throws(Failure) in meta[k] = try r.readString() }
                doc.metadata = meta
            default: try r.skipValue()
            }
        }
        _ = seenKeys
        skipSpace()
        guard i == bytes.count else { throw failure("unexpected text after the document") }
        return doc
    }

    mutating func readCaption() throws(Failure) -> Caption {
        let objectStart = i
        var startTime: MediaTime?
        var endTime: MediaTime?
        var startSeconds: Double?
        var endSeconds: Double?
        var text: String?
        var runs: [CaptionRun]?
        var caption = Caption(runs: [], timeRange: .zero)
        try readObject { key, r throws(Failure) in
            switch key {
            case "startTime": startTime = try r.readTime()
            case "endTime": endTime = try r.readTime()
            case "start": startSeconds = try r.readNumber()
            case "end": endSeconds = try r.readNumber()
            case "text": text = try r.readString()
            case "styles": runs = try r.readArray { r throws(Failure) in try r.readRun() }
            case "id": caption.id = try r.readString()
            case "region": caption.region = try r.readRegion()
            case "textAlignment": caption.textAlignment = try r.readEnum(CaptionTextAlignment.self)
            case "animation": caption.animation = try r.readEnum(CaptionAnimation.self) ?? .none
            case "forcedDisplay": caption.forcedDisplay = try r.readBool() ?? false
            default: try r.skipValue()
            }
        }
        func time(_ exact: MediaTime?, _ seconds: Double?, _ exactKey: String, _ secondsKey: String)
            throws(Failure) -> MediaTime
        {
            if let t = exact { return t }
            if let s = seconds {
                guard let time = MediaTime(jsonSeconds: s) else {
                    throw failure("\(secondsKey) \(s) is not a usable time in seconds", at: objectStart)
                }
                return time
            }
            throw failure("missing key \"\(exactKey)\": a caption needs \(exactKey) or \(secondsKey)", at: objectStart)
        }
        let start = try time(startTime, startSeconds, "startTime", "start")
        let end = try time(endTime, endSeconds, "endTime", "end")
        caption.timeRange = TimeRange(start: start, duration: end - start)
        // An empty text with no runs is a caption without runs, which the writer writes as
        // `"styles": [], "text": ""` (Specs/json-format.md).
        if runs == nil || runs?.isEmpty == true, let text, !text.isEmpty { runs = [CaptionRun(text)] }
        caption.runs = runs ?? []
        return caption
    }

    mutating func readRun() throws(Failure) -> CaptionRun {
        let objectStart = i
        var text: String?
        var s = CaptionTextStyle()
        try readObject { key, r throws(Failure) in
            switch key {
            case "text": text = try r.readString()
            case "color": s.textColor = try r.readColor()
            case "backgroundColor": s.backgroundColor = try r.readColor()
            case "italic": s.italic = try r.readBool() ?? false
            case "bold": s.bold = try r.readBool() ?? false
            case "underline": s.underline = try r.readBool() ?? false
            case "flash": s.flash = try r.readBool() ?? false
            case "textCombine": s.textCombine = try r.readBool() ?? false
            case "fontFamily": s.fontFamily = try r.readString()
            case "fontSize": s.fontSize = try r.readDimension()
            case "ruby": s.ruby = try r.readRuby()
            default: try r.skipValue()
            }
        }
        guard let text else { throw failure("missing key \"text\" in a style run", at: objectStart) }
        return CaptionRun(text, style: s)
    }

    mutating func readRuby() throws(Failure) -> CaptionRuby? {
        if try readNull() { return nil }
        let objectStart = i
        var text: String?
        var position: CaptionRuby.Position?
        var alignment: CaptionRuby.Alignment?
        try readObject { key, r throws(Failure) in
            switch key {
            case "text": text = try r.readString()
            case "position": position = try r.readEnum(CaptionRuby.Position.self)
            case "alignment": alignment = try r.readEnum(CaptionRuby.Alignment.self)
            default: try r.skipValue()
            }
        }
        guard let text, let position, let alignment else {
            throw failure("ruby needs \"text\", \"position\" and \"alignment\"", at: objectStart)
        }
        return CaptionRuby(text: text, position: position, alignment: alignment)
    }

    mutating func readRegion() throws(Failure) -> CaptionRegion? {
        if try readNull() { return nil }
        var region = CaptionRegion()
        try readObject { key, r throws(Failure) in
            switch key {
            case "id": region.identifier = try r.readString()
            case "origin":
                if let (x, y) = try r.readPair("x", "y") { region.origin = CaptionPoint(x: x, y: y) }
            case "size":
                if let (w, h) = try r.readPair("width", "height") { region.size = CaptionSize(width: w, height: h) }
            case "displayAlignment": region.displayAlignment = try r.readEnum(CaptionRegion.DisplayAlignment.self)
            case "writingMode":
                region.writingMode = try r.readEnum(CaptionRegion.WritingMode.self) ?? .leftToRightAndTopToBottom
            case "rollUpRows":
                if let n = try r.readInteger() {
                    guard let rows = Int(exactly: n) else { throw r.failure("rollUpRows out of range") }
                    region.scroll = .rollUp(rows: rows)
                }
            default: try r.skipValue()
            }
        }
        return region
    }

    /// An object of two lengths, e.g. `{"x": "4c", "y": "14c"}`; both are required.
    mutating func readPair(_ a: String, _ b: String) throws(Failure) -> (CaptionDimension, CaptionDimension)? {
        if try readNull() { return nil }
        let objectStart = i
        var first: CaptionDimension?
        var second: CaptionDimension?
        try readObject { key, r throws(Failure) in
            if key == a {
                first = try r.readDimension()
            } else if key == b {
                second = try r.readDimension()
            } else {
                try r.skipValue()
            }
        }
        guard let first, let second else { throw failure("expected both \"\(a)\" and \"\(b)\"", at: objectStart) }
        return (first, second)
    }

    mutating func readTime() throws(Failure) -> MediaTime? {
        guard let s = try readString() else { return nil }
        guard let t = MediaTime(s) else { throw failure("expected a rational time like \"1001/30000\", got \"\(s)\"") }
        return t
    }

    mutating func readDimension() throws(Failure) -> CaptionDimension? {
        guard let text = try readString() else { return nil }
        guard let d = CaptionDimension(text) else {
            throw failure("expected a length like \"4c\", \"85%\" or \"12px\", got \"\(text)\"")
        }
        return d
    }

    mutating func readColor() throws(Failure) -> CaptionColor? {
        guard let text = try readString() else { return nil }
        guard let c = CaptionColor(hex: text) else {
            throw failure("expected a colour like \"#FFFFFFFF\", got \"\(text)\"")
        }
        return c
    }

    mutating func readEnum<E: RawRepresentable>(_: E.Type) throws(Failure) -> E? where E.RawValue == String {
        guard let text = try readString() else { return nil }
        guard let value = E(rawValue: text) else { throw failure("unknown value \"\(text)\"") }
        return value
    }

    // MARK: - JSON syntax

    /// Calls `body` for each member; the key is the member's name. `null` is an absent object.
    mutating func readObject(_ body: (String, inout JSONCaptionReader) throws(Failure) -> Void) throws(Failure) {
        if try readNull() { return }
        try expect(UInt8(ascii: "{"), "an object")
        guard path.count < Self.maximumDepth else { throw nestingFailure() }
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            i += 1
            return
        }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try parseString()
            skipSpace()
            try expect(UInt8(ascii: ":"), "\":\" after the key")
            path.append(.key(key))
            try body(key, &self)
            path.removeLast()
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"):
                i += 1
                return
            default: throw failure("expected \",\" or \"}\"")
            }
        }
    }

    /// The elements of an array, or nil for `null`; past `limit.count` elements, an error that
    /// names the limit.
    mutating func readArray<T>(
        limit: (count: Int, what: String)? = nil, _ element: (inout JSONCaptionReader) throws(Failure) -> T
    ) throws(Failure) -> [T]? {
        if try readNull() { return nil }
        try expect(UInt8(ascii: "["), "an array")
        guard path.count < Self.maximumDepth else { throw nestingFailure() }
        var out: [T] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            i += 1
            return out
        }
        while true {
            if let limit, out.count == limit.count {
                throw failure(
                    "more than \(limit.count) \(limit.what) in one document; that is the limit (Specs/limits.md)")
            }
            path.append(.index(out.count))
            out.append(try element(&self))
            path.removeLast()
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"):
                i += 1
                return out
            default: throw failure("expected \",\" or \"]\"")
            }
        }
    }

    mutating func readString() throws(Failure) -> String? {
        if try readNull() { return nil }
        skipSpace()
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string") }
        return try parseString()
    }

    mutating func readBool() throws(Failure) -> Bool? {
        if try readNull() { return nil }
        if match("true") { return true }
        if match("false") { return false }
        throw failure("expected true or false")
    }

    mutating func readNumber() throws(Failure) -> Double? {
        if try readNull() { return nil }
        let start = i
        try scanNumber()
        guard let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { throw failure("bad number") }
        return d
    }

    mutating func readInteger() throws(Failure) -> Int64? {
        if try readNull() { return nil }
        let start = i
        try scanNumber()
        guard let v = Int64(String(decoding: bytes[start..<i], as: UTF8.self)) else {
            throw failure("expected a whole number", at: start)
        }
        return v
    }

    /// Whether the next value is `null` (consumed if so).
    mutating func readNull() throws(Failure) -> Bool {
        skipSpace()
        return match("null")
    }

    mutating func skipValue() throws(Failure) {
        skipSpace()
        switch peek() {
        case UInt8(ascii: "{"): try readObject { _, r throws(Failure) in try r.skipValue() }
        case UInt8(ascii: "["): _ = try readArray { r throws(Failure) in try r.skipValue() }
        case UInt8(ascii: "\""): _ = try parseString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"): _ = try readNull()
        default: try scanNumber()
        }
    }

    private mutating func scanNumber() throws(Failure) {
        skipSpace()
        let start = i
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                i += 1
            default:
                if i == start { throw failure("expected a value") }
                return
            }
        }
        if i == start { throw failure("unexpected end of the file") }
    }

    private mutating func parseString() throws(Failure) -> String {
        i += 1  // opening quote
        let start = i
        // Fast path: no escapes.
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") {
            if bytes[i] < 0x20 { throw failure("control character in a string") }
            i += 1
        }
        guard i < bytes.count else { throw failure("unterminated string", at: start - 1) }
        if bytes[i] == UInt8(ascii: "\"") {
            i += 1
            return try utf8(bytes[start..<(i - 1)], at: start)
        }
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return try utf8(out[...], at: start)
            }
            if b < 0x20 { throw failure("control character in a string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard match("\\u") else { throw failure("unpaired surrogate") }
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw failure("invalid escape \\\(Character(Unicode.Scalar(e)))")
            }
        }
        throw failure("unterminated string", at: start - 1)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count else { throw failure("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let d = HexText.value(ofDigit: bytes[i]) else { throw failure("bad hex digit in \\u escape") }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    private func utf8(_ slice: ArraySlice<UInt8>, at offset: Int) throws(Failure) -> String {
        guard let s = String(validating: slice, as: UTF8.self) else {
            throw failure("invalid UTF-8 in a string", at: offset)
        }
        return s
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        skipSpace()
        guard peek() == byte else { throw failure("expected \(what)") }
        i += 1
    }

    private mutating func match(_ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        let ok = literal.withUTF8Buffer { lit in
            var k = 0
            while k < n {
                if bytes[i + k] != lit[k] { return false }
                k += 1
            }
            return true
        }
        if ok { i += n }
        return ok
    }

    private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private func nestingFailure() -> Failure {
        failure("objects and arrays are nested deeper than \(Self.maximumDepth) levels, the limit (Specs/limits.md)")
    }

    /// Refuses UTF-16 and UTF-32 text with a hint: RFC 8259 §8.1 requires UTF-8 for JSON
    /// exchanged between systems, and a NUL byte among the first four cannot start UTF-8 JSON.
    private func checkEncoding() throws(Failure) {
        let head = bytes.prefix(4)
        let bom16 = head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE])
        guard bom16 || head.contains(0) else { return }
        throw Failure(
            message: "the file is not UTF-8 (it looks like UTF-16 or UTF-32); captions JSON must be UTF-8: "
                + "save it as UTF-8, e.g. iconv -f UTF-16 -t UTF-8",
            line: 1, column: 1)
    }

    /// A failure at `offset` (default: here), with line, column and the path of keys.
    func failure(_ message: String, at offset: Int? = nil) -> Failure {
        let (line, column) = TextPosition.lineAndColumn(of: offset ?? i, in: bytes)
        var where_ = ""
        for step in path {
            switch step {
            case .index(let n): where_ += "[\(n)]"
            case .key(let k): where_ += where_.isEmpty ? k : "." + k
            }
        }
        let text = where_.isEmpty ? message : "at \(where_): \(message)"
        return Failure(message: text, line: line, column: column)
    }
}
