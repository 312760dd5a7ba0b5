import CaptionCore

extension TrackPoint {
    /// The point a timed-metadata group holds (the keys of Specs/timed-metadata.md), or nil when
    /// the group has no position (a `mebx` sample holding no value). With `allowingNoPosition`
    /// (the dashboard), a group without a position that has a sensor value (a FIT record of an
    /// indoor ride, or from before the GPS fix) is a point with NaN coordinates. Elevation is the
    /// `elevation` item (float64, as recorded) when there is one, else the position's altitude
    /// (ISO 6709 text, kept to the millimetre); heart rate, cadence and power round to whole
    /// numbers; a fix that is not a finite number is none.
    public init?(_ group: TimedMetadataGroup, allowingNoPosition: Bool = false) {
        var time: UTCTime?
        if case .date(let d)? = group.item(.date)?.value { time = d }
        if case .location(let l)? = group.item(.location)?.value {
            self.init(time: time, latitude: l.latitude, longitude: l.longitude, elevation: l.altitude)
        } else if allowingNoPosition {
            self.init(time: time, latitude: .nan, longitude: .nan)
        } else {
            return nil
        }
        func number(_ id: MetadataIdentifier) -> Double? { group.item(id)?.value.doubleValue }
        if let e = number(.elevation) { elevation = e }
        speed = number(.speed)
        course = number(.course)
        heartRate = number(.heartRate)?.safeInt
        cadence = number(.cadence)?.safeInt
        power = number(.power)?.safeInt
        temperature = number(.temperature)
        distance = number(.distance)
        grade = number(.grade)
        fix = number(.gpsFix)?.safeInt
        dilutionOfPrecision = number(.dilutionOfPrecision)
        let (rideDistance, elapsed, moving) = (number(.rideDistance), number(.rideElapsedTime), number(.rideMovingTime))
        if rideDistance != nil || elapsed != nil || moving != nil {
            ride = RideFigures(distance: rideDistance, elapsedTime: elapsed, movingTime: moving)
        }
        if !hasPosition, !hasSensorValue { return nil }
    }

    /// The point as timed-metadata items: the position (with elevation) when it has one, the
    /// UTC date, then whichever of elevation, speed, course, heart rate, cadence, power,
    /// temperature, distance, grade, fix, dilution of precision and ride figures it has. ``init(_:allowingNoPosition:)``
    /// reads them back.
    public var metadataItems: [MetadataItem] {
        var items: [MetadataItem] = []
        if hasPosition {
            items.append(
                MetadataItem(
                    identifier: .location, dataType: .utf8,
                    value: .location(ISO6709Location(latitude: latitude, longitude: longitude, altitude: elevation))))
        }
        if let time { items.append(MetadataItem(identifier: .date, dataType: .utf8, value: .date(time))) }
        if let v = elevation { items.append(.float(.elevation, v)) }
        if let v = speed { items.append(.float(.speed, v)) }
        if let v = course { items.append(.float(.course, v)) }
        if let v = heartRate { items.append(.integer(.heartRate, Int64(v))) }
        if let v = cadence { items.append(.integer(.cadence, Int64(v))) }
        if let v = power { items.append(.integer(.power, Int64(v))) }
        if let v = temperature { items.append(.float(.temperature, v)) }
        if let v = distance { items.append(.float(.distance, v)) }
        if let v = grade { items.append(.float(.grade, v)) }
        if let v = fix { items.append(.integer(.gpsFix, Int64(v))) }
        if let v = dilutionOfPrecision { items.append(.float(.dilutionOfPrecision, v)) }
        if let v = ride?.distance { items.append(.float(.rideDistance, v)) }
        if let v = ride?.elapsedTime { items.append(.float(.rideElapsedTime, v)) }
        if let v = ride?.movingTime { items.append(.float(.rideMovingTime, v)) }
        return items
    }
}
