import ArgumentParser
import CaptionKit
import CaptionTracks
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
        // Standard input is read once, above.
        let carriage = format.name == MCCCaptionFormat.descriptor.name && file != "-" ? try mccCarriage() : nil
        if json {
            var report = InspectReport(file: file, format: format.name, result: result)
            report.carriage = carriage
            Console.out(try report.jsonText())
        } else {
            Console.out(DocumentPrinter(document: result.document).text(file: file, format: format.title))
            if let carriage { Console.out((["carries:"] + carriage.lines).joined(separator: "\n")) }
        }
        try Exit.report(result.diagnostics, file: file)
    }

    /// The captions of each CEA-608 channel and CEA-708 service of the MCC file (the document
    /// above is the one the read options chose).
    private func mccCarriage() throws -> InspectReport.Carriage {
        let census = try MCCCaptionFormat.census(FileIO.readAll(file), fileName: file)
        return InspectReport.Carriage(
            channels: Dictionary(uniqueKeysWithValues: census.captions.map { ("CC\($0.key)", $0.value) }),
            services: census.services.keys.sorted().map {
                .init(service: $0, language: census.serviceLanguages[$0], captions: census.services[$0] ?? 0)
            })
    }
}
