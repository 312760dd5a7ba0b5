import CaptionKit
import CaptionsCLI
import Composition
import FileSafety
import ISOBMFF
import Media
import Metadata

/// `captions export GX01*.MP4 --overlay gps -o ride.mp4`: several movies (a GoPro's chapters)
/// exported as one ride. The chapters play one after another on one timeline (a composition,
/// as `compose` joins movies): every frame once, at the first chapter's size and rate. Their GPS
/// is joined on that timeline, so the dashboard's odometer, chart, map and moving time go on
/// across chapters, and every chapter's GoPro GPMF goes into the output as one `gpmd` track.
struct RideExport {
    let chapters: RideChapters
    let export: ExportOptions
    let overlays: OverlayOptions

    func run() throws {
        var file = chapters.compositionFile()
        if let size = export.size { file.renderSize = VideoSize(size) }
        let plan = try CompositionInput.plan(file, fileName: "export")
        let asset = try CompositionInput.asset(plan)
        let gps = try joinedGPS(plan)
        let gpmf = try gps.flatMap { try gpmfTrack(of: $0) }
        let container = CaptionEmbedding.containerFormat(of: export.output)
        if gpmf != nil, container == nil {
            throw Exit.Failure(
                "\(export.output): the chapters' GPMF goes in an MP4 or MOV file (or leave it out with --drop-data)")
        }
        // With GPMF the ride is exported to the output's hidden temporary file (removed on failure
        // or interruption) and the track added while copying it to the output.
        var staging: OutputFile?
        if gpmf != nil {
            staging = try OutputFile(export.output, overwrite: export.force)
            staging?.releaseDescriptor()
        }
        defer { staging?.discard() }
        var settings = export.settings()
        settings.overwrite = export.force || staging != nil
        settings.containerFormat = container
        let session = try asset.makeExportSession(
            outputPath: staging?.temporaryPath ?? export.output, settings: settings, fonts: nil)
        var diagnostics = chapters.diagnostics
        let made = try overlays.compositors(
            output: export.output, format: nil, channel: nil,
            movieRate: { try MovieFacts.frameRate(of: Asset(path: chapters.paths.first ?? "")) },
            diagnostics: &diagnostics
        ) { _, _ in
            guard let gps else {
                throw Exit.Failure("--overlay gps: none of the movies has a GPS track (GoPro GPMF or QuickTime mebx)")
            }
            return gps
        }
        if let (compositor, tracks) = made {
            let composition = VideoComposition.singleTrack(
                compositor: compositor, duration: plan.duration,
                videoTrackID: CompositionTrackID(CompositionPlan.videoA), sampleDataTrackIDs: tracks.map(\.trackID),
                frameDuration: plan.frameDuration)
            do {
                try session.apply(composition, sampleDataTracks: tracks)
            } catch let error as VideoCompositionError {
                throw Exit.Failure("\(export.output): \(error)")
            }
        }
        if let staging {
            try ExportRunner.run(session, style: export.progress, extra: diagnostics, stagedFor: export.output)
            if let gpmf { try add(gpmf, movie: staging.temporaryPath) }
        } else {
            try ExportRunner.run(session, style: export.progress, extra: diagnostics)
        }
    }

    /// The chapters' GPS on the ride's timeline, or nil when none has a GPS track; a ride where
    /// only some chapters have one is refused, since its dashboard would stop mid-ride.
    private func joinedGPS(_ plan: CompositionPlan) throws -> SampleDataTrack? {
        var with: [String] = []
        var without: [String] = []
        for path in chapters.paths {
            let movie = try MovieMetadata(path: path)
            if movie.metadataTracks.isEmpty { without.append(path) } else { with.append(path) }
        }
        if with.isEmpty { return nil }
        guard without.isEmpty else {
            throw Exit.Failure(
                "\(without.joined(separator: ", ")): no GPS track, where \(with.joined(separator: ", ")) "
                    + "\(with.count == 1 ? "has one" : "have one"): a ride's chapters all have GPS or none has")
        }
        // The sample-data track's ID follows the timeline's tracks'.
        let id = CompositionTrackID(clamping: (plan.composition.tracks.map(\.trackID).max() ?? 0) + 1)
        return try plan.embeddedGPS(trackID: id)
    }

    /// The joined `gpmd` track, unless the chapters have none or `--drop-data` leaves it out.
    private func gpmfTrack(of gps: SampleDataTrack) throws -> NewTrack? {
        guard !export.dropData, !gps.samples.isEmpty, let first = chapters.paths.first else { return nil }
        let movie = try MovieMetadata(path: first)
        guard let entry = movie.metadataTracks.first(where: { $0.format?.description == "gpmd" })?.sampleEntries.first
        else { return nil }
        return try RideChapters.gpmfTrack(gps, sampleEntry: entry.bytes, videoTrackID: UInt32(CompositionPlan.videoA))
    }

    /// Writes the output: the ride exported to `staged`, with `track` added.
    private func add(_ track: NewTrack, movie staged: String) throws {
        let movie = try MovieMetadata(path: staged)
        guard let video = movie.movie.firstTrack(handler: "vide") else {
            throw Exit.Failure("\(export.output): no video track for the GPMF track to describe")
        }
        var track = track
        track.references = ["cdsc": [video.id]]
        let out = try OutputFile(export.output, overwrite: export.force)
        try MovieTrackAdder(movie: movie.movie, source: movie.source).write(adding: [track]) {
            (piece: [UInt8]) throws(ISOBMFFError) in
            do throws(FileSafetyError) { try out.write(piece) } catch {
                throw ISOBMFFError(.io, error.message, path: export.output)
            }
        }
        try out.commit()
    }
}
