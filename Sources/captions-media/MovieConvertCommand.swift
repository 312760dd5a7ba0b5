import ArgumentParser
import CaptionKit
import CaptionsCLI

/// `captions convert movie.ts out.scc`: `captions` hands a conversion here when its input is a
/// movie only libavformat reads (an MPEG transport or program stream, Matroska), whose captions
/// are read picture by picture through `DemuxedCaptions`. The options are those of `captions
/// convert` (Sources/captions/Commands/ConvertCommand.swift), and the work the same `ConvertJob`.
struct MovieConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert the captions of a movie that libavformat reads (MPEG-TS/PS, Matroska) to a caption file.",
        discussion: "The same command as `captions convert`, for movie inputs that need FFmpeg's demuxer.")

    @Argument(help: "The movie to read.")
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

    @Flag(name: .long, help: "Let the writer shift captions by the smallest amounts needed (reported).")
    var shift = false

    @Flag(name: .long, help: "Replace the output file if it exists.")
    var force = false

    @Flag(name: .long, help: "Write the movie's CEA-608 words as SCC exactly as transmitted, each on its frame.")
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
