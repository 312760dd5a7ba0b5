import CaptionCore

/// The text of one SRT cue turned into styled runs (Specs/srt.md, "Tags"): `<i>`, `<b>`, `<u>`,
/// `<font color face>` nest; `{\an1}`…`{\an9}` give the position; other `{\…}` override blocks
/// and `<s>` are removed and reported. Anything else that looks like a tag is kept as text.
/// Linear in the text; nesting is a stack of styles, so deep nesting costs no recursion.
struct SRTTextParser {
    /// How far after a `<` (or `{\`) the parser looks for the `>` (or `}`) that closes a tag, in
    /// bytes with both brackets: a longer "tag" is text. The bound keeps the parse linear on text
    /// full of `<`; the writer keeps its own tags within it.
    static let tagWindow = 200

    struct Result {
        var runs: [CaptionRun] = []
        var position: Int?
        var droppedOverrides = false
        var droppedStrike = false
        var unknownColors: [String] = []
    }

    static func parse(_ text: String) -> Result {
        var result = Result()
        let bytes = Array(text.utf8)
        var stack: [(name: String, style: CaptionTextStyle)] = []
        var style = CaptionTextStyle.plain
        var pending: [UInt8] = []
        func flush() {
            guard !pending.isEmpty else { return }
            result.runs.append(CaptionRun(String(decoding: pending, as: UTF8.self), style: style))
            pending.removeAll(keepingCapacity: true)
        }
        var nextLessThan = ByteScan.Finder(0x3C)
        var nextBrace = ByteScan.Finder(0x7B)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x7B, i + 1 < bytes.count, bytes[i + 1] == 0x5C,
                let close = ByteScan.firstIndex(of: 0x7D, in: bytes[...], from: i, to: i + Self.tagWindow)
            {
                // {\…}: an ASS override block.
                let body = String(decoding: bytes[(i + 2)..<close], as: UTF8.self)
                if body.count == 3, body.hasPrefix("an"), let n = Int(body.dropFirst(2)), (1...9).contains(n) {
                    result.position = result.position ?? n
                } else {
                    result.droppedOverrides = true
                }
                i = close + 1
                continue
            }
            if b == 0x3C, let close = ByteScan.firstIndex(of: 0x3E, in: bytes[...], from: i, to: i + Self.tagWindow) {
                let inner = String(decoding: bytes[(i + 1)..<close], as: UTF8.self)
                let closing = inner.hasPrefix("/")
                let body = closing ? inner.dropFirst() : Substring(inner)
                let name = body.prefix { $0.isLetter }.lowercased()
                if ["i", "b", "u", "s", "font"].contains(name),
                    closing || body.count == name.count
                        || body.dropFirst(name.count).first == " "
                {
                    flush()
                    if closing {
                        if let k = stack.lastIndex(where: { $0.name == name }) {
                            style = stack[k].style
                            stack.removeSubrange(k...)
                        }
                    } else {
                        stack.append((name, style))
                        switch name {
                        case "i": style.italic = true
                        case "b": style.bold = true
                        case "u": style.underline = true
                        case "s": result.droppedStrike = true
                        default:
                            let attributes = Self.attributes(String(body.dropFirst(name.count)))
                            if let value = attributes["color"] {
                                if let color = SRTColorNames.color(value) {
                                    style.textColor = color
                                } else {
                                    result.unknownColors.append(value)
                                }
                            }
                            if let face = attributes["face"], !face.isEmpty { style.fontFamily = face }
                        }
                    }
                    i = close + 1
                    continue
                }
            }
            // Copy the run up to the next "<" or "{" at once.
            let stop = min(
                nextLessThan.next(in: bytes[...], from: i + 1) ?? bytes.count,
                nextBrace.next(in: bytes[...], from: i + 1) ?? bytes.count)
            pending.append(contentsOf: bytes[i..<stop])
            i = stop
        }
        flush()
        return result
    }

    /// `name="value"` pairs (quotes optional), names lower-cased.
    static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while let eq = rest.firstIndex(of: "=") {
            let name = rest[..<eq].split(separator: " ").last.map { $0.lowercased() } ?? ""
            var after = rest[rest.index(after: eq)...].drop { $0 == " " }
            let value: Substring
            if let quote = after.first, quote == "\"" || quote == "'" {
                after = after.dropFirst()
                let end = after.firstIndex(of: quote) ?? after.endIndex
                value = after[..<end]
                rest = end < after.endIndex ? after[after.index(after: end)...] : ""
            } else {
                let end = after.firstIndex(of: " ") ?? after.endIndex
                value = after[..<end]
                rest = after[end...]
            }
            result[name] = String(value)
        }
        return result
    }
}
