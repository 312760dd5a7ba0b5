import CaptionKit
import CaptionTracks
import CaptionsCLI
import FileSafety
import Media

/// Runs an export that embeds captions (`export --captions FILE [--cc3 FILE] --embed …`): the
/// caption files' CEA-608 words on line 21's 29.97 fps frames (those an SCC file of the same
/// captions carries, each file in the field of its channel; Specs/caption-tracks.md), handed to
/// the encoder picture by picture as A/53 data (`sei`, as many pairs as each picture's time
/// holds) and recorded, then added as a `c608` track with the words the output carried
/// (`track`), so `both` carry the same words at the same times.
///
/// With a track, the export is written to the output's hidden temporary file (FileSafety:
/// removed on failure or interruption) and the track is added while copying it to the output.
struct CaptionEmbedding {
    let input: String
    let asset: Asset
    let options: EmbedOptions
    /// The caption files with their channels, the main one first.
    let files: [MovieCaptionWriter.ChannelCaptions]
    /// `--allow-empty`: embed an empty result when the caption file gives no caption.
    var allowEmpty = false

    func run(_ session: ExportSession, export: ExportOptions, extra drawn: [Diagnostic] = []) throws {
        let form = options.embed ?? .both
        let c708Track = form.writesTrack && options.trackForm == .c708
        let output = export.output
        let container = Self.containerFormat(of: output)
        if form.writesTrack && container == nil {
            throw Exit.Failure(
                "--embed \(form.rawValue): \(c708Track ? "c708" : "c608") closed-caption tracks go in MP4 and MOV files (.mp4, .m4v, .mov), not \(output); use --embed sei"
            )
        }
        if case .copy = session.settings.videoCodec, form.writesSEI {
            throw Exit.Failure(
                "--embed \(form.rawValue) puts the captions in the pictures as they are encoded: --codec copy cannot be used (--embed track can)"
            )
        }
        if case .encode(let name) = session.settings.videoCodec, form.writesSEI,
            !ExportSession.encoderWritesClosedCaptions(name)
        {
            throw Exit.Failure(
                "--embed \(form.rawValue): the \(name) encoder does not write A/53 closed captions; use libx264 (or --embed track)"
            )
        }
        let rate = try MovieFacts.frameRate(of: asset)
        // Two pairs a field a picture at most fit cc_count's 31 constructs from 2 fps up (line
        // 21's 29.97 pairs a second a field, CTA-708-E §4.1).
        if form.writesSEI, Int64(rate.frames) < 2 * Int64(rate.seconds) {
            throw Exit.Failure(
                "--embed \(form.rawValue): pictures at \(rate) fps cannot carry CEA-608's 29.97 pairs a second a field in cc_data's 31 constructs; use --embed track"
            )
        }
        let movie = try? MovieCaptions(path: input)
        guard let main = files.first else { throw Exit.Failure("no caption file to embed") }
        var writerOptions = try options.writerOptions(files)
        writerOptions.allowEmpty = allowEmpty
        let prepared = try MovieCaptionWriter.prepare(
            captions: main.path, firstTimecode: movie?.firstTimecode(), options: writerOptions)
        let read = prepared.flatMap(\.diagnostics)
        if prepared.contains(where: \.isRefusedAsEmpty) { try Exit.report(drawn + read) }
        let (schedule, notes) = try MovieCaptionWriter.c608Schedule(prepared, options: writerOptions)
        let language = prepared.first?.language ?? .undetermined
        let languages = MovieCaptionWriter.serviceLanguages(of: prepared)
        // The same captions as CEA-708 services in the pictures' cc_data (and a c708 track),
        // beside the 608 pairs: service 1 for --captions, 2 for the next file (--cc3).
        let trimStart = session.timeRange?.start
        let dtvcc =
            form.writesSEI || c708Track
            ? prepared.enumerated().map {
                DTVCCService(
                    Self.onScreen(from: trimStart, $1.document), rate: rate, service: $0 + 1,
                    sharedBy: prepared.count)
            } : []
        let found = drawn + read + notes + dtvcc.flatMap(\.diagnostics)
        if case .copy = session.settings.videoCodec {
            // No frame passes through: the copied video's frames are the source's.
            if session.timeRange != nil {
                throw Exit.Failure(
                    "--embed track with --codec copy cannot follow --from/--to (the copy starts at a key frame); re-encode, or cut first and run `captions mux`"
                )
            }
            // The copy's frames are the source's from its first: the services' frames as made.
            try exportThenAddTrack(
                session, export: export, container: container, language: language, languages: languages, extra: found,
                frames: .copied(schedule.entries, services: c708Track ? dtvcc : nil))
            return
        }
        let frames = A53FrameCaptions(schedule: schedule, videoRate: rate, attaches: form.writesSEI, dtvcc: dtvcc)
        session.closedCaptionData = { frames.constructs(forFrameAt: $0) }
        guard form.writesTrack else {
            try ExportRunner.run(session, style: export.progress, extra: found)
            return
        }
        try exportThenAddTrack(
            session, export: export, container: container, language: language, languages: languages, extra: found,
            frames: .encoded(frames, c708: c708Track))
    }

    /// Exports to the output's temporary file, then writes the output: that movie with a
    /// `c608` track whose frames carry `frames()`.
    private func exportThenAddTrack(
        _ session: ExportSession, export: ExportOptions, container: String?, language: LanguageTag,
        languages: CaptionTrackMuxer.ServiceLanguages, extra: [Diagnostic], frames: TrackFrames
    ) throws {
        let staging = try OutputFile(export.output, overwrite: export.force)
        defer { staging.discard() }
        staging.releaseDescriptor()
        var settings = session.settings
        settings.overwrite = true
        settings.containerFormat = container
        let staged = session.staged(at: staging.temporaryPath, settings: settings)
        try ExportRunner.run(staged, style: export.progress, extra: extra, stagedFor: export.output)
        let entries: [CEA608FrameSchedule.Entry]
        let services: [DTVCCService]?
        switch frames {
        case .copied(let e, let s): (entries, services) = (e, s)
        case .encoded(let captions, let c708):
            (entries, services) = (captions.carried, c708 ? captions.carriedServices : nil)
        }
        let plan = try MovieCaptionWriter.plan(
            movie: staging.temporaryPath, c608Frames: entries, services: services, language: language,
            languages: languages)
        try MovieCaptionWriter.write(plan, to: export.output, overwrite: export.force)
        // The track was planned on the temporary file: its findings are about the output.
        try Exit.report(
            plan.diagnostics.map {
                var d = $0
                d.location.file = export.output
                return d
            })
    }

    /// What the exported movie's line-21 frames carry: the source's schedule when the video is
    /// copied, what the encoded pictures were given otherwise; with the CEA-708 services of a
    /// `c708` track (nil, or false, for a `c608` track).
    enum TrackFrames {
        case copied([CEA608FrameSchedule.Entry], services: [DTVCCService]?)
        case encoded(A53FrameCaptions, c708: Bool)
    }

    /// `document` for a CEA-708 service of an export trimmed to start at `start` (nil: not
    /// trimmed): the captions that end before it left out and those it cuts starting there. The
    /// service data of everything before the start goes in the first pictures
    /// (``A53FrameCaptions``), so a caption of the part cut away would otherwise flash up first.
    static func onScreen(from start: MediaTime?, _ document: CaptionDocument) -> CaptionDocument {
        guard let start else { return document }
        var cut = document
        cut.captions = document.captions.compactMap { caption in
            guard caption.timeRange.end > start else { return nil }
            guard caption.timeRange.start < start else { return caption }
            var c = caption
            c.timeRange = TimeRange(start: start, end: caption.timeRange.end)
            return c
        }
        return cut
    }

    /// libavformat's muxer for an output that can hold a `c608` track; nil for any other.
    static func containerFormat(of path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "mp4", "m4v": return "mp4"
        case "mov", "qt": return "mov"
        default: return nil
        }
    }
}
