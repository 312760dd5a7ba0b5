import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// `--from`/`--to`: the first and last output frames, found by their pixels (each source frame
/// has its own colour: red = 16·(N mod 16), green = 16·⌊N/16⌋), and the audio start.
@Suite struct TrimTests {
    /// (rate num, rate den)
    static let rates: [(Int64, Int64)] = [(30000, 1001), (60000, 1001)]

    static func makeNumberedClip(_ path: String, num: Int64, den: Int64) throws {
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i",
            "color=c=black:s=64x64:r=\(num)/\(den):d=4,format=rgb24,"
                + "geq=r='mod(N,16)*16':g='floor(N/16)*16':b=128,format=yuv420p",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=4",
            "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-c:a", "aac", "-shortest", path,
        ])
    }

    /// The source frame number shown by an RGB frame (its centre pixel).
    static func frameNumber(_ rgb: [UInt8], width: Int = 64, height: Int = 64) -> Int {
        let i = ((height / 2) * width + width / 2) * 3
        let low = (Int(rgb[i]) + 8) / 16
        let high = (Int(rgb[i + 1]) + 8) / 16
        return high * 16 + low
    }

    /// The first frame index at or after `t` and the last before `end`, from the exact rate.
    static func expectedFrames(from t: MediaTime, to end: MediaTime, num: Int64, den: Int64) -> ClosedRange<Int> {
        // frame k is at k·den/num s; ceil(t·num/den) and ceil(end·num/den) − 1.
        func ceilFrames(_ x: MediaTime) -> Int {
            let n = x.value * num, d = Int64(x.timescale) * den
            return Int((n + d - 1) / d)
        }
        return ceilFrames(t)...(ceilFrames(end) - 1)
    }

    @Test(arguments: [0, 1])
    func firstAndLastFramesAreExact(rateIndex: Int) throws {
        let (num, den) = Self.rates[rateIndex]
        let dir = try TemporaryDirectory()
        let input = dir.path("n.mp4")
        try Self.makeNumberedClip(input, num: num, den: den)
        let cases: [(MediaTime, MediaTime)] = [
            (MediaTime(value: 1, timescale: 1), MediaTime(value: 2, timescale: 1)),
            // Exactly on frame 45's time, to exactly frame 90's time (90 is out).
            (MediaTime(value: 45 * den, timescale: Int32(num)), MediaTime(value: 90 * den, timescale: Int32(num))),
            (MediaTime(value: 1234, timescale: 1000), MediaTime(value: 3, timescale: 1)),
        ]
        for (index, (from, to)) in cases.enumerated() {
            let output = dir.path("t\(index).mp4")
            let session = ExportSession(
                asset: Asset(path: input), outputPath: output, settings: ExportSettings(preset: "ultrafast"))
            session.timeRange = TimeRange(start: from, end: to)
            try session.exportSynchronously()
            let frames = try MediaTools.rawFrames(output, width: 64, height: 64, pixelFormat: "rgb24")
            let expected = Self.expectedFrames(from: from, to: to, num: num, den: den)
            #expect(frames.count == expected.count, "\(from)–\(to) at \(num)/\(den)")
            #expect(frames.first.map { Self.frameNumber($0) } == expected.lowerBound, "first frame of \(from)–\(to)")
            #expect(frames.last.map { Self.frameNumber($0) } == expected.upperBound, "last frame of \(from)–\(to)")

            // Audio and video start together, within one audio packet.
            let packets = try MediaTools.ffmpeg([
                "-i", output, "-map", "0:a", "-c", "copy", "-f", "framecrc", "-",
            ]).stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
            let first = try #require(packets.first).split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            // framecrc: stream, dts, pts, duration, size, crc (in the stream's time base, 1/48000).
            let audioStart = Double(first[2]) ?? .nan
            let packetDuration = Double(first[3]) ?? .nan
            let v = try #require(try MediaTools.streams(output).first { $0["codec_type"] as? String == "video" })
            let videoStart = (Double(v["start_time"] as? String ?? "") ?? .nan) * 48000
            #expect(
                abs(audioStart - videoStart) <= packetDuration, "audio starts at \(audioStart), video at \(videoStart)")
        }
    }

    @Test func aRangeWithNoFrameIsAnError() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("a.mp4"), rate: "25", seconds: 1)
        let session = ExportSession(asset: Asset(path: dir.path("a.mp4")), outputPath: dir.path("o.mp4"))
        session.timeRange = TimeRange(start: MediaTime(value: 5, timescale: 1), end: MediaTime(value: 6, timescale: 1))
        #expect(throws: MediaFileError.self) { try session.exportSynchronously() }
        #expect(!FileManager.default.fileExists(atPath: dir.path("o.mp4")))
    }
}
