import CaptionCore
import ISOBMFF

/// `captions metadata add`: GPS points from a GPX or FIT file, synced and filtered, written into a copy of
/// a movie as a QuickTime `mebx` track, a GoPro `gpmd` track, or both, the movie's own tracks
/// copied byte for byte.
public struct GPSMetadataAdder: Sendable {
    /// The track forms to write.
    public enum Form: String, Sendable, Hashable, CaseIterable {
        case mebx, gpmf
    }

    public struct Options: Sendable {
        public var forms: Set<Form> = [.mebx, .gpmf]
        public var sync: MetadataSync = .auto
        /// The zone the camera's clock was set to, for a creation time that names none.
        public var cameraTimeZone: CameraTimeZone?
        /// Added to every point's movie time (`--offset 2.5s`).
        public var offset: MediaTime = .zero
        public var filter = TrackPointFilter()
        /// The new tracks' timescale: milliseconds, GPX's usual precision.
        public var timescale: Int32 = 1000

        public init() {}
    }

    /// What was written.
    public struct Summary: Sendable {
        public var pointsRead: Int
        public var pointsWritten: Int
        /// The new tracks' IDs, mebx first.
        public var trackIDs: [UInt32]
        /// The forms written, in the order of ``trackIDs``: without a GPMF track when no point
        /// placed on the movie has a position.
        public var forms: [Form] = []
        public var diagnostics: [Diagnostic]
    }

    public let movie: MovieMetadata
    public var options: Options

    public init(movie: MovieMetadata, options: Options = Options()) {
        self.movie = movie
        self.options = options
    }

    /// Places the points and builds the new tracks; nothing is written yet, so every error comes
    /// before an output file exists.
    public func prepare(_ document: GPXDocument, fileName: String? = nil) throws(MetadataError) -> (
        tracks: [NewTrack], summary: Summary
    ) { try prepare(RideFile.gpx(document), fileName: fileName) }

    /// Places the points of a GPX or FIT file and builds the new tracks (``prepare(_:fileName:)``).
    public func prepare(_ ride: RideFile, fileName: String? = nil) throws(MetadataError) -> (
        tracks: [NewTrack], summary: Summary
    ) {
        guard let video = movie.movie.firstTrack(handler: "vide") else {
            throw MetadataError(
                .missing, "the movie has no video track: timed metadata describes a video track (tref cdsc)",
                location: DiagnosticLocation(file: nil))
        }
        guard !options.forms.isEmpty else { throw MetadataError(.invalidArgument, "no track form chosen") }
        var diagnostics = ride.diagnostics
        // A FIT record without a position but with sensor values (an indoor ride, before the
        // fix) is a mebx group without a location (Specs/timed-metadata.md); GPMF's GPS5 holds
        // positions only, so such records go to the mebx track alone.
        let keepsPositionless = options.forms.contains(.mebx)
        let (timed, timeDiagnostics) = try ride.timedTrackPoints(file: fileName, keepingPositionless: keepsPositionless)
        diagnostics += timeDiagnostics
        let (filtered, filterDiagnostics) = options.filter.apply(to: timed, file: fileName)
        diagnostics += filterDiagnostics
        // The mebx groups carry the ride's figures from its start (org.captions.ride.*), so a
        // dashboard over a movie that begins mid-ride counts as the head unit did.
        let kept = RideMetrics.annotated(filtered)
        if !options.filter.privacyZones.isEmpty { diagnostics += unfilteredGPSWarnings() + locationTagWarnings() }
        guard !kept.isEmpty else { throw MetadataError(.noData, "the filters left no point to write") }
        let sync = try options.sync.resolve(for: movie, points: kept, cameraTimeZone: options.cameraTimeZone)
        diagnostics += sync.diagnostics
        let anchor = sync.anchor
        let (placed, placeDiagnostics) = try MetadataSync.place(
            kept, anchor: anchor, offset: options.offset, duration: movie.duration, timescale: options.timescale)
        diagnostics += placeDiagnostics
        // Only points with a position go into GPMF. With the mebx form beside it (the only way
        // positionless records are kept), a GPMF track without one is left out with a warning:
        // the mebx track carries the sensor values.
        let positioned = placed.filter(\.point.hasPosition)
        var writesGPMF = options.forms.contains(.gpmf)
        if writesGPMF, positioned.isEmpty {
            writesGPMF = false
            diagnostics.append(
                Diagnostic(
                    .warning, "metadata.gpmf-positions",
                    "no GPMF track was written: none of the \(placed.count) record(s) placed on the movie has a "
                        + "position, and GPMF's GPS5 holds positions; the mebx track has their sensor values",
                    at: DiagnosticLocation(file: fileName)))
        } else if writesGPMF, positioned.count < placed.count {
            diagnostics.append(
                Diagnostic(
                    .info, "metadata.gpmf-positions",
                    "\(placed.count - positioned.count) record(s) without a position are in the mebx track only: "
                        + "GPMF's GPS5 holds positions", at: DiagnosticLocation(file: fileName)))
        }
        var tracks: [NewTrack] = []
        do throws(ISOBMFFError) {
            if options.forms.contains(.mebx) {
                let groups = TimedMetadataTrackBuilder.groups(placed, movieDuration: movie.duration)
                tracks.append(
                    try TimedMetadataTrackBuilder.quickTimeTrack(
                        groups, videoTrackID: video.id, timescale: options.timescale))
            }
            if writesGPMF {
                tracks.append(
                    try GPMFTrackBuilder.track(
                        positioned, movieDuration: movie.duration, videoTrackID: video.id,
                        timescale: options.timescale))
            }
        } catch {
            throw MetadataError(error, file: fileName)
        }
        let ids = adder.trackIDs(for: tracks.count)
        return (
            tracks,
            Summary(
                pointsRead: timed.count, pointsWritten: placed.count, trackIDs: ids,
                forms: (options.forms.contains(.mebx) ? [.mebx] : []) + (writesGPMF ? [.gpmf] : []),
                diagnostics: diagnostics)
        )
    }

    /// One warning per GPS track the movie already has (a camera's `gpmd`, an earlier `mebx`):
    /// the movie's tracks are copied byte for byte, so a privacy zone does not reach their
    /// points, and the user must hear of it rather than believe the place hidden.
    func unfilteredGPSWarnings() -> [Diagnostic] {
        movie.metadataTracks.compactMap { track -> Diagnostic? in
            let format = track.format?.description ?? ""
            let count: Int
            switch format {
            case "gpmd": count = (try? movie.goProTelemetry(track).gps.count) ?? 0
            case "mebx": count = (try? movie.trackPoints(track).count) ?? 0
            default: return nil
            }
            guard count > 0 else { return nil }
            return Diagnostic(
                .warning, "metadata.privacy-zone-source",
                "the movie's own GPS track \(track.id) (\(format), \(count) points) is copied unchanged: the "
                    + "privacy zones apply only to the points added, not to it",
                at: DiagnosticLocation(file: nil))
        }
    }

    /// The movie's location tags (`moov/udta/©xyz`, QuickTime `com.apple.quicktime.location.*`
    /// items), which a privacy zone leaves out of the copy, named in one warning: unlike the GPS
    /// tracks they are no sample data and can be left out without touching the audio and video.
    func locationTagWarnings() -> [Diagnostic] {
        let tags = adder.locationTags()
        guard !tags.isEmpty else { return [] }
        return [
            Diagnostic(
                .warning, "metadata.privacy-zone-source",
                "the movie's location tags (\(tags.joined(separator: ", "))) are left out of the copy: a privacy "
                    + "zone is set and they name a place", at: DiagnosticLocation(file: nil))
        ]
    }

    /// The track adder over this movie, dropping its location tags when a privacy zone is set.
    var adder: MovieTrackAdder {
        var adder = MovieTrackAdder(movie: movie.movie, source: movie.source)
        adder.dropsLocationTags = !options.filter.privacyZones.isEmpty
        return adder
    }

    /// Writes the movie with `tracks` through `write`.
    public func write(_ tracks: [NewTrack], to write: ([UInt8]) throws(ISOBMFFError) -> Void) throws(MetadataError) {
        do throws(ISOBMFFError) {
            try adder.write(adding: tracks, to: write)
        } catch {
            throw MetadataError(error, file: nil)
        }
    }
}
