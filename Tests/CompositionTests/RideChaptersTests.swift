import CaptionCore
import Composition
import Dashboard
import Foundation
import Metadata
import TestSupport
import Testing

/// A ride recorded as GoPro chapters, played as one: the chapters' order by GoPro's file naming,
/// and a ride made of three chapters cut from the GoPro fixture by FFmpeg (at key frames that
/// are GPMF payload boundaries, as a camera cuts its chapters) against the fixture itself.
@Suite struct RideChaptersTests {
    static let movie = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path

    @Test func chaptersFollowGoProsNamingWhateverTheOrderGiven() {
        let ride = RideChapters(["a/GX030042.MP4", "a/GX010042.MP4", "a/GX020042.MP4"])
        #expect(ride.paths == ["a/GX010042.MP4", "a/GX020042.MP4", "a/GX030042.MP4"])
        #expect(ride.diagnostics.isEmpty)
        // HERO5 and earlier: GOPR first, then GP01 (the second chapter), GP02…
        let old = RideChapters(["GP020007.MP4", "GOPR0007.MP4", "GP010007.MP4"])
        #expect(old.paths == ["GOPR0007.MP4", "GP010007.MP4", "GP020007.MP4"])
        // A missing chapter and a second recording are said; the order still holds.
        let gap = RideChapters(["GH030042.MP4", "GH010042.MP4", "GH010043.MP4"])
        #expect(gap.paths == ["GH010042.MP4", "GH030042.MP4", "GH010043.MP4"])
        #expect(gap.diagnostics.map(\.ruleID).sorted() == ["ride.chapterMissing", "ride.recordings"])
        #expect(gap.diagnostics.contains { $0.message.contains("no chapter 2 between") })
        // Movies named otherwise keep the order given.
        #expect(RideChapters(["b.mp4", "GX010042.MP4", "a.mp4"]).paths == ["b.mp4", "GX010042.MP4", "a.mp4"])
    }

    /// The mean absolute difference of the first `first` bytes of two pictures (all of them by
    /// default; a yuv420p picture's luma is its first width × height bytes).
    static func meanDifference(_ x: [UInt8], _ y: [UInt8], first: Int? = nil) -> Double {
        let n = min(first ?? x.count, x.count, y.count)
        var sum = 0
        for i in 0..<n { sum += abs(Int(x[i]) - Int(y[i])) }
        return Double(sum) / Double(max(n, 1))
    }

    /// Cuts the fixture into three chapters named as a GoPro names them, at 3.003 s and 6.006 s
    /// (key frames, and the starts of GPMF payloads), keeping video, audio and GPMF (FFmpeg).
    static func chapters(in dir: TemporaryDirectory) throws -> [String] {
        var paths: [String] = []
        for (i, (from, to)) in [("0", "3.003"), ("3.003", "6.006"), ("6.006", "11")].enumerated() {
            let path = dir.path("GX0\(i + 1)0042.MP4")
            try MediaTools.ffmpeg([
                "-i", movie, "-map", "0:v", "-map", "0:a", "-map", "0:3", "-c", "copy", "-ss", from, "-to", to, path,
            ])
            paths.append(path)
        }
        return paths
    }

    /// The chapters' GPS joined on the ride's timeline is the fixture's own: the same GPS groups
    /// at the same times, the same GPMF payloads at the same times, and the ride's GPMF track
    /// read back by gpmf-parser gives the fixture's points.
    @Test func theJoinedGPSIsTheUncutMoviesGPS() throws {
        let dir = try TemporaryDirectory()
        let chapters = try Self.chapters(in: dir)
        let ride = RideChapters(chapters.reversed())
        let plan = try CompositionPlan(
            file: ride.compositionFile(), fileName: "ride", probe: AssetSourceProbe())
        #expect(plan.placedClips.map(\.path) == chapters)
        let joined = try plan.embeddedGPS(trackID: 9)
        let uncut = try MovieMetadata(path: Self.movie)
        let single = try SampleDataTrack(movie: uncut, track: try uncut.gpsTrack())
        #expect(joined.samples.count == single.samples.count)
        for (a, b) in zip(joined.samples, single.samples) {
            #expect(a.bytes == b.bytes && a.timeRange.start == b.timeRange.start, "\(a.timeRange) \(b.timeRange)")
        }
        // Every GPS group before the last payload, at its own time with its own values (courses
        // included: derived from the movement past a chapter's end, as in the uncut movie).
        // The last payload's points are spread up to the end of the file that holds it, which the
        // cut chapter puts at its video's end (10.5105 s) and the fixture at its audio's (10.517 s).
        let lastPayload = try #require(single.samples.last).timeRange.start
        let whole = single.groups.filter { $0.timeRange.start < lastPayload }
        let ours = joined.groups.filter { $0.timeRange.start < lastPayload }
        #expect(whole.count > 100)
        #expect(ours.count == whole.count)
        for (a, b) in zip(ours, whole) where a.items != b.items || a.timeRange.start != b.timeRange.start {
            let differing = zip(a.items, b.items).filter { $0 != $1 }.map { "\($0.0) against \($0.1)" }
            Issue.record("group at \(a.timeRange.start.seconds) s against \(b.timeRange.start.seconds) s: \(differing)")
            break
        }
        // The odometer at the ride's last frame (314 frames of 1001/30000 s) is the uncut movie's
        // there: within 1 cm, the most that spreading the last payload's points over 0.5005 s
        // rather than 0.507 s moves a walker (0.55 m/s × 0.0065 s = 4 mm).
        let last = MediaTime(value: 314 * 1001, timescale: 30000)
        let rideSeries = GPSSeries(groups: joined.groups), wholeSeries = GPSSeries(groups: single.groups)
        let rideOdometer = try #require(rideSeries.values(at: last, groupInForce: joined.group(at: last))?.distance)
        let wholeOdometer = try #require(wholeSeries.values(at: last, groupInForce: single.group(at: last))?.distance)
        #expect(wholeOdometer > 3, "the fixture's walk: \(wholeOdometer) m")
        #expect(abs(rideOdometer - wholeOdometer) < 0.01, "\(rideOdometer) m against \(wholeOdometer) m")
    }

    /// `captions export GX03… GX01… GX02… --overlay gps`: one movie with every frame of the
    /// chapters once, at a steady step (ffprobe), each frame the uncut export's own (it is
    /// nearer its counterpart than either neighbour of it), and one GPMF track that
    /// gpmf-parser reads as the fixture's GPS.
    @Test func theRideIsExportedAsOneMovieWithOneGPMFTrack() throws {
        let dir = try TemporaryDirectory()
        let chapters = try Self.chapters(in: dir)
        let ride = dir.path("ride.mp4"), single = dir.path("single.mp4")
        let common = ["--overlay", "gps", "--crf", "0", "--preset", "ultrafast", "--progress", "none"]
        let r = try CLIRunner.run(["export"] + chapters.reversed() + ["-o", ride] + common)
        #expect(r.status == 0, "\(r.stderr)")
        let s = try CLIRunner.run(["export", Self.movie, "-o", single] + common)
        #expect(s.status == 0, "\(s.stderr)")

        let streams = try MediaTools.streams(ride)
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(video["nb_frames"] as? String == "315")
        #expect(streams.filter { $0["codec_tag_string"] as? String == "gpmd" }.count == 1)
        let times = try MediaTools.frameTimes(ride)
        #expect(times.count == 315)
        let steps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(
            steps.allSatisfy { abs($0 - 1001.0 / 30000) < 1e-4 }, "\(steps.filter { abs($0 - 1001.0 / 30000) >= 1e-4 })"
        )

        let a = try MediaTools.rawFrames(ride, width: 848, height: 480)
        let b = try MediaTools.rawFrames(single, width: 848, height: 480)
        #expect(a.count == 315 && b.count == 315)
        var misplaced: [Int] = []
        for k in a.indices where k < b.count {
            let own = Self.meanDifference(a[k], b[k], first: 848 * 480)
            let neighbours = [k - 1, k + 1].filter { b.indices.contains($0) }.map {
                Self.meanDifference(a[k], b[$0], first: 848 * 480)
            }
            if neighbours.contains(where: { $0 <= own }) { misplaced.append(k) }
        }
        #expect(misplaced.isEmpty, "frames nearer a neighbour than their own: \(misplaced.prefix(10))")

        let ours = try GoProPeers.gpmfParser(ride), theirs = try GoProPeers.gpmfParser(Self.movie)
        #expect(theirs.count > 100)
        // Each sample: its time, then the GPS5 values, which must be the very same. gpmf-parser
        // spreads a payload's samples over the payload; its times for the last one differ with
        // where each file ends (the ride with its video, 10.5105 s; the fixture with its audio,
        // 10.517 s), and every time before it must agree to the millisecond.
        #expect(ours.count == theirs.count, "gpmf-parser: \(ours.count) GPS5 samples against \(theirs.count)")
        #expect(ours.map { Array($0.dropFirst()) } == theirs.map { Array($0.dropFirst()) })
        let before = zip(ours, theirs).filter { $1[0] < 10.010 }
        #expect(before.count > 150)
        let shift = before.map { abs($0[0] - $1[0]) }.max() ?? 1
        #expect(shift < 0.001, "gpmf-parser times \(shift) s apart")
    }

    /// `--overlay-only`, `--gpx` and `--hide-near` on a ride. The ride's overlay alone (ProRes
    /// 4444 with alpha, one picture at each of its 315 frame times) is the uncut movie's overlay,
    /// decoded by FFmpeg: from the chapters' joined GPMF, and with a privacy zone, every picture;
    /// from a GPX of the walk (each chapter placed by its own GPS clock, as GoPro chapters each
    /// have one), every picture, or where a readout changes a frame apart (the chapters' clocks
    /// are medians of their own payloads, a few milliseconds from the uncut movie's), its
    /// neighbour's.
    @Test func aRidesOverlayAloneAndItsGPXAreTheUncutMoviesOwn() throws {
        let dir = try TemporaryDirectory()
        let chapters = Array(try Self.chapters(in: dir).reversed())
        let gpx = dir.path("walk.gpx")
        let dump = try CLIRunner.run(["metadata", "dump", Self.movie, "--gpx", "-o", gpx])
        #expect(dump.status == 0, "\(dump.stderr)")
        let common = ["--overlay", "gps", "--overlay-only", "--size", "424x240", "--progress", "none"]
        func export(_ inputs: [String], _ extra: [String], to name: String) throws -> [[UInt8]] {
            let out = dir.path(name)
            let r = try CLIRunner.run(["export"] + inputs + ["-o", out] + common + extra)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stderr.contains("warning[media.sizeIgnored]"), "\(r.stderr)")
            // No picture or sound of the footage (one movie's overlay keeps its timecode).
            let streams = try MediaTools.streams(out).filter { $0["codec_tag_string"] as? String != "tmcd" }
            #expect(streams.map { $0["codec_name"] as? String } == ["prores"], "\(name): \(streams)")
            #expect(try MediaTools.frameTimes(out).count == 315)
            return try MediaTools.rawFrames(out, width: 424, height: 240, pixelFormat: "rgba")
        }
        // The joined GPMF and a privacy zone around the walk's start match picture by picture;
        // the GPX, to a frame.
        let hidden = ["--hide-near", "33.12677,-117.32734,2m"]
        for (extra, exact) in [([], true), (["--gpx", gpx], false), (hidden, true)] {
            let name = extra.first ?? "gpmf"
            let ride = try export(chapters, extra, to: "ride\(name).mov")
            let single = try export([Self.movie], extra, to: "single\(name).mov")
            try #require(ride.count == 315 && single.count == 315)
            // Drawn (the panels translucent, the readouts opaque), and transparent around them.
            let alpha = stride(from: 3, to: ride[100].count, by: 4).map { ride[100][$0] }
            let drawn = alpha.filter { $0 > 0 }.count, opaque = alpha.filter { $0 == 255 }.count
            #expect(drawn > alpha.count / 20 && drawn < alpha.count * 3 / 4 && opaque > 0, "\(drawn), \(opaque)")
            var apart: [Int] = []
            for k in ride.indices where Self.meanDifference(ride[k], single[k]) >= 0.5 {
                let near = [k - 1, k + 1].filter(single.indices.contains).contains {
                    Self.meanDifference(ride[k], single[$0]) < 0.5
                }
                if !near || exact { apart.append(k) }
            }
            #expect(apart.isEmpty, "\(extra): pictures unlike the uncut movie's overlay: \(apart.prefix(10))")
        }
        // Burned with the privacy zone, the ride keeps no GPMF (it holds every position), and says so.
        let private_ = dir.path("private.mp4")
        let p = try CLIRunner.run(
            ["export"] + chapters + ["-o", private_, "--overlay", "gps", "--preset", "ultrafast", "--progress", "none"]
                + hidden)
        #expect(p.status == 0 && p.stderr.contains("metadata.privacy-zone-source"), "\(p.stderr)")
        #expect(try MediaTools.streams(private_).allSatisfy { $0["codec_tag_string"] as? String != "gpmd" })
        // A GPX of another day falls within no chapter: said, and nothing written.
        let other = TestPaths.sharedFixture("gpx/gpxpy/korita-zbevnica.gpx").path
        let out = dir.path("other.mov")
        let r = try CLIRunner.run(["export"] + chapters + ["-o", out, "--gpx", other] + common)
        #expect(r.status != 0 && r.stderr.contains("no point falls within any chapter"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// `--from 2 --to 8` on a ride is the same cut of the uncut movie: the same 180 frames (the
    /// first at 2.002 s, on the frame grid), each nearer its counterpart than either neighbour,
    /// the dashboard's odometer counted from the ride's start (so the pictures agree), sound as
    /// long as the pictures, and the GPMF payloads that start in the range, which gpmf-parser
    /// reads as the uncut movie's cut (its copied payloads) at the same times.
    @Test func aRideCutByFromAndToIsTheUncutMoviesCut() throws {
        let dir = try TemporaryDirectory()
        let chapters = try Self.chapters(in: dir)
        let ride = dir.path("ride.mp4"), single = dir.path("single.mp4")
        let common = [
            "--overlay", "gps", "--from", "2", "--to", "8", "--crf", "0", "--preset", "ultrafast", "--progress", "none",
        ]
        let r = try CLIRunner.run(["export"] + chapters + ["-o", ride] + common)
        #expect(r.status == 0, "\(r.stderr)")
        let s = try CLIRunner.run(["export", Self.movie, "-o", single] + common)
        #expect(s.status == 0, "\(s.stderr)")
        let times = try MediaTools.frameTimes(ride)
        #expect(times.count == 180 && times.first == 0, "\(times.prefix(3))")
        let a = try MediaTools.rawFrames(ride, width: 848, height: 480)
        let b = try MediaTools.rawFrames(single, width: 848, height: 480)
        try #require(a.count == 180 && b.count == 180)
        var misplaced: [Int] = []
        for k in a.indices {
            let own = Self.meanDifference(a[k], b[k], first: 848 * 480)
            if [k - 1, k + 1].filter(b.indices.contains).contains(where: {
                Self.meanDifference(a[k], b[$0], first: 848 * 480) <= own
            }) {
                misplaced.append(k)
            }
        }
        #expect(misplaced.isEmpty, "frames nearer a neighbour than their own: \(misplaced.prefix(10))")
        // The footage outweighs the dashboard in those pictures: drawn alone, the dashboard of the
        // cut ride is the cut movie's, picture by picture (it shows the times it is drawn at).
        var overlays: [[[UInt8]]] = []
        for (inputs, name) in [(chapters, "ride.mov"), ([Self.movie], "single.mov")] {
            let out = dir.path(name)
            let o = try CLIRunner.run(
                ["export"] + inputs + ["-o", out, "--overlay", "gps", "--overlay-only", "--size", "424x240"]
                    + ["--from", "2", "--to", "8", "--progress", "none"])
            #expect(o.status == 0, "\(o.stderr)")
            overlays.append(try MediaTools.rawFrames(out, width: 424, height: 240, pixelFormat: "rgba"))
        }
        try #require(overlays[0].count == 180 && overlays[1].count == 180)
        let unlike = overlays[0].indices.filter { Self.meanDifference(overlays[0][$0], overlays[1][$0]) >= 0.5 }
        #expect(unlike.isEmpty, "overlays unlike the cut movie's: \(unlike.prefix(10))")
        let streams = try MediaTools.streams(ride)
        let audio = try #require(streams.first { $0["codec_type"] as? String == "audio" })
        let seconds = Double(audio["duration"] as? String ?? "") ?? 0
        #expect(abs(seconds - 180 * 1001.0 / 30000) < 1024.0 / 48000, "sound \(seconds) s")
        let ours = try GoProPeers.gpmfParser(ride), theirs = try GoProPeers.gpmfParser(single)
        #expect(ours.count > 50 && ours.count == theirs.count, "\(ours.count) against \(theirs.count)")
        #expect(ours.map { Array($0.dropFirst()) } == theirs.map { Array($0.dropFirst()) })
        let shift = zip(ours, theirs).map { abs($0[0] - $1[0]) }.max() ?? 1
        #expect(shift < 0.001, "gpmf-parser times \(shift) s apart")
    }

    /// What a ride cannot be exported with is refused before anything is written: a copy of the
    /// chapters' pictures, and chapters of which only some have GPS (the dashboard would stop
    /// mid-ride).
    @Test func whatARideCannotTakeIsRefused() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("GX020042.MP4"), out = dir.path("ride.mp4")
        try MediaTools.makeClip(clip, size: "848x480", seconds: 1)
        let copy = try CLIRunner.run(["export", Self.movie, clip, "-o", out, "--codec", "copy"])
        #expect(copy.status != 0 && copy.stderr.contains("--codec copy: not with several movies"), "\(copy.stderr)")
        let partial = try CLIRunner.run(["export", Self.movie, clip, "-o", out, "--overlay", "gps"])
        #expect(partial.status != 0 && partial.stderr.contains("no GPS track"), "\(partial.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
