import ArgumentParser
import CaptionKit
import CaptionsCLI
import Media

/// `captions export IN -o OUT`: re-encodes (or copies) a movie, with frame-exact trimming.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a movie again: re-encode the video (libx264), copy the other tracks, trim with --from/--to.",
        discussion: """
            Audio, data, timecode and subtitle tracks are copied with their timestamps; container \
            metadata and the video's rotation and colour tags are kept. A track the output \
            container cannot hold is dropped with a warning that names it. --from starts the \
            video exactly at the first frame at or after that time; copied tracks are cut at the \
            nearest packet and stay in sync. The output is written to a temporary file and \
            renamed at the end; an existing output is kept unless --force; Ctrl-C leaves nothing. \
            --overlay gps draws a GPS dashboard from the movie's own metadata track (GoPro GPMF or \
            QuickTime mebx) or a --gpx track, with a --layout file (Specs/dashboard-layout.md) or \
            the default layout fitted to the picture; --captions FILE burns captions; overlays \
            stack in the order given. With --embed track|sei|both, --captions FILE goes inside the \
            movie as CEA-608 instead (a c608 track, A/53 data in each H.264 picture, or both; \
            --channel, --language, --start-timecode as in mux), drawn too only with --overlay captions.
            """)

    @Argument(help: "The movie to read.")
    var input: String

    @OptionGroup var export: ExportOptions

    @OptionGroup(title: "Overlays") var overlays: OverlayOptions

    @OptionGroup(title: "Captions inside the movie") var embedding: EmbedOptions

    func validate() throws {
        if overlays.captions == nil, let given = embedding.anyGiven.first {
            throw ValidationError("\(given) goes with --captions FILE (the captions to embed)")
        }
    }

    func run() throws {
        let asset = Asset(path: input)
        let session = ExportSession(asset: asset, outputPath: export.output, settings: export.settings())
        session.timeRange = try export.timeRange(rate: { try MovieFacts.frameRate(of: asset) })
        // With --embed the caption file goes inside the movie; it is drawn too only when
        // --overlay captions says so.
        let embedded = embedding.anyGiven.isEmpty ? nil : overlays.captions
        var drawn = overlays
        if embedded != nil, !overlays.overlay.contains(.captions) { drawn.captions = nil }
        let extra = try drawn.apply(to: session, movie: input)
        if let captions = embedded {
            try CaptionEmbedding(
                input: input, asset: asset, options: embedding, captions: captions, allowEmpty: overlays.allowEmpty
            ).run(session, export: export, extra: extra)
            return
        }
        try ExportRunner.run(session, style: export.progress, extra: extra)
    }
}

/// What commands need to know about a movie before they start.
enum MovieFacts {
    /// The video's frame rate (for timecode arguments); 29.97 when the file does not say.
    static func frameRate(of asset: Asset) throws -> FrameRate {
        do {
            let d = try asset.loadDescription()
            return d.tracks.first { $0.mediaType == .video }?.frameRate ?? .fps29_97
        } catch let error as MediaFileError {
            throw Exit.Failure(error.description)
        }
    }
}
