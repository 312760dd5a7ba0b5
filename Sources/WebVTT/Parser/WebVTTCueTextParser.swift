import CaptionCore

/// The WebVTT cue text parsing rules (WebVTT §6.4): the cue text tokenizer and the tree it
/// builds. Works on the cue text's UTF-8 bytes; runs in time linear in the text and keeps the
/// tree flat (``WebVTTNodeTree``), so deeply nested tags cost no recursion.
public enum WebVTTCueTextParser {
    /// Parses `text` into a list of WebVTT Node Objects, with `language` as the fallback language.
    public static func parse(_ text: String, language: String? = nil) -> WebVTTNodeTree {
        parse(bytes: Array(text.utf8)[...], language: language)
    }

    static func parse(bytes input: ArraySlice<UInt8>, language: String?) -> WebVTTNodeTree {
        var tree = WebVTTNodeTree(language: language)
        var current = 0
        var languageStack: [String] = []
        if let language { languageStack.append(language) }
        var tokenizer = Tokenizer(input: input)
        while let token = tokenizer.next() {
            switch token {
            case .string(let value):
                tree.append(.text(value), to: current)
            case .startTag(let name, let classes, let annotation):
                let kind: WebVTTNodeTree.Kind
                switch name {
                case "c": kind = .class
                case "i": kind = .italic
                case "b": kind = .bold
                case "u": kind = .underline
                case "ruby": kind = .ruby
                case "rt":
                    guard tree.nodes[current].kind == .ruby else { continue }
                    kind = .rubyText
                case "v": kind = .voice(annotation ?? "")
                case "lang":
                    languageStack.append(annotation ?? "")
                    kind = .language
                default: continue
                }
                // Attach a WebVTT Internal Node Object.
                current = tree.append(
                    kind, classes: classes.filter { !$0.isEmpty }, language: languageStack.last, to: current)
            case .endTag(let name):
                let kind = tree.nodes[current].kind
                let closes: Bool
                switch (name, kind) {
                case ("c", .class), ("i", .italic), ("b", .bold), ("u", .underline), ("ruby", .ruby),
                    ("rt", .rubyText):
                    closes = true
                case ("v", .voice): closes = true
                default: closes = false
                }
                if closes {
                    current = tree.nodes[current].parent
                } else if name == "lang", kind == .language {
                    current = tree.nodes[current].parent
                    _ = languageStack.popLast()
                } else if name == "ruby", kind == .rubyText {
                    current = tree.nodes[tree.nodes[current].parent].parent
                }
            case .timestamp(let value):
                var position = value.startIndex
                if let ms = WebVTTTimestamp.collect(value, &position), position == value.endIndex {
                    tree.append(.timestamp(ms), to: current)
                }
            }
        }
        return tree
    }

    /// What the cue text tokenizer emits.
    enum Token {
        case string(String)
        case startTag(name: String, classes: [String], annotation: String?)
        case endTag(String)
        case timestamp(ArraySlice<UInt8>)
    }

    /// The WebVTT cue text tokenizer (§6.4), one token per call.
    struct Tokenizer {
        enum State { case data, tag, startTag, startTagClass, startTagAnnotation, endTag, timestampTag }

        let input: ArraySlice<UInt8>
        var position: Int
        var nextAmpersand = ByteScan.Finder(0x26)
        var nextLessThan = ByteScan.Finder(0x3C)

        init(input: ArraySlice<UInt8>) {
            self.input = input
            self.position = input.startIndex
        }

        /// The next token, or nil when `position` is past the end (the parser's *loop* step).
        mutating func next() -> Token? {
            guard position < input.endIndex else { return nil }
            var state = State.data
            var result: [UInt8] = []
            var buffer: [UInt8] = []
            var classes: [String] = []
            let end = input.endIndex
            func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }
            while true {
                let c: UInt8? = position < end ? input[position] : nil
                switch state {
                case .data:
                    switch c {
                    case 0x26:  // "&": the HTML character reference in data state
                        position += 1
                        if let chars = HTMLCharacterReference.consume(input, at: &position) {
                            result.append(contentsOf: chars)
                        } else {
                            result.append(0x26)
                        }
                        continue
                    case 0x3C:
                        if result.isEmpty {
                            state = .tag
                        } else {
                            return .string(text(result))
                        }
                    case nil:
                        return .string(text(result))
                    default:
                        // Copy the run of plain bytes at once.
                        let start = position
                        let stop = min(
                            nextAmpersand.next(in: input, from: position + 1) ?? end,
                            nextLessThan.next(in: input, from: position + 1) ?? end)
                        result.append(contentsOf: input[start..<stop])
                        position = stop
                        continue
                    }
                case .tag:
                    switch c {
                    case 0x09, 0x0A, 0x0C, 0x20: state = .startTagAnnotation
                    case 0x2E: state = .startTagClass
                    case 0x2F: state = .endTag
                    case let d? where WebVTTBytes.isDigit(d):
                        result = [d]
                        state = .timestampTag
                    case 0x3E:
                        position += 1
                        return .startTag(name: "", classes: [], annotation: nil)
                    case nil:
                        return .startTag(name: "", classes: [], annotation: nil)
                    case let c?:
                        result = [c]
                        state = .startTag
                    }
                case .startTag:
                    switch c {
                    case 0x09, 0x0C, 0x20: state = .startTagAnnotation
                    case 0x0A:
                        buffer = [0x0A]
                        state = .startTagAnnotation
                    case 0x2E: state = .startTagClass
                    case 0x3E:
                        position += 1
                        return .startTag(name: text(result), classes: [], annotation: nil)
                    case nil:
                        return .startTag(name: text(result), classes: [], annotation: nil)
                    case let c?: result.append(c)
                    }
                case .startTagClass:
                    switch c {
                    case 0x09, 0x0C, 0x20:
                        classes.append(text(buffer))
                        buffer = []
                        state = .startTagAnnotation
                    case 0x0A:
                        classes.append(text(buffer))
                        buffer = [0x0A]
                        state = .startTagAnnotation
                    case 0x2E:
                        classes.append(text(buffer))
                        buffer = []
                    case 0x3E:
                        position += 1
                        classes.append(text(buffer))
                        return .startTag(name: text(result), classes: classes, annotation: nil)
                    case nil:
                        classes.append(text(buffer))
                        return .startTag(name: text(result), classes: classes, annotation: nil)
                    case let c?: buffer.append(c)
                    }
                case .startTagAnnotation:
                    switch c {
                    case 0x26:  // the HTML character reference in annotation state
                        position += 1
                        if let chars = HTMLCharacterReference.consume(input, at: &position) {
                            buffer.append(contentsOf: chars)
                        } else {
                            buffer.append(0x26)
                        }
                        continue
                    case 0x3E, nil:
                        if c != nil { position += 1 }
                        return .startTag(name: text(result), classes: classes, annotation: Self.collapsed(buffer))
                    case let c?: buffer.append(c)
                    }
                case .endTag:
                    switch c {
                    case 0x3E:
                        position += 1
                        return .endTag(text(result))
                    case nil:
                        return .endTag(text(result))
                    case let c?: result.append(c)
                    }
                case .timestampTag:
                    switch c {
                    case 0x3E:
                        position += 1
                        return .timestamp(result[...])
                    case nil:
                        return .timestamp(result[...])
                    case let c?: result.append(c)
                    }
                }
                position += 1  // Next
            }
        }

        /// Leading and trailing ASCII whitespace removed, inner runs made one space.
        static func collapsed(_ buffer: [UInt8]) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(buffer.count)
            var pendingSpace = false
            for b in buffer {
                if WebVTTBytes.isWhitespace(b) {
                    pendingSpace = !out.isEmpty
                } else {
                    if pendingSpace { out.append(0x20) }
                    pendingSpace = false
                    out.append(b)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
