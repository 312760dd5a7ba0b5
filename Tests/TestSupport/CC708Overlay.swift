import Foundation

/// GStreamer 1.22's cc708overlay (gst-plugins-bad: its own CEA-708 decoder and Pango renderer)
/// drawing raw cc_data over black video, for the CEA-708 witnesses.
///
/// Two races in cc708overlay are kept out by the clock. Both were reproduced by hand outside the
/// tests (stop 67): a last frame with no caption, and a window 28 lines of 216 too high; a
/// clean-clone run of stop 64 had failed with "GStreamer drew nothing" and a misplaced window:
/// - it never waits for cc_data before drawing a frame (its video chain waits only while a
///   composition it has made is queued), so a frame drawn before the cc_data of its time was
///   decoded shows the screen before it. With both branches on the clock in step, a stall of
///   20 ms a buffer put in the cc branch by hand left the last frame blank;
/// - its decoder places windows by the video's size, known only once the video's caps arrive;
///   cc_data decoded before them lands elsewhere (1 run in 4 with the cc_data not paced at all).
///
/// So the cc_data waits ``ccDelay`` (the video's caps go through at once) and the video
/// ``videoDelay``: the decoder is 0.7 s ahead of every frame, and from there the overlay's own
/// hand-over (a new composition waits for the frame of its time) keeps the two in step.
public enum CC708Overlay {
    /// How long (nanoseconds of the pipeline's clock) the cc_data and the video are held back.
    public static let ccDelay = 300_000_000
    public static let videoDelay = 1_000_000_000

    /// What one run drew and logged.
    public struct Run {
        /// Every frame's GRAY8 pixels (`width` × `height` each), one frame after another.
        public var pictures: [UInt8]
        /// gst-launch's output, with the decoder's log at `debugLevel`.
        public var log: String
    }

    /// `ccData` (`triplets` cc_data triplets a frame) drawn over `frames` black frames of
    /// `videoWidth` × `videoHeight` at `rate` ("N/D" frames a second), scaled to `width` ×
    /// `height` GRAY8. `hPos` is cc708overlay's `window-h-pos` (nil: its default).
    public static func run(
        ccData: [UInt8], triplets: Int, frames: Int, rate: String, videoWidth: Int, videoHeight: Int,
        width: Int, height: Int, hPos: String? = nil, debugLevel: Int, in directory: TemporaryDirectory
    ) throws -> Run {
        let input = directory.path("cc.bin")
        let output = directory.path("out.gray")
        guard ccData.count == triplets * 3 * frames else {
            throw PeerDecoders.Failure.failed("cc708overlay", "\(ccData.count) bytes of cc_data for \(frames) frames")
        }
        try Data(ccData).write(to: URL(fileURLWithPath: input))
        let result = try CLIRunner.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "GST_DEBUG=cc708decoder:\(debugLevel)", "GST_DEBUG_NO_COLOR=1",
                try PeerDecoders.tool("gst-launch-1.0").path, "-q",
                "filesrc", "location=\(input)", "!", "rawvideoparse", "format=gray8", "width=\(triplets * 3)",
                "height=1", "framerate=\(rate)", "!", "capssetter", "join=false", "replace=true",
                "caps=closedcaption/x-cea-708,format=(string)cc_data,framerate=(fraction)\(rate)", "!",
                "identity", "sync=true", "ts-offset=\(ccDelay)", "!", "queue", "!", "o.cc_sink",
                "videotestsrc", "pattern=black", "num-buffers=\(frames)", "!",
                "video/x-raw,width=\(videoWidth),height=\(videoHeight),framerate=\(rate),format=I420", "!",
                "identity", "sync=true", "ts-offset=\(videoDelay)", "!", "cc708overlay", "name=o",
            ] + (hPos.map { ["window-h-pos=\($0)"] } ?? []) + [
                "!", "video/x-raw,format=I420", "!", "videoconvert", "!", "videoscale", "!",
                "video/x-raw,format=GRAY8,width=\(width),height=\(height)", "!",
                "filesink", "location=\(output)", "sync=false",
            ])
        let log = result.stderr + result.stdout
        guard result.status == 0 else { throw PeerDecoders.gstreamerFailure("cc708overlay", result) }
        let pictures = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        guard pictures.count == width * height * frames else {
            throw PeerDecoders.Failure.failed("cc708overlay", "\(pictures.count) bytes for \(frames) frames")
        }
        return Run(pictures: pictures, log: log)
    }
}
