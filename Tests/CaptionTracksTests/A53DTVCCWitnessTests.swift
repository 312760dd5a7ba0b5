// Witness for reading CEA-708 from A/53 video: GStreamer 1.22 (cccombiner, then x264enc, which
// writes each frame's caption meta as an ATSC A/53 SEI) puts the cc_data of each line of a real
// MCC file into an H.264 video in MP4 or an MPEG transport stream, with nothing of ours on the
// way but the MCC reader that hands it the bytes; FFmpeg re-encodes the transport stream's video
// as MPEG-2, moving the cc_data into picture user data. Read back, the DTVCC constructs of each
// picture are the ones FFmpeg's h264 decoder exports for it (the lavfi `movie` source's `subcc`
// output), and each CEA-708 service decodes to the captions the MCC file itself gives, on the
// same frames (MP4 through the box reader; transport streams through `captions convert`, which
// reads them with libavformat's demuxer).

import CaptionCore
import CaptionData
import CaptionTracks
import Foundation
import ISOBMFF
import MCC
import Testing
import TestSupport

@Suite("CEA-708 in A/53 SEI, written by GStreamer and read back")
struct A53DTVCCWitnessTests {
    /// The real MCC files with CEA-708 services (Specs/cea708.md).
    static let fixtures = [
        "mcc/gst-plugins-rs__captions-test_708.mcc", "mcc/caption-inspector__BigBuckBunny_256x144-24fps.mcc",
    ]

    /// An MCC file read, and a video at its rate whose pictures carry its lines' cc_data.
    struct Made {
        var mcc: MCCReadResult
        var rate: FrameRate
        var movie: String
    }

    /// How the video is stored.
    enum Container: String, CaseIterable {
        /// H.264 in MP4, SEI.
        case mp4
        /// H.264 in a transport stream, SEI.
        case h264TS
        /// MPEG-2 video in a transport stream, picture user data (FFmpeg's re-encode).
        case mpeg2TS
    }

    /// GStreamer's H.264 video of the MCC file's cc_data, one line a frame (the lines count
    /// frames from 00:00:00:00, as both fixtures do).
    static func make(_ fixture: String, _ container: Container, in directory: TemporaryDirectory) throws -> Made {
        let path = TestPaths.sharedFixture(fixture).path
        let mcc = try MCCReader(fileName: path).read(Array(Data(contentsOf: URL(fileURLWithPath: path))))
        let rate = try #require(mcc.header.timeCodeRate?.frameRate)
        let frameCount = Int(try #require(mcc.frames.last?.frame)) + 1
        // cccombiner's default `schedule=true` repacks the constructs (a line's DTVCC data moves
        // into an earlier frame with room): off, each frame carries its own line's.
        // Fixed-size records, so that rawvideoparse cuts and times them: every line's
        // constructs padded with DTVCC filler (cc_valid 0) to the largest count.
        var byFrame: [Int: [CCData.Construct]] = [:]
        for frame in mcc.frames { byFrame[Int(frame.frame)] = frame.cdp?.ccData ?? [] }
        let count = max(byFrame.values.map(\.count).max() ?? 0, CCData.constructCount(frameRate: rate))
        var bytes: [UInt8] = []
        for n in 0..<frameCount {
            let constructs = byFrame[n] ?? []
            bytes += constructs.flatMap(\.bytes)
            bytes += Array(repeating: CCData.Construct.dtvccFiller.bytes, count: count - constructs.count).flatMap { $0 }
        }
        let input = directory.path("cc.bin")
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        // The pictures come through rawvideoparse too, so that both streams' times are worked
        // out alike (videotestsrc's differ by a nanosecond, which puts a caption buffer in the
        // frame before).
        let black = directory.path("black.gray")
        try Data(count: 64 * 36 * frameCount).write(to: URL(fileURLWithPath: black))
        let movie = directory.path(container == .mp4 ? "video.mp4" : "h264.ts")
        let fraction = "\(rate.frames)/\(rate.seconds)"
        let width = count * 3
        let result = try CLIRunner.runProcess(
            try PeerDecoders.tool("gst-launch-1.0"),
            [
                "-q", "filesrc", "location=\(input)", "!", "rawvideoparse", "format=gray8", "width=\(width)",
                "height=1", "plane-strides=<\(width)>", "framerate=\(fraction)", "!", "capssetter", "join=false",
                "replace=true", "caps=closedcaption/x-cea-708,format=(string)cc_data,framerate=(fraction)\(fraction)",
                "!", "queue", "!", "c.caption", "filesrc", "location=\(black)", "!", "rawvideoparse", "format=gray8",
                "width=64", "height=36", "framerate=\(fraction)", "!", "videoconvert", "!", "video/x-raw,format=I420",
                "!", "cccombiner", "name=c", "schedule=false", "!",
                "x264enc", "speed-preset=ultrafast", "key-int-max=30", "!", "h264parse", "!",
                container == .mp4 ? "mp4mux" : "mpegtsmux", "!",
                "filesink", "location=\(movie)",
            ])
        guard result.status == 0 else {
            throw PeerDecoders.Failure.failed(
                "gst-launch-1.0 … cccombiner ! x264enc (install gstreamer1.0-plugins-bad and -ugly: make test)",
                result.stderr + result.stdout)
        }
        guard container == .mpeg2TS else { return Made(mcc: mcc, rate: rate, movie: movie) }
        // FFmpeg's h264 decoder hands the A/53 data to its mpeg2video encoder (`a53cc`, on by
        // default). GStreamer 1.22's avenc_mpeg2video would do it in the pipeline, but rejects
        // every frame rate ("MPEG-1/2 does not support 1000000000/1 fps").
        let mpeg2 = directory.path("mpeg2.ts")
        let transcode = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            ["-v", "error", "-y", "-i", movie, "-c:v", "mpeg2video", "-q:v", "4", "-a53cc", "1", "-f", "mpegts", mpeg2])
        guard transcode.status == 0 else { throw PeerDecoders.Failure.failed("ffmpeg -c:v mpeg2video", transcode.stderr) }
        return Made(mcc: mcc, rate: rate, movie: mpeg2)
    }

    /// Each caption's start frame at `rate` and text, as `captions convert FILE x.json
    /// --service N` gives them.
    static func converted(_ path: String, service: Int, rate: FrameRate, in directory: TemporaryDirectory) throws
        -> [(frame: Int64?, text: String)]
    {
        let out = directory.path("service-\(service)-\(URL(fileURLWithPath: path).lastPathComponent).json")
        let result = try CLIRunner.run(["convert", path, out, "--service", String(service), "--force"])
        try #require(result.status == 0, "captions convert \(path) --service \(service): \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out)))
        let captions = (json as? [String: Any])?["captions"] as? [[String: Any]] ?? []
        return captions.map { caption in
            let start = (caption["start"] as? Double).flatMap { MediaTime(jsonSeconds: $0) }
            return (start.flatMap { rate.frame(at: $0, rounding: .nearestOrAwayFromZero) }, caption["text"] as? String ?? "")
        }
    }

    /// The valid DTVCC constructs FFmpeg finds in each picture, in presentation order.
    static func ffmpegDTVCC(_ movie: String, in directory: TemporaryDirectory) throws -> [[CCData.Construct]] {
        let out = directory.path("subcc.txt")
        let result = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            [
                "-v", "error", "-f", "lavfi", "-i", "movie=\(movie)[out0+subcc]", "-select_streams", "s:0",
                "-show_packets", "-show_data", "-of", "json", "-o", out,
            ])
        guard result.status == 0 else { throw PeerDecoders.Failure.failed("ffprobe movie=…[out0+subcc]", result.stderr) }
        return try dtvccConstructs(ffprobeJSON: out)
    }

    /// The valid DTVCC constructs of each packet of ffprobe's `-show_packets -show_data -of
    /// json` output of a `subcc` stream, leaving out packets without any.
    static func dtvccConstructs(ffprobeJSON out: String) throws -> [[CCData.Construct]] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out)))
        let packets = (json as? [String: Any])?["packets"] as? [[String: Any]] ?? []
        return packets.map { packet in
            // ffprobe's hex dump: "00000000: fc94 2c…  text"; the hex is in 8 groups after the offset.
            let hex = ((packet["data"] as? String) ?? "").split(separator: "\n").flatMap { line in
                line.split(separator: " ").dropFirst().prefix(8).filter { $0.allSatisfy(\.isHexDigit) }
            }.joined()
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), index != hex.endIndex {
                bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
                index = next
            }
            return stride(from: 0, to: bytes.count - 2, by: 3).map {
                CCData.Construct(
                    valid: bytes[$0] & 0x04 != 0, type: bytes[$0] & 0x03, pair: CEA608BytePair(bytes[$0 + 1], bytes[$0 + 2]))
            }.filter { $0.valid && $0.type >= 2 }
        }.filter { !$0.isEmpty }
    }

    @Test("The DTVCC constructs of each picture are FFmpeg's, and each service reads as in the MCC file", arguments: fixtures)
    func services(fixture: String) throws {
        let directory = try TemporaryDirectory()
        let made = try Self.make(fixture, .mp4, in: directory)
        let captions = try MovieCaptions(path: made.movie)
        let video = try #require(captions.movie.tracks.first { $0.handlerType == "vide" })
        let reading = try captions.a53(video)

        let ffmpeg = try Self.ffmpegDTVCC(made.movie, in: directory)
        #expect(!ffmpeg.isEmpty, "FFmpeg finds no DTVCC data in GStreamer's video")
        #expect(reading.dtvcc.pictures.map(\.constructs) == ffmpeg)

        // The same services as the MCC file, each decoding to the same captions at the same
        // frames.
        let fromFile = MCCCaptionFormat.dtvcc(made.mcc).services { _ in DiagnosticLocation() }
        try #require(!fromFile.numbers.isEmpty)
        #expect(reading.services == fromFile.numbers)
        let sources = captions.sources().sources
        #expect(sources.first { $0.kind == .sei }?.services == fromFile.numbers, "\(sources)")
        for service in fromFile.numbers {
            var options = CaptionFormatOptions()
            options.settings[CaptionFormatOptions.dtvccServiceSetting] = String(service)
            let ours = try captions.read(options: options).document.captions
            var fileOptions = options
            fileOptions.fileName = fixture
            let bytes = try Array(Data(contentsOf: TestPaths.sharedFixture(fixture)))
            let read = try #require(MCCCaptionFormat.descriptor.reader)
            let expected = try read(bytes, fileOptions).document.captions
            try #require(!expected.isEmpty, "service \(service) of \(fixture) gives no caption")
            #expect(ours.map(\.text) == expected.map(\.text), "service \(service)")
            // The same frames: MCC lines and pictures both count frames at the file's rate.
            let frames = { (c: [Caption]) in c.map { made.rate.frame(at: $0.timeRange.start, rounding: .nearestOrAwayFromZero) } }
            #expect(frames(ours) == frames(expected), "service \(service)")
        }
    }

    @Test(
        "Transport streams: each service read through libavformat's demuxer is the MCC file's",
        arguments: fixtures, [Container.h264TS, .mpeg2TS])
    func transportStream(fixture: String, container: Container) throws {
        let directory = try TemporaryDirectory()
        let made = try Self.make(fixture, container, in: directory)
        let numbers = MCCCaptionFormat.dtvcc(made.mcc).services { _ in DiagnosticLocation() }.numbers
        try #require(!numbers.isEmpty)
        let listing = try CLIRunner.run(["inspect", made.movie])
        for service in numbers {
            #expect(listing.stdout.contains("CEA-708 service \(service): "), "\(listing.stdout)")
            let file = TestPaths.sharedFixture(fixture).path
            let expected = try Self.converted(file, service: service, rate: made.rate, in: directory)
            try #require(!expected.isEmpty, "service \(service) of \(fixture) gives no caption")
            let ours = try Self.converted(made.movie, service: service, rate: made.rate, in: directory)
            #expect(ours.map(\.text) == expected.map(\.text), "service \(service)")
            #expect(ours.map(\.frame) == expected.map(\.frame), "service \(service)")
        }
    }
}
