import CaptionCore

/// Turns a cue's node tree (WebVTT §6.4) into styled runs of the caption model: italic, bold and
/// underline objects, the default colour classes (§5) and ruby become run styles; timestamp
/// objects become reveal points. What the model cannot hold (voices, languages, other classes)
/// is counted so the reader can report each kind of loss once.
struct WebVTTRunBuilder {
    struct Result {
        var runs: [CaptionRun] = []
        /// (time in ms, number of runs before the timestamp)
        var reveals: [(milliseconds: Int64, runCount: Int)] = []
        var voices: Set<String> = []
        var languages: Set<String> = []
        var otherClasses: Set<String> = []
    }

    static func build(_ tree: WebVTTNodeTree) -> Result {
        var result = Result()
        let nodes = tree.nodes
        // Nodes were appended in document order, so index order is the pre-order walk and a
        // node's subtree is the range up to `subtreeEnd`.
        var subtreeEnd = Array(nodes.indices)
        for i in nodes.indices.reversed() {
            if let last = nodes[i].children.last { subtreeEnd[i] = subtreeEnd[last] }
        }
        var styles = [CaptionTextStyle](repeating: .plain, count: nodes.count)
        // Ruby objects being walked: the node and the first run of the base text not yet annotated.
        var rubies: [(node: Int, firstBaseRun: Int)] = []
        var index = 1
        while index < nodes.count {
            let node = nodes[index]
            while let last = rubies.last, subtreeEnd[last.node] < index { rubies.removeLast() }
            var style = styles[node.parent]
            for name in node.classes {
                if let color = WebVTTColorClasses.textColor(name) {
                    style.textColor = color
                } else if let color = WebVTTColorClasses.backgroundColor(name) {
                    style.backgroundColor = color
                } else {
                    result.otherClasses.insert(name)
                }
            }
            switch node.kind {
            case .root, .class: break
            case .italic: style.italic = true
            case .bold: style.bold = true
            case .underline: style.underline = true
            case .voice(let name): result.voices.insert(name)
            case .language: result.languages.insert(node.language ?? "")
            case .ruby:
                rubies.append((index, result.runs.count))
            case .rubyText:
                // Annotates the base text since the ruby's start or its previous ruby text.
                if let r = rubies.last {
                    let annotation = plainText(of: index, to: subtreeEnd[index], in: nodes)
                    attachRuby(annotation, toRunsFrom: r.firstBaseRun, in: &result.runs)
                    rubies[rubies.count - 1].firstBaseRun = result.runs.count
                }
                index = subtreeEnd[index] + 1
                continue
            case .text(let value):
                result.runs.append(CaptionRun(value, style: style))
            case .timestamp(let ms):
                result.reveals.append((ms, result.runs.count))
            }
            styles[index] = style
            index += 1
        }
        return result
    }

    private static func plainText(of index: Int, to end: Int, in nodes: [WebVTTNodeTree.Node]) -> String {
        var text = ""
        for i in index...end {
            if case .text(let value) = nodes[i].kind { text += value }
        }
        return text
    }

    /// Joins the base runs into one run carrying the annotation (the model holds one ruby per run).
    private static func attachRuby(_ annotation: String, toRunsFrom first: Int, in runs: inout [CaptionRun]) {
        guard first < runs.count else { return }
        var base = runs[first]
        for run in runs[(first + 1)...] { base.text += run.text }
        base.style.ruby = CaptionRuby(text: annotation)
        runs.removeSubrange(first...)
        runs.append(base)
    }
}
