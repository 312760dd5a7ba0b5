import CaptionCore
import CaptionData
import CaptionKit
import Foundation
import Glibc
import MCC
import TestSupport
import Testing

// An independent witness for our SMPTE ST 334-2 CDPs and their cc_data: GStreamer 1.22's
// `ccconverter` (gst-plugins-bad's closedcaption plugin, Debian's gstreamer1.0-plugins-bad). It
// reads each of our CDPs, converts it to cc_data and writes a CDP of its own from that; it reads
// our cc_data bare into a CDP; and it reads our CDPs into SMPTE ST 334-1 (`s334-1a`) CEA-608
// triplets. It logs a warning for a CDP it cannot take (identifier, cdp_length, frame rate, time
// code and cc_data section markers, cc_count past the end) and for 608 data its buffer cannot
// hold. It does not check the footer, the checksum or ccsvcinfo (it skips them): our reader checks
// GStreamer's checksums instead, so the one rule accepts both writers' packets.
//
// Debian 12 has no `mccparse`/`mccenc` (they are in gst-plugins-rs, not packaged), so the MCC
// text around the packets is not GStreamer's to check here (gst-plugins-rs' figures for the
// Premiere file are in MCCFixtureTests). Each frame's CDP or cc_data goes to GStreamer as one
// buffer, a file a frame through `multifilesrc`, and comes back a file a buffer through
// `multifilesink`.
//
// What "the same bytes" can fairly mean. The CDP header is each writer's own (SMPTE ST 334-2,
// Specs/cdp.md): `cdp_hdr_sequence_cntr` counts the writer's packets, one more each packet, from
// wherever it starts; the time code and ccsvcinfo sections are optional, and cc_data cannot carry
// ccsvcinfo, so ours is gone after the cc_data step. In cc_data (CTA-708-E §4.4) a construct with
// cc_valid 0 carries nothing, nor does a 608 pair of two NULs (0x80 0x80, 47 CFR 15.119's
// filler): a writer fills the cc_count it must send with either, and GStreamer sends cc_valid 0
// where we send a valid null pair. Compared exactly: `cdp_frame_rate` and cc_count (the rate's:
// Specs/caption-tracks.md), frame by frame the 608 pairs of each field that are not filler, in
// order, and every valid DTVCC construct (cc_type 3 and 2) with its three bytes, in order; both
// counters must advance by one a packet and GStreamer's checksums must check.

/// What a decoder acts on in one frame's cc_data: the 608 pairs of each field that are not
/// filler, and the valid DTVCC constructs (cc_type 3 packet start, 2 packet data) as bytes.
struct SignificantCCData: Equatable, CustomStringConvertible {
    var field1: [CEA608BytePair] = []
    var field2: [CEA608BytePair] = []
    var dtvcc: [[UInt8]] = []

    init(_ constructs: [CCData.Construct]) {
        for c in constructs where c.valid {
            switch c.type {
            case 0 where !c.pair.isPadding: field1.append(c.pair)
            case 1 where !c.pair.isPadding: field2.append(c.pair)
            case 2, 3: dtvcc.append(c.bytes)
            default: break
            }
        }
    }

    /// The 608 pairs of SMPTE ST 334-1 triplets (`s334-1a`): a line byte whose bit 7 says
    /// field 1, then the pair.
    init(s334 bytes: [UInt8]) {
        for t in stride(from: 0, to: bytes.count - 2, by: 3) {
            let pair = CEA608BytePair(bytes[t + 1], bytes[t + 2])
            guard !pair.isPadding else { continue }
            if bytes[t] & 0x80 != 0 { field1.append(pair) } else { field2.append(pair) }
        }
    }

    var isEmpty: Bool { field1.isEmpty && field2.isEmpty && dtvcc.isEmpty }

    var description: String {
        func hex(_ b: [UInt8]) -> String { b.map { String(format: "%02x", $0) }.joined() }
        return "608-1 \(field1.map { hex([$0.first, $0.second]) }) 608-2 \(field2.map { hex([$0.first, $0.second]) }) "
            + "708 \(dtvcc.map(hex))"
    }
}

/// GStreamer 1.22's `ccconverter` on per-frame buffers.
enum CCConverterPeer {
    /// What one gst-launch run gave, a buffer a frame.
    struct Output {
        /// Our CDPs → cc_data.
        var ccData: [[UInt8]] = []
        /// Our CDPs → cc_data → CDP.
        var cdps: [[UInt8]] = []
        /// Our CDPs → SMPTE ST 334-1 608 triplets.
        var s334: [[UInt8]] = []
        /// Our bare cc_data → CDP.
        var cdpsFromCCData: [[UInt8]] = []
        /// Warnings and errors GStreamer logged about the caption elements.
        var complaints: [String] = []
        var log = ""
    }

    static func caps(_ format: String, _ rate: FrameRate) -> String {
        let media = format == "s334-1a" ? "closedcaption/x-cea-608" : "closedcaption/x-cea-708"
        return "\(media),format=(string)\(format),framerate=(fraction)\(rate.frames)/\(rate.seconds)"
    }

    /// Writes `buffers` as `name/000000.bin`, `000001.bin`, … (multifilesrc's numbering), with
    /// plain write(2): Foundation's `Data.write` syncs each file to disk, 100 times slower here.
    static func writeFrames(_ buffers: [[UInt8]], _ name: String, in directory: TemporaryDirectory) throws -> String {
        let folder = directory.path(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (i, b) in buffers.enumerated() {
            let number = String(i)
            let path = folder + "/" + String(repeating: "0", count: max(0, 6 - number.count)) + number + ".bin"
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw PeerDecoders.Failure.failed("ccconverter input", "cannot create \(path)") }
            defer { close(fd) }
            guard b.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == b.count else {
                throw PeerDecoders.Failure.failed("ccconverter input", "cannot write \(path)")
            }
        }
        return folder + "/%06d.bin"
    }

    /// The buffers multifilesink wrote to `name/`, in order.
    static func readFrames(_ name: String, in directory: TemporaryDirectory) throws -> [[UInt8]] {
        let folder = directory.path(name)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        return try files.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))) }
    }

    /// Runs, in one gst-launch: our CDPs → cc_data (kept) → CDP; our CDPs → s334-1a; and, when
    /// given, our bare cc_data → CDP. `GST_DEBUG=2` logs every warning and error; those of the
    /// caption elements (categories ccconverter and ccutils, elements ccconverterN) are complaints.
    static func run(cdps: [[UInt8]], ccData: [[UInt8]]?, rate: FrameRate, in directory: TemporaryDirectory) throws
        -> Output
    {
        let cdpInput = try writeFrames(cdps, "cdp-in", in: directory)
        func sink(_ name: String) throws -> [String] {
            try FileManager.default.createDirectory(atPath: directory.path(name), withIntermediateDirectories: true)
            return ["multifilesink", "location=\(directory.path(name))/%06d.bin"]
        }
        var pipeline: [String] =
            ["multifilesrc", "location=\(cdpInput)", "caps=\(caps("cdp", rate))", "!", "tee", "name=in"]
            + ["in.", "!", "queue", "!", "ccconverter", "!", caps("cc_data", rate), "!", "tee", "name=cc"]
            + ["cc.", "!", "queue", "!"] + (try sink("cc-data"))
            + ["cc.", "!", "queue", "!", "ccconverter", "!", caps("cdp", rate), "!"] + (try sink("cdp"))
            + ["in.", "!", "queue", "!", "ccconverter", "!", caps("s334-1a", rate), "!"] + (try sink("s334"))
        if let ccData {
            let input = try writeFrames(ccData, "cc-in", in: directory)
            pipeline += ["multifilesrc", "location=\(input)", "caps=\(caps("cc_data", rate))", "!", "ccconverter", "!"]
            pipeline += [caps("cdp", rate), "!"] + (try sink("cdp-from-cc"))
        }
        let result = try CLIRunner.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["GST_DEBUG=2", "GST_DEBUG_NO_COLOR=1", try PeerDecoders.tool("gst-launch-1.0").path, "-q"] + pipeline)
        let log = result.stderr + result.stdout
        guard result.status == 0 else { throw PeerDecoders.gstreamerFailure("ccconverter", result) }
        var output = Output(log: log)
        output.complaints = log.split(separator: "\n").map(String.init).filter {
            ($0.contains(" WARN ") || $0.contains(" ERROR ") || $0.contains("CRITICAL"))
                && ($0.contains("ccconverter") || $0.contains("ccutils"))
        }
        output.ccData = try readFrames("cc-data", in: directory)
        output.cdps = try readFrames("cdp", in: directory)
        output.s334 = try readFrames("s334", in: directory)
        if ccData != nil { output.cdpsFromCCData = try readFrames("cdp-from-cc", in: directory) }
        return output
    }

    /// Constructs of bare cc_data (triplets).
    static func constructs(_ bytes: [UInt8]) -> [CCData.Construct] {
        stride(from: 0, to: bytes.count - 2, by: 3).map {
            CCData.Construct(
                valid: bytes[$0] & 0x04 != 0, type: bytes[$0] & 0x03, pair: CEA608BytePair(bytes[$0 + 1], bytes[$0 + 2])
            )
        }
    }
}

/// How GStreamer's 608 pairs must match ours.
enum Match608: Sendable {
    /// Frame by frame: GStreamer carries as many pairs a picture as the stream has.
    case frameByFrame
    /// Each field's pairs in the same order, not on the same frames: at 23.976 and 24 fps
    /// GStreamer 1.22 carries at most two 608 constructs a picture (its `cdp_fps_table`, a FIXME
    /// "alternating max cea608 count"), so the third of a 3:2 pulldown picture (CTA-708-E
    /// §4.3.6.1: 3, 2, 3, 2…) goes to the next one.
    case sameOrder
    /// Each field's pairs in order with some left out: at 25 fps GStreamer carries one pair a
    /// field a picture (25 a second) and drops what its 100 ms buffer cannot hold when the data
    /// comes at line 21's 29.97 a second, as ours does (Specs/caption-tracks.md, "CEA-608 at any
    /// frame rate"), with a warning `cea608 field 1 overflow` — the listed difference.
    case dropsSome
}

/// Records the first difference between our frames and GStreamer's: the DTVCC constructs frame
/// by frame always, the 608 pairs as `match` says. `what` names the comparison.
func expectSameCCData(
    _ ours: [SignificantCCData], _ theirs: [SignificantCCData], _ what: String, match: Match608,
    without708: Bool = false
) {
    #expect(ours.count == theirs.count, "\(what): \(ours.count) frames, GStreamer \(theirs.count)")
    for (i, (o, t)) in zip(ours, theirs).enumerated() {
        let dtvccDiffers = !without708 && o.dtvcc != t.dtvcc
        if dtvccDiffers || (match == .frameByFrame && (o.field1 != t.field1 || o.field2 != t.field2)) {
            Issue.record("\(what): frame \(i): ours \(o)\n  GStreamer's \(t)")
            return
        }
    }
    guard match != .frameByFrame else { return }
    for field in [\SignificantCCData.field1, \SignificantCCData.field2] {
        let o = ours.flatMap { $0[keyPath: field] }, t = theirs.flatMap { $0[keyPath: field] }
        if match == .sameOrder {
            #expect(o == t, "\(what): \(o.count) pairs in a field, GStreamer \(t.count)")
        } else {
            var rest = o[...]
            let inOrder = t.allSatisfy { pair in
                guard let k = rest.firstIndex(of: pair) else { return false }
                rest = rest[(k + 1)...]
                return true
            }
            #expect(
                inOrder && (o.isEmpty ? t.isEmpty : t.count < o.count),
                "\(what): GStreamer's \(t.count) pairs are not ours (\(o.count)) less some")
        }
    }
}

@Suite("MCC: our CDPs and cc_data through GStreamer's ccconverter")
struct MCCThroughGStreamerCCConverterTests {
    struct Case: CustomStringConvertible, Sendable {
        var fixture: String
        var style: String
        var rate: FrameRate = .fps29_97
        var channel = 1
        var match = Match608.frameByFrame
        var description: String { "\(style): \(fixture) at \(rate) fps, CC\(channel)" }
    }

    /// Short shared SCC fixtures of each style (100 to 600 frames each), at the rates whose
    /// cc_count and 608 share differ (20 and 2 at 29.97; 25 and 3, 2, 3, 2… at 23.976; 10 and 1 at
    /// 59.94; 24 and 2 or 3 at 25), and one in field 2.
    static let cases: [Case] = [
        Case(fixture: "pycaption/example.scc", style: "pop-on, tab offsets, special and extended characters"),
        Case(fixture: "ttconv/test_scc_reader__test_2_rows_roll_up_content__1.scc", style: "roll-up"),
        Case(fixture: "pycaption/sample_scc_paint_on_edm.scc", style: "paint-on"),
        Case(
            fixture: "ttconv/test_scc_reader__test_3_rows_roll_up_content__1.scc", style: "roll-up, field 2", channel: 3
        ),
        Case(
            fixture: "ttconv/test_scc_reader__test_scc_pop_on_content_unexpectedly_ended__1.scc", style: "pop-on",
            rate: .fps23_976),
        Case(fixture: "pycaption/sample_scc_paint_on_edm.scc", style: "paint-on", rate: .fps59_94),
        Case(fixture: "pycaption/sample_scc_tab_offset.scc", style: "pop-on", rate: .fps25, match: .dropsSome),
    ]

    @Test(
        "ccconverter takes our CDPs and cc_data without complaint and gives the same constructs back", arguments: cases)
    func ourOutput(_ c: Case) throws {
        let directory = try TemporaryDirectory("mcc-ccconverter")
        let (read, _) = try CaptionFile.read(TestPaths.sharedFixture("scc/" + c.fixture).path)
        try #require(!read.document.captions.isEmpty, "\(c)")
        let mcc = directory.path("ours.mcc")
        try CaptionFile.write(
            read.document, to: mcc, options: CaptionFormatOptions(frameRate: c.rate, channel: c.channel))
        let ours = try MCCReader(fileName: mcc).read([UInt8](Data(contentsOf: URL(fileURLWithPath: mcc))))
        #expect(ours.diagnostics.isEmpty, "\(c): \(ours.diagnostics.prefix(3))")
        let cdps = try ours.frames.map { try #require($0.cdp, "\(c): line \($0.line)") }
        let ccData = try cdps.map { try #require($0.ccData, "\(c)") }
        let gst = try CCConverterPeer.run(
            cdps: ours.frames.map(\.cdpBytes), ccData: ccData.map { $0.flatMap(\.bytes) }, rate: c.rate, in: directory)
        if c.match == .dropsSome {
            #expect(!gst.complaints.isEmpty && gst.complaints.allSatisfy { $0.contains("cea608 field 1 overflow") })
        } else {
            #expect(gst.complaints.isEmpty, "\(c): GStreamer complains: \(gst.complaints.prefix(5))")
        }

        // Ours: the rate's code and cc_count in every packet, the counter one more each packet.
        let code = try #require(CDP.frameRateCode(for: c.rate))
        #expect(cdps.count > 100)
        for (i, cdp) in cdps.enumerated() {
            #expect(cdp.frameRateCode == code && cdp.ccData?.count == CCData.constructCount(frameRate: c.rate))
            #expect(cdp.sequenceCounter &- cdps[0].sequenceCounter == UInt16(truncatingIfNeeded: i))
        }
        #expect(cdps.first?.serviceInfo != nil)
        let expected = ccData.map(SignificantCCData.init)
        // The comparison must meet data: frames with 608 or 708, in the field the case writes.
        #expect(expected.filter { !$0.isEmpty }.count > 10, "\(c)")
        #expect(
            expected.contains { !(c.channel <= 2 ? $0.field1 : $0.field2).isEmpty }
                && expected.contains { !$0.dtvcc.isEmpty })
        #expect(!expected.contains { !(c.channel <= 2 ? $0.field2 : $0.field1).isEmpty })

        // GStreamer's cc_data from our CDPs.
        let theirCCData = gst.ccData.map { SignificantCCData(CCConverterPeer.constructs($0)) }
        expectSameCCData(expected, theirCCData, "\(c): our CDPs → cc_data", match: c.match)
        // GStreamer's CDPs, from its cc_data and from our bare cc_data: ST 334-2 packets that our
        // reader takes without a problem, their checksums included, at our rate and cc_count.
        for (label, packets) in [("cdp → cc_data → cdp", gst.cdps), ("cc_data → cdp", gst.cdpsFromCCData)] {
            var theirs: [SignificantCCData] = []
            for (i, bytes) in packets.enumerated() {
                let reading = CDP.read(bytes[...])
                let cdp = try #require(reading.cdp, "\(c): \(label) frame \(i): \(reading.problems)")
                #expect(reading.problems.isEmpty && reading.checksumValid == true, "\(c): \(label) frame \(i)")
                #expect(cdp.frameRateCode == code && cdp.ccData?.count == ccData[i].count, "\(c): \(label) frame \(i)")
                let first = try #require(CDP.read(packets[0][...]).cdp)
                #expect(cdp.sequenceCounter &- first.sequenceCounter == UInt16(truncatingIfNeeded: i))
                theirs.append(SignificantCCData(cdp.ccData ?? []))
            }
            expectSameCCData(expected, theirs, "\(c): \(label)", match: c.match)
        }
        // The 608 half as SMPTE ST 334-1 triplets.
        expectSameCCData(
            expected, gst.s334.map(SignificantCCData.init(s334:)), "\(c): s334-1a", match: c.match, without708: true)
    }

    @Test("The complaint check is live: a CDP whose cdp_length is one too many is complained about")
    func brokenPacketIsComplainedAbout() throws {
        let directory = try TemporaryDirectory("mcc-ccconverter")
        let good = try #require(
            CDP.frame(rate: .fps29_97, sequenceCounter: 0, field1: CEA608BytePair(0x94, 0x2C), field2: nil, dtvcc: [])?
                .bytes)
        var broken = good
        broken[2] &+= 1
        let gst = try CCConverterPeer.run(cdps: [good, broken, good], ccData: nil, rate: .fps29_97, in: directory)
        // Both converters that read the CDPs (to cc_data and to s334-1a) say so, once each.
        #expect(gst.complaints.count == 2, "\(gst.log)")
        #expect(gst.complaints.allSatisfy { $0.contains("cdp packet length (74) does not match passed in value (73)") })
    }

    /// Reading failed (no such channel or service); the message names the file, so only the
    /// failure is compared.
    struct Unreadable: Error, Equatable {}

    /// The captions `path` reads to through CEA-608 CC1 and CC3 and CEA-708 service 1.
    static func readings(_ path: String) -> [String: Result<[Caption], Unreadable>] {
        let options: [String: CaptionFormatOptions] = [
            "CC1": CaptionFormatOptions(channel: 1), "CC3": CaptionFormatOptions(channel: 3),
            "service 1": CaptionFormatOptions(settings: [CaptionFormatOptions.dtvccServiceSetting: "1"]),
        ]
        return options.mapValues { o in
            Result { try CaptionFile.read(path, options: o).0.document.captions }.mapError { _ in Unreadable() }
        }
    }

    /// The reverse direction on real files: each CDP of ../shared/fixtures/mcc through GStreamer
    /// (cdp → cc_data → cdp), written by our MCC writer on the original's labels and read by our
    /// reader, gives the captions the original gives (texts, regions, styles, times; not the
    /// document's language, which ccsvcinfo carries and GStreamer drops).
    @Test("Real MCC files: GStreamer's CDPs rewritten from their cc_data read to the same captions")
    func realFiles() throws {
        let files = try TestPaths.fixtures(in: TestPaths.sharedFixture("mcc"), withExtension: "mcc")
        var compared = 0
        for file in files {
            let name = file.lastPathComponent
            let directory = try TemporaryDirectory("mcc-ccconverter")
            let original = try MCCReader(fileName: name).read([UInt8](Data(contentsOf: file)))
            let rate = try #require(original.header.timeCodeRate, "\(name)")
            let gst = try CCConverterPeer.run(
                cdps: original.frames.map(\.cdpBytes), ccData: nil, rate: rate.frameRate, in: directory)
            #expect(gst.complaints.isEmpty, "\(name): \(gst.complaints.prefix(5))")
            try #require(gst.cdps.count == original.frames.count, "\(name): \(gst.cdps.count) CDPs back")
            var frames: [MCCWriter.Frame] = []
            for (frame, bytes) in zip(original.frames, gst.cdps) {
                let reading = CDP.read(bytes[...])
                let cdp = try #require(reading.cdp, "\(name) line \(frame.line): \(reading.problems)")
                #expect(reading.problems.isEmpty && reading.checksumValid == true, "\(name) line \(frame.line)")
                frames.append(MCCWriter.Frame(timecode: frame.timecode, cdp: cdp))
            }
            let slow = rate.frameRate.nominal < 25
            expectSameCCData(
                original.frames.map { SignificantCCData($0.cdp?.ccData ?? []) },
                frames.map { SignificantCCData($0.cdp.ccData ?? []) }, name, match: slow ? .sameOrder : .frameByFrame)
            let rewritten = directory.path("gstreamer.mcc")
            let writer = MCCWriter(timeCodeRate: rate, uuid: UUID(), date: Date(), timeZone: .current)
            try Data(try writer.render(frames)).write(to: URL(fileURLWithPath: rewritten))
            let dataEnd = (original.frames.last?.time ?? .zero) + rate.frameRate.frameDuration
            let before = Self.readings(file.path)
            let after = Self.readings(rewritten)
            for key in before.keys.sorted() {
                guard case .success(let b) = before[key], case .success(let a) = after[key] else {
                    #expect(before[key] == after[key], "\(name) \(key)")
                    continue
                }
                if !b.isEmpty { compared += 1 }
                // A pair GStreamer moved to the next picture moves its caption by up to one
                // picture (1/24 s), which the 608 reader puts on line 21's frames: two of those.
                let tolerance = slow ? 2 * 1001.0 / 30000 : 0
                #expect(b.count == a.count, "\(name) \(key)")
                for (x, y) in zip(b, a) {
                    var moved = y
                    moved.timeRange = x.timeRange
                    // A caption still on screen when the data ends ends where the SCC reader
                    // guesses (scc.open-at-end: 2 s after the last pair). caption-inspector sends
                    // null pairs (0x80 0x80, cc_valid 1) to its last frame, GStreamer cc_valid 0
                    // after the last word, so the guess moves; both are past the file's end.
                    let open = x.timeRange.end > dataEnd && y.timeRange.end > dataEnd
                    let close =
                        abs((x.timeRange.start - y.timeRange.start).seconds) <= tolerance
                        && (open || abs((x.timeRange.end - y.timeRange.end).seconds) <= tolerance)
                    guard moved == x, close else {
                        Issue.record("\(name) \(key): \(x)\n  after GStreamer \(y)")
                        break
                    }
                }
            }
        }
        // Premiere's file: service 1; caption-inspector's: CC1, CC3 and service 1.
        #expect(compared == 4, "caption streams compared: \(compared)")
    }
}
