import ArgumentParser
import CaptionKit

/// One `captions convert` run in plain values: what ``ConvertCommand`` parsed, or what
/// ``init(commonArguments:)`` read straight from the command line. Made only in this module, so
/// its memberwise initialiser is Swift's own.
public struct ConvertJob {
    public var input: String
    public var output: String
    /// `--from`.
    public var from: String?
    /// What the read options (`--frame-rate`, `--channel`, `--strict`) ask of the reader.
    public var readOptions = CaptionFormatOptions()
    /// `--to`.
    public var to: String?
    /// `--timecode df|ndf`.
    public var dropFrame: Bool?
    public var startTimecode: String?
    public var shift = false
    public var force = false
    /// `--as-transmitted`: the input is a movie whose CEA-608 words are written as SCC unchanged.
    public var asTransmitted = false
    /// `--max-rows`: split pop-on captions of more rows (SCC output).
    public var maxRows: Int?
    /// `--language`: the document's language (BCP 47), e.g. for iTT's `xml:lang`.
    public var language: String?
    /// `--profile`: the output format's profile to write (``CaptionFormat/profiles``).
    public var profile: String?
    /// `--json`: print a ``ConvertReport`` instead of the findings one per line.
    public var json = false
    /// `--allow-empty`: write the output even when the input gives no caption
    /// (``EmptyCaptions``); without it such an input writes nothing and exits 1.
    public var allowEmpty = false
    /// `--init`: `input` is a fragmented movie's initialization segment and these are its media
    /// segments, in order, read as one movie; nil for an ordinary input.
    public var segments: [String]?

    /// Reads, then writes what was read — also when the reader reported error-level findings
    /// (damaged words are skipped, everything else kept), exiting 1 then; `--strict` refuses to
    /// write instead. Either way it says what it did.
    public func run() throws {
        if asTransmitted {
            var options = readOptions
            options.dropFrame = dropFrame
            options.startTimecode = startTimecode
            let diagnostics = try CaptionFile.writeTransmittedSCC(
                fromMovie: input, segments: segments, to: output, options: options, overwrite: force)
            try Exit.report(diagnostics)
            return
        }
        // Bad arguments are reported before any reading.
        let outputFormat = try CaptionFormatRegistry.standard.outputFormat(path: output, name: to)
        let profileName = try profile.map { name throws(Exit.Failure) in try Self.profile(name, of: outputFormat) }
        let (result, inputFormat) =
            try segments.map {
                try CaptionFile.readMovie(initialization: input, segments: $0, options: readOptions)
            } ?? CaptionFile.read(input, format: from, options: readOptions)
        var document = result.document
        var options = readOptions
        options.dropFrame = dropFrame
        options.startTimecode = startTimecode
        options.applyShifts = shift
        options.fileName = output
        if let maxRows { options.settings[CaptionConversionSettings.maxRowsSetting] = String(maxRows) }
        if let profileName { options.settings[CaptionFormat.profileSetting] = profileName }
        if let language {
            document.language = language
            options.settings["language"] = language
        }
        let inputErrors = result.diagnostics.filter { $0.severity == .error }.count
        var report = ConvertReport(
            input: input, inputFormat: inputFormat.name, output: output, outputFormat: outputFormat.name,
            written: false, captions: document.captions.count, diagnostics: result.diagnostics.inFile(input))
        let empty = EmptyCaptions.finding(
            result, input: input, consequence: "\(output) is not written", allowEmpty: allowEmpty)
        if let empty, empty.severity == .error {
            report.diagnostics.append(empty)
            if json {
                Console.out(try JSONText.encode(report))
            } else {
                for d in report.diagnostics { Console.error(CommandLineWords.said(d).description) }
            }
            throw Exit.Findings()
        }
        if let empty { report.diagnostics.append(empty) }
        if inputErrors > 0 && readOptions.strict {
            if json {
                Console.out(try JSONText.encode(report))
            } else {
                for d in report.diagnostics { Console.error(CommandLineWords.said(d).description) }
                Console.error(
                    "captions: \(output) not written: \(input) has \(inputErrors) error-level finding(s), "
                        + "and --strict refuses to write what was read around them")
            }
            throw Exit.Findings()
        }
        let (written, _) = try CaptionFile.write(document, to: output, format: to, options: options, overwrite: force)
        report.written = true
        report.diagnostics += written.diagnostics.inFile(output)
        if json {
            Console.out(try JSONText.encode(report))
        } else {
            for d in report.diagnostics { Console.error(CommandLineWords.said(d).description) }
            if inputErrors > 0 {
                Console.error(
                    "captions: wrote \(output) from what could be read; \(input) has \(inputErrors) error-level "
                        + "finding(s) (exit status 1; --strict would not write)")
            }
        }
        try Exit.report(report.diagnostics, quiet: true)
    }
}

extension ConvertJob {
    /// The name of the profile `--profile NAME` chooses in `format`, or a failure that lists the
    /// profiles the format writes.
    static func profile(_ name: String, of format: CaptionFormat) throws(Exit.Failure) -> String {
        let written = format.profiles.filter(\.writes).map { p in
            guard let shown = p.aliases.first, shown != p.name else { return p.name }
            return "\(shown) (\(p.name))"
        }
        guard !written.isEmpty else {
            throw Exit.Failure("--profile \(name): the \(format.name) format has no profiles to choose from")
        }
        let choices = "; choose one of " + written.joined(separator: ", ")
        guard let p = format.profile(named: name) else {
            throw Exit.Failure("--profile \(name): \(format.name) has no such profile" + choices)
        }
        guard p.writes else {
            let why =
                p.reads ? "is read, not written" : "is neither read nor written (the caption model holds text only)"
            throw Exit.Failure("--profile \(name): \(p.title) \(why)" + choices)
        }
        return p.name
    }

    /// The input, the output and, with `--init`, the segments, from the positional `arguments`
    /// and `-o`: `convert IN OUT`, `convert IN -o OUT`, or `convert --init INIT SEG… -o OUT`.
    public static func files(arguments: [String], output: String?, initialization: String?) throws -> (
        input: String, output: String, segments: [String]?
    ) {
        if let initialization {
            guard let output else {
                throw ValidationError("--init reads the arguments as media segments: name the output with -o")
            }
            return (initialization, output, arguments)
        }
        switch (arguments.count, output) {
        case (2, nil): return (arguments[0], arguments[1], nil)
        case (1, let output?): return (arguments[0], output, nil)
        case (1, nil): throw ValidationError("name the file to write, after the input or with -o")
        default:
            throw ValidationError(
                "one input and one output (or -o); several files are media segments only with --init INIT")
        }
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
    public init?(commonArguments arguments: some Collection<String>) {
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
