import ArgumentParser
import CaptionKit
import CaptionTracks
import CaptionsCLI

/// `captions mux MOVIE CAPTIONS -o OUT`: caption tracks added to a copy of a movie.
struct MuxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mux",
        abstract:
            "Add captions to a copy of a movie as a c608 or c708 closed-caption track, a tx3g or a WebVTT subtitle track.",
        discussion:
            "The movie's own tracks are copied byte for byte, in its own container (MP4 or MOV). --form c608 writes CEA-608 byte pairs "
            + "at line 21's rate (29.97 fps, whatever the video's), one sample per line-21 frame with data, referred to by the "
            + "video (tref clcp): an SCC file's own words on their own frames, else the words the SCC writer sends. --cc3 FILE "
            + "(and --cc1, --cc2, --cc4) adds another file on that channel: `mux movie.mov en.scc --cc3 es.scc -o out.mov` puts "
            + "English in CC1 (field 1) and Spanish in CC3 (field 2) of one track; one file a field. --form c708 writes one "
            + "CDP (SMPTE ST 334-2) a video frame in ccdp atoms: the same CEA-608 words beside the captions as CEA-708 "
            + "service 1, as `convert x.scc x.mcc` writes them (the video must be at 23.976, 24, 25, 29.97, 30, 50, 59.94 "
            + "or 60 fps). --form tx3g writes soft "
            + "subtitles (FFmpeg's mov_text) from any caption file; --form wvtt (or --as wvtt) WebVTT in ISO BMFF (ISO/IEC "
            + "14496-30), as CMAF carries subtitles; --form stpp (or ttml) TTML in ISO BMFF, one IMSC 1.1 Text document "
            + "(a TTML input's own IMSC or EBU-TT-D profile kept) in one sample. Forms combine with commas (c608,wvtt); both is c608,tx3g. A fragmented movie (CMAF) gets "
            + "the tracks in movie fragments of their own, one after each of its fragments. Default: "
            + "c608 for SCC input or several files, tx3g otherwise. See Specs/caption-tracks.md.")

    @Argument(help: "The movie (MP4 or MOV).")
    var movie: String

    @Argument(help: "The caption file (SCC, iTT, SRT, WebVTT, JSON), on --channel; optional with --cc1…--cc4.")
    var captions: String?

    @OptionGroup(title: "More channels") var channels: ChannelCaptionOptions

    @Option(name: .shortAndLong, help: "The output movie.")
    var output: String

    @Option(
        name: [.customLong("form"), .customLong("as")],
        help: "c608, c708, tx3g (mov_text), wvtt (webvtt), stpp (ttml), or several joined by commas; both is c608,tx3g."
    )
    var form: String?

    /// The forms `--form` names; nil without it. Unknown names are nil in the list.
    static func forms(_ text: String) -> [CaptionTrackMuxer.Form?] {
        text.split(separator: ",").flatMap { name -> [CaptionTrackMuxer.Form?] in
            switch name {
            case "both": return [.c608, .tx3g]
            case "mov_text": return [.tx3g]
            case "webvtt": return [.wvtt]
            case "ttml": return [.stpp]
            default: return [CaptionTrackMuxer.Form(rawValue: String(name))]
            }
        }
    }

    @Option(
        help:
            "CEA-608 channel of the CAPTIONS file's c608 data, 1–4 (3 and 4 in field 2); for SCC input also the one read."
    )
    var channel: Int?

    @Option(help: "The tracks' language: ISO 639-2 (eng) or BCP 47 (en-US). Default: the captions' own, else und.")
    var language: String?

    @Option(
        name: .long,
        help:
            "The timecode of the movie's start in an SCC file's labels. Default: the movie's first timecode (tmcd) when the captions do not start before it, else 00:00:00;00."
    )
    var startTimecode: String?

    @OptionGroup var input: CaptionInputOptions

    @Flag(help: "Let the SCC writer shift captions whose words cannot arrive in time (reported) instead of failing.")
    var shift = false

    @Flag(help: "Replace the output if it exists.")
    var force = false

    func validate() throws {
        if let form, Self.forms(form).contains(nil) || Self.forms(form).isEmpty {
            throw ValidationError(
                "--form must be c608, c708, tx3g, wvtt or both (or several joined by commas), not \(form)")
        }
        if let channel, !(1...4).contains(channel) {
            throw ValidationError("--channel must be 1, 2, 3 or 4 (CC1–CC4), not \(channel)")
        }
        if captions == nil && channels.files.isEmpty {
            throw ValidationError("give the caption file (CAPTIONS), or --cc1…--cc4 FILE")
        }
        if try files().count > 1, let form, Self.forms(form).contains(where: { $0?.isSubtitle ?? true }) {
            throw ValidationError(
                "--form \(form): caption files for several channels go in one c608 or c708 track; a subtitle track takes one file"
            )
        }
    }

    /// The caption files with their channels, the main one first.
    func files() throws -> [MovieCaptionWriter.ChannelCaptions] {
        try channels.all(main: captions, channel: channel, mainName: "the CAPTIONS file")
    }

    func run() throws {
        var options = MovieCaptionWriter.Options()
        options.forms = form.map { Set(Self.forms($0).compactMap { $0 }) }
        let files = try files()
        guard let main = files.first else { throw ValidationError("give the caption file (CAPTIONS)") }
        options.channel = main.channel
        options.otherChannels = Array(files.dropFirst())
        options.language = language
        options.channelLanguages = try channels.languages()
        options.startTimecode = startTimecode
        options.format = input.from
        options.read.frameRate = input.frameRate.flatMap(FrameRate.init)
        options.applyShifts = shift
        let plan = try MovieCaptionWriter.plan(movie: movie, captions: main.path, options: options)
        if plan.diagnostics.contains(where: { $0.severity == .error }) { try Exit.report(plan.diagnostics) }
        // Only now, with every track built, does the output exist (as a hidden temporary file
        // until it is complete).
        try MovieCaptionWriter.write(plan, to: output, overwrite: force)
        try Exit.report(plan.diagnostics)
        let what = zip(plan.forms, plan.trackIDs).map { "\($0.rawValue) track \($1)" }.joined(separator: " and ")
        Console.error("captions: \(what) written to \(output)")
    }
}
