import CaptionCore
import Dashboard
import Metadata

extension SampleDataTrack {
    /// The sample-data track `track` of `movie` as the dashboard reads it: for a `mebx` track
    /// its groups (one per sample); for a GoPro `gpmd` track one group per GPS sample (position
    /// with altitude, speed, UTC date, fix and precision), each lasting until the next, and the
    /// raw GPMF payloads as its samples.
    public init(movie: MovieMetadata, track: ISOBMFFTrack) throws(MetadataError) {
        let id = CompositionTrackID(truncatingIfNeeded: track.id)
        switch track.format?.description {
        case "mebx":
            self.init(trackID: id, groups: try movie.timedMetadataGroups(track))
        case "gpmd":
            let telemetry = try movie.goProTelemetry(track)
            guard telemetry.hasGPS else {
                throw MetadataError(.noData, "track \(track.id) is a GoPro GPMF track without GPS")
            }
            var samples: [SampleBuffer] = []
            try movie.forEachSample(of: track) { (_, range, bytes) throws(MetadataError) in
                samples.append(SampleBuffer(timeRange: range, bytes: bytes))
            }
            let end = samples.last?.timeRange.end ?? movie.duration
            let gps = telemetry.gps
            var groups: [TimedMetadataGroup] = []
            for (i, s) in gps.enumerated() {
                let next = i + 1 < gps.count ? gps[i + 1].movieTime : MediaTime.maximum(end, s.movieTime)
                guard next > s.movieTime else { continue }
                var items: [MetadataItem] = [
                    MetadataItem(
                        identifier: .location, dataType: .utf8,
                        value: .location(
                            ISO6709Location(latitude: s.latitude, longitude: s.longitude, altitude: s.altitude))),
                    .float(.elevation, s.altitude), .float(.speed, s.speed2D),
                ]
                if let utc = s.utc { items.append(MetadataItem(identifier: .date, dataType: .utf8, value: .date(utc))) }
                if let f = s.fix { items.append(.integer(.gpsFix, Int64(f))) }
                if let p = s.dilutionOfPrecision { items.append(.float(.dilutionOfPrecision, p)) }
                groups.append(TimedMetadataGroup(timeRange: TimeRange(start: s.movieTime, end: next), items: items))
            }
            self.init(trackID: id, groups: Self.withCourse(groups), samples: samples)
        default:
            throw MetadataError(.noData, "track \(track.id) is not a mebx or gpmd track")
        }
    }

    /// A GPX track placed on the movie's timeline (``MetadataSync``), one group per point.
    public init(trackID: CompositionTrackID, placedPoints: [PlacedPoint], movieDuration: MediaTime) {
        self.init(
            trackID: trackID,
            groups: TimedMetadataTrackBuilder.groups(placedPoints, movieDuration: movieDuration))
    }

    /// GoPro GPS has no course: it is the bearing to the next fix that moved at least 2 m (a
    /// standing camera's jitter would spin the compass otherwise), as GPX readers compute it.
    static func withCourse(_ groups: [TimedMetadataGroup]) -> [TimedMetadataGroup] {
        func position(_ g: TimedMetadataGroup) -> ISO6709Location? {
            if case .location(let l)? = g.item(.location)?.value { return l }
            return nil
        }
        var out = groups
        var lastCourse: Double?
        for i in out.indices where out[i].item(.course) == nil {
            guard let a = position(out[i]) else { continue }
            var j = i + 1
            while j < out.count, let b = position(out[j]),
                Geodesy.distance(a.latitude, a.longitude, b.latitude, b.longitude) < 2
            {
                j += 1
            }
            if j < out.count, let b = position(out[j]) {
                lastCourse = Geodesy.bearing(a.latitude, a.longitude, b.latitude, b.longitude)
            }
            if let c = lastCourse { out[i].items.append(.float(.course, c)) }
        }
        return out
    }
}
