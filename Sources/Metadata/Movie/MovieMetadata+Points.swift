import CaptionCore

extension MovieMetadata {
    /// The GPS points a metadata track holds, with their UTC times: a `mebx` track's location
    /// groups (UTC from their date item, else the creation time plus the movie time), or a GoPro
    /// track's GPS samples. A GoPro track without GPS is a `noData` error that says so.
    public func trackPoints(_ track: ISOBMFFTrack) throws(MetadataError) -> [TrackPoint] {
        switch track.format?.description {
        case "mebx":
            let anchor = creationTime
            var points: [TrackPoint] = []
            for group in try timedMetadataGroups(track) {
                guard case .location(let l)? = group.item(.location)?.value else { continue }
                var time: UTCTime?
                if case .date(let d)? = group.item(.date)?.value { time = d }
                if time == nil, let anchor { time = UTCTime(sinceEpoch: anchor.sinceEpoch + group.timeRange.start) }
                guard let time else {
                    throw MetadataError(
                        .missing, "track \(track.id) has positions without dates, and the movie has no creation time")
                }
                var p = TrackPoint(time: time, latitude: l.latitude, longitude: l.longitude, elevation: l.altitude)
                p.speed = group.item(.speed)?.value.doubleValue
                p.course = group.item(.course)?.value.doubleValue
                p.heartRate = group.item(.heartRate)?.value.doubleValue?.safeInt
                p.cadence = group.item(.cadence)?.value.doubleValue?.safeInt
                p.power = group.item(.power)?.value.doubleValue?.safeInt
                p.temperature = group.item(.temperature)?.value.doubleValue
                if p.elevation == nil { p.elevation = group.item(.elevation)?.value.doubleValue }
                points.append(p)
            }
            return points
        case "gpmd":
            let telemetry = try goProTelemetry(track)
            guard telemetry.hasGPS else {
                let keys = telemetry.streams.map(\.key).joined(separator: ", ")
                throw MetadataError(
                    .noData,
                    "track \(track.id) is a GoPro GPMF track without GPS (it carries \(keys.isEmpty ? "no stream" : keys))"
                )
            }
            let anchor = creationTime
            return telemetry.gps.map { s in
                let time = s.utc ?? UTCTime(sinceEpoch: (anchor?.sinceEpoch ?? .zero) + s.movieTime)
                var p = TrackPoint(time: time, latitude: s.latitude, longitude: s.longitude, elevation: s.altitude)
                p.speed = s.speed2D
                p.fix = s.fix
                p.dilutionOfPrecision = s.dilutionOfPrecision
                return p
            }
        default:
            throw MetadataError(.noData, "track \(track.id) is not a mebx or gpmd track")
        }
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
