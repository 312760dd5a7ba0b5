import CaptionCore
import Media
import Metadata

extension SampleDataTrack {
    /// The sample-data track `track` of `movie` as the dashboard reads it: its GPS groups as
    /// Metadata converts them (``MovieMetadata/gpsGroups(_:)``: a `mebx` track's own groups; one
    /// group per GoPro GPS sample) and, for a GoPro `gpmd` track, the raw GPMF payloads as its
    /// samples.
    public init(movie: MovieMetadata, track: ISOBMFFTrack) throws(MetadataError) {
        let id = CompositionTrackID(truncatingIfNeeded: track.id)
        let groups = try movie.gpsGroups(track)
        var samples: [SampleBuffer] = []
        if track.format?.description == "gpmd" {
            try movie.forEachSample(of: track) { (_, range, bytes) throws(MetadataError) in
                samples.append(SampleBuffer(timeRange: range, bytes: bytes))
            }
        }
        self.init(trackID: id, groups: groups, samples: samples)
    }

    /// The sample-data track `track` of `movie` with `filter` applied to its points
    /// (``MovieMetadata/gpsGroups(_:filter:file:)``), and the filter's findings. A filtered track
    /// carries no raw samples: a GPMF payload would still hold the points the filter left out.
    public static func filtered(
        movie: MovieMetadata, track: ISOBMFFTrack, filter: TrackPointFilter, file: String? = nil
    ) throws(MetadataError) -> (track: SampleDataTrack, diagnostics: [Diagnostic]) {
        guard filter.isActive else { return (try SampleDataTrack(movie: movie, track: track), []) }
        let (groups, diagnostics) = try movie.gpsGroups(track, filter: filter, file: file)
        return (SampleDataTrack(trackID: CompositionTrackID(truncatingIfNeeded: track.id), groups: groups), diagnostics)
    }

    /// A GPX track placed on the movie's timeline (``MetadataSync``), one group per point.
    public init(trackID: CompositionTrackID, placedPoints: [PlacedPoint], movieDuration: MediaTime) {
        self.init(
            trackID: trackID,
            groups: TimedMetadataTrackBuilder.groups(placedPoints, movieDuration: movieDuration))
    }
}
