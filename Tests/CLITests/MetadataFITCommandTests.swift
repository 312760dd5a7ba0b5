import Foundation
import TestSupport
import Testing

/// `captions metadata dump|add` and `export --overlay gps --fit` with the shared FIT files
/// (`../shared/fixtures/fit/`): the values checked against fitdecode's reading, the damage
/// located, a FIT placed on a movie like the GPX of the same points.
@Suite struct MetadataFITCommandTests {
    static func fixture(_ name: String) -> String { TestPaths.sharedFixture("fit/python-fitparse__\(name).fit").path }

    /// CSV rows by column name.
    static func rows(_ csv: String) -> [[String: String]] {
        let lines = csv.split(whereSeparator: \.isNewline).map(String.init)
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false) else { return [] }
        return lines.dropFirst().map {
            Dictionary(
                uniqueKeysWithValues: zip(
                    header.map(String.init), $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                ))
        }
    }

    static func seconds(_ utc: String?) -> Double? {
        guard let utc else { return nil }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: utc) { return d.timeIntervalSince1970 }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: utc)?.timeIntervalSince1970
    }

    /// `rows` (our CSV) hold the records fitdecode reads at the same times: position within
    /// 1e-7°, heart rate, temperature, altitude and speed equal.
    static func expectLikeFitdecode(_ rows: [[String: String]], _ fit: String, all: Bool) throws {
        let theirs = try FITPeer.fitdecode.read(fit).records
        let byTime = Dictionary(theirs.compactMap { r in r.time.map { ($0, r) } }, uniquingKeysWith: { a, _ in a })
        if all { #expect(rows.count == theirs.count) }
        #expect(!rows.isEmpty)
        for row in rows {
            let t = try #require(seconds(row["utc"]), "\(row)")
            let r = try #require(byTime[t], "no fitdecode record at \(row["utc"] ?? "")")
            func same(_ column: String, _ value: Double?, _ tolerance: Double) {
                let ours = row[column].flatMap(Double.init)
                switch (ours, value) {
                case (nil, nil): break
                case (let a?, let b?): #expect(abs(a - b) <= tolerance, "\(column) at \(t): \(a) vs \(b)")
                default: Issue.record("\(column) at \(t): ours \(ours as Any), fitdecode \(value as Any)")
                }
            }
            same("latitude", r.latitude, 1e-7)
            same("longitude", r.longitude, 1e-7)
            same("heart_rate", r.heartRate, 0)
            same("temperature", r.temperature, 0)
            same("elevation", r.altitude, 1e-9)
            same("speed", r.speed, 1e-9)
        }
    }

    @Test func dumpAsCSVGivesEveryRecordAsFitdecodeReadsIt() throws {
        let fit = Self.fixture("garmin-fenix-5-bike")
        let r = try CLIRunner.run(["metadata", "dump", fit, "--csv"])
        #expect(r.status == 0, "\(r.stderr)")
        try Self.expectLikeFitdecode(Self.rows(r.stdout), fit, all: true)
    }

    @Test func dumpAsTextShowsEveryStreamWithItsCount() throws {
        let fit = Self.fixture("2019-02-17-062644-ELEMNT-297E-195-0")
        let r = try CLIRunner.run(["metadata", "dump", fit])
        #expect(r.status == 0, "\(r.stderr)")
        let theirs = try FITPeer.fitdecode.read(fit).records
        func count(_ v: (FITPeer.Record) -> Double?) -> Int { theirs.filter { v($0) != nil }.count }
        for (name, n) in [
            ("heart_rate", count(\.heartRate)), ("power", count(\.power)), ("cadence", count(\.cadence)),
            ("temperature", count(\.temperature)), ("position", count(\.latitude)),
        ] {
            #expect(r.stdout.contains("stream \(name) [") && r.stdout.contains("] \(n) samples"), "\(name) \(n)")
        }
        #expect(r.stdout.contains("FIT: 1 file, \(theirs.count) records"))
        let json = try CLIRunner.run(["metadata", "dump", fit, "--json"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["points"] as? [Any])?.count == theirs.count)
        #expect(object?["format"] as? String == "FIT")
    }

    @Test func aCutShortFileIsDumpedUpToTheDamageWithItsPlace() throws {
        let fit = Self.fixture("activity-unexpected-eof")
        let r = try CLIRunner.run(["metadata", "dump", fit, "--csv"])
        #expect(r.status == 1, "error-level finding: exit 1")
        #expect(Self.rows(r.stdout).count == 14)
        #expect(r.stderr.contains("error[fit.truncated]: byte 751, message 31"), "\(r.stderr)")
        #expect(r.stderr.contains("ends at byte 768"))
    }

    @Test func addPlacesTheRecordsOnTheMovie() throws {
        let dir = try TemporaryDirectory("cli-fit")
        let clip = try MetadataCommandTests.clip(in: dir)
        let fit = Self.fixture("garmin-fenix-5-bike")
        let add = try CLIRunner.run(["metadata", "add", clip, fit, "--sync", "start", "-o", dir.path("out.mp4")])
        #expect(add.status == 0, "\(add.stderr)")
        let dump = try CLIRunner.run(["metadata", "dump", dir.path("out.mp4"), "--csv"])
        #expect(dump.status == 0, "\(dump.stderr)")
        try Self.expectLikeFitdecode(Self.rows(dump.stdout), fit, all: false)
    }

    /// A record without a position but with sensor values goes into the mebx track as a group
    /// without a location, as fitdecode reads it; GPMF's GPS5 holds positions, so the GPMF track
    /// gets the others, and the command says so. The ELEMNT ride from 2,804 s on: two records with
    /// a position, then four without (the fix lost), a `--max-speed` beside them.
    @Test func addKeepsRecordsWithoutAPositionInTheMebxTrack() throws {
        let dir = try TemporaryDirectory("cli-fit-add-positionless")
        let clip = try MetadataCommandTests.clip(in: dir)
        let fit = Self.fixture("2019-02-17-062644-ELEMNT-297E-195-0")
        let add = try CLIRunner.run([
            "metadata", "add", clip, fit, "--sync", "start", "--offset=-2804", "--max-speed", "30", "-o",
            dir.path("out.mp4"),
        ])
        #expect(add.status == 0, "\(add.stderr)")
        let mebx = try CLIRunner.run(["metadata", "dump", dir.path("out.mp4"), "--csv"])
        #expect(mebx.status == 0, "\(mebx.stderr)")
        let rows = Self.rows(mebx.stdout)
        try Self.expectLikeFitdecode(rows, fit, all: false)
        let indoor = rows.filter { ($0["latitude"] ?? "").isEmpty }
        #expect(!indoor.isEmpty && rows.count > indoor.count, "\(mebx.stdout)")
        #expect(
            add.stderr.contains("\(indoor.count) record(s) without a position are in the mebx track only"),
            "\(add.stderr)")
        // The movie's tracks: video, audio, mebx, gpmd; the GPMF track has the others only.
        let gpmf = try CLIRunner.run(["metadata", "dump", dir.path("out.mp4"), "--csv", "--track", "4"])
        #expect(gpmf.status == 0, "\(gpmf.stderr)")
        let positioned = Self.rows(gpmf.stdout)
        #expect(
            positioned.count == rows.count - indoor.count && positioned.allSatisfy { !($0["latitude"] ?? "").isEmpty })

        // Each group carries the ride's figures from its start (org.captions.ride.*), as fitdecode's
        // records give them at that time (FITPeer.rideFigures, the rules of "Ride figures").
        let text = try CLIRunner.run(["metadata", "dump", dir.path("out.mp4")]).stdout
        let figures = try FITPeer.rideFigures(fit, maximumHeartRate: 185)
        let byTime = Dictionary(figures.map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
        var checked = 0
        for line in text.split(separator: "\n") where line.contains("org.captions.ride.elapsed-time=") {
            func value(_ key: String) -> String? {
                line.split(separator: " ").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
            }
            let t = try #require(Self.seconds(value("org.captions.gps.date")), "\(line)")
            let theirs = try #require(byTime[t], "no record at \(t)")
            #expect(value("org.captions.ride.elapsed-time").flatMap(Double.init) == theirs.elapsed, "\(line)")
            #expect(
                value("org.captions.ride.moving-time").flatMap(Double.init).map { abs($0 - theirs.moving) < 1e-6 }
                    == true)
            let distance = value("org.captions.ride.distance").flatMap(Double.init)
            #expect(
                distance.map { d in theirs.distance.map { abs(d - $0) <= 1e-6 * max(1, $0) } ?? false } == true,
                "\(line)")
            checked += 1
        }
        #expect(
            checked == rows.count && (byTime.values.map(\.elapsed).max() ?? 0) > 2800, "\(checked) of \(rows.count)")

        // Placed where the ride has no position at all, the GPMF track is left out with a warning.
        let early = try CLIRunner.run(["metadata", "add", clip, fit, "--sync", "start", "-o", dir.path("early.mp4")])
        #expect(early.status == 0, "\(early.stderr)")
        #expect(early.stderr.contains("no GPMF track was written"), "\(early.stderr)")
        // The summary names the tracks written, not the forms asked for.
        #expect(early.stderr.contains("points written as mebx (track "), "\(early.stderr)")
        let dump = try CLIRunner.run(["metadata", "dump", dir.path("early.mp4"), "--csv"])
        let early6 = Self.rows(dump.stdout)
        #expect(early6.count == 6 && early6.allSatisfy { ($0["latitude"] ?? "").isEmpty }, "\(dump.stdout)")
        try Self.expectLikeFitdecode(early6, fit, all: false)
    }

    /// The dashboard drawn from a FIT is the one drawn from the same points as GPX (the FIT
    /// dumped with `--gpx`): the FIT goes the way the GPX goes.
    @Test func exportWithFitDrawsWhatTheSamePointsAsGPXDraw() throws {
        let dir = try TemporaryDirectory("cli-fit-export")
        let clip = try MetadataCommandTests.clip(in: dir)
        let fit = Self.fixture("garmin-edge-820-bike")
        let gpx = try CLIRunner.run(["metadata", "dump", fit, "--gpx", "-o", dir.path("ride.gpx")])
        #expect(gpx.status == 0, "\(gpx.stderr)")
        var hashes: [String] = []
        for (option, file) in [("--fit", fit), ("--gpx", dir.path("ride.gpx"))] {
            let out = dir.path("out\(option).mp4")
            let r = try CLIRunner.run([
                "export", clip, "-o", out, "--overlay", "gps", option, file, "--sync", "start", "--to", "2",
                "--preset", "ultrafast", "--progress", "none",
            ])
            #expect(r.status == 0, "\(option): \(r.stderr)")
            let md5 = try CLIRunner.runProcess(
                try PeerDecoders.tool("ffmpeg"), ["-loglevel", "error", "-i", out, "-map", "0:v", "-f", "md5", "-"])
            hashes.append(md5.stdout)
        }
        #expect(hashes.count == 2 && hashes[0] == hashes[1] && !hashes[0].isEmpty)
        let wrong = try CLIRunner.run([
            "export", clip, "-o", dir.path("x.mp4"), "--overlay", "gps", "--fit", dir.path("ride.gpx"),
        ])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("not a FIT file"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.mp4")))
    }

    /// The Wahoo ride starts with minutes of records before the GPS fix: the dashboard takes
    /// them (their speed, cadence, power, temperature) instead of leaving them out with a
    /// warning; only the record with nothing to show (a battery reading) is left out.
    @Test func exportWithFitKeepsTheRecordsBeforeTheFix() throws {
        let dir = try TemporaryDirectory("cli-fit-nofix")
        let clip = try MetadataCommandTests.clip(in: dir)
        let r = try CLIRunner.run([
            "export", clip, "-o", dir.path("out.mp4"), "--overlay", "gps", "--fit",
            Self.fixture("2019-02-17-062644-ELEMNT-297E-195-0"), "--sync", "start", "--to", "1", "--max-hr", "185",
            "--preset", "ultrafast", "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("left out of the track"), "\(r.stderr)")
        #expect(r.stderr.contains("1 record(s) with neither a position nor a sensor value"), "\(r.stderr)")
    }

    @Test func maxHeartRateIsCheckedAndGoesWithTheDashboard() throws {
        let fit = Self.fixture("garmin-fenix-5-bike")
        for (arguments, message) in [
            (["--overlay", "gps", "--fit", fit, "--max-hr", "300"], "--max-hr: expected a heart rate from 1 to 255"),
            (["--max-hr", "185"], "--layout, --max-hr, --hide-near, --max-dop and --max-speed go with --overlay gps"),
        ] {
            let r = try CLIRunner.run(["export", "clip.mp4", "-o", "out.mp4"] + arguments)
            #expect(r.status == 2, "\(arguments): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
    }
}
