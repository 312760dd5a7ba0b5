import Foundation
import TestSupport
import Testing

/// `export --overlay-only` and `burn --overlay-only`, checked by FFmpeg: the overlay file laid
/// over the source by FFmpeg's `overlay` filter gives the picture of our own burned export,
/// frame for frame at the source's times, in each alpha codec an editor takes.
@Suite struct OverlayOnlyExportTests {
    /// A clip in limited range (FFmpeg's `overlay` filter blends the overlay's samples as they
    /// are; with a full-range source it would first move one of the two to the other's range).
    static func clip(_ dir: TemporaryDirectory) throws -> String {
        let clip = dir.path("clip.mp4")
        try MediaTools.makeClip(clip, size: "320x240", seconds: 2)
        return clip
    }

    static func captions(_ dir: TemporaryDirectory) throws -> String {
        let srt = dir.path("c.srt")
        try
            "1\n00:00:00,300 --> 00:00:01,400\nHello <i>overlay</i>\nworld\n\n2\n00:00:01,400 --> 00:00:02,000\nSecond\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        return srt
    }

    /// The frames of FFmpeg's `overlay` of `overlay` over `source`, in 8-bit 4:2:0.
    static func laidOver(_ source: String, _ overlay: String, width: Int, height: Int) throws -> [[UInt8]] {
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-nostdin", "-v", "error", "-i", source, "-i", overlay, "-filter_complex",
                "[0:v][1:v]overlay=format=yuv420:eof_action=pass", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-",
            ], binaryOutput: true)
        guard r.status == 0 else { throw MediaTools.Failure.failed("ffmpeg overlay: \(r.stderr)") }
        let size = width * height * 3 / 2
        let bytes = r.data
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// How far two pictures' planes are apart where something was drawn (a sample that differs
    /// from the source's by more than 2).
    struct PlaneDifference {
        var maximum = 0
        var drawnSum = 0
        var drawnCount = 0
        var drawnAbove4 = 0
        var mean: Double { drawnCount == 0 ? 0 : Double(drawnSum) / Double(drawnCount) }
    }

    /// Y, Cb and Cr differences between `laid` and `burned` over all frames.
    static func differences(
        laid: [[UInt8]], burned: [[UInt8]], source: [[UInt8]], width: Int, height: Int
    ) -> [PlaneDifference] {
        let planes = [
            0..<(width * height), (width * height)..<(width * height * 5 / 4),
            (width * height * 5 / 4)..<(width * height * 3 / 2),
        ]
        var out = [PlaneDifference](repeating: PlaneDifference(), count: 3)
        for ((a, b), s) in zip(zip(laid, burned), source) {
            for (p, range) in planes.enumerated() {
                for i in range {
                    let d = abs(Int(a[i]) - Int(b[i]))
                    out[p].maximum = max(out[p].maximum, d)
                    guard abs(Int(s[i]) - Int(b[i])) > 2 else { continue }
                    out[p].drawnSum += d
                    out[p].drawnCount += 1
                    if d > 4 { out[p].drawnAbove4 += 1 }
                }
            }
        }
        return out
    }

    /// A GPS dashboard (from a GPX) and captions: ProRes 4444 with alpha by default, a picture at
    /// every source frame's time and nothing else (the audio left out), and FFmpeg's `overlay` of
    /// it over the source is our burned export within the tolerance Specs/media-pipeline.md
    /// states: luma within 4 everywhere; chroma on average within 1 where something is drawn,
    /// and above 4 at under 1 % of those samples (the edges of text, where FFmpeg subsamples the
    /// overlay's chroma before its alpha weighs it).
    @Test func theOverlayLaidOverByFFmpegIsTheBurnedExport() throws {
        let dir = try TemporaryDirectory()
        let clip = try Self.clip(dir), srt = try Self.captions(dir)
        let gpx = dir.path("ride.gpx")
        try ExportOverlayCommandTests.gpx(points: 6).write(toFile: gpx, atomically: true, encoding: .utf8)
        let overlays = ["--overlay", "gps", "--gpx", gpx, "--sync", "start", "--captions", srt, "--progress", "none"]
        let overlay = dir.path("dash.mov"), burned = dir.path("burned.mp4")
        let a = try CLIRunner.run(["export", clip, "-o", overlay, "--overlay-only"] + overlays)
        #expect(a.status == 0, "\(a.stderr)")
        let b = try CLIRunner.run(["export", clip, "-o", burned, "--crf", "0"] + overlays)
        #expect(b.status == 0, "\(b.stderr)")

        let streams = try MediaTools.streams(overlay)
        #expect(streams.count == 1, "the overlay alone: \(streams.map { $0["codec_type"] ?? "?" })")
        let video = try #require(streams.first)
        #expect(video["codec_name"] as? String == "prores")
        #expect(video["profile"] as? String == "4444")
        #expect((video["pix_fmt"] as? String)?.hasPrefix("yuva444p") == true, "\(video["pix_fmt"] ?? "?")")
        let sourceTimes = try MediaTools.frameTimes(clip), overlayTimes = try MediaTools.frameTimes(overlay)
        #expect(sourceTimes.count == 60)
        #expect(overlayTimes.count == sourceTimes.count)
        #expect(zip(sourceTimes, overlayTimes).allSatisfy { abs($0 - $1) < 1e-4 }, "\(overlayTimes.prefix(4))")

        let laid = try Self.laidOver(clip, overlay, width: 320, height: 240)
        let ours = try MediaTools.rawFrames(burned, width: 320, height: 240)
        let source = try MediaTools.rawFrames(clip, width: 320, height: 240)
        #expect(laid.count == 60 && ours.count == 60 && source.count == 60)
        let d = Self.differences(laid: laid, burned: ours, source: source, width: 320, height: 240)
        #expect(d[0].drawnCount > 100_000, "the dashboard and captions are drawn: \(d[0].drawnCount) samples")
        #expect(d[0].maximum <= 4, "luma: \(d[0])")
        for chroma in d[1...] {
            #expect(chroma.mean <= 1, "chroma: \(chroma)")
            #expect(Double(chroma.drawnAbove4) < 0.01 * Double(chroma.drawnCount), "chroma: \(chroma)")
        }
    }

    /// `burn --overlay-only` in the other codecs: QuickTime Animation (argb: its alpha is
    /// ProRes's to within rounding), PNG in a QuickTime movie (rgba), and VP9 with alpha in WebM
    /// (the Matroska `AlphaMode` flag; libvpx's decoder gives the alpha back).
    @Test func burnWritesEveryAlphaCodec() throws {
        let dir = try TemporaryDirectory()
        let clip = try Self.clip(dir), srt = try Self.captions(dir)
        var alphas: [String: [UInt8]] = [:]
        for (codec, file, pixelFormat) in [
            ("prores_ks", "a.mov", "yuva444p"), ("qtrle", "q.mov", "argb"), ("png", "p.mov", "rgba"),
            ("libvpx-vp9", "v.webm", "yuv"),
        ] {
            let out = dir.path(file)
            let r = try CLIRunner.run([
                "burn", clip, srt, "-o", out, "--overlay-only", "--codec", codec, "--progress", "none",
            ])
            #expect(r.status == 0, "\(codec): \(r.stderr)")
            let video = try #require(try MediaTools.streams(out).first)
            #expect((video["pix_fmt"] as? String)?.hasPrefix(pixelFormat) == true, "\(codec): \(video)")
            if codec == "libvpx-vp9" {
                #expect((video["tags"] as? [String: Any])?["alpha_mode"] as? String == "1", "\(video)")
            }
            // The alpha plane as FFmpeg decodes it (libvpx for VP9: FFmpeg's own decoder drops it).
            let decoder = codec == "libvpx-vp9" ? ["-c:v", "libvpx-vp9"] : []
            let a = try CLIRunner.runProcess(
                try PeerDecoders.tool("ffmpeg"),
                ["-nostdin", "-v", "error"] + decoder + [
                    "-i", out, "-vf", "format=rgba,alphaextract", "-f", "rawvideo", "-pix_fmt", "gray", "-",
                ], binaryOutput: true)
            #expect(a.status == 0, "\(a.stderr)")
            alphas[codec] = Array(a.data)
        }
        let prores = try #require(alphas["prores_ks"])
        #expect(prores.count == 320 * 240 * 60)
        let covered = prores.filter { $0 > 0 }.count
        #expect(covered > 10_000 && covered < prores.count / 4, "the captions' box only: \(covered)")
        for codec in ["qtrle", "png"] {
            let other = try #require(alphas[codec])
            #expect(other.count == prores.count)
            let worst = zip(prores, other).map { abs(Int($0) - Int($1)) }.max() ?? 255
            #expect(worst <= 1, "\(codec)'s alpha against ProRes's: \(worst)")
        }
        let vp9 = try #require(alphas["libvpx-vp9"])
        #expect(vp9.count == prores.count)
        let mean = Double(zip(prores, vp9).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(max(1, vp9.count))
        #expect(mean < 0.5, "VP9's lossy alpha against ProRes's: \(mean) on average")
    }

    /// What cannot be written is refused before anything is: an MP4 (no alpha codec in it), an
    /// encoder without alpha, nothing to draw, captions to embed in pictures that are not there.
    @Test func whatCannotHoldAnOverlayIsRefused() throws {
        let dir = try TemporaryDirectory()
        let clip = try Self.clip(dir), srt = try Self.captions(dir)
        let cases: [([String], String)] = [
            (["burn", clip, srt, "-o", dir.path("o.mp4"), "--overlay-only"], "write a .mov"),
            (["burn", clip, srt, "-o", dir.path("o.mov"), "--overlay-only", "--codec", "libx264"], "keeps no alpha"),
            (["export", clip, "-o", dir.path("o.mov"), "--overlay-only"], "needs something to draw"),
            (
                ["export", clip, "-o", dir.path("o.mov"), "--overlay-only", "--captions", srt, "--embed", "track"],
                "leave out --embed"
            ),
        ]
        for (args, message) in cases {
            let r = try CLIRunner.run(args)
            #expect(r.status != 0 && r.stderr.contains(message), "\(args.suffix(4)): \(r.stderr)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix("o.") }
        #expect(left.isEmpty, "nothing written: \(left)")
    }
}
