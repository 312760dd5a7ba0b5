import CaptionCore

/// What a FIT file (or a chain of them) holds that the suite uses: its `record` messages as
/// ``TrackPoint``s (the one GPS/sensor sample type), the `file_id`, `device_info`, `session`,
/// `lap` and `event` messages, the developer fields described, and the reader's diagnostics
/// (Specs/timed-metadata.md, "FIT"). Made by ``FITReader``.
public struct FITActivity: Sendable {
    /// A `file_id` message (global 0): one a chained file.
    public struct FileID: Sendable, Hashable, Encodable {
        /// 4 activity, 6 course… (FIT profile `file`).
        public var type: Int?
        public var manufacturer: Int?
        public var product: Int?
        public var serialNumber: Int64?
        public var timeCreated: UTCTime?
        public var productName: String?
    }

    /// A `device_info` message (global 23): the head unit or a sensor paired with it.
    public struct Device: Sendable, Hashable, Encodable {
        public var time: UTCTime?
        public var deviceIndex: Int?
        public var deviceType: Int?
        public var manufacturer: Int?
        public var product: Int?
        public var serialNumber: Int64?
        /// Software version (scale 100: 2.9 for a raw 290).
        public var softwareVersion: Double?
        public var productName: String?
    }

    /// A `session` (global 18) or `lap` (global 19) summary.
    public struct Summary: Sendable, Hashable, Encodable {
        public var startTime: UTCTime?
        /// The message's timestamp: when the session or lap ended.
        public var endTime: UTCTime?
        /// Seconds, pauses included.
        public var totalElapsedTime: Double?
        /// Seconds the timer ran (pauses left out).
        public var totalTimerTime: Double?
        /// Metres.
        public var totalDistance: Double?
        /// Metres per second (`enhanced_avg_speed` where given).
        public var averageSpeed: Double?
        public var maximumSpeed: Double?
        public var averageHeartRate: Int?
        public var maximumHeartRate: Int?
        public var averageCadence: Int?
        public var maximumCadence: Int?
        public var averagePower: Int?
        public var maximumPower: Int?
        /// FIT profile `sport` (2 cycling, 1 running…); sessions only.
        public var sport: Int?
    }

    /// An `event` message (global 21).
    public struct Event: Sendable, Hashable, Encodable {
        public var time: UTCTime?
        /// FIT profile `event`: 0 timer, 3 workout, 42 front gear change…
        public var event: Int?
        /// FIT profile `event_type`: 0 start, 1 stop, 3 marker, 4 stop all…
        public var eventType: Int?
        public var data: Int64?
    }

    /// A time the recording timer was stopped: from a timer stop event to the next start (open
    /// when the file ends stopped).
    public struct Pause: Sendable, Hashable, Encodable {
        public var start: UTCTime
        public var end: UTCTime?
    }

    /// A developer field described by a `field_description` message (global 206).
    public struct DeveloperField: Sendable, Hashable, Encodable {
        public var developerDataIndex: Int
        public var fieldNumber: Int
        public var name: String
        public var units: String
        /// The global message and field it stands for, when the description names one.
        public var nativeMessage: Int?
        public var nativeField: Int?
    }

    /// One `record` message (global 20): its values as a ``TrackPoint`` and where it was read.
    /// A record without a position (the GPS had no fix yet, an indoor ride) has NaN latitude
    /// and longitude, so that it can never be drawn at 0° 0° by mistake; ``hasPosition`` says so.
    public struct Record: Sendable, Hashable {
        public var point: TrackPoint
        /// The byte offset of its record header in the file (a chained file's bytes included).
        public var byteOffset: Int
        /// Its index among the file's messages (definitions and data, from 0).
        public var messageIndex: Int
        /// Developer field values by field name (scale and offset applied).
        public var developerValues: [String: Double] = [:]

        public var hasPosition: Bool { point.hasPosition }
    }

    /// One a FIT file of the chain, in order.
    public var fileIDs: [FileID] = []
    public var devices: [Device] = []
    public var sessions: [Summary] = []
    public var laps: [Summary] = []
    public var events: [Event] = []
    public var developerFields: [DeveloperField] = []
    public var records: [Record] = []
    /// How many messages of each global number were read (unknown ones included), for `dump`.
    public var messageCounts: [Int: Int] = [:]
    /// How many FIT files were chained (FIT Protocol, "Chained FIT Files").
    public var fileCount = 0
    public var diagnostics: [Diagnostic] = []

    /// The timer's pauses: each timer stop (or stop-all) event until the next timer start.
    public var pauses: [Pause] {
        var result: [Pause] = []
        for e in events where e.event == 0 {
            guard let time = e.time else { continue }
            switch e.eventType {
            case 1, 4, 8, 9:  // stop, stop_all, stop_disable, stop_disable_all
                if result.last.map({ $0.end != nil }) ?? true { result.append(Pause(start: time, end: nil)) }
            case 0:  // start
                if let last = result.indices.last, result[last].end == nil { result[last].end = time }
            default:
                break
            }
        }
        return result
    }

    /// Every value the records carry, each with the number of records that have it: position,
    /// altitude, speed, distance, heart rate, cadence, power, temperature, grade, then the
    /// developer fields by name.
    public var streams: [RideFile.Stream] {
        var result = RideFile.streams(records.map(\.point))
        for field in developerFields {
            let n = records.reduce(0) { $0 + ($1.developerValues[field.name] != nil ? 1 : 0) }
            if n > 0 { result.append(RideFile.Stream(name: field.name, units: field.units, count: n)) }
        }
        return result
    }

    /// The records with a time and a position, in time order (a stable sort), speed and course
    /// computed where the file has none, for placing on a movie. With `keepingPositionless`
    /// (the dashboard), the timed records without a position (an indoor ride, a trainer
    /// session, the records before the GPS fix) that carry a sensor value (speed, distance,
    /// heart rate, cadence, power, temperature) are kept too, with NaN coordinates. Records left
    /// out are counted in one warning each kind; none left is an error naming what was looked
    /// for.
    public func timedTrackPoints(file: String? = nil, keepingPositionless: Bool = false) throws(MetadataError) -> (
        points: [TrackPoint], diagnostics: [Diagnostic]
    ) {
        var diagnostics: [Diagnostic] = []
        func usable(_ r: Record) -> Bool {
            r.point.time != nil && (r.hasPosition || (keepingPositionless && r.point.hasSensorValue))
        }
        let noTime = records.filter { $0.point.time == nil }.count
        let noPosition = records.filter { $0.point.time != nil && !usable($0) }.count
        let kept = records.filter(usable)
        if noTime > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning, "fit.no-time", "\(noTime) record(s) without a UTC time were left out",
                    at: DiagnosticLocation(file: file)))
        }
        if noPosition > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning, "fit.no-position",
                    keepingPositionless
                        ? "\(noPosition) record(s) with neither a position nor a sensor value were left out"
                        : "\(noPosition) record(s) without a position (no GPS fix, or an indoor ride) were left out of "
                            + "the track; `captions metadata dump` shows their sensor values",
                    at: DiagnosticLocation(file: file)))
        }
        guard !kept.isEmpty else {
            let wanted = keepingPositionless ? "a position or a sensor value" : "a position"
            throw MetadataError(
                .noData,
                "none of the FIT file's \(records.count) records has both a UTC time and \(wanted), so none can be placed on a movie",
                location: DiagnosticLocation(file: file))
        }
        let timed = kept.compactMap { r in r.point.time.map { (time: $0, point: r.point) } }
        let sorted = timed.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }
        var points = sorted.map(\.element.point)
        // By position in the file, not by value: a record without a position has NaN
        // coordinates, and NaN is equal to nothing, itself included.
        if !sorted.map(\.offset).elementsEqual(timed.indices) {
            diagnostics.append(
                Diagnostic(
                    .info, "fit.order", "records were not in time order; they are sorted by time",
                    at: DiagnosticLocation(file: file)))
        }
        Geodesy.fillSpeedAndCourse(&points)
        return (points, diagnostics)
    }
}
