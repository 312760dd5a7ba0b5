import CaptionKit
import CaptionsCLI

/// One `captions convert` run in plain values: what ``ConvertCommand`` parsed, or what
/// ``init(commonArguments:)`` read straight from the command line.
struct ConvertJob {
    var input: String
    var output: String
    /// `--from`.
    var from: String?
    /// What the read options (`--frame-rate`, `--channel`, `--strict`) ask of the reader.
    var readOptions = CaptionFormatOptions()
    /// `--to`.
    var to: String?
    /// `--timecode df|ndf`.
    var dropFrame: Bool?
    var startTimecode: String?
    var shift = false
    var force = false

    func run() throws {
        // Bad arguments are reported before any reading.
        _ = try CaptionFormatRegistry.standard.outputFormat(path: output, name: to)
        let (result, _) = try CaptionFile.read(input, format: from, options: readOptions)
        if result.diagnostics.contains(where: { $0.severity == .error }) {
            try Exit.report(result.diagnostics)
        }
        var options = readOptions
        options.dropFrame = dropFrame
        options.startTimecode = startTimecode
        options.applyShifts = shift
        options.fileName = output
        let (written, _) = try CaptionFile.write(
            result.document, to: output, format: to, options: options, overwrite: force)
        try Exit.report(result.diagnostics + written.diagnostics)
    }
}

extension ConvertJob {
    /// The job for the most common command line, `convert IN OUT` with at most `--force`, read
    /// without ArgumentParser; `nil` for anything else, which goes through ArgumentParser.
    ///
    /// ArgumentParser finds a command's options by reflection and runtime type look-ups, which
    /// cost about 2 ms at every start; `convert` is run in batches over many files. The shape
    /// accepted here is one ArgumentParser reads the same way: two positional values (neither an
    /// option, `help`, nor empty) and the `--force` flag at most once, in any order.
    init?(commonArguments arguments: some Collection<String>) {
        guard arguments.first == "convert", arguments.count <= 4 else { return nil }
        var positional: [String] = []
        var force = false
        for argument in arguments.dropFirst() {
            if argument == "--force" && !force {
                force = true
            } else if argument.isEmpty || argument.hasPrefix("-") || argument == "help" {
                return nil
            } else {
                positional.append(argument)
            }
        }
        guard positional.count == 2 else { return nil }
        self.init(input: positional[0], output: positional[1], force: force)
    }
}
