import Foundation
import TestSupport

@testable import WebVTT

/// Reading the web-platform-tests WebVTT files in ../shared/fixtures/webvtt/wpt/ and running
/// their expectations (the tests' own JavaScript, in Node, or their cue-text trees).
enum WPT {
    static let root = TestPaths.sharedFixture("webvtt/wpt/webvtt/parsing")
    static let harness = TestPaths.projectRoot.appendingPathComponent("Tests/WebVTTTests/WPT/harness.js")

    struct Outcome: Hashable, CustomStringConvertible {
        var file: String
        var name: String
        var passed: Bool
        var message: String
        var description: String { "\(file) «\(name)»: \(passed ? "PASS" : "FAIL") \(message)" }
    }

    /// The inline script of a test page (the last `<script>` without `src`).
    static func inlineScript(_ html: String) -> String? {
        let scripts = html.matches(of: /<script>([\s\S]*?)<\/script>/).map { String($0.output.1) }
        return scripts.last
    }

    /// The `.vtt` paths a test page loads, relative to the page.
    static func trackSources(_ script: String) -> [String] {
        var seen: [String] = []
        for match in script.matches(of: /'([^']*\.vtt)'/) where !seen.contains(String(match.output.1)) {
            seen.append(String(match.output.1))
        }
        return seen
    }

    /// What the TextTrack API would expose for a file: its cues and regions, as JSON.
    static func trackJSON(_ bytes: [UInt8]) -> String {
        guard let (file, _) = try? WebVTTParser().parse(bytes) else { return #"{"ok":false}"# }
        func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)" }
        let regions = file.regions.map { r in
            #"{"id":\#(string(r.identifier)),"width":\#(number(r.width)),"lines":\#(number(r.lines)),"#
                + #""regionAnchorX":\#(number(r.regionAnchorX)),"regionAnchorY":\#(number(r.regionAnchorY)),"#
                + #""viewportAnchorX":\#(number(r.viewportAnchorX)),"viewportAnchorY":\#(number(r.viewportAnchorY)),"#
                + #""scroll":\#(r.scrollUp ? "\"up\"" : "\"\"")}"#
        }
        let cues = file.cues.map { c in
            // VTTCue's attributes (WebVTT §8.1): times in seconds, "auto" for automatic values.
            #"{"id":\#(string(c.identifier)),"startTime":\#(seconds(c.startMilliseconds)),"#
                + #""endTime":\#(seconds(c.endMilliseconds)),"text":\#(string(c.text)),"#
                + #""region":\#(c.region.map(String.init) ?? "null"),"vertical":\#(string(c.vertical.rawValue)),"#
                + #""snapToLines":\#(c.snapToLines),"line":\#(c.line.map(number) ?? "\"auto\""),"#
                + #""lineAlign":\#(string(c.lineAlignment.rawValue)),"position":\#(c.position.map(number) ?? "\"auto\""),"#
                + #""positionAlign":\#(string(c.positionAlignment.rawValue)),"size":\#(number(c.size)),"#
                + #""align":\#(string(c.textAlignment.rawValue))}"#
        }
        let sheets = file.styleSheets.map(string)
        return #"{"ok":true,"regions":[\#(regions.joined(separator: ","))],"cues":[\#(cues.joined(separator: ","))],"#
            + #""styleSheets":[\#(sheets.joined(separator: ","))]}"#
    }

    static func seconds(_ ms: Int64) -> String {
        let whole = ms / 1000
        let fraction = ms % 1000
        if fraction == 0 { return String(whole) }
        var f = String(fraction)
        f = String(repeating: "0", count: 3 - f.count) + f
        while f.hasSuffix("0") { f.removeLast() }
        return "\(whole).\(f)"
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20 || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Runs the file-parsing test pages in one Node process (a fresh context each) and returns
    /// each of their tests' outcomes.
    static func runFileParsingPages(_ pages: [URL], node: URL, in directory: TemporaryDirectory) throws -> [Outcome] {
        var inputs: [String] = []
        var names: [String] = []
        for page in pages {
            let html = try String(contentsOf: page, encoding: .utf8)
            guard let script = inlineScript(html) else { continue }
            let title =
                html.firstMatch(of: /<title>([^<]*)<\/title>/).map { String($0.output.1) } ?? page.lastPathComponent
            var tracks: [String] = []
            for source in trackSources(script) {
                let url = page.deletingLastPathComponent().appendingPathComponent(source)
                let bytes = [UInt8]((try? Data(contentsOf: url)) ?? Data())
                tracks.append("\(string(source)):\(trackJSON(bytes))")
            }
            let file = page.path.replacingOccurrences(of: root.path + "/", with: "")
            let input =
                #"{"page":\#(string(file)),"title":\#(string(title)),"script":\#(string(script)),"#
                + #""tracks":{\#(tracks.joined(separator: ","))}}"#
            let path = directory.path("page-\(inputs.count).json")
            try input.write(toFile: path, atomically: true, encoding: .utf8)
            inputs.append(path)
            names.append(file)
        }
        let result = try CLIRunner.runProcess(node, [harness.path] + inputs)
        var outcomes: [Outcome] = []
        for line in result.stdout.split(separator: "\n") {
            guard let data = line.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: String]
            else { continue }
            outcomes.append(
                Outcome(
                    file: object["page"] ?? "", name: object["name"] ?? "", passed: object["status"] == "PASS",
                    message: object["message"] ?? ""))
        }
        for name in names where !outcomes.contains(where: { $0.file == name }) {
            outcomes.append(Outcome(file: name, name: "harness", passed: false, message: result.stderr))
        }
        return outcomes
    }

    // MARK: - Cue text trees

    struct CueTextCase {
        var file: String
        var name: String
        var input: String
        var expected: String
    }

    /// The cases of a cue-text-parsing page: `{name:'…', input:'…', expected:'…'}`, percent-encoded.
    static func cueTextCases(_ page: URL) throws -> [CueTextCase] {
        let html = try String(contentsOf: page, encoding: .utf8)
        return html.matches(of: /\{name:'([^']*)', input:'([^']*)', expected:'([^']*)'\}/).compactMap { m in
            guard let input = String(m.output.2).removingPercentEncoding,
                let expected = String(m.output.3).removingPercentEncoding
            else { return nil }
            return CueTextCase(file: page.lastPathComponent, name: String(m.output.1), input: input, expected: expected)
        }
    }

    /// The DOM tree of WebVTT §6.5 for `tree`, in the html5lib test format the pages expect:
    /// `#document-fragment`, then one `| ` line per node, two spaces of indent per level,
    /// attributes (sorted) under their element, text in quotes, timestamps as processing
    /// instructions.
    static func domTree(_ tree: WebVTTNodeTree) -> String {
        var lines = ["#document-fragment"]
        var stack: [(Int, Int)] = tree.nodes[0].children.reversed().map { ($0, 0) }
        while let (index, depth) = stack.popLast() {
            let node = tree.nodes[index]
            let indent = "| " + String(repeating: "  ", count: depth)
            var attributes: [(String, String)] = []
            if !node.classes.isEmpty { attributes.append(("class", node.classes.joined(separator: " "))) }
            let element: String?
            switch node.kind {
            case .root: element = nil
            case .class: element = "span"
            case .italic: element = "i"
            case .bold: element = "b"
            case .underline: element = "u"
            case .ruby: element = "ruby"
            case .rubyText: element = "rt"
            case .voice(let name):
                element = "span"
                attributes.append(("title", name))
            case .language:
                element = "span"
                attributes.append(("lang", node.language ?? ""))
            case .text(let value):
                element = nil
                lines.append(indent + "\"" + value + "\"")
            case .timestamp(let ms):
                element = nil
                lines.append(indent + "<?timestamp " + WebVTTTimestamp.text(milliseconds: ms) + ">")
            }
            if let element {
                lines.append(indent + "<" + element + ">")
                for (name, value) in attributes.sorted(by: { $0.0 < $1.0 }) {
                    lines.append(indent + "  " + name + "=\"" + value + "\"")
                }
            }
            stack.append(contentsOf: node.children.reversed().map { ($0, depth + 1) })
        }
        return lines.joined(separator: "\n")
    }
}
