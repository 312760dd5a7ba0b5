import ArgumentParser
import CaptionKit
import CaptionsCLI
import Composition
import Dashboard
import FileSafety
import Media
import Metadata
import Render

/// `export`'s drawing options: `--overlay gps` (the GPS dashboard from the movie's own metadata
/// track or a synced GPX), `--captions FILE` drawn with `burn`'s options (``CaptionBurnOptions``:
/// the same compositor, so the same pixels), stacked in the order given.
struct OverlayOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Draw an overlay: gps (the GPS dashboard) or captions (with --captions). Repeat to stack; later on top.")
    var overlay: [OverlayKind] = []

    @Option(name: .long, help: "A GPX track for the dashboard instead of the movie's own metadata track.")
    var gpx: String?

    @Option(
        name: .long,
        help:
            "A FIT file (Garmin, Wahoo, Hammerhead, COROS…) for the dashboard instead of the movie's own metadata track."
    )
    var fit: String?

    @OptionGroup var syncing: RideSyncOptions

    @Option(
        name: .customLong("gpx-offset"), parsing: .unconditional, help: "Shift the GPX or FIT by this many seconds.")
    var gpxOffset: String?

    @Option(
        name: .customLong("metadata-track"),
        help: "The movie's metadata track to read (default: first mebx, else gpmd).")
    var metadataTrack: UInt32?

    @Option(
        name: .long, help: "A dashboard layout file (JSON, Specs/dashboard-layout.md). Default: every widget, fitted.")
    var layout: String?

    @Option(name: .long, help: "Units of widgets that name none: metric (default), imperial or nautical.")
    var units: UnitSystem = .metric

    @Option(
        name: .customLong("max-hr"),
        help: "The rider's maximum heart rate (bpm), for heart-rate zones: 50/60/70/80/90 % of it start zones 1–5.")
    var maxHR: Int?

    /// The points the dashboard leaves out, as `metadata add` leaves them out of the tracks it
    /// writes. A privacy zone also leaves the movie's own data tracks and location tags out of
    /// the output: they hold the positions the dashboard hides.
    @OptionGroup(title: "GPS points left out") var filtering: GPSFilterOptions

    @Option(
        name: .long,
        help:
            "A caption file to burn (SCC, iTT, JSON, …); implies --overlay captions. With --embed: put inside the movie instead."
    )
    var captions: String?

    @Flag(
        name: .long,
        help: "Go on when --captions gives no caption (otherwise nothing is written and the exit status is 1).")
    var allowEmpty = false

    @OptionGroup(title: "Drawing captions (as burn draws them)") var drawing: CaptionBurnOptions

    enum OverlayKind: String, ExpressibleByArgument, CaseIterable {
        case gps, captions
    }

    /// The overlays in drawing order (captions last when only --captions names them).
    var order: [OverlayKind] {
        var list = overlay
        if captions != nil, !list.contains(.captions) { list.append(.captions) }
        return list
    }

    func validate() throws {
        if let gpxOffset { _ = try TimeArgument.seconds(gpxOffset, option: "--gpx-offset") }
        if overlay.contains(.captions), captions == nil {
            throw ValidationError("--overlay captions needs --captions FILE")
        }
        if !overlay.contains(.gps), gpx != nil || fit != nil || layout != nil || maxHR != nil || filtering.isGiven {
            throw ValidationError(
                "--gpx, --fit, --layout, --max-hr, --hide-near, --max-dop and --max-speed go with --overlay gps")
        }
        // FIT's heart_rate is a uint8 (FIT Profile, record field 3): a maximum above 255 bpm fits no rider.
        if let maxHR, !(1...255).contains(maxHR) {
            throw ValidationError("--max-hr: expected a heart rate from 1 to 255 bpm, not \(maxHR)")
        }
        if gpx != nil, fit != nil { throw ValidationError("give --gpx or --fit, not both") }
        _ = try syncing.choice()
    }

    /// Sets up the overlays on `session`: one video composition whose compositor stacks them.
    /// `--captions` is read as `format` (nil: by its extension), CEA-608 `channel` (nil: CC1), and
    /// drawn as `burn` draws it. Returns diagnostics to report with the export's.
    func apply(to session: ExportSession, movie path: String, format: String?, channel: Int?) throws -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let made = try compositors(
            output: session.outputPath, format: format, channel: channel,
            movieRate: { try MovieFacts.frameRate(of: Asset(path: path)) }, diagnostics: &diagnostics
        ) { filter, diagnostics in
            if !filter.privacyZones.isEmpty { hidePlaces(in: session, movie: path, diagnostics: &diagnostics) }
            return try gpsTrack(movie: path, filter: filter, diagnostics: &diagnostics)
        }
        guard let (compositor, tracks) = made else { return diagnostics }
        let description = try Asset(path: path).loadDescription()
        guard let video = description.tracks.first(where: { $0.mediaType == .video }) else {
            throw Exit.Failure("\(path): no video track to draw on")
        }
        let rate = video.frameRate ?? .fps29_97
        let composition = VideoComposition.singleTrack(
            compositor: compositor, duration: description.duration ?? .zero,
            videoTrackID: CompositionTrackID(video.trackID), sampleDataTrackIDs: tracks.map(\.trackID),
            frameDuration: rate.frameDuration)
        do {
            try session.apply(composition, sampleDataTracks: tracks)
        } catch let error as VideoCompositionError {
            throw Exit.Failure("\(path): \(error)")
        }
        return diagnostics
    }

    /// The overlays' compositor (several stacked in the order given) and the sample-data tracks
    /// it reads, or nil when no overlay is asked for. `gps` gives the dashboard's track, with
    /// the filter of the options; `movieRate` the rate of caption files timed in frames.
    func compositors(
        output: String, format: String?, channel: Int?, movieRate: @escaping () throws -> FrameRate,
        diagnostics: inout [Diagnostic],
        gps: (TrackPointFilter, inout [Diagnostic]) throws -> SampleDataTrack
    ) throws -> (any VideoCompositing, [SampleDataTrack])? {
        let kinds = order
        guard !kinds.isEmpty else { return nil }
        let fonts = try drawing.style.fonts()
        var compositors: [any VideoCompositing] = []
        var tracks: [SampleDataTrack] = []
        for kind in kinds {
            switch kind {
            case .gps:
                let track = try gps(try filtering.filter(), &diagnostics)
                tracks.append(track)
                compositors.append(
                    GPSDashboardCompositor(
                        track: track, layout: try readLayout(), units: units, maximumHeartRate: maxHR, fonts: fonts))
            case .captions:
                guard let captions else { continue }
                let (result, _) = try CaptionFile.read(
                    captions, format: format, options: drawing.readOptions(channel: channel))
                let (compositor, found) = try drawing.compositor(
                    for: result, input: captions, output: output, allowEmpty: allowEmpty, fonts: fonts,
                    movieRate: movieRate)
                diagnostics += found
                compositors.append(compositor)
            }
        }
        return (compositors.count == 1 ? compositors[0] : CompositorStack(compositors), tracks)
    }

    private func readLayout() throws -> DashboardLayout {
        guard let layout else { return .standard }
        let bytes = try InputFile.read(layout, limit: 4 << 20, what: "layout file")
        return try DashboardLayoutReader(fileName: layout).read(bytes)
    }

    /// A privacy zone leaves out of the output what would show the hidden places anyway: the
    /// movie's data tracks (a GoPro `gpmd`, a `mebx` track: every position of the ride) and its
    /// location tags. Said, so that a user who wanted them knows where they went.
    private func hidePlaces(in session: ExportSession, movie path: String, diagnostics: inout [Diagnostic]) {
        session.settings.dropsLocationMetadata = true
        guard !session.settings.dropDataTracks else { return }
        session.settings.dropDataTracks = true
        diagnostics.append(
            Diagnostic(
                .warning, "metadata.privacy-zone-source",
                "--hide-near: the movie's data tracks (GPS among them) and location tags are left out of the output, "
                    + "since they would show the hidden places", at: DiagnosticLocation(file: path)))
    }

    /// The dashboard's data, with `filter` applied: the GPX or FIT placed on the movie, or the
    /// movie's own metadata track.
    private func gpsTrack(movie path: String, filter: TrackPointFilter, diagnostics: inout [Diagnostic]) throws
        -> SampleDataTrack
    {
        let movie = try MovieMetadata(path: path)
        guard let (_, points) = try rideFilePoints(filter: filter, diagnostics: &diagnostics) else {
            let (track, found) = try SampleDataTrack.filtered(
                movie: movie, track: try movie.gpsTrack(id: metadataTrack), filter: filter, file: path)
            diagnostics += found
            return track
        }
        let placed = try place(points, on: movie, diagnostics: &diagnostics)
        // The GPX or FIT is not a track of the movie: it gets an ID above every track's.
        let id = CompositionTrackID(truncatingIfNeeded: (movie.movie.tracks.map(\.id).max() ?? 0) + 1)
        return SampleDataTrack(trackID: id, placedPoints: placed, movieDuration: movie.duration)
    }

    /// The `--gpx` or `--fit` file's points with `filter` applied, annotated with the ride's
    /// figures counted from its start; nil when neither is given.
    func rideFilePoints(filter: TrackPointFilter, diagnostics: inout [Diagnostic]) throws
        -> (file: String, points: [TrackPoint])?
    {
        guard let gpx = gpx ?? fit else { return nil }
        let what = fit != nil ? "FIT file" : "GPX file"
        let bytes = try InputFile.read(gpx, limit: RideFile.maximumBytes, what: what)
        // --fit is FIT and --gpx GPX, whatever the file's name; a mix-up is said, not guessed.
        if fit != nil, !FITReader.isFIT(bytes) {
            throw Exit.Failure("\(gpx): --fit: not a FIT file (no \".FIT\" header signature at bytes 8–11)")
        }
        let ride: RideFile =
            fit != nil ? .fit(try FITReader(fileName: gpx).read(bytes)) : .gpx(try GPXReader(fileName: gpx).read(bytes))
        diagnostics += ride.diagnostics
        // The dashboard shows a FIT record's sensor values even without a position (issue 40).
        let (timed, timeDiagnostics) = try ride.timedTrackPoints(file: gpx, keepingPositionless: true)
        diagnostics += timeDiagnostics
        let (kept, filterDiagnostics) = filter.apply(to: timed, file: gpx)
        diagnostics += filterDiagnostics
        // Distance, elapsed and moving time counted from the ride's start, also where the movie
        // begins mid-ride (issue 40).
        let points = RideMetrics.annotated(kept)
        if points.isEmpty, !timed.isEmpty {
            // Said as such, not as a GPX without points (what placing nothing would report).
            throw Exit.Failure(
                "\(gpx): --hide-near, --max-dop and --max-speed leave none of its \(timed.count) points ("
                    + filterDiagnostics.map(\.message).joined(separator: "; ") + "): the dashboard has nothing to draw")
        }
        return (gpx, points)
    }

    /// `points` placed on `movie` by the clock `--sync` chooses (with `--camera-tz`), shifted by
    /// `--gpx-offset` and `shift`.
    func place(
        _ points: [TrackPoint], on movie: MovieMetadata, shift: MediaTime = .zero, diagnostics: inout [Diagnostic]
    ) throws -> [PlacedPoint] {
        let offset = try gpxOffset.map { try TimeArgument.seconds($0, option: "--gpx-offset") } ?? .zero
        let (choice, zone) = try syncing.choice()
        let sync = try choice.resolve(for: movie, points: points, cameraTimeZone: zone)
        diagnostics += sync.diagnostics
        let (placed, placeDiagnostics) = try MetadataSync.place(
            points, anchor: sync.anchor, offset: offset + shift, duration: movie.duration, timescale: 1000)
        diagnostics += placeDiagnostics
        return placed
    }
}

extension UnitSystem: ExpressibleByArgument {}
