import ArgumentParser
import CaptionKit
import CaptionsCLI

/// `captions inspect FILE [--json]`: prints the captions of any readable file.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the captions of a file in any readable format (or describe a movie).",
        discussion: "Human-readable by default: one caption per entry with its times, region and text. "
            + "--json prints the document in the captions JSON format (Specs/json-format.md) "
            + "with the reader's diagnostics. A movie (by extension or content) is described instead: "
            + "container, duration, tags and every track, as `captions-media inspect` prints it. "
            + "So is a composition file (by content: a JSON object with a top-level \"clips\" member, "
            + "Specs/composition.md): its tracks and segments, instructions, audio mix, titles and "
            + "each clip's captions and metadata.")

    @Argument(help: "The caption file to read.")
    var file: String

    @OptionGroup var read: ReadOptions

    @Flag(name: .long, help: "Print JSON for machines instead of text.")
    var json = false

    func run() throws {
        let (result, format) = try CaptionFile.read(file, format: read.from, options: read.formatOptions())
        if json {
            Console.out(try InspectReport(file: file, format: format.name, result: result).jsonText())
        } else {
            Console.out(DocumentPrinter(document: result.document).text(file: file, format: format.title))
        }
        try Exit.report(result.diagnostics, file: file)
    }
}
