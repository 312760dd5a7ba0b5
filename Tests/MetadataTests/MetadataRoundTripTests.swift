import CaptionCore
import Foundation
import ISOBMFF
import Metadata
import TestSupport
import Testing

/// GPX → mebx and gpmd tracks → dump → points, checked against the input and against the
/// independent readers: ffprobe, exiftool, GoPro's gpmf-parser, and an ffmpeg stream copy.
@Suite struct MetadataRoundTripTests {
    static let creation = "2024-05-01T10:00:00Z"

    /// `count` points a second from `first` seconds after the creation time, with a fraction
    /// of `millis` ms, every field set.
    static func gpx(count: Int, first: Int, millis: Int = 0) -> String {
        var s = #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1""#
        s += #" xmlns:t="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>"#
        for k in 0..<count {
            let second = first + k
            let time = String(format: "2024-05-01T10:00:%02d.%03dZ", second, millis)
            s += String(
                format: #"<trkpt lat="%.7f" lon="%.7f"><ele>%.3f</ele><time>%@</time>"#, 45.5 + Double(k) * 0.0001234,
                -73.25 - Double(k) * 0.0000567, 30 + Double(k) * 0.125, time)
            s +=
                "<extensions><t:TrackPointExtension><t:hr>\(120 + k)</t:hr><t:cad>\(80 + k)</t:cad><t:atemp>21.5</t:atemp></t:TrackPointExtension></extensions></trkpt>"
        }
        return s + "</trkseg></trk></gpx>"
    }

    static func clip(_ name: String, in dir: TemporaryDirectory, seconds: Int, faststart: Bool) throws -> String {
        let path = dir.path(name)
        var args = ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=\(seconds)"]
        args += ["-f", "lavfi", "-i", "sine=duration=\(seconds)", "-c:v", "libx264", "-preset", "ultrafast"]
        args += ["-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "32k", "-metadata", "creation_time=\(creation)"]
        if faststart { args += ["-movflags", "+faststart"] }
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("ffmpeg"), args + [path])
        guard r.status == 0 else { throw PeerDecoders.Failure.failed("ffmpeg", r.stderr) }
        return path
    }

    /// Adds the GPX to `input` as `output`.
    static func add(
        _ gpxText: String, to input: String, output: String, options: GPSMetadataAdder.Options = .init()
    ) throws -> GPSMetadataAdder.Summary {
        let movie = try MovieMetadata(path: input)
        let document = try GPXReader(fileName: "ride.gpx").read(Array(gpxText.utf8))
        let adder = GPSMetadataAdder(movie: movie, options: options)
        let (tracks, summary) = try adder.prepare(document)
        var bytes: [UInt8] = []
        try adder.write(tracks) { bytes += $0 }
        try Data(bytes).write(to: URL(fileURLWithPath: output))
        return summary
    }

    @Test(arguments: [false, true])
    func bothFormsRoundTripAndIndependentReadersAgree(faststart: Bool) throws {
        let dir = try TemporaryDirectory("metadata-roundtrip")
        let input = try Self.clip("clip.mp4", in: dir, seconds: 14, faststart: faststart)
        let output = dir.path("out.mp4")
        let text = Self.gpx(count: 12, first: 1)
        let summary = try Self.add(text, to: input, output: output)
        #expect(summary.pointsWritten == 12)
        let expected = try GPXReader().read(Array(text.utf8)).timedTrackPoints().points

        // Our reader: both forms give the points back, times exact to the millisecond.
        let metadata = try MovieMetadata(path: output)
        let mebx = try #require(metadata.firstTrack(.quickTimeMetadata))
        let gpmd = try #require(metadata.firstTrack(.gpmf))
        #expect(mebx.references["cdsc"] == [metadata.movie.firstTrack(handler: "vide")?.id ?? 0])
        let fromMebx = try metadata.trackPoints(mebx)
        let fromGPMF = try metadata.trackPoints(gpmd)
        #expect(fromMebx.count == expected.count && fromGPMF.count == expected.count)
        for (e, (a, b)) in zip(expected, zip(fromMebx, fromGPMF)) {
            #expect(a.time == e.time && b.time == e.time, "\(e.time) \(a.time) \(b.time)")
            #expect(a.latitude == e.latitude && a.longitude == e.longitude && a.elevation == e.elevation)
            #expect(a.heartRate == e.heartRate && a.cadence == e.cadence && a.temperature == e.temperature)
            // GPMF stores degrees × 10⁷ and millimetres.
            #expect(abs(b.latitude - e.latitude) <= 0.5e-7 && abs(b.longitude - e.longitude) <= 0.5e-7)
            #expect(abs((b.elevation ?? 0) - (e.elevation ?? 0)) <= 0.0005)
        }
        // GPX out, read again: the same points.
        let again = try GPXReader().read(Array(try MetadataDump(metadata: metadata).gpx().utf8)).timedTrackPoints()
            .points
        #expect(again.map(\.time) == expected.map(\.time))
        #expect(again.map(\.latitude) == expected.map(\.latitude))

        // Every box size and sample table consistent, every sample inside an mdat.
        let movie = metadata.movie
        let mdats = movie.topLevelBoxes.filter { $0.type == "mdat" }.map(\.payloadRange)
        for track in movie.tracks {
            for s in try movie.samples(of: track) {
                #expect(mdats.contains { $0.contains(s.offset) && s.offset + s.size <= $0.upperBound })
            }
        }

        // ffprobe: every track, the right sample counts, no warnings.
        let probe = try MediaProbe.streams(output)
        #expect(probe.warnings.isEmpty, "\(probe.warnings)")
        #expect(probe.streams.map(\.codecTag) == ["avc1", "mp4a", "mebx", "gpmd"])
        #expect(probe.streams.map { $0.frameCount ?? -1 } == movie.tracks.map { $0.sampleTable.sampleCount })
        // mebx: one group a point and a leading empty sample; gpmd: one payload a second.
        #expect(mebx.sampleTable.sampleCount == 13 && gpmd.sampleTable.sampleCount == 13)

        try Self.checkExiftool(output, metadata: metadata, mebx: mebx, gpmd: gpmd)
        try Self.checkGoProParser(output, metadata: metadata, gpmd: gpmd)
        try Self.checkStreamCopy(output, in: dir, expected: expected)
    }

    /// exiftool -ee reads the mebx positions at their sample times, and the gpmd GPS values.
    static func checkExiftool(_ path: String, metadata: MovieMetadata, mebx: Track, gpmd: Track) throws {
        let docs = try GoProPeers.exiftool(path)
        let groups = try metadata.timedMetadataGroups(mebx).filter { !$0.items.isEmpty }
        let positions = docs.filter { $0["GPSCoordinates"] != nil }
        #expect(positions.count == groups.count)
        for (doc, group) in zip(positions, groups) {
            guard case .location(let l)? = group.item(.location)?.value else { continue }
            let parts = String(describing: doc["GPSCoordinates"] ?? "").split(separator: " ").compactMap { Double($0) }
            #expect(parts.count == 3)
            if parts.count == 3 {
                #expect(abs(parts[0] - l.latitude) < 1e-9 && abs(parts[1] - l.longitude) < 1e-9)
                #expect(abs(parts[2] - (l.altitude ?? 0)) < 1e-6)
            }
            #expect(abs((doc["SampleTime"] as? Double ?? -1) - group.timeRange.start.seconds) < 1e-9)
        }
        let gps = try metadata.goProTelemetry(gpmd).gps.map(\.point)
        let fixes = docs.filter { $0["GPSLatitude"] != nil && $0["GPSCoordinates"] == nil }
        #expect(fixes.count == gps.count)
        for (doc, g) in zip(fixes, gps) {
            #expect(abs((doc["GPSLatitude"] as? Double ?? 0) - g.latitude) < 1e-9)
            #expect(abs((doc["GPSLongitude"] as? Double ?? 0) - g.longitude) < 1e-9)
            #expect(abs((doc["GPSAltitude"] as? Double ?? 0) - (g.elevation ?? .nan)) < 1e-9)
        }
    }

    /// GoPro's parser reads the same GPS5 values at the same times.
    static func checkGoProParser(_ path: String, metadata: MovieMetadata, gpmd: Track) throws {
        let theirs = try GoProPeers.gpmfParser(path)
        let ours = try metadata.goProTelemetry(gpmd).gps
        #expect(theirs.count == ours.count)
        for (t, o) in zip(theirs, ours) {
            #expect(abs(t[0] - o.movieTime.seconds) < 1e-6)
            let p = o.point
            let values = [p.latitude, p.longitude, p.elevation ?? .nan, p.speed ?? .nan, p.speed3D ?? .nan]
            for (a, b) in zip(values, t.dropFirst()) { #expect(abs(a - b) <= 0.0006, "\(a) vs \(b)") }
        }
        // GPS9 (HERO11 layout) too.
        #expect(try GoProPeers.gpmfParser(path, key: "GPS9").count == ours.count)
    }

    /// `ffmpeg -c copy` to MOV keeps both tracks and all their samples; the gpmd copy still
    /// reads the same. (ffmpeg 5.1 writes the copied mebx track's sample description empty: its
    /// samples survive, its key table does not; see Specs/timed-metadata.md.)
    static func checkStreamCopy(_ path: String, in dir: TemporaryDirectory, expected: [TrackPoint]) throws {
        let copy = dir.path("copy.mov")
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"), ["-loglevel", "error", "-y", "-i", path, "-map", "0", "-c", "copy", copy])
        #expect(r.status == 0, "\(r.stderr)")
        let before = try MediaProbe.streams(path).streams.map { $0.frameCount ?? -1 }
        let after = try MediaProbe.streams(copy).streams.map { $0.frameCount ?? -1 }
        #expect(before == after)
        let metadata = try MovieMetadata(path: copy)
        let points = try metadata.trackPoints(try #require(metadata.firstTrack(.gpmf)))
        #expect(points.map(\.time) == expected.map(\.time))
    }

    @Test func millisecondTimesAndAnOffsetStayExactInTheMebxForm() throws {
        let dir = try TemporaryDirectory("metadata-offset")
        let input = try Self.clip("clip.mov", in: dir, seconds: 6, faststart: false)
        var options = GPSMetadataAdder.Options()
        options.forms = [.mebx]
        options.offset = MediaTime(value: -1250, timescale: 1000)
        let text = Self.gpx(count: 5, first: 2, millis: 317)
        _ = try Self.add(text, to: input, output: dir.path("out.mov"), options: options)
        let metadata = try MovieMetadata(path: dir.path("out.mov"))
        let groups = try metadata.timedMetadataGroups(try #require(metadata.firstTrack(.quickTimeMetadata)))
        // 2.317 s after the creation time, 1.25 s earlier: 1.067 s.
        #expect(groups.filter { !$0.items.isEmpty }.first?.timeRange.start == MediaTime(value: 1067, timescale: 1000))
        let expected = try GPXReader().read(Array(text.utf8)).timedTrackPoints().points
        #expect(
            try metadata.trackPoints(try #require(metadata.firstTrack(.quickTimeMetadata))).map(\.time)
                == expected.map(\.time))
    }

    @Test func aMovieWithoutVideoIsRefusedBeforeAnythingIsWritten() throws {
        let dir = try TemporaryDirectory("metadata-novideo")
        let input = try MediaClips.make("sound.m4a", in: dir, video: false)
        let movie = try MovieMetadata(path: input)
        let document = try GPXReader().read(Array(Self.gpx(count: 3, first: 0).utf8))
        #expect {
            try GPSMetadataAdder(movie: movie).prepare(document)
        } throws: { ($0 as? MetadataError)?.message.contains("no video track") == true }
    }

    /// The QuickTime creation date carries its zone: 12:00+02:00 is 10:00Z, so a point at
    /// 10:00:02Z plays at 2 s (the mvhd time is absent in this copy).
    @Test func quickTimeCreationDateWithAZoneAnchorsTheSync() throws {
        let dir = try TemporaryDirectory("metadata-qt-date")
        let plain = try MediaClips.make("clip.mp4", in: dir, seconds: 5)
        let movie = dir.path("dated.mov")
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-loglevel", "error", "-y", "-i", plain, "-c", "copy", "-movflags", "use_metadata_tags", "-metadata",
                "com.apple.quicktime.creationdate=2024-05-01T12:00:00+0200", movie,
            ])
        #expect(r.status == 0, "\(r.stderr)")
        let metadata = try MovieMetadata(path: movie)
        #expect(metadata.creationTime == UTCTime(iso8601: "2024-05-01T10:00:00Z"))
        var options = GPSMetadataAdder.Options()
        options.forms = [.mebx]
        _ = try Self.add(Self.gpx(count: 2, first: 2), to: movie, output: dir.path("out.mov"), options: options)
        let out = try MovieMetadata(path: dir.path("out.mov"))
        let groups = try out.timedMetadataGroups(try #require(out.firstTrack(.quickTimeMetadata))).filter {
            !$0.items.isEmpty
        }
        #expect(groups.first?.timeRange.start == MediaTime(value: 2, timescale: 1))
    }
}
