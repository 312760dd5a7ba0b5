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
            --channel choose).
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

    @Option(
        name: .customLong("frame-rate"),
        help: "Frame rate of the caption file's timecodes (default: the file's, else the video's).")
    var frameRate: String?

    @Option(name: .long, help: "CEA-608 channel to burn: 1–4 (CC1–CC4). Default 1.")
    var channel: Int?

    @Option(
        name: .long,
        help:
            "With --captions embedded: the c608 track (track), the video's A/53 captions (sei) or a subtitle track (subtitle); default: the first of these present."
    )
    var source: MovieCaptionSource.Kind?

    @Option(
        name: .long, parsing: .unconditional,
        help:
            "Shift the captions by this much: seconds (-3600, 1.5) or a timecode, e.g. -01:00:00:00 for a file that starts at 01:00:00:00."
    )
    var offset: String?

    @Option(name: .customLong("font-family"), help: "Font family for every caption (iTT look).")
    var fontFamily: String?

    @Option(
        name: .customLong("font-size"), help: "Font size in cells, 1/15 of the picture height (iTT look), e.g. 0.9.")
    var fontSize: Double?

    @Option(name: .long, help: "A box behind the text: a colour #RRGGBB or #RRGGBBAA (iTT look).")
    var box: String?

    @OptionGroup var style: CaptionStyleOptions

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
        if let frameRate, FrameRate(frameRate) == nil { throw ValidationError("unknown frame rate \"\(frameRate)\"") }
        if let channel, !(1...4).contains(channel) { throw ValidationError("--channel must be 1, 2, 3 or 4") }
        if let fontSize, !(0.1...15).contains(fontSize) { throw ValidationError("--font-size must be 0.1–15 cells") }
        if let box, CaptionColor(hex: box) == nil { throw ValidationError("--box must be #RRGGBB or #RRGGBBAA") }
        if case .copy = export.settings().videoCodec {
            throw ValidationError("burn draws on the picture, so the video is re-encoded: --codec copy cannot be used")
        }
    }

    func run() throws {
        let asset = Asset(path: input)
        let rate = frameRate.flatMap(FrameRate.init)
        var options = CaptionFormatOptions(frameRate: rate, channel: channel)
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
        var found = result.diagnostics
        if let empty = EmptyCaptions.finding(
            result, input: captions == .embedded ? input : captionFile ?? input,
            consequence: "there is nothing to burn: \(export.output) is not written", allowEmpty: allowEmpty)
        {
            // Nothing to burn: refused, or (--allow-empty) burned with the reader's findings
            // reported at the end.
            if empty.severity == .error { try Exit.report(found + [empty]) }
            found.append(empty)
        } else if found.contains(where: { $0.severity == .error }) {
            try Exit.report(found)
        }
        let document = result.document
        let offsetTime =
            try offset.map {
                try Self.parseOffset($0, rate: rate ?? document.frameRate ?? MovieFacts.frameRate(of: asset))
            } ?? .zero

        let renderOptions = style.renderOptions()
        let overrides = CaptionStyleOverrides(
            fontFamily: fontFamily, fontSizeInCells: fontSize, boxColor: box.flatMap { CaptionColor(hex: $0) })
        let renderer = try CaptionRenderer(
            captions: overrides.applied(to: document.captions), fonts: try style.fonts(),
            options: renderOptions)
        renderer.timecodeRate = document.frameRate ?? rate
        renderer.timecodeDropFrame = document.dropFrame ?? false
        let session = ExportSession(asset: asset, outputPath: export.output, settings: export.settings())
        session.timeRange = try export.timeRange(rate: { try MovieFacts.frameRate(of: asset) })
        session.compositors = [CaptionCompositor(renderer: renderer, offset: offsetTime)]
        try ExportRunner.run(session, style: export.progress, extra: found + renderer.diagnostics)
    }

    /// `-3600`, `1.5`, `-01:00:00:00`.
    static func parseOffset(_ text: String, rate: FrameRate) throws -> MediaTime {
        let negative = text.hasPrefix("-")
        let body = negative || text.hasPrefix("+") ? String(text.dropFirst()) : text
        let t = try TimeArgument.parse(body, option: "--offset", rate: rate)
        return negative ? -t : t
    }
}
