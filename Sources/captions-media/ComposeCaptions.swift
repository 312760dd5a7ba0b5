import CaptionKit
import CaptionTracks
import CaptionsCLI
import Composition
import FileSafety
import Media
import Render

#if canImport(Glibc)
    import Glibc
#endif

/// The clips' captions on the composed movie's timeline (each retimed through its clip's
/// mapping: cut at the in and out points, moved, scaled with a slowed clip) and where they go:
/// burned (the caption compositor after the titles), A/53 data in each picture (`sei`), a c608
/// track (`track`, added to the exported movie as `export --embed track` adds it), or a caption
/// file. For the CEA-608 outputs the validator runs again on the retimed captions at the output
/// rate and its findings, with their suggested shifts, are printed.
struct ComposeCaptions {
    enum Destination: Equatable {
        case none, burn, sei, track
        case file(String)
    }

    let plan: CompositionPlan
    let destination: Destination
    let output: String
    let force: Bool
    /// The captions of every clip, on the output's timeline, sorted.
    private(set) var document = CaptionDocument()
    private(set) var diagnostics: [Diagnostic] = []

    var needsTrack: Bool { destination == .track }

    init(plan: CompositionPlan, destination text: String?, output: String, force: Bool) throws {
        self.plan = plan
        self.output = output
        self.force = force
        switch text {
        case nil: destination = .none
        case "burn": destination = .burn
        case "sei": destination = .sei
        case "track": destination = .track
        case let path?: destination = .file(path)
        }
        let withCaptions = plan.placedClips.filter { $0.clip.captions != nil && $0.videoTrackID != nil }
        if destination != .none, withCaptions.isEmpty {
            throw Exit.Failure(
                "--captions-out: no clip has captions (give a clip \"captions\": a file or \"embedded\")")
        }
        if destination == .track, CaptionEmbedding.containerFormat(of: output) == nil {
            throw Exit.Failure("--captions-out track: c608 tracks go in MP4 and MOV files, not \(output); use sei")
        }
        guard destination != .none else { return }
        var all: [Caption] = []
        for placed in withCaptions {
            let path: String
            switch placed.clip.captions {
            case .embedded?: path = placed.path
            case .file(let name)?:
                path = plan.resolve(name)
            case nil: continue
            }
            let result: CaptionReadResult
            do {
                (result, _) = try CaptionFile.read(path, format: nil, options: CaptionFormatOptions())
            } catch let error as CaptionFormatError {
                let at = placed.clip.location(of: "captions")
                throw Exit.Failure("\(at.path) (line \(at.line)): \(error.description)")
            }
            if result.diagnostics.contains(where: { $0.severity == .error }) { try Exit.report(result.diagnostics) }
            diagnostics += result.diagnostics
            do {
                all += try EditRetiming.retime(result.document.captions, through: [placed.mapping])
            } catch {
                throw Exit.Failure("\(placed.clip.location.path).captions: \(error)")
            }
        }
        all.sort { $0.timeRange.start < $1.timeRange.start }
        document = CaptionDocument(captions: all, frameRate: Self.outputRate(plan))
    }

    static func outputRate(_ plan: CompositionPlan) -> FrameRate? {
        let d = plan.frameDuration
        return FrameRate(frames: d.timescale, seconds: Int32(truncatingIfNeeded: d.value))
    }

    /// Runs `session` with the captions where ``destination`` says; burned ones drawn with
    /// `fonts` in the `look` of `burn`'s style options.
    func run(
        _ session: ExportSession, fonts: (any FontProvider)?, look: CaptionRenderOptions,
        progress: ExportOptions.ProgressStyle
    ) throws {
        switch destination {
        case .none:
            try ExportRunner.run(session, style: progress, extra: diagnostics)
        case .burn:
            guard let fonts else { throw Exit.Failure("burning captions needs the system fonts, and none were loaded") }
            let renderer = try CaptionRenderer(captions: document.captions, fonts: fonts, options: look)
            session.compositors.append(CaptionCompositor(renderer: renderer))
            try ExportRunner.run(session, style: progress, extra: diagnostics)
        case .file(let path):
            let target = path.lowercased().hasSuffix(".scc")
            if target { try validate608() }
            // Written first: a caption file that cannot be written stops before the movie.
            let (written, _) = try CaptionFile.write(
                document, to: path, options: CaptionFormatOptions(frameRate: Self.outputRate(plan)), overwrite: force)
            try ExportRunner.run(session, style: progress, extra: diagnostics + written.diagnostics)
        case .sei, .track:
            try validate608()
            let frames = try a53Frames(attach: destination == .sei)
            session.closedCaptionData = { frames.constructs(forFrameAt: $0) }
            if destination == .sei {
                try ExportRunner.run(session, style: progress, extra: diagnostics)
            } else {
                try exportThenAddTrack(session, frames: frames, progress: progress)
            }
        }
    }

    /// The retimed captions' CEA-608 words for the output's pictures (the SCC writer's, on line
    /// 21's 29.97 fps frames, spread over the pictures at the output's rate), through a
    /// temporary caption file that MovieCaptionWriter reads as `export --embed` reads a caption
    /// file.
    private func a53Frames(attach: Bool) throws -> A53FrameCaptions {
        guard let rate = Self.outputRate(plan) else { throw Exit.Failure("the output frame rate cannot carry CEA-608") }
        let scratch = try ScratchFile(suffix: ".json")
        defer { scratch.remove() }
        try CaptionFile.write(document, to: scratch.path, overwrite: true)
        var options = MovieCaptionWriter.Options()
        options.format = "json"
        let prepared = try MovieCaptionWriter.prepare(captions: scratch.path, firstTimecode: nil, options: options)
        let (schedule, _) = try MovieCaptionWriter.c608Schedule(prepared, options: options)
        // CEA-708 service 1 too, when the pictures carry the data.
        return A53FrameCaptions(
            schedule: schedule, videoRate: rate, attaches: attach,
            dtvcc: attach ? [DTVCCService(document, rate: rate)] : [])
    }

    /// Exports to a temporary file beside the session's output, then writes the session's
    /// output with a c608 track whose frames carry what each encoded frame was given.
    ///
    /// The movie goes where the session was told to write it: the output itself, or the
    /// hidden temporary file of a caller that adds another track after this one (the `mebx`
    /// track of `--metadata-out track`, ComposeMetadata), which removes that file on failure.
    private func exportThenAddTrack(
        _ session: ExportSession, frames: A53FrameCaptions, progress: ExportOptions.ProgressStyle
    ) throws {
        let target = session.outputPath
        let overwrite = session.settings.overwrite
        let staging = try ExportRunner.naming(output, for: target) { try OutputFile(target, overwrite: overwrite) }
        defer { staging.discard() }
        staging.releaseDescriptor()
        var settings = session.settings
        settings.overwrite = true
        let staged = session.staged(at: staging.temporaryPath, settings: settings)
        try ExportRunner.run(staged, style: progress, extra: diagnostics, stagedFor: output)
        let plan = try MovieCaptionWriter.plan(
            movie: staging.temporaryPath, c608Frames: frames.carried, language: .undetermined)
        try MovieCaptionWriter.write(plan, to: target, overwrite: overwrite)
    }

    /// The validator on the retimed captions at the output's rate; findings (and the shifts it
    /// suggests) go to standard error. Errors do not stop the export: the shifts are advice.
    private func validate608() throws {
        guard let rate = Self.outputRate(plan) else { return }
        let settings = CaptionConversionSettings(target: .scc, frameRate: rate, videoDuration: plan.duration)
        let warnings = CaptionConversionValidator(document: document, settings: settings, fileName: output)
            .warnings()
        guard !warnings.isEmpty else { return }
        let report = ValidationReport(
            file: "captions after the edit", settings: settings, captionCount: document.captions.count,
            readerDiagnostics: [], warnings: warnings)
        Console.error(report.text)
    }
}

/// A temporary file in the system's temporary folder, removed by ``remove()``.
struct ScratchFile {
    let path: String

    init(suffix: String) throws {
        let dir = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(dir)/captions-compose-XXXXXX\(suffix)".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemps(base, Int32(suffix.utf8.count))
        }
        guard fd >= 0 else { throw Exit.Failure("cannot make a temporary file in \(dir)") }
        close(fd)
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func remove() { unlink(path) }
}
