import ArgumentParser
import CaptionsCLI

/// `captions convert IN OUT`: reads with one format and writes with another.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a caption file to another format.",
        discussion: "Formats are picked by extension, or by --from/--to. The output is written to a "
            + "temporary file and renamed into place; an existing output is only replaced with --force.")

    @Argument(help: "The file to read.")
    var input: String

    @Argument(help: "The file to write.")
    var output: String

    @OptionGroup var read: ReadOptions

    @Option(name: .long, help: "Output format (json, scc, itt…); default: by the output's extension.")
    var to: String?

    @Option(name: .long, help: "Write drop-frame (df) or non-drop (ndf) timecode where the format has timecode.")
    var timecode: TimecodeMode?

    @Option(name: .long, help: "Timecode of media time zero in the output, e.g. 01:00:00;00.")
    var startTimecode: String?

    @Flag(
        name: .long, help: "Let the writer shift captions by the smallest amounts needed (reported) instead of failing."
    )
    var shift = false

    @Flag(name: .long, help: "Replace the output file if it exists.")
    var force = false

    @Flag(
        name: .long,
        help:
            "From a movie: write its CEA-608 words as SCC exactly as transmitted, each on its frame, from the movie's first timecode."
    )
    var asTransmitted = false

    enum TimecodeMode: String, ExpressibleByArgument, CaseIterable {
        case df, ndf
    }

    func run() throws {
        var job = ConvertJob(
            input: input, output: output, from: read.from, readOptions: read.formatOptions(), to: to,
            dropFrame: timecode.map { $0 == .df }, startTimecode: startTimecode, shift: shift, force: force)
        job.asTransmitted = asTransmitted
        try job.run()
    }
}
