/// One job of a batch: a `captions` command line, its priority, and the files it reads and
/// writes as ``JobKind`` finds them.
public struct BatchJob: Sendable, Hashable, Identifiable {
    /// The job's name in the job file and the journal; unique in a batch.
    public var id: String
    /// The command line without the program name: `["convert", "in.scc", "out.itt"]`.
    public var command: [String]
    /// Higher runs first; equal priorities run in the job file's order.
    public var priority: Int
    public var kind: JobKind
    /// The files the job reads, as the command names them.
    public var inputs: [String]
    /// The files the job writes, the main one (`-o`, or `convert`'s second word) first.
    public var outputs: [String]
    /// Where the job was written: the job file and its line, for messages.
    public var file: String?
    public var line: Int?

    /// The main output, if the job writes a file.
    public var output: String? { outputs.first }

    /// A job from a command line; throws a message (without a place) when the command is not one
    /// ``JobKind`` knows or does not name its files as the kind needs.
    public init(id: String, command: [String], priority: Int = 0, file: String? = nil, line: Int? = nil)
        throws(BatchError)
    {
        self.id = id
        self.command = command
        self.priority = priority
        self.file = file
        self.line = line
        guard let kind = JobKind.of(command) else {
            let known = JobKind.all.map { "\"\($0)\"" }.joined(separator: ", ")
            let name = command.first.map { "\"\($0)\"" } ?? "nothing"
            throw BatchError("unknown command \(name); a job runs one of \(known)", file: file, line: line)
        }
        self.kind = kind
        (inputs, outputs) = try Self.files(of: command, kind: kind, file: file, line: line)
    }

    /// The inputs and outputs of `command` (Specs/batch-jobs.md, "Inputs and outputs").
    static func files(of command: [String], kind: JobKind, file: String?, line: Int?) throws(BatchError) -> (
        inputs: [String], outputs: [String]
    ) {
        let rest = Array(command.dropFirst(kind.words.count))
        var leading = Array(rest.prefix { !$0.hasPrefix("-") })
        var outputs: [String] = []
        var index = 0
        while index < rest.count {
            let word = rest[index]
            index += 1
            if word == "--" { break }
            for name in ["-o", "--output"] + JobKind.extraOutputOptions {
                if word == name {
                    guard index < rest.count else {
                        throw BatchError("\(name) at the end of the command names no file", file: file, line: line)
                    }
                    outputs.append(rest[index])
                    index += 1
                } else if name.hasPrefix("--"), word.hasPrefix(name + "=") {
                    outputs.append(String(word.dropFirst(name.count + 1)))
                }
            }
        }
        if kind.words == ["convert"], outputs.isEmpty, leading.count >= 2 {
            outputs.append(leading.removeLast())
        }
        if let maximum = kind.maximumInputs, leading.count > maximum {
            throw BatchError(
                "\(kind) takes at most \(maximum) file(s) before its options, not \(leading.count): "
                    + leading.joined(separator: " "), file: file, line: line)
        }
        if leading.isEmpty {
            throw BatchError("\(kind) names no input file before its options", file: file, line: line)
        }
        if kind.needsOutput && outputs.isEmpty {
            let how = kind.words == ["convert"] ? "as `convert IN OUT` or with -o OUT" : "with -o OUT"
            throw BatchError("\(kind) names no output file; name it \(how)", file: file, line: line)
        }
        if (leading + outputs).contains("-") {
            throw BatchError(
                "a job reads and writes files, not standard input or output (\"-\")", file: file, line: line)
        }
        return (leading, outputs)
    }
}
