import CaptionCore
import Media
import Metadata

extension CompositionPlan {
    /// The GPS of the clips that ask for their own (`"metadata": "embedded"`, and every chapter
    /// of a ride) on the composed timeline: each GPS group and each raw GoPro GPMF payload
    /// retimed through its clip's mapping, as captions are. Where cross-faded clips overlap, a
    /// later clip's group takes over from its start. GoPro GPS records no course: the courses
    /// Metadata derives from the movement of each movie's points are derived again from the
    /// joined points, so that a point near a clip's end looks past it as it does in the movie
    /// the clips were cut from. `located` turns an error reading a clip's
    /// GPS into the one to throw (said where the clip asks for it, say).
    public func embeddedGPS(
        trackID: CompositionTrackID, located: (PlacedClip, any Error) -> any Error = { $1 }
    ) throws -> SampleDataTrack {
        var diagnostics: [Diagnostic] = []
        return try embeddedGPS(
            trackID: trackID, filter: TrackPointFilter(), diagnostics: &diagnostics, located: located)
    }

    /// ``embeddedGPS(trackID:located:)`` with the points `filter` leaves out taken out of each
    /// clip's groups, as `export --hide-near` takes them out of one movie's (its findings added
    /// to `diagnostics`, located at the clip's file). The raw payloads stay as they are: a caller
    /// that hides places leaves them out.
    public func embeddedGPS(
        trackID: CompositionTrackID, filter: TrackPointFilter, diagnostics: inout [Diagnostic],
        located: (PlacedClip, any Error) -> any Error = { $1 }
    ) throws -> SampleDataTrack {
        var groups: [(group: TimedMetadataGroup, derivedCourse: Bool)] = []
        var samples: [SampleBuffer] = []
        for placed in placedClips where placed.clip.metadata && placed.videoTrackID != nil {
            let track: SampleDataTrack
            let isGoPro: Bool
            do {
                let movie = try MovieMetadata(path: placed.path)
                let gps = try movie.gpsTrack()
                isGoPro = gps.format?.description == "gpmd"
                track = try SampleDataTrack(movie: movie, track: gps)
                if filter.isActive {
                    let (kept, found) = try movie.gpsGroups(gps, filter: filter, file: placed.path)
                    diagnostics += found
                    groups += try EditRetiming.retime(kept, through: [placed.mapping]).map { ($0, isGoPro) }
                }
            } catch {
                throw located(placed, error)
            }
            if !filter.isActive {
                groups += try EditRetiming.retime(track.groups, through: [placed.mapping]).map { ($0, isGoPro) }
            }
            let source = placed.mapping.source
            for sample in track.samples
            where source.start <= sample.timeRange.start && sample.timeRange.start < source.end {
                // A payload starting in the part of the clip shown keeps its bytes and its whole
                // length (the camera's last payload may run a few milliseconds past the video):
                // a payload is a unit, and the next one's start ends it on the timeline.
                let start = try EditRetiming.map(sample.timeRange.start, through: placed.mapping)
                let end = try EditRetiming.map(sample.timeRange.end, through: placed.mapping)
                samples.append(SampleBuffer(timeRange: TimeRange(start: start, end: end), bytes: sample.bytes))
            }
        }
        groups.sort { $0.group.timeRange.start < $1.group.timeRange.start }
        for i in groups.indices.dropLast() where groups[i].group.timeRange.end > groups[i + 1].group.timeRange.start {
            groups[i].group.timeRange = TimeRange(
                start: groups[i].group.timeRange.start, end: groups[i + 1].group.timeRange.start)
        }
        groups.removeAll { $0.group.timeRange.duration <= .zero }
        samples.sort { $0.timeRange.start < $1.timeRange.start }
        return SampleDataTrack(trackID: trackID, groups: Self.derivingCourses(groups), samples: samples)
    }

    /// The groups with the courses of those marked derived made again from their joined points
    /// (``Geodesy/fillCourseFromMovement(_:minimumStep:)``, as Metadata makes them for one movie).
    private static func derivingCourses(_ groups: [(group: TimedMetadataGroup, derivedCourse: Bool)])
        -> [TimedMetadataGroup]
    {
        let derived = groups.indices.filter { groups[$0].derivedCourse }
        var points = derived.compactMap { TrackPoint(groups[$0].group, allowingNoPosition: true) }
        guard points.count == derived.count else { return groups.map(\.group) }
        for i in points.indices { points[i].course = nil }
        Geodesy.fillCourseFromMovement(&points)
        var out = groups.map(\.group)
        for (i, point) in zip(derived, points) { out[i].items = point.metadataItems }
        return out
    }
}
