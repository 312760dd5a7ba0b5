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
/// A `--gpx` or `--fit` is placed on each chapter by that chapter's clock; `--from`/`--to` cut
/// the ride on its frame grid while the dashboard keeps the whole ride's times; the points
/// filters apply to every chapter; with `--overlay-only` the ride's overlay alone is written, a
/// transparent picture at each of the ride's frame times (Specs/timed-metadata.md, "Chapters").
struct RideExport {
    let chapters: RideChapters
    let export: ExportOptions
    let overlays: OverlayOptions

    func run() throws {
        var file = chapters.compositionFile()
        if let size = export.size { file.renderSize = VideoSize(size) }
        let plan = try CompositionInput.plan(file, fileName: "export")
        let asset = try CompositionInput.asset(plan)
        // --from/--to on the ride's timeline (timecodes at the ride's rate), put on its frame grid.
        let range = try export.timeRange(rate: {
            FrameRate(frames: plan.frameDuration.timescale, seconds: Int32(clamping: plan.frameDuration.value))
                ?? .fps29_97
        })
        let written = try range.map { try asset.timeline.frames(in: $0) }
        // With a GPX or FIT the dashboard draws that; the chapters' own GPMF is still kept.
        let external = overlays.gpx != nil || overlays.fit != nil
        var diagnostics = chapters.diagnostics
        let filter = try overlays.filtering.filter()
        let gps = try joinedGPS(plan, dashboardNeedsIt: !external, filter: filter, diagnostics: &diagnostics)
        // An overlay-only ride is the dashboard alone, with no track of the chapters (as one
        // movie's overlay-only output keeps none but its timecode); a privacy zone leaves the
        // chapters' GPMF out, since every position of the ride is in it (as for one movie).
        let hidesPlaces = !filter.privacyZones.isEmpty
        if hidesPlaces, gps?.samples.isEmpty == false, !export.overlayOnly, !export.dropData {
            diagnostics.append(
                Diagnostic(
                    .warning, "metadata.privacy-zone-source",
                    "--hide-near: the chapters' GPMF (every position of the ride) is left out of the output, since "
                        + "it would show the hidden places", at: DiagnosticLocation(file: export.output)))
        }
        let gpmf =
            try export.overlayOnly || hidesPlaces ? nil : gps.flatMap { try gpmfTrack(of: $0, within: written) }
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
        // The size is the ride's render size (above), not a scaling of its pictures.
        settings.size = nil
        settings.overwrite = export.force || staging != nil
        settings.containerFormat = container
        let session = try asset.makeExportSession(
            outputPath: staging?.temporaryPath ?? export.output, settings: settings, fonts: nil)
        // The dashboard is drawn at the whole ride's times, so its odometer counts from the start.
        session.timeRange = written
        let made = try overlays.compositors(
            output: export.output, format: nil, channel: nil,
            movieRate: { try MovieFacts.frameRate(of: Asset(path: chapters.paths.first ?? "")) },
            diagnostics: &diagnostics
        ) { filter, diagnostics in
            if let ride = try overlays.rideFilePoints(filter: filter, diagnostics: &diagnostics) {
                return try placed(ride, on: plan, diagnostics: &diagnostics)
            }
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

    /// The chapters' GPS on the ride's timeline, or nil when none has a GPS track. A ride where
    /// only some chapters have one is refused when the dashboard draws it, since it would stop
    /// mid-ride; otherwise (a GPX or FIT drawn instead) their GPS is left out, and that is said.
    private func joinedGPS(
        _ plan: CompositionPlan, dashboardNeedsIt: Bool, filter: TrackPointFilter, diagnostics: inout [Diagnostic]
    ) throws -> SampleDataTrack? {
        var with: [String] = []
        var without: [String] = []
        for path in chapters.paths {
            let movie = try MovieMetadata(path: path)
            if movie.metadataTracks.isEmpty { without.append(path) } else { with.append(path) }
        }
        if with.isEmpty { return nil }
        guard without.isEmpty else {
            if !dashboardNeedsIt {
                diagnostics.append(
                    Diagnostic(
                        .warning, "ride.partialGPS",
                        "\(without.joined(separator: ", ")): no GPS track, where \(with.joined(separator: ", ")) "
                            + "\(with.count == 1 ? "has one" : "have one"): the chapters' GPMF is left out of the ride")
                )
                return nil
            }
            throw Exit.Failure(
                "\(without.joined(separator: ", ")): no GPS track, where \(with.joined(separator: ", ")) "
                    + "\(with.count == 1 ? "has one" : "have one"): a ride's chapters all have GPS or none has")
        }
        // The sample-data track's ID follows the timeline's tracks'.
        let id = CompositionTrackID(clamping: (plan.composition.tracks.map(\.trackID).max() ?? 0) + 1)
        return try plan.embeddedGPS(trackID: id, filter: filter, diagnostics: &diagnostics)
    }

    /// The `--gpx` or `--fit` ride placed on each chapter by that chapter's own clock (each
    /// GoPro chapter has its own GPS time; with `--sync start` the ride's first point plays at
    /// the ride's start), on the ride's timeline. Points outside every chapter, and chapters
    /// with no point, are said once for the ride rather than chapter by chapter.
    private func placed(
        _ ride: (file: String, points: [TrackPoint]), on plan: CompositionPlan, diagnostics: inout [Diagnostic]
    ) throws -> SampleDataTrack {
        let fromStart = try overlays.syncing.choice().sync == .start
        // Above every track of the timeline, as a GPX is above a movie's tracks.
        let id = CompositionTrackID(clamping: (plan.composition.tracks.map(\.trackID).max() ?? 0) + 1)
        var found: [Diagnostic] = []
        let (track, counts) = try plan.placedGPS(trackID: id) { clip in
            let movie = try MovieMetadata(path: clip.path)
            let shift = fromStart ? clip.mapping.source.start - clip.mapping.target.start : .zero
            var own: [Diagnostic] = []
            let points: [PlacedPoint]
            do {
                points = try overlays.place(ride.points, on: movie, shift: shift, diagnostics: &own)
            } catch let error as MetadataError where error.kind == .noData {
                points = []
            }
            // Points before or after one chapter are mostly another's: counted for the ride below.
            for var d in own where !["metadata.before-movie", "metadata.after-movie"].contains(d.ruleID) {
                d.location.file = d.location.file ?? clip.path
                found.append(d)
            }
            return points
        }
        diagnostics += found
        let timed = ride.points.filter { $0.time != nil }.count
        let shown = counts.reduce(0, +)
        guard shown > 0 else {
            let first = ride.points.first?.time?.iso8601 ?? "?", last = ride.points.last?.time?.iso8601 ?? "?"
            throw Exit.Failure(
                "\(ride.file): no point falls within any chapter: its points run from \(first) to \(last); check "
                    + "--sync, --camera-tz and --gpx-offset")
        }
        for (clip, count) in zip(plan.placedClips.filter { $0.videoTrackID != nil }, counts) where count == 0 {
            diagnostics.append(
                Diagnostic(
                    .warning, "metadata.chapter-without-points",
                    "no point of \(ride.file) falls within this chapter: the dashboard has no ride data under it",
                    at: DiagnosticLocation(file: clip.path)))
        }
        if timed > shown {
            diagnostics.append(
                Diagnostic(
                    .info, "metadata.outside-chapters",
                    "\(timed - shown) of its \(timed) timed points fall before, between or after the chapters and "
                        + "are not drawn", at: DiagnosticLocation(file: ride.file)))
        }
        return track
    }

    /// The joined `gpmd` track, unless the chapters have none or `--drop-data` leaves it out;
    /// with a range, the payloads that start in it, on the output's times.
    private func gpmfTrack(of gps: SampleDataTrack, within range: TimeRange?) throws -> NewTrack? {
        var gps = gps
        if let range {
            let samples = gps.samples.filter { range.contains($0.timeRange.start) }.map {
                SampleBuffer(
                    timeRange: TimeRange(start: $0.timeRange.start - range.start, duration: $0.timeRange.duration),
                    bytes: $0.bytes)
            }
            gps = SampleDataTrack(trackID: gps.trackID, groups: [], samples: samples)
        }
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
