/// `captions batch --each 'convert {} {stem}.itt' FILES…`: one job per file from a command
/// template (Specs/batch-jobs.md, "Jobs from files").
///
/// The template is split into words at spaces, with '…' and "…" quoting a word that holds
/// spaces. In each word `{}` is the file as given, `{stem}` the file without its extension
/// (`archive/a/b.scc` → `archive/a/b`), `{name}` its last component (`b.scc`), `{base}` that
/// without its extension (`b`), `{dir}` its folder (`archive/a`, `.` for none) and `{ext}` its
/// extension without the dot (`scc`).
public struct JobTemplate: Sendable {
    public let words: [String]

    public init(_ template: String) throws(BatchError) {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for c in template {
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c
                inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(c)
                inWord = true
            }
        }
        guard quote == nil else {
            throw BatchError("--each: the template's quote \(quote.map(String.init) ?? "") is not closed")
        }
        if inWord { words.append(word) }
        guard words.contains(where: { $0.contains("{") }) else {
            throw BatchError("--each: the template uses no {} nor {stem}; every job would be the same")
        }
        self.words = words
    }

    /// The job for `file`; its id is the file as given.
    public func job(for file: String, priority: Int = 0) throws(BatchError) -> BatchJob {
        let slash = file.lastIndex(of: "/")
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        let dir = slash.map { String(file[..<$0]) } ?? "."
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let base = dot.map { String(name[..<$0]) } ?? name
        let ext = dot.map { String(name[name.index(after: $0)...]) } ?? ""
        let stem = slash == nil ? base : dir + "/" + base
        let values = ["": file, "stem": stem, "name": name, "base": base, "dir": dir, "ext": ext]
        let command = words.map { Self.fill($0, with: values) }
        do {
            return try BatchJob(id: file, command: command, priority: priority)
        } catch {
            throw BatchError(error.problems.map { .init("\(file): \($0.message)") })
        }
    }
}

extension JobTemplate {
    /// `word` with each `{key}` of `values` replaced, in one pass: a file name that holds
    /// `{stem}` is not replaced again.
    static func fill(_ word: String, with values: [String: String]) -> String {
        var out = ""
        var rest = word[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                let value = values[String(rest[rest.index(after: open)..<close])]
            else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
