// Witnesses for c708 tracks, both ways, with GStreamer 1.22 (gst-plugins-good's isomp4):
// - its qtdemux reads the track `mux --as c708` writes: it calls it closedcaption/x-cea-708,
//   format=cdp and hands out one CDP a frame at the frame's time; the CEA-608 words in those
//   CDPs (parsed here by hand from the ST 334-2 layout) are the SCC file's words on their frames,
//   read without the SCC module (IndependentSCC), and their DTVCC constructs are those of the MCC
//   file written from the same captions.
// - its qtmux writes a c708 track from the original CDP bytes of each line of the real MCC
//   fixtures (pushed with their frames' times through appsrc, from Debian's python3-gi), and our
//   reader gives each CEA-608 channel and CEA-708 service of it as the MCC file itself gives them.

import CaptionCore
import CaptionData
import CaptionKit
import CaptionTracks
import Foundation
import MCC
import TestSupport
import Testing

@Suite("c708 tracks through GStreamer's qtdemux and qtmux")
struct C708WitnessTests {
    static let popOn = TestPaths.sharedFixture("scc/pycaption/sample_scc_pop_on.scc").path

    /// What qtdemux hands out of the first closed-caption track: its caps and each buffer's
    /// time (nanoseconds) and bytes.
    static func demuxed(_ movie: String, in dir: TemporaryDirectory) throws -> (
        caps: String, buffers: [(Int64, [UInt8])]
    ) {
        let gst = try PeerDecoders.tool("gst-launch-1.0")
        let bytesPath = dir.path("cdps.bin")
        let copy = try CLIRunner.runProcess(
            gst,
            [
                "-q", "filesrc", "location=\(movie)", "!", "qtdemux", "name=d", "d.subtitle_0", "!", "filesink",
                "location=\(bytesPath)",
            ])
        guard copy.status == 0 else { throw PeerDecoders.Failure.failed("gst-launch-1.0 … qtdemux", copy.stderr) }
        let log = try CLIRunner.runProcess(
            gst,
            [
                "-v", "filesrc", "location=\(movie)", "!", "qtdemux", "name=d", "d.subtitle_0", "!", "fakesink",
                "silent=false",
            ])
        guard log.status == 0 else {
            throw PeerDecoders.Failure.failed("gst-launch-1.0 … qtdemux ! fakesink", log.stderr)
        }
        var caps = ""
        var chains: [(size: Int, pts: Int64)] = []
        for line in log.stdout.split(separator: "\n") {
            if caps.isEmpty, let m = line.firstMatch(of: /fakesink0.GstPad:sink: caps = (.*)$/) {
                caps = String(m.output.1)
            }
            if let m = line.firstMatch(of: /chain .*\((\d+) bytes, dts: [^,]*, pts: (\d+):(\d\d):(\d\d)\.(\d{9})/),
                let size = Int(m.output.1), let h = Int64(m.output.2), let mi = Int64(m.output.3),
                let s = Int64(m.output.4), let ns = Int64(m.output.5)
            {
                chains.append((size, ((h * 60 + mi) * 60 + s) * 1_000_000_000 + ns))
            }
        }
        let all = [UInt8](try Data(contentsOf: URL(fileURLWithPath: bytesPath)))
        var buffers: [(Int64, [UInt8])] = []
        var offset = 0
        for chain in chains {
            guard offset + chain.size <= all.count else { break }
            buffers.append((chain.pts, Array(all[offset..<(offset + chain.size)])))
            offset += chain.size
        }
        #expect(offset == all.count, "the buffers' sizes account for every byte qtdemux handed out")
        return (caps, buffers)
    }

    /// The constructs of a CDP's cc_data section, parsed here from SMPTE ST 334-2's layout:
    /// a 7-byte header (0x9669, length, rate, flags, counter), an optional time code section
    /// (0x71 and 4 bytes), then 0x72, a byte whose low 5 bits are cc_count, and the constructs.
    static func constructs(ofCDP cdp: [UInt8]) -> [CCData.Construct]? {
        guard cdp.count > 9, cdp[0] == 0x96, cdp[1] == 0x69, Int(cdp[2]) == cdp.count else { return nil }
        var i = 7
        if cdp[i] == 0x71 { i += 5 }
        guard i + 1 < cdp.count, cdp[i] == 0x72 else { return nil }
        let count = Int(cdp[i + 1] & 0x1F)
        i += 2
        guard i + 3 * count <= cdp.count else { return nil }
        return (0..<count).map { k in
            let b = cdp[i + 3 * k]
            return CCData.Construct(
                valid: b & 0x04 != 0, type: b & 0x03, pair: CEA608BytePair(cdp[i + 3 * k + 1], cdp[i + 3 * k + 2]))
        }
    }

    @Test(
        "qtdemux hands out our CDPs, one a frame at its time, carrying the SCC file's words and the MCC file's DTVCC data"
    )
    func qtdemuxReadsOurTrack() throws {
        let dir = try TemporaryDirectory("c708-qtdemux")
        let clip = try TrackClips.make("clip.mov", in: dir)
        let out = dir.path("out.mov")
        // The first word a second after the movie's start.
        let text = try String(contentsOfFile: Self.popOn, encoding: .utf8)
        let words = IndependentSCC.words(text)
        let first = try #require(words.first?.frame)
        let start = IndependentSCC.label(first - 30)
        var options = MovieCaptionWriter.Options()
        options.forms = [.c708]
        options.startTimecode = start
        try MovieCaptionWriter.write(
            try MovieCaptionWriter.plan(movie: clip, captions: Self.popOn, options: options), to: out, overwrite: true)

        let (caps, buffers) = try Self.demuxed(out, in: dir)
        #expect(caps.hasPrefix("closedcaption/x-cea-708, format=(string)cdp"), "\(caps)")
        try #require(buffers.count > 100)
        // Each buffer on its 29.97 fps frame, one after the other (nanoseconds rounded by GStreamer).
        let frames = buffers.map { ($0.0 * 30000 + 500_000_000_000 / 1001) / 1_001_000_000_000 }
        #expect((frames.first ?? -1) >= 0)
        #expect(frames == Array(frames[0]..<(frames[0] + Int64(frames.count))))

        // Field 1's words (valid, not the null pairs sent between words) on their frames.
        let shift = first - 30
        var sent: [IndependentSCC.Word] = []
        var dtvcc: [Int64: [CCData.Construct]] = [:]
        for (frame, (_, cdp)) in zip(frames, buffers) {
            let constructs = try #require(Self.constructs(ofCDP: cdp), "a CDP qtdemux handed out at frame \(frame)")
            for c in constructs where c.valid && c.type == 0 && c.pair != CEA608BytePair(0x80, 0x80) {
                sent.append(
                    IndependentSCC.Word(frame: frame + shift, word: UInt16(c.pair.first) << 8 | UInt16(c.pair.second)))
            }
            let d = constructs.filter { $0.valid && $0.type >= 2 }
            if !d.isEmpty { dtvcc[frame] = d }
        }
        #expect(sent == words.filter { $0.word != 0x8080 })

        // The DTVCC constructs of the MCC file `captions convert` writes from the same captions,
        // on the same frames.
        let mccPath = dir.path("x.mcc")
        var read = CaptionFormatOptions()
        read.startTimecode = start
        let document = try CaptionFile.read(Self.popOn, options: read).0.document
        let writer = try #require(try CaptionFormatRegistry.standard.format(named: "mcc").writer)
        try Data(try writer(document, CaptionFormatOptions(frameRate: .fps29_97)).bytes).write(
            to: URL(fileURLWithPath: mccPath))
        let mcc = try MCCReader(fileName: mccPath).read(Array(try Data(contentsOf: URL(fileURLWithPath: mccPath))))
        var expected: [Int64: [CCData.Construct]] = [:]
        for line in mcc.frames {
            let d = (line.cdp?.ccData ?? []).filter { $0.valid && $0.type >= 2 }
            if !d.isEmpty { expected[line.frame] = d }
        }
        try #require(!expected.isEmpty)
        #expect(dtvcc == expected)
    }

    /// GStreamer's qtmux, fed each MCC line's CDP bytes unchanged at its frame's time (appsrc),
    /// beside black H.264 video at the file's rate.
    static func qtmux(_ mcc: MCCReadResult, rate: FrameRate, into movie: String, in dir: TemporaryDirectory) throws {
        let packets = mcc.frames.filter { !$0.cdpBytes.isEmpty }.map { line -> [Any] in
            [Int(line.frame), line.cdpBytes.map { String(format: "%02x", $0) }.joined()]
        }
        let count = Int(mcc.frames.last?.frame ?? 0) + 2
        let spec: [String: Any] = [
            "rate": [Int(rate.frames), Int(rate.seconds)], "count": count, "packets": packets, "output": movie,
        ]
        let specPath = dir.path("spec.json")
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let script = dir.path("qtmux_cdp.py")
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        // Debian's python3 (python3-gi, gir1.2-gstreamer-1.0), not a virtual environment's.
        let result = try CLIRunner.runProcess(URL(fileURLWithPath: "/usr/bin/python3"), [script, specPath])
        guard result.status == 0 else {
            throw PeerDecoders.Failure.failed(
                "python3 qtmux_cdp.py (install python3-gi and gir1.2-gstreamer-1.0: scripts/install-deps.sh --test)",
                result.stderr + result.stdout)
        }
    }

    static let script = """
        import json, sys
        import gi
        gi.require_version("Gst", "1.0")
        from gi.repository import Gst

        Gst.init(None)
        spec = json.load(open(sys.argv[1]))
        n, d = spec["rate"]
        pipeline = Gst.parse_launch(
            f"appsrc name=cc format=time caps=closedcaption/x-cea-708,format=cdp,framerate={n}/{d} ! queue ! m.caption_0 "
            f"videotestsrc num-buffers={spec['count']} pattern=black ! video/x-raw,width=64,height=36,framerate={n}/{d},format=I420 "
            f"! x264enc speed-preset=ultrafast key-int-max=30 ! h264parse ! queue ! qtmux name=m ! filesink location={spec['output']}")
        source = pipeline.get_by_name("cc")
        pipeline.set_state(Gst.State.PLAYING)
        for index, text in spec["packets"]:
            buffer = Gst.Buffer.new_wrapped(bytes.fromhex(text))
            buffer.pts = Gst.util_uint64_scale(index * Gst.SECOND, d, n)
            buffer.duration = Gst.util_uint64_scale((index + 1) * Gst.SECOND, d, n) - buffer.pts
            source.emit("push-buffer", buffer)
        source.emit("end-of-stream")
        message = pipeline.get_bus().timed_pop_filtered(Gst.CLOCK_TIME_NONE, Gst.MessageType.EOS | Gst.MessageType.ERROR)
        pipeline.set_state(Gst.State.NULL)
        if message.type == Gst.MessageType.ERROR:
            print(message.parse_error(), file=sys.stderr)
            sys.exit(1)
        """

    @Test(
        "qtmux's c708 track of a real MCC file's CDPs reads as the MCC file: each 608 channel and 708 service",
        arguments: A53DTVCCWitnessTests.fixtures)
    func qtmuxTrackReadsAsTheMCCFile(fixture: String) throws {
        let dir = try TemporaryDirectory("c708-qtmux")
        let path = TestPaths.sharedFixture(fixture).path
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let mcc = try MCCReader(fileName: path).read(bytes)
        let rate = try #require(mcc.header.timeCodeRate?.frameRate)
        let movie = dir.path("gst.mov")
        try Self.qtmux(mcc, rate: rate, into: movie, in: dir)

        let captions = try MovieCaptions(path: movie)
        let source = try #require(captions.sources().sources.first { $0.kind == .track })
        #expect(source.format == "c708")
        let track = try #require(captions.movie.track(id: source.trackID))
        #expect(track.sampleCount == mcc.frames.filter { !$0.cdpBytes.isEmpty }.count)
        let (reading, _) = try captions.c708(track)
        // What is wrong in the CDPs is what the MCC reader finds in the same bytes (the
        // caption-inspector file's CDPs have no checksum byte), and nothing else.
        let ruleSet = { (d: [Diagnostic]) in
            Set(d.filter { $0.severity != .info && $0.ruleID.hasPrefix("cdp.") }.map(\.ruleID))
        }
        #expect(ruleSet(reading.diagnostics) == ruleSet(mcc.diagnostics))
        #expect(
            reading.diagnostics.allSatisfy { $0.severity == .info || $0.ruleID.hasPrefix("cdp.") },
            "\(reading.diagnostics.prefix(3))")

        let read = try #require(MCCCaptionFormat.descriptor.reader)
        let services = MCCCaptionFormat.dtvcc(mcc).services { _ in DiagnosticLocation() }.numbers
        let channels = MCCCaptionFormat.transmission(mcc).channels
        try #require(!services.isEmpty)
        #expect(source.services == services)
        #expect(source.channels == channels)
        let frames = { (c: [Caption]) in c.map { rate.frame(at: $0.timeRange.start, rounding: .nearestOrAwayFromZero) }
        }
        var settings: [CaptionFormatOptions] = services.map {
            var o = CaptionFormatOptions()
            o.settings[CaptionFormatOptions.dtvccServiceSetting] = String($0)
            return o
        }
        settings += channels.map { CaptionFormatOptions(channel: $0) }
        for options in settings {
            var fileOptions = options
            fileOptions.fileName = path
            let expected = try read(bytes, fileOptions).document.captions
            let ours = try captions.read(options: options).document.captions
            let what = "\(options.settings) channel \(options.channel.map(String.init) ?? "-")"
            try #require(!expected.isEmpty, "\(fixture) \(what) gives no caption")
            #expect(ours.map(\.text) == expected.map(\.text), "\(what)")
            #expect(frames(ours) == frames(expected), "\(what)")
        }
    }
}
