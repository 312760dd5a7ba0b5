import ArgumentParser
import CaptionsCLI

/// `captions convert IN OUT`: reads with one format and writes with another.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a caption file to another format.",
        discussion: "Formats are picked by extension, or by --from/--to. The output is written to a "
            + "temporary file and renamed into place; an existing output is only replaced with --force.")

    @OptionGroup var options: ConvertOptions

    func run() throws { try options.job().run() }
}
