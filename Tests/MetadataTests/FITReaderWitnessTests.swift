import CaptionCore
import Foundation
import Metadata
import TestSupport
import Testing

/// The FIT reader against fitdecode and fitparse (PyPI) on every shared FIT file
/// (`../shared/fixtures/fit/`, from python-fitparse's tests), and against the CSV exports of
/// their records that three of them carry: every record's time, position (within 1e-7°),
/// altitude, speed, heart rate, cadence, power and temperature.
@Suite struct FITReaderWitnessTests {
    static let directory = TestPaths.sharedFixture("fit")
    static let fixtures = TestPaths.files(in: directory, withExtension: "fit")

    static func read(_ url: URL) throws -> FITActivity {
        try FITReader(fileName: url.lastPathComponent).read(Array(try Data(contentsOf: url)))
    }

    /// Our record as the peers give theirs.
    static func ours(_ r: FITActivity.Record) -> [Double?] {
        let p = r.point
        return [
            p.time?.sinceEpoch.seconds, r.hasPosition ? p.latitude : nil, r.hasPosition ? p.longitude : nil,
            p.elevation, p.speed, p.heartRate.map(Double.init), p.cadence.map(Double.init), p.power.map(Double.init),
            p.temperature,
        ]
    }

    static func theirs(_ r: FITPeer.Record) -> [Double?] {
        [r.time, r.latitude, r.longitude, r.altitude, r.speed, r.heartRate, r.cadence, r.power, r.temperature]
    }

    static let names = [
        "time", "latitude", "longitude", "altitude", "speed", "heart rate", "cadence", "power",
        "temperature",
    ]

    /// Positions within 1e-7°, the rest within a part in 10^12 (both sides apply the same scale
    /// and offset to the same integer).
    static func same(_ a: Double?, _ b: Double?, field: Int) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return abs(x - y) <= (field == 1 || field == 2 ? 1e-7 : 1e-9 * max(1, abs(y)))
        default: return false
        }
    }

    @Test(arguments: FITPeer.allCases) func everySharedFixtureReadsLikeThePeer(peer: FITPeer) throws {
        try #require(!Self.fixtures.isEmpty, "no FIT file in \(Self.directory.path)")
        #expect(Self.fixtures.count == 6)
        for url in Self.fixtures {
            let name = url.lastPathComponent
            let activity = try Self.read(url)
            let reading = try peer.read(url.path)
            let errors = activity.diagnostics.filter { $0.severity == .error }
            #expect(!reading.records.isEmpty, "\(peer) read no record of \(name)")
            #expect(
                activity.records.count == reading.records.count,
                "\(name): \(activity.records.count) records, \(peer) \(reading.records.count)")
            // A file a peer stops in (cut short) must give us an error-level finding too, and
            // one it reads to the end none.
            #expect(
                errors.isEmpty == (reading.error == nil),
                "\(name): our findings \(errors.map(\.message)), \(peer)'s error \(reading.error ?? "none")")
            var mismatches = 0
            for (i, (a, b)) in zip(activity.records, reading.records).enumerated() {
                let (x, y) = (Self.ours(a), Self.theirs(b))
                for f in x.indices where !Self.same(x[f], y[f], field: f) {
                    mismatches += 1
                    if mismatches <= 10 {
                        Issue.record(
                            "\(name) record \(i) \(Self.names[f]): ours \(x[f] as Any), \(peer) \(y[f] as Any)")
                    }
                }
            }
            #expect(mismatches == 0, "\(name): \(mismatches) values differ from \(peer)'s")
        }
    }

    /// The damaged files say where: the cut-short one at its last byte, as both peers stop there.
    @Test func theCutShortFileReadsUpToTheDamage() throws {
        let url = Self.directory.appendingPathComponent("python-fitparse__activity-unexpected-eof.fit")
        let activity = try Self.read(url)
        let peer = try FITPeer.fitdecode.read(url.path)
        #expect(peer.error?.contains("768") == true, "fitdecode: \(peer.error ?? "no error")")
        #expect(activity.records.count == peer.records.count)
        let damage = activity.diagnostics.filter { $0.ruleID == "fit.truncated" }
        #expect(damage.count == 1)
        #expect(damage.first?.message.contains("ends at byte 768") == true, "\(damage.map(\.message))")
        #expect(damage.first?.severity == .error)
    }

    /// The file of several headers is a chain of FIT files, read through to the end.
    @Test func theChainedFileReadsEveryFile() throws {
        let url = Self.directory.appendingPathComponent("python-fitparse__sample_mulitple_header.fit")
        let activity = try Self.read(url)
        #expect(activity.fileCount == 4)
        #expect(activity.diagnostics.filter { $0.severity != .info }.isEmpty, "\(activity.diagnostics)")
        #expect(activity.sessions.count == 5)
    }

    /// Sessions and laps as fitdecode reads them: times, durations, distance, speeds, heart
    /// rate, cadence and power (the enhanced speeds where the file has them).
    @Test func sessionsAndLapsReadLikeFitdecode() throws {
        try #require(!Self.fixtures.isEmpty, "no FIT file in \(Self.directory.path)")
        var compared = 0
        for url in Self.fixtures {
            let activity = try Self.read(url)
            let theirs = try FITPeer.summaries(url.path)
            let ours = Self.summariesInFileOrder(url, activity)
            #expect(ours.count == theirs.count, "\(url.lastPathComponent): \(ours.count) vs \(theirs.count)")
            for ((kind, s), (theirKind, v)) in zip(ours, theirs) {
                #expect(kind == theirKind)
                let pairs: [(String, Double?, Double?)] = [
                    ("start_time", s.startTime?.sinceEpoch.seconds, v["start_time"]),
                    ("timestamp", s.endTime?.sinceEpoch.seconds, v["timestamp"]),
                    ("total_elapsed_time", s.totalElapsedTime, v["total_elapsed_time"]),
                    ("total_timer_time", s.totalTimerTime, v["total_timer_time"]),
                    ("total_distance", s.totalDistance, v["total_distance"]),
                    ("avg_speed", s.averageSpeed, v["enhanced_avg_speed"] ?? v["avg_speed"]),
                    ("max_speed", s.maximumSpeed, v["enhanced_max_speed"] ?? v["max_speed"]),
                    ("avg_heart_rate", s.averageHeartRate.map(Double.init), v["avg_heart_rate"]),
                    ("max_heart_rate", s.maximumHeartRate.map(Double.init), v["max_heart_rate"]),
                    ("avg_cadence", s.averageCadence.map(Double.init), v["avg_cadence"]),
                    ("max_cadence", s.maximumCadence.map(Double.init), v["max_cadence"]),
                    ("avg_power", s.averagePower.map(Double.init), v["avg_power"]),
                    ("max_power", s.maximumPower.map(Double.init), v["max_power"]),
                ]
                for (name, a, b) in pairs where !Self.same(a, b, field: 0) {
                    Issue.record("\(url.lastPathComponent) \(kind) \(name): ours \(a as Any), fitdecode \(b as Any)")
                }
                compared += 1
            }
        }
        #expect(compared >= 20)
    }

    /// Our sessions and laps in the order the file has them (by end time; a lap ends before or
    /// with its session, which the file writes after it).
    static func summariesInFileOrder(_ url: URL, _ a: FITActivity) -> [(String, FITActivity.Summary)] {
        let all = a.laps.map { ("lap", $0) } + a.sessions.map { ("session", $0) }
        return all.enumerated().sorted { x, y in
            let (tx, ty) = (x.element.1.endTime?.sinceEpoch.seconds ?? 0, y.element.1.endTime?.sinceEpoch.seconds ?? 0)
            return tx != ty ? tx < ty : x.offset < y.offset
        }.map(\.element)
    }

    // MARK: - CSV exports

    static func csv(_ url: URL) throws -> [[String: String]] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) else {
            return []
        }
        return lines.dropFirst().map { line in
            Dictionary(
                uniqueKeysWithValues: zip(
                    header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
    }

    /// "Sun Sep 25 06:00:22 PDT 2011" as seconds since 1970 (the exports use Pacific time).
    static func csvTime(_ text: String) -> Double? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "EEE MMM dd HH:mm:ss zzz yyyy"
        return f.date(from: text)?.timeIntervalSince1970
    }

    /// The exports write every field of every record: where the FIT has no value, a position is
    /// the one before carried forward and a cadence is 0. We compare where the file has the
    /// value, and check that the exports' fillers are only those.
    @Test func theCSVExportsAgree() throws {
        let csvs = TestPaths.files(in: Self.directory, withExtension: "csv")
        try #require(csvs.count == 3, "the three CSV exports in \(Self.directory.path)")
        for csvURL in csvs {
            let fit = URL(
                fileURLWithPath: csvURL.path.replacingOccurrences(of: "-records.csv", with: ".fit"))
            let activity = try Self.read(fit)
            let rows = try Self.csv(csvURL)
            let name = csvURL.lastPathComponent
            #expect(
                rows.count == activity.records.count, "\(name): \(rows.count) rows, \(activity.records.count) records")
            var compared = 0
            var filled = 0
            var previous: [String: String] = [:]
            for (i, (row, record)) in zip(rows, activity.records).enumerated() {
                let p = record.point
                func check(_ column: String, _ ours: Double?, tolerance: Double = 1e-9) {
                    guard let text = row[column], !text.isEmpty else {
                        if ours != nil { Issue.record("\(name) row \(i) \(column): empty, ours \(ours as Any)") }
                        return
                    }
                    guard let ours else {
                        let carried = column.hasPrefix("position") && text == previous[column]
                        if !(carried || (column == "cadence" && text == "0")) {
                            Issue.record("\(name) row \(i) \(column): \(text), ours none")
                        }
                        filled += 1
                        return
                    }
                    compared += 1
                    if let v = Double(text), abs(v - ours) <= tolerance { return }
                    Issue.record("\(name) row \(i) \(column): \(text), ours \(ours)")
                }
                let semicircles = 2_147_483_648.0 / 180
                if let t = row["timestamp"].flatMap(Self.csvTime), let ours = p.time?.sinceEpoch.seconds {
                    #expect(t == ours, "\(name) row \(i) time")
                }
                check("heart_rate", p.heartRate.map(Double.init))
                check("cadence", p.cadence.map(Double.init))
                check("speed", p.speed)
                check("distance", p.distance)
                check("position_lat", record.hasPosition ? (p.latitude * semicircles).rounded() : nil)
                check("position_long", record.hasPosition ? (p.longitude * semicircles).rounded() : nil)
                check("altitude", p.elevation)
                check("temperature", p.temperature)
                previous = row
            }
            #expect(compared > 0)
            if name.contains("edge-500") {  // fitdecode: 121 records without cadence, 9 without position.
                #expect(filled == 121 + 2 * 9, "\(name): \(filled) filled cells")
            }
        }
    }
}
