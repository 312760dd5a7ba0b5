// An independent witness for the CEA-708 look (Specs/cea708-look.md, "Witness"): GStreamer
// 1.22's cc708overlay (gst-plugins-bad, its own decoder and Pango renderer) draws the same cc_data
// that our `captions preview --service 1` reads from an MCC file, and the text must land in the
// same place: the centres of the two ink boxes (luminance > 128) within 3 % of the picture's
// width and height. The geometry is set up so that both mean the same screen:
// - cc708overlay places windows in percent of its whole picture, where CTA-708-E §8.4.4 puts the
//   anchor grid in the safe-title area; so GStreamer draws the safe-title area alone (80 % of our
//   picture), and its picture is put where that area is in ours;
// - its pen is a fixed 36-point Pango font whatever the picture size, so it draws at 1536 × 864
//   (the safe-title area of a 1080p picture, where 36 points is about our standard pen) and the
//   frames are scaled to 384 × 216 for the comparison; we draw 480 × 270;
// - it never computes a window's horizontal anchor (its `h_anchor` stays 0): `window-h-pos`
//   chooses left, centre or right for the whole picture, so each case names the one its anchor
//   point means, and the real files' windows (anchored elsewhere across) are compared down only;
// - its ETX shows the current window, even one that is being filled while hidden, and TGW
//   toggles it: a real file's cc_data is cut where GStreamer shows the caption compared
//   (each case says where).
// The hand-made cases' cc_data is written here by hand (CTA-708-E §5 packets, §6.2 service
// blocks, §4.4 cc_data) and carried into the MCC file by our MCC writer; the real files' cc_data
// is taken from their CDPs by our MCC reader (both transports have their own witnesses).

import CaptionCore
import CaptionData
import Foundation
import MCC
import TestSupport
import Testing

enum CC708Witness {
    /// Our picture, and GStreamer's: the safe-title area of ours (CTA-708-E §8.4.4; 80 %).
    static let width = 480
    static let height = 270
    static let safeX = 48
    static let safeY = 27
    static let gstreamerWidth = 384
    static let gstreamerHeight = 216
    /// The tolerance on the ink centres, as a fraction of the picture's width and height.
    static let tolerance = 0.03

    /// The ink GStreamer's cc708overlay draws in the last of `frames` (cc_data, `count` triplets
    /// each), in our picture's coordinates. `rate` is the frames' rate; GStreamer is run ten
    /// times faster (``CC708Overlay`` keeps its two branches in step whatever the speed).
    static func gstreamer(frames: [[UInt8]], count: Int, rate: (Int, Int), hPos: String) throws -> (InkBox?, String) {
        for frame in frames { #expect(frame.count == count * 3) }
        let run = try CC708Overlay.run(
            ccData: Array(frames.joined()), triplets: count, frames: frames.count, rate: "\(rate.0 * 10)/\(rate.1)",
            videoWidth: 1536, videoHeight: 864, width: gstreamerWidth, height: gstreamerHeight, hPos: hPos,
            debugLevel: 4, in: try TemporaryDirectory())
        let size = gstreamerWidth * gstreamerHeight
        let last = run.pictures.count - size
        let ink = InkBox.of(width: gstreamerWidth, count: size, dx: safeX, dy: safeY) { run.pictures[last + $0] > 128 }
        return (ink, run.log)
    }

    /// The ink our `captions preview FILE --service 1 --at TIME` draws on a 480 × 270 picture.
    static func ours(_ file: String, at time: String, extra: [String] = []) throws -> InkBox? {
        let directory = try TemporaryDirectory()
        let png = directory.path("ours.png")
        let run = try CLIRunner.run(
            ["preview", file, "--service", "1", "--at", time, "--size", "\(width)x\(height)", "-o", png] + extra)
        try #require(run.status == 0, "\(run.stderr)")
        let raw = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            ["-v", "error", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgba", "-"], binaryOutput: true)
        try #require(raw.status == 0 && raw.data.count == width * height * 4, "\(raw.stderr)")
        let pixels = raw.data
        return InkBox.of(width: width, count: width * height) { i in
            let p = 4 * i
            let luma = 0.299 * Double(pixels[p]) + 0.587 * Double(pixels[p + 1]) + 0.114 * Double(pixels[p + 2])
            return pixels[p + 3] > 128 && luma > 128
        }
    }

    /// Whether the centres agree within ``tolerance`` (across only when `across`; down, the tops
    /// instead of the centres when `topOnly`).
    static func agree(_ a: InkBox, _ b: InkBox, across: Bool = true, topOnly: Bool = false) -> Bool {
        let (p, q) = (a.centre, b.centre)
        let dy = (topOnly ? Double(abs(a.minY - b.minY)) : abs(p.y - q.y)) / Double(height)
        let dx = abs(p.x - q.x) / Double(width)
        return dy <= tolerance && (!across || dx <= tolerance)
    }

    // MARK: - Hand-made service data

    /// DefineWindow (CTA-708-E §8.10.5.2): window `id`, `rows` × `columns`, anchor point, anchor
    /// (absolute, 16:9 grid), hidden, window style 2 (transparent fill), pen style 1.
    static func defineWindow(
        _ id: UInt8, rows: UInt8, columns: UInt8, anchor: UInt8, vertical: UInt8, horizontal: UInt8
    )
        -> [UInt8]
    {
        [0x98 + id, 0x00, vertical, horizontal, anchor << 4 | (rows - 1), columns - 1, 2 << 3 | 1]
    }

    /// cc_data for `frames` frames of 20 triplets (30 fps): a DTVCC packet with one service-1
    /// block in each frame that has service data (§5: sequence number, packet_size_code; §6.2:
    /// service number 1, block size).
    static func ccData(frames count: Int, data: [Int: [UInt8]]) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        var sequence: UInt8 = 0
        for frame in 0..<count {
            var triplets: [UInt8] = []
            if let serviceData = data[frame] {
                var body = [0x20 | UInt8(serviceData.count)] + serviceData
                if body.count % 2 == 0 { body.append(0) }
                let packet = [sequence << 6 | UInt8((body.count + 1) / 2)] + body
                sequence = (sequence + 1) & 3
                for start in stride(from: 0, to: packet.count, by: 2) {
                    triplets += [start == 0 ? 0xFF : 0xFE, packet[start], packet[start + 1]]
                }
            }
            while triplets.count < 60 { triplets += [0xFA, 0, 0] }
            frames.append(triplets)
        }
        return frames
    }

    /// An MCC file (30 fps) carrying `frames` of cc_data, one CDP each, written by our MCC writer.
    static func mcc(_ frames: [[UInt8]], in directory: TemporaryDirectory) throws -> String {
        let writer = MCCWriter(timeCodeRate: try #require(MCCTimeCodeRate(frameRate: .fps30, dropFrame: false)))
        var written: [MCCWriter.Frame] = []
        for (index, frame) in frames.enumerated() {
            let constructs = stride(from: 0, to: frame.count, by: 3).map { i in
                CCData.Construct(
                    valid: frame[i] & 0x04 != 0, type: frame[i] & 0x03, pair: CEA608BytePair(frame[i + 1], frame[i + 2])
                )
            }
            let cdp = CDP(
                frameRateCode: try #require(CDP.frameRateCode(for: .fps30)), captionServiceActive: true,
                sequenceCounter: UInt16(index), ccData: constructs)
            written.append(
                MCCWriter.Frame(
                    timecode: try Timecode(frameCount: Int64(index), rate: .fps30, dropFrame: false), cdp: cdp))
        }
        let path = directory.path("hand.mcc")
        try Data(try writer.render(written)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The cc_data of an MCC file's frames, one CDP each, read by our MCC reader; frames without
    /// one are `count` empty triplets.
    static func frames(ofMCC path: String) throws -> (frames: [[UInt8]], count: Int) {
        let result = try MCCReader().read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let counts = Set(result.frames.compactMap { $0.cdp?.ccData?.count })
        let count = try #require(counts.max())
        let frames = result.frames.map { frame -> [UInt8] in
            var bytes = (frame.cdp?.ccData ?? []).flatMap(\.bytes)
            while bytes.count < count * 3 { bytes += [0xFA, 0, 0] }
            return bytes
        }
        return (frames, count)
    }
}

@Suite("CEA-708 look against GStreamer's cc708overlay: the text lands where it draws it")
struct CEA708RenderWitnessTests {
    /// Windows at three anchor points (§8.4.4: 0 top left, 4 centre, 8 bottom right) and the
    /// `window-h-pos` that puts GStreamer's window where that anchor point means. Each window is
    /// as wide as its text: GStreamer sizes a window's picture to its text, not to its columns.
    static let handMade: [(name: String, define: [UInt8], text: String, hPos: String)] = [
        (
            "top left", CC708Witness.defineWindow(0, rows: 1, columns: 8, anchor: 0, vertical: 0, horizontal: 0),
            "TOP LEFT", "left"
        ),
        (
            "centre", CC708Witness.defineWindow(1, rows: 1, columns: 13, anchor: 4, vertical: 37, horizontal: 104),
            "IN THE MIDDLE", "center"
        ),
        (
            "bottom right", CC708Witness.defineWindow(2, rows: 2, columns: 6, anchor: 8, vertical: 74, horizontal: 209),
            "BOTTOM\rRIGHT", "right"
        ),
    ]

    @Test("Hand-made windows at three anchors, 16:9", arguments: handMade.indices)
    func handMadeWindow(index: Int) throws {
        let scenario = Self.handMade[index]
        let id = scenario.define[0] - 0x98
        // Filled while hidden, shown by DSW; GStreamer draws it at the ETX that follows (its DSW
        // renders before it marks the window visible).
        let data = scenario.define + Array(scenario.text.utf8) + [0x89, 1 << id, 0x03]
        let frames = CC708Witness.ccData(frames: 30, data: [2: data])
        let directory = try TemporaryDirectory()
        let file = try CC708Witness.mcc(frames, in: directory)
        let (theirs, log) = try CC708Witness.gstreamer(frames: frames, count: 20, rate: (30, 1), hPos: scenario.hPos)
        let gstreamer = try #require(theirs, "\(scenario.name): GStreamer drew nothing: \(log.suffix(2000))")
        let ours = try #require(try CC708Witness.ours(file, at: "00:00:00:20"), "\(scenario.name): we drew nothing")
        #expect(CC708Witness.agree(ours, gstreamer), "\(scenario.name): ours \(ours), GStreamer's \(gstreamer)")
    }

    /// The real files' captions: where to cut their cc_data so that GStreamer shows the caption,
    /// and the time our preview shows it.
    static let real:
        [(file: String, frames: Int, rate: (Int, Int), at: String, hPos: String, across: Bool, topOnly: Bool)] = [
            // GStreamer's Rust encoder: each caption is filled with ETX after each piece (GStreamer
            // shows it then) and shown by TGW, which GStreamer would toggle back off: cut before it.
            ("mcc/gst-plugins-rs__captions-test_708.mcc", 5, (30000, 1001), "00:00:01:00", "left", true, false),
            // Its rows start at columns 5 and 14 with blanks: we put a blank in a window column,
            // GStreamer draws a space of its font (a third narrower): compared down only.
            ("mcc/gst-plugins-rs__captions-test_708.mcc", 157, (30000, 1001), "00:00:06:00", "left", false, false),
            ("mcc/gst-plugins-rs__captions-test_708.mcc", 367, (30000, 1001), "00:00:13:00", "left", true, false),
            // caption-inspector's BigBuckBunny: window 0 shown by TGW after an HDW of all (GStreamer
            // shows it at the TGW, included), anchored at grid column 60 across: compared down only,
            // by the top of the ink, since GStreamer loses the second row (this file's packets are
            // shorter than their size code says, Specs/cea708.md).
            ("mcc/caption-inspector__BigBuckBunny_256x144-24fps.mcc", 150, (24, 1), "00:00:07:00", "left", false, true),
        ]

    @Test("Real MCC files, service 1", arguments: real.indices)
    func realFile(index: Int) throws {
        let scenario = Self.real[index]
        let path = TestPaths.sharedFixture(scenario.file).path
        let (all, count) = try CC708Witness.frames(ofMCC: path)
        try #require(all.count > scenario.frames)
        let blank = [UInt8](repeating: 0, count: count * 3).enumerated().map { $0.offset % 3 == 0 ? 0xFA : $0.element }
        let frames = Array(all.prefix(scenario.frames)) + Array(repeating: blank, count: 10)
        let (theirs, log) = try CC708Witness.gstreamer(
            frames: frames, count: count, rate: scenario.rate, hPos: scenario.hPos)
        let gstreamer = try #require(
            theirs, "\(scenario.file) @ \(scenario.at): GStreamer drew nothing: \(log.suffix(2000))")
        let ours = try #require(
            try CC708Witness.ours(path, at: scenario.at), "\(scenario.file) @ \(scenario.at): we drew nothing")
        #expect(
            CC708Witness.agree(ours, gstreamer, across: scenario.across, topOnly: scenario.topOnly),
            "\(scenario.file) @ \(scenario.at): ours \(ours), GStreamer's \(gstreamer)")
    }
}
