import ArgumentParser
import CaptionKit
import CaptionsCLI
import FoundationEssentials
import MCC

/// `captions validate FILE`: checks a document against CEA-608, CEA-708 (or iTT) conversion rules.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract:
            "Check that captions convert cleanly to CEA-608 SCC, CEA-708 (or iTT), with suggested time shifts.",
        discussion: """
            Prints one finding per line: timecode, severity, rule ID, message, and a suggestion. \
            The rules are listed in Specs/validation-rules.md. For SCC input the file is also \
            checked as a decoder receives it (overruns, captions never displayed, parity). \
            With --target 708 an MCC file's CDPs are checked line by line too (checksums, \
            sequence counters, time codes, cc_count).
            Exit status: 0 clean (warnings allowed), 1 error-level findings, 2 unreadable input.
            --fix -o OUT writes a conformed and shifted document; it exits 0 when that document \
            validates clean and 1 when error-level findings remain in it (they are printed; the \
            output is written all the same, with every fix that could be made).
            """)

    @Argument(help: "The caption file to check (any readable format: scc, itt, json).")
    var file: String

    @OptionGroup var read: ReadOptions

    @Option(name: .long, help: "Target: scc (CEA-608, default; also 608), 708 (CEA-708 DTVCC; also cea708) or itt.")
    var target: CaptionConversionSettings.Target = .scc

    @Option(name: .long, help: "With --target 708: the service's grid, 16:9 (default) or 4:3.")
    var aspect: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: "End of the video, as a timecode (HH:MM:SS;FF) or seconds; captions must end by then.")
    var videoDuration: String?

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Flag(name: .long, help: "Apply the suggested fixes and write the result (needs -o).")
    var fix = false

    @Option(name: .shortAndLong, help: "Where --fix writes its output; its extension picks the format.")
    var output: String?

    @Flag(name: .long, help: "Replace the --fix output if it exists.")
    var force = false

    @Flag(name: .long, help: "With --fix: write the output even when the input gives no caption.")
    var allowEmpty = false

    func validate() throws {
        if fix && output == nil { throw ValidationError("--fix needs -o OUTPUT") }
        if !fix && output != nil { throw ValidationError("-o is only used with --fix") }
        if allowEmpty && !fix { throw ValidationError("--allow-empty goes with --fix") }
        if let aspect {
            guard target == .cea708 else { throw ValidationError("--aspect goes with --target 708") }
            guard aspect == "16:9" || aspect == "4:3" else {
                throw ValidationError("--aspect must be 16:9 or 4:3, not \(aspect)")
            }
        }
    }

    func run() throws {
        let (result, format) = try CaptionFile.read(file, format: read.from, options: read.formatOptions())
        let (settings, warnings) = try check(result, format: format, file: file)
        // An MCC file checked for 708 is also judged as sent, line by line; those findings say
        // again, for every line, what the reader says of its first ones.
        let transport = try target == .cea708 && format.name == "mcc" ? mccTransport() : nil
        let readerDiagnostics =
            transport == nil
            ? result.diagnostics
            : result.diagnostics.filter { !MCCTransportCheck.replacedReaderRules.contains($0.ruleID) }
        let report = ValidationReport(
            file: file, settings: settings, captionCount: result.document.captions.count,
            readerDiagnostics: readerDiagnostics, warnings: (transport ?? []) + warnings)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Console.out(CommandLineWords.said(String(decoding: try encoder.encode(report), as: UTF8.self)))
        } else {
            Console.out(CommandLineWords.said(report.text))
        }
        if fix, let output {
            if let empty = EmptyCaptions.finding(
                result, input: file, consequence: "\(output) is not written", allowEmpty: allowEmpty)
            {
                Console.error(CommandLineWords.said(empty).description)
                if empty.severity == .error { throw Exit.Findings() }
            }
            let fixer = CaptionConversionFixer(settings: settings)
            let (fixed, notes) = fixer.fix(result.document, file: file)
            let (written, _) = try CaptionFile.write(fixed, to: output, overwrite: force)
            for d in notes.inFile(file) + written.diagnostics.inFile(output) {
                Console.error(CommandLineWords.said(d).description)
            }
            Console.error("wrote \(output)")
            // The output is judged as `captions validate OUT` judges it. What the fixer could not
            // fix (text that cannot fit, a caption past the video's end…) stays in it: the file is
            // kept — every fix that could be made, the rest left to edit by hand, as a linter's
            // --fix does — and the status says the run is not clean (README: 1 for error-level
            // findings).
            let (back, backFormat) = try CaptionFile.read(output, options: read.formatOptions())
            let remaining = try check(back, format: backFormat, file: output).warnings
                .filter { $0.diagnostic.severity == .error }
            for warning in remaining { Console.error(CommandLineWords.said(warning.diagnostic).description) }
            if !remaining.isEmpty {
                Console.error("\(remaining.count) error-level finding(s) remain in \(output) after --fix")
                throw Exit.Findings()
            }
            return
        }
        if report.hasErrors { throw Exit.Findings() }
    }

    /// The MCC file's CDPs as sent (MCCTransportCheck). Standard input was read already: its
    /// document is checked, its lines are not, and the report says so.
    private func mccTransport() throws -> [CaptionConversionWarning] {
        guard file != "-" else {
            Console.error("\(file): the CDP checks (checksums, counters, time codes) need a file, not standard input")
            return []
        }
        let result = try MCCReader(fileName: file).read(FileIO.readAll(file))
        return MCCTransportCheck().warnings(result)
    }

    /// The settings `captions convert` would write `result` with, and the validator's findings.
    private func check(_ result: CaptionReadResult, format: CaptionFormat, file: String) throws -> (
        settings: CaptionConversionSettings, warnings: [CaptionConversionWarning]
    ) {
        // The frame rate and timecode `captions convert` would write with the same options.
        var settings = CaptionConversionSettings(
            target: target, document: result.document, options: read.formatOptions())
        let rate = settings.frameRate
        // An SCC file is judged by the words it carries; what a re-encode needs is a note.
        settings.sourceIsTransmitted608 = format.name == "scc"
        settings.sourceIsTransmitted708 = format.name == "mcc"
        settings.wideAspect = aspect != "4:3"
        if let videoDuration {
            let end = try TimeArgument.parse(videoDuration, option: "--video-duration", rate: rate)
            guard end >= .zero else {
                throw Exit.Failure("--video-duration must be a time from zero on, not \(videoDuration)")
            }
            settings.videoDuration = end
        }
        let validator = CaptionConversionValidator(document: result.document, settings: settings, fileName: file)
        return (settings, validator.warnings())
    }
}

extension CaptionConversionSettings.Target: ExpressibleByArgument {
    public init?(argument: String) { self.init(named: argument) }
}
