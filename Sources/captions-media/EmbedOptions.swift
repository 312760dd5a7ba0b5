import ArgumentParser
import CaptionKit
import CaptionTracks
import CaptionsCLI

/// `export --captions FILE --embed track|sei|both [--as c608|c708]`: closed captions put inside
/// the movie. The
/// file is `--captions` of the overlay options, which without `--embed` burns it: with `--embed`
/// it is embedded instead, and burned too only when `--overlay captions` asks. `--cc3 FILE`
/// (and `--cc1`, `--cc2`, `--cc4`) embeds another file on that channel, one a field.
struct EmbedOptions: ParsableArguments {
    @Option(
        name: .long,
        help: """
            track: a c608 closed-caption track (MP4/MOV); sei: A/53 cc_data in each H.264 picture's SEI; \
            both (the default): both, carrying the same words on the same frames.
            """)
    var embed: Form?

    @Option(
        name: .customLong("as"),
        help: """
            The closed-caption track --embed track writes: c608 (CEA-608 pairs, the default) or c708 (one CDP a \
            frame: the same pairs and each file's captions as a CEA-708 service, 1 for --captions, 2 for the next \
            channel's, as --embed sei sends them).
            """)
    var trackForm: TrackForm?

    enum TrackForm: String, ExpressibleByArgument, CaseIterable {
        case c608, c708
    }

    @Option(
        name: .long, parsing: .unconditional,
        help: """
            CEA-608 channel: with --embed, the one the --captions file goes in (1–4, CC1–CC4; 3 and 4 go in \
            field 2); without, the one of the file to draw, as burn --channel. Default 1.
            """)
    var channel: Int?

    @OptionGroup var channels: ChannelCaptionOptions

    @Option(name: .long, help: "Language of the caption track: ISO 639-2 (eng) or BCP 47 (en-US).")
    var language: String?

    @Option(
        name: .customLong("start-timecode"),
        help: "The timecode of the movie's start in an SCC file's labels (default: the movie's first timecode).")
    var startTimecode: String?

    @Option(
        name: .customLong("caption-format"),
        help: "The --captions file's format (scc, itt…), to embed or to draw; default: by extension.")
    var captionFormat: String?

    enum Form: String, ExpressibleByArgument, CaseIterable {
        case track, sei, both

        var writesTrack: Bool { self != .sei }
        var writesSEI: Bool { self != .track }
    }

    /// The options given that only embedding takes (any of them asks for embedding; `--channel`
    /// and `--caption-format` also say how to read a file that is drawn).
    var anyGiven: [String] {
        [
            (embed != nil, "--embed"), (language != nil, "--language"), (startTimecode != nil, "--start-timecode"),
            (trackForm != nil, "--as"),
        ].filter(\.0).map(\.1) + channels.given
    }

    func validate() throws {
        if let channel, !(1...4).contains(channel) { throw ValidationError("--channel must be 1, 2, 3 or 4") }
        if trackForm != nil, embed == .sei {
            throw ValidationError("--as names the track --embed track or both writes; --embed sei writes none")
        }
    }

    /// The files to embed with their channels, the main one (`--captions`) first.
    func files(captions: String?) throws -> [MovieCaptionWriter.ChannelCaptions] {
        try channels.all(main: captions, channel: channel, mainName: "--captions")
    }

    /// What the caption writer needs to embed `files` (the main one first).
    func writerOptions(_ files: [MovieCaptionWriter.ChannelCaptions]) throws -> MovieCaptionWriter.Options {
        var options = MovieCaptionWriter.Options()
        options.channel = files.first?.channel ?? channel
        options.otherChannels = Array(files.dropFirst())
        options.language = language
        options.channelLanguages = try channels.languages()
        options.startTimecode = startTimecode
        options.format = captionFormat
        return options
    }
}

extension MovieCaptionSource.Kind: ExpressibleByArgument {}
