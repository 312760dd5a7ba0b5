// An independent witness on real data: Comcast's caption-inspector decoded service 1 of its
// BigBuckBunny MCC (the shared fixture `mcc/caption-inspector__BigBuckBunny_256x144-24fps.mcc`)
// into `test/media/BigBuckBunny_256x144-24fps-S1.708` of its repository @ c2285d4. The expected
// values below are transcribed from that file: each caption's DefineWindow (window, row count − 1,
// column count − 1, anchor vertical and horizontal as it prints them `R1-C41 … V65-H85`), its pen
// locations and texts. The MCC is read here by a small test-side reader (MacCaption's alphabet,
// SMPTE ST 334-2 CDP, CTA-708-E §5 packets and §6.2 service blocks), independent of the
// CaptionData and MCC modules.

import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import CEA708

/// Service blocks of one service from an MCC file, with the time of their frame.
enum TestSideMCC {
    /// MacCaption's one-character codes (the file's own header lists them).
    static func expand(_ payload: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var characters = Array(payload.utf8)[...]
        while let c = characters.first {
            switch c {
            case UInt8(ascii: "G")...UInt8(ascii: "O"):
                for _ in 0...Int(c - UInt8(ascii: "G")) { bytes += [0xFA, 0, 0] }
            case UInt8(ascii: "P"): bytes += [0xFB, 0x80, 0x80]
            case UInt8(ascii: "Q"): bytes += [0xFC, 0x80, 0x80]
            case UInt8(ascii: "R"): bytes += [0xFD, 0x80, 0x80]
            case UInt8(ascii: "S"): bytes += [0x96, 0x69]
            case UInt8(ascii: "T"): bytes += [0x61, 0x01]
            case UInt8(ascii: "U"): bytes += [0xE1, 0, 0, 0]
            case UInt8(ascii: "Z"): bytes += [0]
            default:
                guard characters.count >= 2,
                    let byte = UInt8(String(decoding: characters.prefix(2), as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(byte)
                characters = characters.dropFirst(2)
                continue
            }
            characters = characters.dropFirst()
        }
        return bytes
    }

    /// (seconds, block data) of `service`, in order, at `rate` frames a second.
    static func serviceBlocks(_ text: String, service: Int, rate: Double) throws -> [(time: Double, data: [UInt8])] {
        var blocks: [(Double, [UInt8])] = []
        var packet: [UInt8] = []
        var expected = 0
        var frame = 0
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, fields[0].count == 11, fields[0].first?.isNumber == true else { continue }
            guard let anc = expand(fields[1].filter { !$0.isWhitespace }[...]), anc.count > 3 else {
                throw PeerDecoders.Failure.failed("MCC line", String(line))
            }
            // ANC: DID 0x61, SDID 0x01, data count, then the CDP (SMPTE ST 334-2).
            let cdp = Array(anc[3...])
            guard cdp.count > 7, cdp[0] == 0x96, cdp[1] == 0x69 else { continue }
            var index = 7
            if cdp[4] & 0x80 != 0 { index += 5 }  // time code section 0x71 and 4 bytes
            guard index + 1 < cdp.count, cdp[index] == 0x72 else { continue }
            let count = Int(cdp[index + 1] & 0x1F)
            // The frame of the line's time code (HH:MM:SS:FF at the nominal rate).
            let parts = fields[0].split(separator: ":").compactMap { Int($0) }
            if parts.count == 4 {
                frame = ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * Int(rate.rounded()) + parts[3]
            }
            let time = Double(frame) / rate
            frame += 1
            for n in 0..<count {
                let at = index + 2 + 3 * n
                guard at + 2 < cdp.count else { break }
                let marker = cdp[at]
                guard marker & 0x04 != 0, marker & 0x02 != 0 else { continue }  // cc_valid, DTVCC types
                if marker & 0x03 == 3 {  // packet start (CTA-708-E §5): size code → total bytes
                    // This file's packets are often 2 bytes shorter than their size code says (22
                    // of 24): what arrived is decoded when the next packet starts, as
                    // caption-inspector and CCExtractor do.
                    if expected > 0, !packet.isEmpty {
                        blocks += split(packet, service: service).map { (time, $0) }
                    }
                    packet = []
                    let code = Int(cdp[at + 1] & 0x3F)
                    expected = code == 0 ? 128 : code * 2
                }
                packet += [cdp[at + 1], cdp[at + 2]]
                if expected > 0, packet.count >= expected {
                    blocks += split(Array(packet.prefix(expected)), service: service).map { (time, $0) }
                    expected = 0
                }
            }
        }
        return blocks
    }

    /// The block data of `service` in a DTVCC packet (§6.2: service number 3 bits, size 5 bits;
    /// service 7 takes an extended number byte; service 0 ends the packet).
    static func split(_ packet: [UInt8], service: Int) -> [[UInt8]] {
        var index = 1
        var found: [[UInt8]] = []
        while index < packet.count {
            var number = Int(packet[index] >> 5)
            let size = Int(packet[index] & 0x1F)
            index += 1
            if number == 0 { break }
            if number == 7, index < packet.count {
                number = Int(packet[index] & 0x3F)
                index += 1
            }
            // A block cut short by a short packet gives what arrived (caption-inspector does the
            // same: it shows "VENIR ONMIGO" where the C was lost).
            let end = min(index + size, packet.count)
            if number == service { found.append(Array(packet[index..<end])) }
            index = end
        }
        return found
    }
}

@Suite("CEA-708 decoder against caption-inspector's decode of a real MCC")
struct CEA708CaptionInspectorWitnessTests {
    /// caption-inspector's S1 decode: per DefineWindow, `DFw:…:Rr-Cc:Anchor-UL-Vv-Hh`, then the
    /// texts at their pen locations (`{SPL:Rr-Cc} "text"`).
    typealias Caption = (
        window: Int, rows: Int, columns: Int, vertical: Int, horizontal: Int, lines: [(Int, Int, String)]
    )

    static let service1: [Caption] = [
        (1, 1, 41, 65, 85, [(0, 0, "- FINE."), (1, 1, "2024.")]),
        (0, 1, 41, 65, 60, [(0, 6, "I WIN,"), (1, 0, "WE MOVE IN THERE.")]),
        (1, 1, 41, 65, 45, [(0, 0, "I'LL TAKE THE WEST WING."), (1, 0, "YOU TAKE THE EAST WING.")]),
        (0, 0, 41, 70, 0, [(0, 0, "YOU CAN BE THE FIRST GENTLEMAN.")]),
        (1, 1, 41, 65, 45, [(0, 0, "- ACTUALLY, THAT SOUNDS"), (1, 5, "KIND OF GREAT.")]),
        (0, 1, 41, 65, 40, [(0, 0, "THANKS FOR COMING WITH ME"), (1, 5, "TO GET MY STUFF.")]),
        (1, 1, 41, 65, 50, [(0, 0, "- HOW COULD I PASS UP"), (1, 4, "AN OPPORTUNITY")]),
        (0, 0, 41, 70, 35, [(0, 0, "TO LOOK AT OUR FUTURE HOUSE?")]),
        (1, 0, 41, 70, 50, [(0, 0, "- OH, JUST REMEMBERED.")]),
        (0, 1, 41, 65, 50, [(0, 2, "I KIND OF GOT YOU"), (1, 0, "AN ENGAGEMENT PRESENT.")]),
        (1, 0, 41, 70, 45, [(0, 0, "- IS IT A WAFFLE TOWER?")]),
        (0, 1, 41, 65, 30, [(0, 0, "- I MEAN, IT'S A LITTLE BETTER"), (1, 10, "THAN THAT.")]),
    ]

    /// Service 2 (Spanish, G1 characters), from `BigBuckBunny_256x144-24fps-S2.708`.
    static let service2: [Caption] = [
        (1, 1, 41, 65, 85, [(0, 0, "-Bien."), (1, 1, "2024.")]),
        (0, 2, 41, 60, 60, [(0, 6, "YO"), (1, 6, "GANO,"), (2, 0, "NOS MUDAMOS ALLÍ.")]),
        (1, 2, 41, 60, 45, [(0, 0, "ME QUEDO CON EL ALA"), (1, 0, "OESTE."), (2, 0, "SE TOMA EL ALA ESTE.")]),
        (0, 0, 41, 70, 0, [(0, 0, "PUEDE SER EL PRIMER CABALLERO.")]),
        (1, 1, 41, 65, 45, [(0, 0, "-EN REALIDAD, ESO"), (1, 5, "SUENA GENIAL.")]),
        (0, 2, 41, 60, 40, [(0, 0, "GRACIAS POR VENIR ONMIGO"), (1, 5, "A BUSCAR MIS"), (2, 5, "COSAS.")]),
        (1, 2, 41, 60, 50, [(0, 0, "-¿CÓMO PODRÍA"), (1, 0, "RECHAZAR UNA"), (2, 4, "OPORTUNIDAD DE")]),
    ]

    @Test(
        "Each caption's window definition, pen locations and text are what caption-inspector decoded",
        arguments: [1, 2])
    func captionsMatch(service: Int) throws {
        let text = try String(
            contentsOf: TestPaths.sharedFixture("mcc/caption-inspector__BigBuckBunny_256x144-24fps.mcc"),
            encoding: .utf8)
        let blocks = try TestSideMCC.serviceBlocks(text, service: service, rate: 24)
        #expect(blocks.count > 50, "service \(service) carries captions")
        var decoder = CEA708Decoder()
        var offset = 0
        // Each caption as our decoder holds it when the next DefineWindow replaces it: the
        // definition, then every text written, placed by the pen location before it.
        var ours:
            [(window: Int, rows: Int, columns: Int, vertical: Int, horizontal: Int, lines: [(Int, Int, String)])] = []
        for block in blocks {
            for item in decoder.decode(block.data, at: block.time, baseOffset: offset) {
                switch item.command {
                case .defineWindow(let d):
                    ours.append(
                        (
                            d.window, d.rowCount - 1, d.columnCount - 1, Int(d.anchorVertical), Int(d.anchorHorizontal),
                            []
                        ))
                case .setPenLocation(let row, let column) where !ours.isEmpty:
                    ours[ours.count - 1].lines.append((row, column, ""))
                case .text(let run) where !ours.isEmpty && !ours[ours.count - 1].lines.isEmpty:
                    ours[ours.count - 1].lines[ours[ours.count - 1].lines.count - 1].2 += run
                default: break
                }
            }
            offset += block.data.count
        }
        decoder.finish()
        let expected = service == 1 ? Self.service1 : Self.service2
        let decoded = ours.filter { !$0.lines.allSatisfy { $0.2.isEmpty } }
        try #require(decoded.count >= expected.count, "\(decoded.count) captions decoded")
        for (index, caption) in expected.enumerated() {
            let got = decoded[index]
            let gotWindow: [Int] = [got.window, got.rows, got.columns, got.vertical, got.horizontal]
            let expectedWindow: [Int] = [
                caption.window, caption.rows, caption.columns, caption.vertical, caption.horizontal,
            ]
            #expect(gotWindow == expectedWindow, "caption \(index + 1)")
            let gotLines: [String] = got.lines.map { "\($0.0),\($0.1) \($0.2)" }
            let expectedLines: [String] = caption.lines.map { "\($0.0),\($0.1) \($0.2)" }
            #expect(gotLines == expectedLines, "caption \(index + 1)")
        }
        // The file starts mid-caption: service 1 sends SPC, "- 2020.", SPL, "- THAT'S A STRETCH.",
        // service 2 one more SPL and text, before any DefineWindow (caption-inspector prints them
        // before its first time too). Nothing else is found.
        #expect(
            decoder.warnings.map(\.ruleID) == Array(repeating: "708.no-current-window", count: service == 1 ? 4 : 6))
    }

    @Test("What is on screen after caption-inspector's HDW and TGW at 3.586 s and 3.753 s: window 1's caption")
    func screenAfterToggle() throws {
        let text = try String(
            contentsOf: TestPaths.sharedFixture("mcc/caption-inspector__BigBuckBunny_256x144-24fps.mcc"),
            encoding: .utf8)
        var decoder = CEA708Decoder()
        var shown: [String]?
        var hidden: [String]?
        for block in try TestSideMCC.serviceBlocks(text, service: 1, rate: 24) where block.time < 3.8 {
            decoder.decode(block.data, at: block.time)
            if block.time < 3.7 { hidden = decoder.screen.lines } else { shown = decoder.screen.lines }
        }
        // {HDW:11111111} at 3.586 hides all; {TGW:00000010} at 3.753 shows window 1, whose DF1 put
        // "- FINE." at row 0 column 0 and "2024." at row 1 column 1.
        #expect(hidden == [])
        #expect(shown == ["w1 r0: - FINE.", "w1 r1:  2024."])
    }
}

@Suite("CEA-708 captions of a real MCC against caption-inspector's decode")
struct CEA708CaptionInspectorCaptionTests {
    /// caption-inspector's S1 decode (`BigBuckBunny_256x144-24fps-S1.708` @ c2285d4): each caption
    /// is prepared in a hidden window and shown by the TGW after the HDW that hides the previous
    /// one; the times are its `HH:MM:SS,mmm` of that TGW (show) and of the next HDW (hide), at
    /// 23.976 frames a second.
    static let shown: [(show: Double, hide: Double)] = [
        (3.753, 6.047), (6.256, 8.675), (8.883, 11.177), (11.386, 13.304), (13.513, 15.390), (15.598, 17.517),
        (17.726, 19.144), (19.352, 20.270), (20.478, 22.188), (22.397, 24.649), (24.858, 26.443),
    ]

    @Test("Service 1 read by the caption builder gives caption-inspector's texts, shown and hidden at its times")
    func service1() throws {
        let text = try String(
            contentsOf: TestPaths.sharedFixture("mcc/caption-inspector__BigBuckBunny_256x144-24fps.mcc"),
            encoding: .utf8)
        let rate = 24000.0 / 1001
        let blocks = try TestSideMCC.serviceBlocks(text, service: 1, rate: rate)
        let result = CEA708CaptionBuilder.read(
            blocks.map { (MediaTime(value: Int64(($0.time * 1_000_000).rounded()), timescale: 1_000_000), $0.data) })
        let captions = result.document.captions
        try #require(captions.count >= Self.shown.count, "\(captions.count) captions")
        for (index, expected) in CEA708CaptionInspectorWitnessTests.service1.prefix(Self.shown.count).enumerated() {
            let caption = captions[index]
            // caption-inspector prints each line at its pen column; our lines keep the columns as
            // cells that show the picture (U+00A0).
            let lines = caption.lines.map {
                $0.replacingOccurrences(of: "\u{A0}", with: " ").trimmingCharacters(in: .whitespaces)
            }
            #expect(lines == expected.lines.map(\.2), "caption \(index + 1)")
            // Within a frame: caption-inspector decodes a DTVCC packet when the next one starts,
            // so it stamps all but the first TGW one frame (41.7 ms) later than the frame whose
            // CDP completes the packet, where we decode it (CTA-708-E §5; Specs/cea708.md).
            let frame = 1001.0 / 24000 + 0.002
            #expect(abs(caption.timeRange.start.seconds - Self.shown[index].show) < frame, "caption \(index + 1) start")
            #expect(abs(caption.timeRange.end.seconds - Self.shown[index].hide) < frame, "caption \(index + 1) end")
        }
        // The four commands before the first DefineWindow, and the pen's edge colour (SPC edge
        // R1G1B1 with edge type none: no loss) — nothing else is reported.
        #expect(
            result.diagnostics.filter { $0.severity != .info }.map(\.ruleID)
                == Array(repeating: "708.no-current-window", count: 4))
    }
}
