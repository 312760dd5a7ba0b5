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

    @Argument(help: "The file to read (with --init: the first media segment).")
    var input: String

    @Argument(help: "The file to write (or -o); with --init, the further media segments, in order.")
    var more: [String] = []

    @Option(name: .shortAndLong, help: "The file to write, instead of the last argument.")
    var output: String?

    @Option(
        name: .customLong("init"),
        help:
            "A fragmented movie's initialization segment (init.mp4, as HLS and DASH deliver it): the arguments are then its media segments, in order, read as one movie, and -o names the output.")
    var initSegment: String?

    @OptionGroup var read: ReadOptions

    @Option(name: .long, help: "Output format (json, scc, itt…); default: by the output's extension.")
    var to: String?

    @Option(name: .long, help: "Write drop-frame (df) or non-drop (ndf) timecode where the format has timecode.")
    var timecode: TimecodeMode?

    @Option(
        name: .long, parsing: .unconditional, help: "Timecode of media time zero in the output, e.g. 01:00:00;00.")
    var startTimecode: String?

    @Flag(name: .long, help: "Let the writer shift captions by the smallest amounts needed (reported).")
    var shift = false

    @Flag(name: .long, help: "Replace the output file if it exists.")
    var force = false

    @Flag(name: .long, help: "Write the movie's CEA-608 words as SCC exactly as transmitted, each on its frame.")
    var asTransmitted = false

    @Option(name: .long, parsing: .unconditional, help: "SCC: split pop-on captions of more rows (1–15).")
    var maxRows: Int?

    @Option(name: .long, help: "The captions' language as a BCP 47 tag, e.g. en-US (iTT writes it as xml:lang).")
    var language: String?

    @Flag(name: .long, help: "Print what was done as JSON (files, formats, findings) instead of one finding per line.")
    var json = false

    @Flag(
        name: .long,
        help: "Write the output even when the input gives no caption (otherwise nothing is written and the exit status is 1).")
    var allowEmpty = false

    /// The rules of `captions convert` for these options.
    func validate() throws {
        _ = try files()
        if let startTimecode,
            case .failure(.malformed) = Result(catching: { () throws(TimecodeError) in
                try Timecode(startTimecode, rate: .fps29_97)
            })
        {
            throw ValidationError(
                "--start-timecode must be a timecode such as 01:00:00:00 or 01:00:00;00, not \"\(startTimecode)\"")
        }
        if let maxRows, !(1...15).contains(maxRows) { throw ValidationError("--max-rows must be 1…15, not \(maxRows)") }
        if let language, language.wholeMatch(of: /[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*/) == nil {
            throw ValidationError("--language must be a BCP 47 tag such as en, en-US or pt-BR, not \"\(language)\"")
        }
    }

    /// The input, the output and the segments (``ConvertJob/files(arguments:output:initialization:)``).
    func files() throws -> (input: String, output: String, segments: [String]?) {
        try ConvertJob.files(arguments: [input] + more, output: output, initialization: initSegment)
    }

    enum TimecodeMode: String, ExpressibleByArgument, CaseIterable {
        case df, ndf
    }

    func run() throws {
        let (input, output, segments) = try files()
        var job = ConvertJob(
            input: input, output: output, from: read.from, readOptions: read.formatOptions(), to: to,
            dropFrame: timecode.map { $0 == .df }, startTimecode: startTimecode, shift: shift, force: force)
        job.segments = segments
        job.asTransmitted = asTransmitted
        job.maxRows = maxRows
        job.language = language
        job.json = json
        job.allowEmpty = allowEmpty
        try job.run()
    }
}
