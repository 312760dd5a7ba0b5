import Foundation
import Metadata
import TestSupport
import Testing

/// Which clock places a ride on a movie (issue 40, Specs/timed-metadata.md "Clocks"): a clip
/// with its creation time in UTC and a FIT in UTC, a camera that wrote local time
/// (`--camera-tz`), a GPX with fractional seconds, each aligned within a frame with the clock
/// named; the GoPro Max fixture, whose mvhd holds Pacific time, against its own GPS clock.
@Suite struct MetadataClockTests {
    /// A 6 s 10 fps clip whose mvhd creation_time is `creation` (ffmpeg writes it as given).
    static func clip(in dir: TemporaryDirectory, creation: String) throws -> String {
        let path = dir.path("clip.mp4")
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=6", "-c:v",
                "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-metadata", "creation_time=\(creation)",
                path,
            ])
        guard r.status == 0 else { throw PeerDecoders.Failure.failed("ffmpeg", r.stderr) }
        return path
    }

    /// Each mebx group's start (movie seconds) and its `org.captions.gps.date`, from the text dump.
    static func groups(_ dump: String) -> [(start: Double, utc: String)] {
        dump.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let range = words.first, range.contains("–"), let start = Double(range.split(separator: "–")[0]),
                let date = words.first(where: { $0.hasPrefix("org.captions.gps.date=") })
            else { return nil }
            return (start, String(date.dropFirst("org.captions.gps.date=".count)))
        }
    }

    static func seconds(_ utc: String) -> Double? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: utc) { return d.timeIntervalSince1970 }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: utc)?.timeIntervalSince1970
    }

    /// A camera in Paris wrote its local wall-clock time (12:00, summer time) as the creation
    /// time; the GPX is in UTC with fractional seconds (10:00:00.35 …). `--camera-tz
    /// Europe/Paris` reads 12:00 as 10:00Z, so each point lands at its UTC time minus 10:00:00,
    /// within a frame (0.1 s); without it the points fall two hours off and nothing is written.
    @Test func aCameraThatWroteLocalTimeIsReadInItsZone() throws {
        let dir = try TemporaryDirectory("cli-clock-local")
        let movie = try Self.clip(in: dir, creation: "2024-05-01T12:00:00Z")
        let times = ["10:00:00.350", "10:00:01.850", "10:00:03.125", "10:00:04.600"]
        let points = times.enumerated().map { i, t in
            "<trkpt lat=\"45.50\(i)\" lon=\"-73.25\"><time>2024-05-01T\(t)Z</time></trkpt>"
        }
        let gpx = """
            <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """
        try gpx.write(toFile: dir.path("ride.gpx"), atomically: true, encoding: .utf8)
        let off = try CLIRunner.run(["metadata", "add", movie, dir.path("ride.gpx"), "-o", dir.path("off.mp4")])
        #expect(off.status != 0)
        #expect(off.stderr.contains("no point falls within the movie"), "\(off.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("off.mp4")))

        let add = try CLIRunner.run([
            "metadata", "add", movie, dir.path("ride.gpx"), "--camera-tz", "Europe/Paris", "--form", "mebx", "-o",
            dir.path("out.mp4"),
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stderr.contains(
                "placed by the movie's creation time (mvhd, no time zone: read as Europe/Paris local time): movie time 0 is 2024-05-01T10:00:00Z"
            ), "\(add.stderr)")
        let dump = try CLIRunner.run(["metadata", "dump", dir.path("out.mp4")])
        let groups = Self.groups(dump.stdout)
        #expect(groups.count == times.count, "\(dump.stdout)")
        let zero = try #require(Self.seconds("2024-05-01T10:00:00Z"))
        for (group, time) in zip(groups, times) {
            let utc = try #require(Self.seconds("2024-05-01T\(time)Z"))
            #expect(abs(group.start - (utc - zero)) < 0.1, "\(time) placed at \(group.start)")
            #expect(Self.seconds(group.utc).map { abs($0 - utc) < 1e-6 } == true, "\(group.utc) for \(time)")
        }
        // The report says the same of the clip: its creation time read in the zone.
        let report = try CLIRunner.run([
            "metadata", "dump", movie, "--sync-report", "--camera-tz", "+02:00", "--ride", dir.path("ride.gpx"),
        ])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            report.stdout.contains(
                "--sync auto: the movie's creation time (mvhd, no time zone: read as +02:00 local time): movie time 0 is 2024-05-01T10:00:00Z"
            ), "\(report.stdout)")
        #expect(report.stdout.contains("4 point(s) fall within it"), "\(report.stdout)")
        let bad = try CLIRunner.run([
            "metadata", "add", movie, dir.path("ride.gpx"), "--camera-tz", "Mars/Base", "-o", dir.path("x.mp4"),
        ])
        #expect(bad.status != 0 && bad.stderr.contains("--camera-tz Mars/Base"), "\(bad.stderr)")
    }

    /// A Sony camera's movie: its mvhd holds the camera's wall-clock time as if UTC, and its
    /// NonRealTimeMeta XML (a top-level `meta` box, handler `nrtm`, after `mdat`, as exiftool's
    /// tables read Sony's files) the same time with the clock's zone, +09:00. exiftool reads our
    /// box as Sony's (`XML:CreationDateValue`); the creation time is taken from it, 06:45:32Z,
    /// named, and `--camera-tz` cannot override a time that names its zone.
    @Test func aSonyCamerasRecordedZoneIsDetected() throws {
        let dir = try TemporaryDirectory("cli-clock-sony")
        let plain = try Self.clip(in: dir, creation: "2019-11-18T15:45:32Z")
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <NonRealTimeMeta xmlns="urn:schemas-professionalDisc:nonRealTimeMeta:ver.2.00" \
            xmlns:lib="urn:schemas-professionalDisc:lib:ver.2.00" lastUpdate="2019-11-18T15:45:38+09:00">
            <Duration value="60"/><CreationDate value="2019-11-18T15:45:32+09:00"/>
            <Device manufacturer="Sony" modelName="FDR-X3000"/></NonRealTimeMeta>
            """
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + payload.count)
            return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: size >> $0) } + Array(type.utf8) + payload
        }
        let handler = box(
            "hdlr", [UInt8](repeating: 0, count: 8) + Array("nrtm".utf8) + [UInt8](repeating: 0, count: 13))
        let meta = box("meta", [0, 0, 0, 0] + handler + box("xml ", [0, 0, 0, 0] + Array(xml.utf8)))
        let movie = dir.path("C0001.MP4")
        try Data(try Data(contentsOf: URL(fileURLWithPath: plain)) + meta).write(to: URL(fileURLWithPath: movie))
        let exif = try CLIRunner.runProcess(
            try PeerDecoders.tool("exiftool"), ["-s3", "-XML:CreationDateValue", movie])
        #expect(exif.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2019:11:18 15:45:32+09:00", "\(exif)")

        let clocks = try MovieMetadata(path: movie).clocks
        #expect(clocks.creationTime == UTCTime(iso8601: "2019-11-18T06:45:32Z"))
        #expect(clocks.creationTimeHasZone)
        let report = try CLIRunner.run(["metadata", "dump", movie, "--sync-report", "--camera-tz", "Europe/Paris"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            report.stdout.contains(
                "--sync auto: the movie's creation time (Sony NonRealTimeMeta 2019-11-18T15:45:32+09:00): movie time 0 is 2019-11-18T06:45:32Z"
            ), "\(report.stdout)")
        // Without the box, the same mvhd is taken as UTC.
        #expect(try MovieMetadata(path: plain).clocks.creationTime == UTCTime(iso8601: "2019-11-18T15:45:32Z"))
    }

    /// A clip whose creation time is UTC and a FIT in UTC: by default (`--sync auto`, no GPMF)
    /// the creation time places the ride, and each group holds the record fitdecode reads at
    /// that UTC time, at movie time UTC − creation time.
    @Test func aFitInUTCGoesByAUTCCreationTime() throws {
        let fit = TestPaths.sharedFixture("fit/python-fitparse__garmin-fenix-5-bike.fit").path
        let records = try FITPeer.fitdecode.read(fit).records.compactMap(\.time)
        let start = try #require(records.dropFirst(5).first)
        let creation = Date(timeIntervalSince1970: start.rounded(.down) - 2)
        let f = ISO8601DateFormatter()
        let dir = try TemporaryDirectory("cli-clock-utc")
        let movie = try Self.clip(in: dir, creation: f.string(from: creation))
        let add = try CLIRunner.run(["metadata", "add", movie, fit, "--form", "mebx", "-o", dir.path("out.mp4")])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stderr.contains("placed by the movie's creation time (mvhd, no time zone: taken as UTC)"),
            "\(add.stderr)")
        let groups = Self.groups(try CLIRunner.run(["metadata", "dump", dir.path("out.mp4")]).stdout)
        let expected = records.filter {
            $0 >= creation.timeIntervalSince1970 && $0 < creation.timeIntervalSince1970 + 6
        }
        #expect(groups.count == expected.count && !expected.isEmpty, "\(groups) vs \(expected)")
        for (group, utc) in zip(groups, expected) {
            #expect(Self.seconds(group.utc) == utc)
            #expect(abs(group.start - (utc - creation.timeIntervalSince1970)) < 0.1)
        }
    }

    /// The GoPro Max fixture: its GPMF's GPS time and its mvhd creation time, eight hours apart
    /// (the camera's clock on Pacific time). The report names both, `auto` takes the GPS clock,
    /// and the warning suggests UTC−08:00; read as Los Angeles time (PST in November) the two
    /// agree within the minute. The creation time is ffprobe's; the GPS clock (the median over
    /// the payloads of GPSU less the payload's time) is witnessed against gpmf-parser in
    /// `GPSFilterWitnessTests`.
    @Test func aGoProsClocksAreNamedAndTheirGapExplained() throws {
        let movie = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path
        let probe = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            ["-v", "error", "-show_entries", "format_tags=creation_time", "-of", "default=nw=1:nk=1", movie])
        let creation = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(creation.hasPrefix("2019-11-18T15:45:32"), "ffprobe: \(creation)")
        let r = try CLIRunner.run(["metadata", "dump", movie, "--sync-report"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("creation time: 2019-11-18T15:45:32Z, its creation time (mvhd"), "\(r.stdout)")
        #expect(r.stdout.contains("--sync auto: the movie's GPS time"), "\(r.stdout)")
        #expect(
            r.stderr.contains("warning[metadata.clocks-disagree]") && r.stderr.contains("--camera-tz -08:00"),
            "\(r.stderr)")
        let pacific = try CLIRunner.run([
            "metadata", "dump", movie, "--sync-report", "--camera-tz", "America/Los_Angeles",
        ])
        #expect(pacific.status == 0, "\(pacific.stderr)")
        #expect(
            pacific.stdout.contains("read as America/Los_Angeles local time) = 2019-11-18T23:45:32Z"),
            "\(pacific.stdout)")
        #expect(!pacific.stderr.contains("clocks-disagree"), "\(pacific.stderr)")
    }
}
