import ArgumentParser
import CaptionKit
import CaptionsCLI
import Composition
import FileSafety
import Media
import Render

/// `captions compose comp.json -o out.mp4` and `captions compose a.mov b.mov -o out.mp4`:
/// an edit of several movies into one (Specs/composition.md).
struct ComposeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: MediaCommand.compose.rawValue,
        abstract: MediaCommand.compose.abstract,
        discussion: """
            With one .json argument, the composition file (Specs/composition.md) says everything: \
            clips with in and out points and speed, empty ranges, cross-fades, other tracks \
            (music, commentary), the audio mix and ducking, layer opacity and transform ramps and \
            crop, titles, and each clip's captions. With movies as arguments they play one after \
            another at the first one's size and rate (--crossfade 1s joins them with cross-fades). \
            Sources of other sizes, rates, pixel formats and rotations are brought to the \
            output's. A bad file is reported with its JSON path and nothing is written. \
            --captions-out burn|sei|track|FILE.scc puts the clips' captions, retimed through the \
            edit, into the picture, into each H.264 picture as A/53 data, into a c608 track, or \
            into a caption file; CEA-608 outputs are validated again and the validator's \
            suggested shifts printed. The output is written to a temporary file and renamed at \
            the end; an existing output is kept unless --force; Ctrl-C leaves nothing.
            """)

    @Argument(help: "A composition file (.json), or the movies to play one after another.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The movie to write (.mp4, .mov, .mkv).")
    var output: String

    @Option(
        name: .long,
        help: "With movies as arguments: cross-fade each into the next over this time (1s, 0.5, 00:00:00:15).")
    var crossfade: String?

    @Option(name: .long, help: "Output size WIDTHxHEIGHT (overrides the file's renderSize).")
    var size: String?

    @Option(name: .customLong("frame-rate"), help: "Output frame rate: 30, 29.97, 30000/1001… (overrides the file's).")
    var frameRate: String?

    @OptionGroup var encoding: EncodingOptions

    @Option(
        name: .customLong("captions-out"),
        help: "Where the clips' captions go: burn, sei (A/53 in each picture), track (a c608 track) or a caption file.")
    var captionsOut: String?

    @Option(
        name: .customLong("metadata-out"),
        help:
            "track: the clips' own GPS tracks (\"metadata\": \"embedded\"), retimed through the edit, as a QuickTime mebx track."
    )
    var metadataOut: String?

    /// How burned captions look (`--look`, `--outline`, `--shadow`), as `burn` and `preview` take
    /// it, and the font files tried first for them and for titles (`--font`).
    @OptionGroup(title: "Burned captions and titles") var style: CaptionStyleOptions

    @Option(
        name: .long,
        help: "Progress: auto (a line on a terminal), json (one object a second on stdout), none.")
    var progress: ExportOptions.ProgressStyle = .auto

    @Flag(name: .long, help: "Replace an existing output file (and caption file).")
    var force = false

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give a composition file or the movies to join") }
        if isFile, crossfade != nil {
            throw ValidationError("--crossfade goes with movies as arguments; a file says its own transitions")
        }
        if let size, VideoSize(size) == nil { throw ValidationError("--size must be WIDTHxHEIGHT, e.g. 1280x720") }
        if let frameRate, FrameRate(frameRate) == nil {
            throw ValidationError("--frame-rate: \"\(frameRate)\" is not a frame rate")
        }
        if case .copy = encoding.videoCodec() {
            throw ValidationError("--codec copy: a composition's pictures are made anew, so they are always encoded")
        }
        if let metadataOut, metadataOut != "track" { throw ValidationError("--metadata-out: the only form is track") }
    }

    var isFile: Bool { inputs.count == 1 && inputs[0].lowercased().hasSuffix(".json") }

    func run() throws {
        var file = try compositionFile()
        if let size { file.renderSize = VideoSize(size) }
        if let frameRate { file.frameRate = FrameRate(frameRate) }
        let plan = try CompositionInput.plan(file, fileName: isFile ? inputs[0] : "compose")
        let asset = try CompositionInput.asset(plan)
        let captions = try ComposeCaptions(plan: plan, destination: captionsOut, output: output, force: force)
        let metadata = metadataOut == nil ? nil : try ComposeMetadata(plan: plan)
        if let metadata, metadata.isEmpty {
            throw Exit.Failure("--metadata-out track: no clip has \"metadata\": \"embedded\" with a GPS track")
        }
        let needsTrack = captions.needsTrack || metadata != nil
        if needsTrack, CaptionEmbedding.containerFormat(of: output) == nil {
            throw Exit.Failure("an added track (c608 captions, mebx metadata) goes in MP4 and MOV files, not \(output)")
        }
        // With a metadata track the movie is exported to the output's hidden temporary file
        // (removed on failure or interruption) and the track added while copying it to the output.
        var staging: OutputFile?
        if metadata != nil {
            staging = try OutputFile(output, overwrite: force)
            staging?.releaseDescriptor()
        }
        defer { staging?.discard() }
        let settings = ExportSettings(
            videoCodec: encoding.videoCodec(), crf: encoding.crf, preset: encoding.preset,
            overwrite: force || staging != nil,
            containerFormat: needsTrack ? CaptionEmbedding.containerFormat(of: output) : nil)
        var fonts: (any FontProvider)?
        if !plan.titles.isEmpty || captionsOut == "burn" { fonts = try style.fonts() }
        let session = try asset.makeExportSession(
            outputPath: staging?.temporaryPath ?? output, settings: settings, fonts: fonts)
        try captions.run(session, fonts: fonts, look: style.renderOptions(), progress: progress)
        if let metadata, let staging {
            try metadata.write(movie: staging.temporaryPath, to: output, overwrite: force)
        }
    }

    /// The composition file, or one made of the movies given.
    func compositionFile() throws -> CompositionFile {
        if isFile { return try CompositionInput.read(inputs[0]) }
        var file = CompositionFile()
        let fade = try crossfade.map { text -> MediaTime in
            var t = Substring(text)
            if t.hasSuffix("s") { t = t.dropLast() }
            let value = try TimeArgument.parse(String(t), option: "--crossfade", rate: .fps30)
            guard value > .zero else { throw Exit.Failure("--crossfade must be a positive time") }
            return value
        }
        for (i, path) in inputs.enumerated() {
            var clip = CompositionFile.Clip(
                source: path, location: JSONLocation(path: "argument \(i + 1)", line: 1, column: 1))
            if i > 0 { clip.crossfade = fade }
            file.clips.append(.clip(clip))
        }
        file.baseDirectory = ""
        return file
    }
}
