import CaptionCore

extension MovieMetadata {
    /// The GPS points a metadata track holds, with their UTC times: a `mebx` track's groups that
    /// have a position (UTC from their date item, else the creation time plus the movie time), or
    /// a GoPro track's GPS samples (UTC from the track, else the same). A GoPro track without GPS
    /// is a `noData` error that says so.
    public func trackPoints(_ track: ISOBMFFTrack) throws(MetadataError) -> [TrackPoint] {
        let placed = try placedPoints(track)
        if track.format?.description == "mebx", placed.contains(where: { $0.point.time == nil }), creationTime == nil {
            throw MetadataError(
                .missing, "track \(track.id) has positions without dates, and the movie has no creation time")
        }
        let anchor = creationTime?.sinceEpoch ?? .zero
        return placed.map { p in
            var point = p.point
            if point.time == nil { point.time = UTCTime(sinceEpoch: anchor + p.movieTime) }
            return point
        }
    }

    /// The GPS track `track` as timed-metadata groups on the movie's timeline, what a dashboard
    /// or a composed movie's `mebx` track takes: a `mebx` track's own groups; for a GoPro `gpmd`
    /// track one group per GPS sample (``TrackPoint/metadataItems``: position with altitude,
    /// speed, UTC date when the track has it, fix and precision), each lasting until the next
    /// (the last one until its payload ends), with the course derived from the movement
    /// (``Geodesy/fillCourseFromMovement(_:)``: GoPro GPS has none).
    public func gpsGroups(_ track: ISOBMFFTrack) throws(MetadataError) -> [TimedMetadataGroup] {
        switch track.format?.description {
        case "mebx":
            return try timedMetadataGroups(track)
        case "gpmd":
            let telemetry = try goProGPS(track)
            let gps = telemetry.gps
            let end = telemetry.end ?? duration
            var ranges: [TimeRange] = []
            var points: [TrackPoint] = []
            for (i, s) in gps.enumerated() {
                let next = i + 1 < gps.count ? gps[i + 1].movieTime : MediaTime.maximum(end, s.movieTime)
                guard next > s.movieTime else { continue }
                ranges.append(TimeRange(start: s.movieTime, end: next))
                points.append(s.point)
            }
            Geodesy.fillCourseFromMovement(&points)
            return zip(ranges, points).map { TimedMetadataGroup(timeRange: $0, items: $1.metadataItems) }
        default:
            throw MetadataError(.noData, "track \(track.id) is not a mebx or gpmd track")
        }
    }

    /// ``gpsGroups(_:)`` with `filter` applied to the track's points first, what a dashboard
    /// drawn over the movie shows when the user hides places, imprecise fixes or jumps: the points
    /// kept, each lasting until the next (``TimedMetadataTrackBuilder/groups(_:movieDuration:)``,
    /// as a GPX placed on the movie), courses derived from the movement where none is recorded,
    /// and the filter's findings. An inactive filter gives ``gpsGroups(_:)`` and no finding.
    public func gpsGroups(_ track: ISOBMFFTrack, filter: TrackPointFilter, file: String? = nil)
        throws(MetadataError) -> (groups: [TimedMetadataGroup], diagnostics: [Diagnostic])
    {
        guard filter.isActive else { return (try gpsGroups(track), []) }
        let (kept, diagnostics) = filter.apply(to: try placedPoints(track), file: file)
        var points = kept.map(\.point)
        Geodesy.fillCourseFromMovement(&points)
        let placed = zip(kept, points).map { PlacedPoint(movieTime: $0.movieTime, point: $1) }
        return (TimedMetadataTrackBuilder.groups(placed, movieDuration: duration), diagnostics)
    }

    /// The GPS points of a `mebx` track (its groups with a position or a sensor value; one without
    /// a position has NaN coordinates, as a dashboard takes it) or of a GoPro `gpmd`
    /// track (its GPS samples), at their movie times; a `noData` error for another track.
    private func placedPoints(_ track: ISOBMFFTrack) throws(MetadataError) -> [PlacedPoint] {
        switch track.format?.description {
        case "mebx":
            return try timedMetadataGroups(track).compactMap { group in
                TrackPoint(group, allowingNoPosition: true).map {
                    PlacedPoint(movieTime: group.timeRange.start, point: $0)
                }
            }
        case "gpmd":
            return try goProGPS(track).gps
        default:
            throw MetadataError(.noData, "track \(track.id) is not a mebx or gpmd track")
        }
    }

    /// The telemetry of a GoPro track that has GPS; a `noData` error naming the streams it
    /// carries instead.
    func goProGPS(_ track: ISOBMFFTrack) throws(MetadataError) -> GoProTelemetry {
        let telemetry = try goProTelemetry(track)
        guard telemetry.hasGPS else {
            let keys = telemetry.streams.map(\.key).joined(separator: ", ")
            throw MetadataError(
                .noData,
                "track \(track.id) is a GoPro GPMF track without GPS (it carries \(keys.isEmpty ? "no stream" : keys))")
        }
        return telemetry
    }

    /// The track `--track` names, or the first `mebx` track, or the first GoPro track.
    public func gpsTrack(id: UInt32? = nil) throws(MetadataError) -> ISOBMFFTrack {
        if let id {
            guard let t = metadataTracks.first(where: { $0.id == id }) else {
                throw MetadataError(.invalidArgument, "the movie has no metadata track \(id)")
            }
            return t
        }
        guard let t = firstTrack(.quickTimeMetadata) ?? firstTrack(.gpmf) else {
            throw MetadataError(.noData, "the movie has no timed-metadata track (mebx or gpmd)")
        }
        return t
    }
}
