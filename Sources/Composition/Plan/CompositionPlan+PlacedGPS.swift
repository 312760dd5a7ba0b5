import CaptionCore
import Media
import Metadata

extension CompositionPlan {
    /// A GPS ride from outside the movies (a GPX or FIT file) on the composed timeline. `place`
    /// puts the points on one clip's movie, by that movie's own clock (as `export --gpx` places
    /// them on one movie); the points within the part of the clip shown are retimed through its
    /// mapping onto the timeline, to the millisecond (the placed track's timescale). Where
    /// cross-faded clips overlap, a later clip's points take over from its start, as in
    /// ``embeddedGPS(trackID:located:)``. Returns the track and, clip by clip, how many points
    /// it shows: a clip with none has no ride data under it.
    public func placedGPS(
        trackID: CompositionTrackID, place: (PlacedClip) throws -> [PlacedPoint]
    ) throws -> (track: SampleDataTrack, pointsPerClip: [Int]) {
        var joined: [PlacedPoint] = []
        var counts: [Int] = []
        for clip in placedClips where clip.videoTrackID != nil {
            let source = clip.mapping.source
            var shown: [PlacedPoint] = []
            for point in try place(clip) where source.start <= point.movieTime && point.movieTime < source.end {
                let time = try EditRetiming.map(point.movieTime, through: clip.mapping)
                shown.append(
                    PlacedPoint(
                        movieTime: try time.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero),
                        point: point.point))
            }
            // This clip's points take over from its first one (on the same millisecond too).
            if let first = shown.first?.movieTime { joined.removeAll { $0.movieTime >= first } }
            joined += shown
            counts.append(shown.count)
        }
        return (SampleDataTrack(trackID: trackID, placedPoints: joined, movieDuration: duration), counts)
    }
}
