import ArgumentParser
import CaptionKit
import CaptionsCLI

/// `captions generate`: writes a deterministic large document, for benchmarks and demos.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a deterministic generated feature (pop-on captions) for benchmarks.",
        discussion: "About 15 captions a minute, 1–2 lines of at most 32 characters, 2–4 s each, "
            + "on the 29.97 fps frame grid. The same --seed and --minutes always give the same file.")

    @Option(name: .long, parsing: .unconditional, help: "Length of the feature in minutes.")
    var minutes = 120

    @Option(name: .long, parsing: .unconditional, help: "Seed of the pseudo-random generator.")
    var seed: UInt64 = 1

    @Option(name: .shortAndLong, help: "The file to write; its extension picks the format.")
    var output: String

    @Option(name: .long, help: "Output format; default: by extension.")
    var to: String?

    @Flag(name: .long, help: "Replace the output file if it exists.")
    var force = false

    @Flag(name: .long, help: "Print what was written as JSON.")
    var json = false

    func validate() throws {
        guard minutes > 0, minutes <= 100 * 60 else { throw ValidationError("--minutes must be 1…6000") }
    }

    func run() throws {
        let document = FeatureGenerator(seed: seed).document(minutes: minutes)
        let (written, format) = try CaptionFile.write(document, to: output, format: to, overwrite: force)
        let diagnostics = written.diagnostics.inFile(output)
        if json {
            Console.out(
                try JSONText.encode(
                    GenerateReport(
                        output: output, format: format.name, minutes: minutes, seed: seed,
                        captions: document.captions.count, diagnostics: diagnostics)))
        }
        try Exit.report(diagnostics, quiet: json)
    }
}
