import Foundation
import TestSupport
import Testing

/// `captions metadata add|dump` end to end: round trip through the CLI, GoPro files, and bad
/// input that must give a clear error and no output file.
@Suite struct MetadataCommandTests {
    static func clip(in dir: TemporaryDirectory, video: Bool = true) throws -> String {
        let path = dir.path(video ? "clip.mp4" : "sound.m4a")
        var args = ["-loglevel", "error", "-y"]
        if video { args += ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=6"] }
        args += ["-f", "lavfi", "-i", "sine=duration=6"]
        if video { args += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"] }
        args += ["-c:a", "aac", "-metadata", "creation_time=2024-05-01T10:00:00Z", path]
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("ffmpeg"), args)
        guard r.status == 0 else { throw PeerDecoders.Failure.failed("ffmpeg", r.stderr) }
        return path
    }

    static let ride = """
        <?xml version="1.0"?>
        <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><trk><trkseg>
        <trkpt lat="45.5" lon="-73.25"><ele>30</ele><time>2024-05-01T10:00:01Z</time><speed>4.5</speed></trkpt>
        <trkpt lat="45.5001" lon="-73.2501"><ele>31</ele><time>2024-05-01T10:00:02Z</time><speed>4.75</speed></trkpt>
        <trkpt lat="45.5002" lon="-73.2502"><ele>32</ele><time>2024-05-01T10:00:03Z</time><speed>5</speed></trkpt>
        </trkseg></trk></gpx>
        """

    @Test func addThenDumpAsGPXGivesThePointsBack() throws {
        let dir = try TemporaryDirectory("cli-metadata")
        let movie = try Self.clip(in: dir)
        try Self.ride.write(toFile: dir.path("ride.gpx"), atomically: true, encoding: .utf8)
        let add = try CLIRunner.run(["metadata", "add", movie, dir.path("ride.gpx"), "-o", dir.path("out.mp4")])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.contains("3 of 3 points"))
        for track in ["3", "4"] {
            let gpx = try CLIRunner.run(["metadata", "dump", dir.path("out.mp4"), "--gpx", "--track", track])
            #expect(gpx.status == 0, "\(gpx.stderr)")
            for t in ["10:00:01Z", "10:00:02Z", "10:00:03Z"] {
                #expect(gpx.stdout.contains("<time>2024-05-01T\(t)</time>"))
            }
            #expect(gpx.stdout.contains(#"lat="45.500100000" lon="-73.250100000""#))
        }
        let text = try CLIRunner.run(["metadata", "dump", dir.path("out.mp4")])
        #expect(text.stdout.contains("mdta/com.apple.quicktime.location.ISO6709"))
        #expect(text.stdout.contains("stream GPS5"))
        let json = try CLIRunner.run(["metadata", "dump", dir.path("out.mp4"), "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["tracks"] as? [Any])?.count == 2)
        // An existing output is not replaced without --force.
        let again = try CLIRunner.run(["metadata", "add", movie, dir.path("ride.gpx"), "-o", dir.path("out.mp4")])
        #expect(again.status == 2)
    }

    @Test func goProMaxDumpsItsGPSAndKarmaSaysItHasNone() throws {
        let max = try CLIRunner.run([
            "metadata", "dump", TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path, "--csv",
        ])
        #expect(max.status == 0, "\(max.stderr)")
        // A header and one line per GPS5 sample (191, as GoPro's parser counts them).
        #expect(max.stdout.split(separator: "\n").count == 1 + 191)
        #expect(max.stdout.contains("2019-11-18T23:45:14Z,33.126"))
        let karma = TestPaths.sharedFixture("media/gopro-karma.mp4").path
        let text = try CLIRunner.run(["metadata", "dump", karma])
        #expect(text.status == 0)
        #expect(text.stdout.contains("no GPS"))
        #expect(text.stdout.contains("ACCL"))
        let csv = try CLIRunner.run(["metadata", "dump", karma, "--csv"])
        #expect(csv.status == 2)
        #expect(csv.stderr.contains("without GPS"))
    }

    /// Each bad input: exit status 2, a message that says what is wrong, and no output file
    /// (not even a leftover temporary one).
    @Test(arguments: ["billion-laughs", "no-times", "no-video", "not-gpx"])
    func badInputGivesAClearErrorAndNoOutput(kind: String) throws {
        let dir = try TemporaryDirectory("cli-metadata-bad")
        var movie = try Self.clip(in: dir, video: kind != "no-video")
        var gpx = Self.ride
        var expected = ""
        switch kind {
        case "billion-laughs":
            gpx =
                "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<gpx>&b;</gpx>"
            expected = "DOCTYPE"
        case "no-times":
            gpx = #"<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>"#
            expected = "has a time"
        case "no-video":
            expected = "no video track"
        default:
            gpx = "lat,lon\n1,2\n"
            expected = "Start tag expected"
            movie = try Self.clip(in: dir)
        }
        try gpx.write(toFile: dir.path("in.gpx"), atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["metadata", "add", movie, dir.path("in.gpx"), "-o", dir.path("out.mp4")])
        #expect(r.status == 2)
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.contains("out") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func aDamagedGPMFPayloadIsALocatedDiagnosticTheOthersStillRead() throws {
        let dir = try TemporaryDirectory("cli-metadata-gpmf")
        let movie = try Self.clip(in: dir)
        try Self.ride.write(toFile: dir.path("ride.gpx"), atomically: true, encoding: .utf8)
        let add = try CLIRunner.run([
            "metadata", "add", movie, dir.path("ride.gpx"), "-o", dir.path("out.mp4"), "--form", "gpmf",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: dir.path("out.mp4"))))
        // The second GPS5 key in the file: give it a structure size of 7 (not a multiple of 4).
        let key = Array("GPS5".utf8)
        let hits = (0...(bytes.count - 4)).filter { bytes[$0..<($0 + 4)].elementsEqual(key) }
        #expect(hits.count == 3)
        bytes[hits[1] + 5] = 7
        // And cut the third payload's GPS5 repeat count beyond its payload (truncated GPMF).
        bytes[hits[2] + 6] = 0x7F
        try Data(bytes).write(to: URL(fileURLWithPath: dir.path("bad.mp4")))
        let r = try CLIRunner.run(["metadata", "dump", dir.path("bad.mp4")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("structure size of 7"), "\(r.stdout)")
        #expect(r.stdout.contains("truncated GPMF"), "\(r.stdout)")
        #expect(r.stdout.contains("2024-05-01T10:00:01Z"))
    }
}
