import WebVTT

/// The WebVTT cue text parser (WebVTT §6.4) on its own, on any bytes:
/// 1. the tree is well formed: node 0 is the root, every other node's parent comes before it
///    and lists it among its children exactly once, in order (a pre-order walk);
/// 2. only `ruby` holds `rt`; text and timestamp nodes hold nothing;
/// 3. the tree written back as cue text (tags, `&amp;` `&lt;` `&gt;` in text and annotations,
///    timestamps as `hh:mm:ss.ttt`) parses to the same tree, once adjacent text nodes are
///    joined: the tokenizer splits text at tags it ignores, which a rewrite cannot show.
/// Hangs and runaway memory are libFuzzer's to catch (the parser is meant to be linear).
enum WebVTTCueTextCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: bytes, as: UTF8.self)
        let tree = WebVTTCueTextParser.parse(text)
        try checkShape(tree, what: "the input's tree")
        let written = write(tree)
        let again = WebVTTCueTextParser.parse(written)
        try checkShape(again, what: "the rewritten tree")
        let first = Canonical(tree)
        let second = Canonical(again)
        guard first == second else {
            throw FuzzFinding(
                "cue text written from the parsed tree parses to another tree\ninput:   \(text.debugDescription)\n"
                    + "written: \(written.debugDescription)\nfirst:  \(first)\nsecond: \(second)")
        }
    }

    static func checkShape(_ tree: WebVTTNodeTree, what: String) throws(FuzzFinding) {
        let nodes = tree.nodes
        guard let root = nodes.first, root.kind == .root, root.parent == -1 else {
            throw FuzzFinding("\(what): node 0 is not the root")
        }
        var childrenSeen = Array(repeating: [Int](), count: nodes.count)
        for (index, node) in nodes.enumerated().dropFirst() {
            guard node.parent >= 0, node.parent < index else {
                throw FuzzFinding("\(what): node \(index) has parent \(node.parent), not an earlier node")
            }
            childrenSeen[node.parent].append(index)
            let parentKind = nodes[node.parent].kind
            switch parentKind {
            case .text, .timestamp:
                throw FuzzFinding("\(what): node \(index) is inside a \(parentKind) node")
            default: break
            }
            if node.kind == .rubyText, parentKind != .ruby {
                throw FuzzFinding("\(what): an rt node (\(index)) outside ruby")
            }
        }
        for (index, node) in nodes.enumerated() where node.children != childrenSeen[index] {
            throw FuzzFinding(
                "\(what): node \(index) lists children \(node.children) but \(childrenSeen[index]) name it as parent")
        }
    }

    // MARK: - Writing the tree back as cue text (WebVTT §4.2.2 "cue text")

    static func write(_ tree: WebVTTNodeTree) -> String {
        var out = ""
        // An explicit stack instead of recursion: fuzzed trees nest thousands deep.
        var stack: [(node: Int, child: Int)] = [(0, 0)]
        while let (index, next) = stack.last {
            let node = tree.nodes[index]
            if next < node.children.count {
                stack[stack.count - 1].child += 1
                let child = tree.nodes[node.children[next]]
                switch child.kind {
                case .text(let s): out += escaped(s)
                case .timestamp(let ms): out += "<" + timestamp(ms) + ">"
                default:
                    out += startTag(child)
                    stack.append((node.children[next], 0))
                }
            } else {
                stack.removeLast()
                if let name = tagName(node.kind) { out += "</\(name)>" }
            }
        }
        return out
    }

    static func tagName(_ kind: WebVTTNodeTree.Kind) -> String? {
        switch kind {
        case .class: "c"
        case .italic: "i"
        case .bold: "b"
        case .underline: "u"
        case .ruby: "ruby"
        case .rubyText: "rt"
        case .voice: "v"
        case .language: "lang"
        case .root, .text, .timestamp: nil
        }
    }

    static func startTag(_ node: WebVTTNodeTree.Node) -> String {
        var tag = "<" + (tagName(node.kind) ?? "")
        for c in node.classes { tag += "." + c }
        switch node.kind {
        case .voice(let name) where !name.isEmpty: tag += " " + escaped(name)
        case .language: tag += " " + escaped(node.language ?? "")
        default: break
        }
        return tag + ">"
    }

    static func escaped(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// `hh:mm:ss.ttt` (§4.2.2 "WebVTT timestamp": hours of two or more digits).
    static func timestamp(_ milliseconds: Int64) -> String {
        let ms = milliseconds % 1000
        let s = milliseconds / 1000
        func pad(_ v: Int64, _ width: Int) -> String {
            let t = String(v)
            return String(repeating: "0", count: max(0, width - t.count)) + t
        }
        return pad(s / 3600, 2) + ":" + pad(s / 60 % 60, 2) + ":" + pad(s % 60, 2) + "." + pad(ms, 3)
    }

    /// A tree compared without the split of text into nodes: each node as its kind, classes,
    /// language and depth, with runs of text joined.
    struct Canonical: Equatable, CustomStringConvertible {
        var items: [String] = []

        init(_ tree: WebVTTNodeTree) {
            var depth = Array(repeating: 0, count: tree.nodes.count)
            var pendingText: (depth: Int, parent: Int, text: String)?
            for (index, node) in tree.nodes.enumerated() {
                if index > 0 { depth[index] = depth[node.parent] + 1 }
                if case .text(let s) = node.kind {
                    if let p = pendingText, p.parent == node.parent, p.depth == depth[index] {
                        pendingText?.text += s
                    } else {
                        flush(&pendingText)
                        pendingText = (depth[index], node.parent, s)
                    }
                    continue
                }
                flush(&pendingText)
                items.append("\(depth[index]) \(node.kind) \(node.classes) \(node.language ?? "-")")
            }
            flush(&pendingText)
        }

        private mutating func flush(_ pending: inout (depth: Int, parent: Int, text: String)?) {
            if let p = pending, !p.text.isEmpty { items.append("\(p.depth) text \(p.text.debugDescription)") }
            pending = nil
        }

        var description: String { items.joined(separator: " | ") }
    }

    // MARK: - Seeds

    /// Cue texts from the WPT cue-text-parsing tests: `#data` sections of `.dat` files and the
    /// percent-encoded `input:'…'` of the test pages.
    @Sendable static func seeds(path: String, bytes: [UInt8]) -> [[UInt8]] {
        let text = String(decoding: bytes, as: UTF8.self)
        if path.hasSuffix(".dat") {
            return text.components(separatedBy: "#data\n").dropFirst().compactMap { section in
                section.components(separatedBy: "\n#errors").first.map { Array($0.utf8) }
            }
        }
        if path.hasSuffix(".html") {
            return text.components(separatedBy: "input:'").dropFirst().compactMap { rest in
                rest.split(separator: "'", maxSplits: 1).first.flatMap { percentDecoded(String($0)) }
            }
        }
        return []
    }

    static func percentDecoded(_ s: String) -> [UInt8]? {
        var out: [UInt8] = []
        let b = Array(s.utf8)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "%"), i + 2 < b.count,
                let v = UInt8(String(decoding: b[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
            {
                out.append(v)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return out
    }
}
