import ArgumentParser
import CaptionKit

/// The arguments and options of `captions convert`, one group for both of its commands: the
/// one in `captions` and the one in `captions-media` that reads movies only libavformat's
/// demuxer reads (`MediaCommandForwarder` hands those over), so the two cannot drift apart.
public struct ConvertOptions: ParsableArguments {
    public init() {}

    @Argument(help: "The file to read (with --init: the first media segment).")
    public var input: String

    @Argument(help: "The file to write (or -o); with --init, the further media segments, in order.")
    public var more: [String] = []

    @Option(name: .shortAndLong, help: "The file to write, instead of the last argument.")
    public var output: String?

    @Option(
        name: .customLong("init"),
        help:
            "A fragmented movie's initialization segment (init.mp4, as HLS and DASH deliver it): the arguments are then its media segments, in order, read as one movie, and -o names the output."
    )
    public var initSegment: String?

    @OptionGroup public var read: ReadOptions

    @Option(name: .long, help: "Output format (json, scc, itt…); default: by the output's extension.")
    public var to: String?

    @Option(name: .long, help: "Write drop-frame (df) or non-drop (ndf) timecode where the format has timecode.")
    public var timecode: TimecodeMode?

    // `.unconditional`: a value that starts with "-" is this option's value, refused below by its
    // own rule (ArgumentParser said "Missing value" for `--start-timecode -1`).
    @Option(
        name: .long, parsing: .unconditional, help: "Timecode of media time zero in the output, e.g. 01:00:00;00.")
    public var startTimecode: String?

    @Flag(
        name: .long, help: "Let the writer shift captions by the smallest amounts needed (reported) instead of failing."
    )
    public var shift = false

    @Flag(name: .long, help: "Replace the output file if it exists.")
    public var force = false

    @Flag(
        name: .long,
        help:
            "From a movie: write its CEA-608 words as SCC exactly as transmitted, each on its frame, from the movie's first timecode."
    )
    public var asTransmitted = false

    @Option(
        name: .long, parsing: .unconditional,
        help:
            "SCC: split pop-on captions of more rows (1–15) into consecutive screens (default: only captions not yet on the 608 grid, at 4)."
    )
    public var maxRows: Int?

    @Option(name: .long, help: "The captions' language as a BCP 47 tag, e.g. en-US (iTT writes it as xml:lang).")
    public var language: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The profile to write, for formats that have several: ttml: imsc1.1 (default), imsc1.2, imsc1, ebu-tt-d, dfxp, smpte-tt, itt (`captions formats` lists them).",
            valueName: "name"))
    public var profile: String?

    @Option(
        name: .customLong("option"),
        help: ArgumentHelp(
            "A format's own setting, KEY=VALUE; repeatable. srt: crlf=true; ttml: profile=NAME (as --profile); mcc: uuid=UUID, created=ISO-8601-TIME.",
            valueName: "key=value"))
    public var formatSettings: [String] = []

    @Flag(name: .long, help: "Print what was done as JSON (files, formats, findings) instead of one finding per line.")
    public var json = false

    @Flag(
        name: .long,
        help:
            "Write the output even when the input gives no caption (otherwise nothing is written and the exit status is 1)."
    )
    public var allowEmpty = false

    /// `--timecode`.
    public enum TimecodeMode: String, ExpressibleByArgument, CaseIterable, Sendable {
        case df, ndf
    }

    public func validate() throws {
        for setting in formatSettings where setting.firstIndex(of: "=").map({ $0 == setting.startIndex }) ?? true {
            throw ValidationError("--option \(setting): expected KEY=VALUE, such as crlf=true")
        }
        _ = try files()
        if let startTimecode {
            do {
                _ = try Timecode(startTimecode, rate: .fps29_97)
            } catch .malformed(_) {
                throw ValidationError(
                    "--start-timecode must be a timecode such as 01:00:00:00 (non-drop) or 01:00:00;00 (drop-frame), "
                        + "not \"\(startTimecode)\"")
            } catch {
                // Ranges (the frame field) depend on the output's rate: the writer checks them.
            }
        }
        if let maxRows, !(1...15).contains(maxRows) { throw ValidationError("--max-rows must be 1…15, not \(maxRows)") }
        // BCP 47 (RFC 5646) shape: a 2–8 letter primary subtag, then subtags of 1–8 letters or
        // digits, separated by hyphens.
        if let language, language.wholeMatch(of: /[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*/) == nil {
            throw ValidationError("--language must be a BCP 47 tag such as en, en-US or pt-BR, not \"\(language)\"")
        }
    }

    /// The input, the output and the segments (``ConvertJob/files(arguments:output:initialization:)``).
    func files() throws -> (input: String, output: String, segments: [String]?) {
        try ConvertJob.files(arguments: [input] + more, output: output, initialization: initSegment)
    }

    /// The conversion these options ask for.
    public func job() throws -> ConvertJob {
        let (input, output, segments) = try files()
        var readOptions = read.formatOptions()
        for setting in formatSettings {
            guard let equals = setting.firstIndex(of: "=") else { continue }  // refused by validate()
            readOptions.settings[String(setting[..<equals])] = String(setting[setting.index(after: equals)...])
        }
        var job = ConvertJob(
            input: input, output: output, from: read.from, readOptions: readOptions, to: to,
            dropFrame: timecode.map { $0 == .df }, startTimecode: startTimecode, shift: shift, force: force)
        job.segments = segments
        job.asTransmitted = asTransmitted
        job.maxRows = maxRows
        job.language = language
        job.profile = profile
        job.json = json
        job.allowEmpty = allowEmpty
        return job
    }
}
