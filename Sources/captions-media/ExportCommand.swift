import ArgumentParser
import CaptionKit
import CaptionsCLI
import Composition
import Media

/// `captions export IN -o OUT`: re-encodes (or copies) a movie, with frame-exact trimming.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: MediaCommand.export.rawValue,
        abstract: MediaCommand.export.abstract,
        discussion: """
            Audio, data, timecode and subtitle tracks are copied with their timestamps; container \
            metadata and the video's rotation and colour tags are kept. A track the output \
            container cannot hold is dropped with a warning that names it. --from starts the \
            video exactly at the first frame at or after that time; copied tracks are cut at the \
            nearest packet and stay in sync. The output is written to a temporary file and \
            renamed at the end; an existing output is kept unless --force; Ctrl-C leaves nothing. \
            --overlay gps draws a GPS dashboard from the movie's own metadata track (GoPro GPMF or \
            QuickTime mebx), a --gpx track or a --fit file, with a --layout file (Specs/dashboard-layout.md) or \
            the default layout fitted to the picture; --captions FILE burns captions exactly as burn \
            does, with its options (--frame-rate, --channel, --caption-format, --offset, --look, \
            --font-family, --font-size, --box, --outline, --shadow, --font); overlays stack in \
            the order given. With --embed track|sei|both, --captions FILE goes inside the \
            movie as CEA-608 instead (a c608 track, A/53 data in each H.264 picture, or both; with \
            --as c708 the track is a c708 one, adding the CEA-708 services the pictures carry; \
            --channel, --language, --start-timecode as in mux), drawn too only with --overlay captions; \
            --cc3 FILE (and --cc1, --cc2, --cc4) embeds another file on that channel, one a field: \
            --captions en.scc --cc3 es.scc puts English in CC1 and Spanish in CC3. The words are sent \
            at line 21's rate, one pair a field every 1/29.97 s, at any frame rate: each picture \
            carries those sent while it is shown (two at 29.97 fps, 3 and 2 in turn at 23.976, one at \
            59.94), with the cc_count of its rate (Specs/caption-tracks.md). --overlay-only writes \
            the overlays alone on a transparent picture with alpha, one picture at each of the \
            movie's frame times and no other track but its timecode (ProRes 4444 in .mov by \
            default; --codec qtrle, png, or libvpx-vp9 in .webm; Specs/media.md). Several movies \
            (a GoPro's chapters, put in chapter order by their names) are exported as one ride: \
            every frame once, the dashboard's odometer, chart and map going on across chapters, \
            and every chapter's GPMF in one gpmd track; a --gpx or --fit is placed on each chapter \
            by that chapter's own clock; --from/--to and --overlay-only apply to the ride \
            (Specs/timed-metadata.md, "Chapters").
            """)

    @Argument(
        help:
            "The movie to read; several movies (a GoPro's chapters GX01nnnn.MP4, GX02nnnn.MP4…, put in chapter order) are exported as one ride."
    )
    var inputs: [String]

    var input: String { inputs.first ?? "" }

    @OptionGroup var export: ExportOptions

    @OptionGroup(title: "Overlays") var overlays: OverlayOptions

    @OptionGroup(title: "Captions inside the movie") var embedding: EmbedOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give the movie to export") }
        if inputs.count > 1 {
            // A ride is a composition of its chapters, exported whole with what is drawn over it.
            let refused = [
                (!embedding.anyGiven.isEmpty, "--embed"),
                (!embedding.channels.files.isEmpty, "--cc1…--cc4"),
                (overlays.metadataTrack != nil, "--metadata-track"), (export.encoding.codec == "copy", "--codec copy"),
            ]
            if let (_, option) = refused.first(where: \.0) {
                throw ValidationError(
                    "\(option): not with several movies (a ride of \(inputs.count) chapters); export the joined ride first"
                )
            }
        }
        let reading = [(embedding.channel != nil, "--channel"), (embedding.captionFormat != nil, "--caption-format")]
        if overlays.captions == nil, embedding.channels.files.isEmpty,
            let given = (embedding.anyGiven + reading.filter(\.0).map(\.1)).first
        {
            throw ValidationError("\(given) goes with --captions FILE (the captions to embed), or --cc1…--cc4 FILE")
        }
        if export.overlayOnly, !embedding.anyGiven.isEmpty || !embedding.channels.files.isEmpty {
            throw ValidationError(
                "--overlay-only writes no picture of the movie to carry captions: leave out --embed and --cc1…--cc4")
        }
        if !embedding.anyGiven.isEmpty { _ = try embedding.files(captions: overlays.captions) }
    }

    func run() throws {
        if inputs.count > 1 {
            try RideExport(chapters: RideChapters(inputs), export: export, overlays: overlays).run()
            return
        }
        let asset = Asset(path: input)
        let session = ExportSession(asset: asset, outputPath: export.output, settings: export.settings())
        session.timeRange = try export.timeRange(rate: { try MovieFacts.frameRate(of: asset) })
        // With --embed the caption file goes inside the movie; it is drawn too only when
        // --overlay captions says so.
        let embedded = embedding.anyGiven.isEmpty ? [] : try embedding.files(captions: overlays.captions)
        var drawn = overlays
        if !embedded.isEmpty, !overlays.overlay.contains(.captions) { drawn.captions = nil }
        // --channel is the channel embedded into; drawn alone, the file's channel to draw.
        let extra = try drawn.apply(
            to: session, movie: input, format: embedding.captionFormat,
            channel: embedded.isEmpty ? embedding.channel : nil)
        if !embedded.isEmpty {
            try CaptionEmbedding(
                input: input, asset: asset, options: embedding, files: embedded, allowEmpty: overlays.allowEmpty
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
        let d = try asset.loadDescription()
        return d.tracks.first { $0.mediaType == .video }?.frameRate ?? .fps29_97
    }
}
