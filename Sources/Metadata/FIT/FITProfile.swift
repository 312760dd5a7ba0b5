import CaptionCore

/// The messages and fields of Garmin's FIT profile (the SDK's `Profile.xlsx`) that the suite
/// reads, with their scales and offsets, and the developer fields a file describes. Numbers
/// are the profile's global message and field definition numbers.
struct FITProfile {
    /// Seconds from 1970-01-01 to the FIT epoch, 1989-12-31T00:00:00Z (FIT profile `date_time`).
    static let epoch: Int64 = 631_065_600
    /// `date_time` values below this are seconds since the device powered on, not UTC (FIT
    /// profile `date_time`: "if < 0x10000000 = system time").
    static let systemTimeLimit: UInt32 = 0x1000_0000

    /// Where the profile's own findings point (the file).
    let location: DiagnosticLocation
    /// Developer fields described so far, by developer data index and field number.
    var developerFields: [Int: FITActivity.DeveloperField] = [:]
    private var developerTypes: [Int: (baseType: UInt8, scale: Double, offset: Double)] = [:]
    private var warnedSystemTime = false

    init(location: DiagnosticLocation) { self.location = location }

    static func key(_ index: Int, _ number: Int) -> Int { index << 8 | number }

    func developerBaseType(_ index: Int, _ number: Int) -> UInt8? { developerTypes[Self.key(index, number)]?.baseType }

    static func messageName(_ global: Int) -> String {
        switch global {
        case 0: return "file_id"
        case 18: return "session"
        case 19: return "lap"
        case 20: return "record"
        case 21: return "event"
        case 23: return "device_info"
        case 34: return "activity"
        case 49: return "file_creator"
        case 206: return "field_description"
        case 207: return "developer_data_id"
        default: return "message \(global)"
        }
    }

    mutating func time(_ value: UInt32?) -> UTCTime? {
        guard let value, value >= Self.systemTimeLimit else { return nil }
        return UTCTime(seconds: Self.epoch + Int64(value))
    }

    mutating func absorb(_ m: FITReader.Message, into activity: inout FITActivity) {
        func number(_ field: Int, scale: Double = 1, offset: Double = 0) -> Double? {
            m.fields[field]?.number.map { $0 / scale - offset }
        }
        func int(_ field: Int) -> Int? { m.fields[field]?.integer.flatMap { Int(exactly: $0) } }
        func date(_ field: Int) -> UTCTime? {
            time(m.fields[field]?.integer.flatMap { UInt32(exactly: $0) })
        }
        switch m.globalNumber {
        case 0:
            activity.fileIDs.append(
                FITActivity.FileID(
                    type: int(0), manufacturer: int(1), product: int(2), serialNumber: m.fields[3]?.integer,
                    timeCreated: date(4), productName: m.fields[8]?.text))
        case 18, 19:
            // session and lap share these numbers up to field 13; from there lap's are one lower.
            let lap = m.globalNumber == 19
            let shift = lap ? 1 : 0
            var s = FITActivity.Summary()
            s.startTime = date(2)
            s.endTime = time(m.timestamp)
            s.totalElapsedTime = number(7, scale: 1000)
            s.totalTimerTime = number(8, scale: 1000)
            s.totalDistance = number(9, scale: 100)
            // enhanced_avg_speed / enhanced_max_speed: session 124/125, lap 110/111 (scale 1000).
            s.averageSpeed = number(lap ? 110 : 124, scale: 1000) ?? number(14 - shift, scale: 1000)
            s.maximumSpeed = number(lap ? 111 : 125, scale: 1000) ?? number(15 - shift, scale: 1000)
            s.averageHeartRate = int(16 - shift)
            s.maximumHeartRate = int(17 - shift)
            s.averageCadence = int(18 - shift)
            s.maximumCadence = int(19 - shift)
            s.averagePower = int(20 - shift)
            s.maximumPower = int(21 - shift)
            if lap {
                activity.laps.append(s)
            } else {
                s.sport = int(5)
                activity.sessions.append(s)
            }
        case 20:
            record(m, into: &activity)
        case 21:
            activity.events.append(
                FITActivity.Event(time: time(m.timestamp), event: int(0), eventType: int(1), data: m.fields[3]?.integer)
            )
        case 23:
            activity.devices.append(
                FITActivity.Device(
                    time: time(m.timestamp), deviceIndex: int(0), deviceType: int(1), manufacturer: int(2),
                    product: int(4), serialNumber: m.fields[3]?.integer, softwareVersion: number(5, scale: 100),
                    productName: m.fields[27]?.text))
        case 206:
            // field_description: 0 developer_data_index, 1 field_definition_number,
            // 2 fit_base_type_id, 3 field_name, 6 scale, 7 offset, 8 units, 14 native_mesg_num,
            // 15 native_field_num.
            guard let index = int(0), let field = int(1), let type = int(2) else { return }
            let k = Self.key(index, field)
            let scale = number(6).flatMap { $0 > 0 ? $0 : nil } ?? 1
            developerTypes[k] = (UInt8(truncatingIfNeeded: type), scale, number(7) ?? 0)
            developerFields[k] = FITActivity.DeveloperField(
                developerDataIndex: index, fieldNumber: field,
                name: m.fields[3]?.text ?? "developer field \(index).\(field)",
                units: m.fields[8]?.text ?? "", nativeMessage: int(14), nativeField: int(15))
        default:
            break
        }
    }

    /// A `record` message (global 20) as a ``TrackPoint``: 253 timestamp, 0/1 position_lat and
    /// position_long (sint32 semicircles: × 180 / 2^31 degrees), 2 altitude (uint16, scale 5,
    /// offset 500 m) or 78 enhanced_altitude (uint32, same scale and offset), 3 heart_rate,
    /// 4 cadence, 5 distance (uint32, scale 100 m), 6 speed (uint16, scale 1000 m/s) or 73
    /// enhanced_speed (uint32, scale 1000), 7 power, 9 grade (sint16, scale 100 %), 13
    /// temperature (sint8 °C).
    mutating func record(_ m: FITReader.Message, into activity: inout FITActivity) {
        func number(_ field: Int, scale: Double = 1, offset: Double = 0) -> Double? {
            m.fields[field]?.number.map { $0 / scale - offset }
        }
        let semicircle = 180.0 / 2_147_483_648.0
        var point = TrackPoint(time: time(m.timestamp), latitude: .nan, longitude: .nan)
        if let lat = number(0), let lon = number(1) {
            let (la, lo) = (lat * semicircle, lon * semicircle)
            if abs(la) <= 90, abs(lo) <= 180 {
                point.latitude = la
                point.longitude = lo
            }
        }
        if let t = m.timestamp, t < Self.systemTimeLimit, !warnedSystemTime {
            warnedSystemTime = true
            activity.diagnostics.append(
                Diagnostic(
                    .warning, "fit.system-time",
                    "byte \(m.byteOffset), message \(m.index): a record's timestamp is \(t), below 0x10000000: "
                        + "seconds since the device powered on, not UTC (FIT profile date_time); such records have no time",
                    at: location))
        }
        point.elevation = number(78, scale: 5, offset: 500) ?? number(2, scale: 5, offset: 500)
        point.speed = number(73, scale: 1000) ?? number(6, scale: 1000)
        point.distance = number(5, scale: 100)
        point.heartRate = m.fields[3]?.integer.flatMap { Int(exactly: $0) }
        point.cadence = m.fields[4]?.integer.flatMap { Int(exactly: $0) }
        point.power = m.fields[7]?.integer.flatMap { Int(exactly: $0) }
        point.grade = number(9, scale: 100)
        point.temperature = number(13)
        var record = FITActivity.Record(point: point, byteOffset: m.byteOffset, messageIndex: m.index)
        for (index, field, value) in m.developerValues {
            let k = Self.key(index, field)
            guard let v = value.number, let type = developerTypes[k] else { continue }
            let name = developerFields[k]?.name ?? "developer field \(index).\(field)"
            record.developerValues[name] = v / type.scale - type.offset
        }
        activity.records.append(record)
    }
}
