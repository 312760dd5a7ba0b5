import ArgumentParser
import CaptionKit
import CaptionTracks
import CaptionsCLI
import Composition
import Media
import Render

/// `captions burn IN CAPTIONS -o OUT`: draws captions into the video during an export.
struct BurnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: MediaCommand.burn.rawValue,
        abstract: MediaCommand.burn.abstract,
        discussion: """
            Each caption scene is rendered once (FreeType, HarfBuzz, FriBidi) and blended straight \
            into the decoded frames — yuv420p, yuvj420p, nv12 and yuv420p10le; other pixel formats \
            are converted through libswscale first, and the command says so. Colours use the \
            video's matrix (its tag, else BT.709 for HD and BT.601 for SD) and range. CEA-608 \
            captions get the 608 look, with flashing text blinking; iTT captions their own look, \
            which --font, --font-size, --outline, --shadow and --box adjust. All export options \
            apply (--from/--to, --codec, --crf, --preset, --size, --drop-data, --force). \
            --captions embedded burns the movie's own captions: its c608 track, the CEA-608 in its \
            video (A/53, H.264/HEVC SEI or MPEG-2 user data) or its mov_text track (--source, \
            --channel choose). --overlay-only writes the captions alone on a transparent picture \
            with alpha, at the movie's frame times (ProRes 4444 in .mov; --codec qtrle, png or \
            libvpx-vp9 in .webm), for an editor to lay over the footage.
            """)

    @Argument(help: "The movie to read.")
    var input: String

    @Argument(help: "The caption file (SCC, iTT, JSON, …). Omit it with --captions embedded.")
    var captionFile: String?

    @Option(name: .long, help: "Where the captions come from: a file (the default) or embedded (those in the movie).")
    var captions: CaptionSource = .file

    @Option(
        name: .customLong("caption-format"), help: "The caption file's format (scc, itt, json…); default: by extension."
    )
    var captionFormat: String?

    @Option(name: .long, help: "CEA-608 channel to burn: 1–4 (CC1–CC4). Default 1.")
    var channel: Int?

    @Option(
        name: .long,
        help:
            "With --captions embedded: the c608 track (track), the video's A/53 captions (sei) or a subtitle track (subtitle); default: the first of these present."
    )
    var source: MovieCaptionSource.Kind?

    @OptionGroup var drawing: CaptionBurnOptions

    @Flag(
        name: .long,
        help: "Burn even when the captions give no caption (otherwise nothing is written and the exit status is 1).")
    var allowEmpty = false

    @OptionGroup var export: ExportOptions

    enum CaptionSource: String, ExpressibleByArgument, CaseIterable {
        case file, embedded
    }

    func validate() throws {
        if captions == .file, captionFile == nil {
            throw ValidationError("give the caption file after the movie, or --captions embedded")
        }
        if captions == .embedded, let captionFile {
            throw ValidationError(
                "--captions embedded burns the movie's own captions: give no caption file (\(captionFile))")
        }
        if source != nil, captions != .embedded { throw ValidationError("--source goes with --captions embedded") }
        if let channel, !(1...4).contains(channel) { throw ValidationError("--channel must be 1, 2, 3 or 4") }
        if case .copy = export.settings().videoCodec {
            throw ValidationError("burn draws on the picture, so the video is re-encoded: --codec copy cannot be used")
        }
    }

    func run() throws {
        let asset = Asset(path: input)
        var options = drawing.readOptions(channel: channel)
        let result: CaptionReadResult
        switch captions {
        case .embedded:
            // The movie's own captions (c608 track, A/53 in its video, tx3g), on its timeline.
            if let source { options.settings[MovieCaptions.sourceSetting] = source.rawValue }
            (result, _) = try CaptionFile.read(input, format: MovieCaptionFormat.descriptor.name, options: options)
        case .file:
            guard let captionFile else { return }
            (result, _) = try CaptionFile.read(captionFile, format: captionFormat, options: options)
        }
        let (compositor, found) = try drawing.compositor(
            for: result, input: captions == .embedded ? input : captionFile ?? input, output: export.output,
            allowEmpty: allowEmpty, fonts: try drawing.style.fonts(), movieRate: { try MovieFacts.frameRate(of: asset) }
        )
        let session = ExportSession(asset: asset, outputPath: export.output, settings: export.settings())
        session.timeRange = try export.timeRange(rate: { try MovieFacts.frameRate(of: asset) })
        session.compositors = [compositor]
        try ExportRunner.run(session, style: export.progress, extra: found)
    }
}
