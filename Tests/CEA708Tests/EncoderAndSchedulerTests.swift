// The caption encoder and the scheduler on small hand-made documents; expected bytes and frames
// are worked by hand from CTA-708-E §7.1 (codes), §8.10.5 (command lengths) and §6.2 (31-byte
// service blocks).

import CaptionCore
import Testing

@testable import CEA708

@Suite("CEA-708 caption encoder and scheduler")
struct CEA708EncoderAndSchedulerTests {
    static let rate = FrameRate.fps29_97
    static func frame(_ n: Int64) -> MediaTime { rate.time(ofFrame: n) }

    @Test("Room a frame: two bytes a construct, less the packet and service block headers, at most 31")
    func room() {
        #expect(CEA708Scheduler.bytesPerFrame(constructsPerFrame: 18) == 31)  // 36 − 2, capped at 31
        #expect(CEA708Scheduler.bytesPerFrame(constructsPerFrame: 5) == 8)  // 10 − 1 − 1
        #expect(CEA708Scheduler.bytesPerFrame(constructsPerFrame: 5, service: 9) == 7)  // extended header
        #expect(CEA708Scheduler.bytesPerFrame(constructsPerFrame: 1) == 0)
    }

    @Test("A pop-on caption: the preload fills frames from 0, DSW starts on its frame, HDW on its end's")
    func popOnFrames() throws {
        let document = CaptionDocument(captions: [
            Caption(
                "ABCDEFGHIJ", start: Self.frame(3), end: Self.frame(10),
                region: .cells(row: 14, column: 0, rows: 1, columns: 10))
        ])
        let encoding = CEA708CaptionEncoder().encode(document)
        let schedule = CEA708Scheduler.schedule(encoding, rate: Self.rate, constructsPerFrame: 5)
        // DF0 (7 bytes: 0x98, visible off, row 70 → 14 × 5, column 25, 1 row, 10 columns, styles 2/1),
        // then CLW 0 + SPL 0,0 + "ABC" (8), "DEFGHIJ" (7); DSW 0 at frame 3, HDW 0 at frame 10.
        let expected: [(Int64, [UInt8])] = [
            (0, [0x98, 0x18, 70, 25, 0x00, 9, 0x11]),
            (1, [0x88, 0x01, 0x92, 0, 0] + Array("ABC".utf8)),
            (2, Array("DEFGHIJ".utf8)),
            (3, [0x89, 0x01]),
            (10, [0x8A, 0x01]),
        ]
        #expect(schedule.frames.map(\.index) == expected.map(\.0))
        #expect(schedule.frames.map(\.bytes) == expected.map(\.1))
        #expect(schedule.late.isEmpty)
    }

    @Test("Data that cannot arrive in time is an error with the caption, its time and the delay that fits it")
    func late() throws {
        let document = CaptionDocument(captions: [
            Caption(
                "ABCDEFGHIJ", start: Self.frame(2), end: Self.frame(10),
                region: .cells(row: 14, column: 0, rows: 1, columns: 10))
        ])
        let schedule = CEA708Scheduler.schedule(
            CEA708CaptionEncoder().encode(document), rate: Self.rate, constructsPerFrame: 5)
        // The preload ends in frame 2 with 7 bytes; DSW's 2 bytes do not fit the 8 of frame 2.
        #expect(schedule.late.map(\.framesLate) == [1])
        #expect(schedule.late.first?.captionIndices == [0])
        let diagnostic = try #require(schedule.diagnostics.first)
        #expect(diagnostic.ruleID == "708.bandwidth" && diagnostic.severity == .error)
        #expect(diagnostic.location.time == Self.frame(2))
        #expect(diagnostic.suggestedFix?.contains("1 frame") == true)
    }

    @Test("Characters: G2 by EXT1, U+00A0 as the transparent NBTSP, others replaced and reported")
    func characters() throws {
        let document = CaptionDocument(captions: [Caption("A\u{A0}™ß€✓", start: Self.frame(30), end: Self.frame(60))])
        let encoding = CEA708CaptionEncoder().encode(document)
        let bytes = encoding.chunks.flatMap(\.bytes)
        // ß is G1 0xDF; ™ G2 0x39; € and ✓ have no code (§7.1): "?".
        let text: [UInt8] = [0x41, 0x10, 0x21, 0x10, 0x39, 0xDF, 0x3F, 0x3F]
        #expect(bytes.indices.contains { bytes[$0...].starts(with: text) })
        #expect(encoding.diagnostics.map(\.ruleID) == ["708.encode.character"])
    }

    @Test("A ninth window at once is an error and the caption is left out; bold is reported once")
    func windowLimit() throws {
        let bold = CaptionTextStyle(bold: true)
        let captions = (0..<9).map { n in
            Caption(
                runs: [CaptionRun("L\(n)", style: bold)],
                timeRange: TimeRange(start: Self.frame(30 + Int64(n)), end: Self.frame(300)))
        }
        let encoding = CEA708CaptionEncoder().encode(CaptionDocument(captions: captions))
        #expect(encoding.diagnostics.map(\.ruleID) == ["708.encode.style", "708.encode.windows"])
        #expect(encoding.diagnostics.last?.location.time == Self.frame(38))
        let shows = encoding.chunks.flatMap(\.commands).filter { if case .displayWindows = $0 { true } else { false } }
        #expect(shows.count == 8)
    }
}

extension CEA708EncoderAndSchedulerTests {
    @Test("A frame too small for a DefineWindow (7 bytes) is an error, not a silent loss or a hang")
    func tooSmall() {
        let document = CaptionDocument(captions: [Caption("A", start: Self.frame(3), end: Self.frame(10))])
        let schedule = CEA708Scheduler.schedule(
            CEA708CaptionEncoder().encode(document), rate: Self.rate, constructsPerFrame: 4)  // 6 bytes
        #expect(schedule.diagnostics.contains { $0.ruleID == "708.bandwidth" && $0.message.contains("cannot be sent") })
    }

    @Test("A region partly off the screen: its window goes to the edge with a warning; one on it, none")
    func offScreenRegionIsReported() {
        // In percent of the picture: the safe-title area is 10 %–90 % (Specs/cea708.md), and a
        // relative anchor is 0–99 of it (§8.4), so x = −21.6 % has no anchor; 10 % and 30 % do.
        func warnings(x: Double, y: Double) -> [String] {
            let region = CaptionRegion(
                origin: CaptionPoint(x: .percent(x), y: .percent(y)),
                size: CaptionSize(width: .percent(17.14), height: .percent(5.33)))
            let document = CaptionDocument(captions: [
                Caption("RE HOUSE?", start: Self.frame(30), end: Self.frame(60), region: region)
            ])
            return CEA708CaptionEncoder().encode(document).diagnostics.filter { $0.ruleID == "708.encode.position" }
                .map(\.message)
        }
        #expect(warnings(x: -21.6, y: 32.7).count == 1)
        #expect(warnings(x: 30, y: 95).count == 1)
        #expect(warnings(x: 10, y: 32.4).isEmpty)
        #expect(warnings(x: 30, y: 80).isEmpty)
        // On the 608 grid: row 14 of one row fits, row 15 does not.
        let grid = CaptionDocument(captions: [
            Caption("A", start: Self.frame(3), end: Self.frame(10), region: .cells(row: 15, column: 0, rows: 1, columns: 1)),
            Caption("B", start: Self.frame(3), end: Self.frame(10), region: .cells(row: 14, column: 2, rows: 1, columns: 1)),
        ])
        let found = CEA708CaptionEncoder().encode(grid).diagnostics.filter { $0.ruleID == "708.encode.position" }
        #expect(found.map(\.message).map { $0.hasPrefix("caption 1'") } == [true])
    }

    @Test("Region numbers beyond Int from a file (1e300 cells) are a window at the edge and a warning, not a trap")
    func hugeRegionNumbersDoNotTrap() {
        var popOn = Caption("HI", start: Self.frame(3), end: Self.frame(10))
        popOn.region = CaptionRegion(
            origin: CaptionPoint(x: .cells(1e300), y: .cells(-1e300)), size: CaptionSize(width: .cells(1e300), height: .cells(1)))
        var rollUp = Caption("UP", start: Self.frame(20), end: Self.frame(40))
        rollUp.region = CaptionRegion(
            origin: CaptionPoint(x: .cells(-1e300), y: .cells(1e300)), size: CaptionSize(width: .cells(2), height: .cells(1e300)),
            scroll: .rollUp(rows: 2))
        let encoding = CEA708CaptionEncoder().encode(CaptionDocument(captions: [popOn, rollUp]))
        #expect(encoding.diagnostics.filter { $0.ruleID == "708.encode.position" }.count == 2)
        // Column 0, row 0 on the 16:9 grid (the 608 area from grid column 25); the roll-up window
        // of 15 rows (the most a window has) at row 0.
        let anchors = encoding.chunks.flatMap(\.commands).compactMap { command -> [Int]? in
            guard case .defineWindow(let d) = command else { return nil }
            return [Int(d.anchorVertical), Int(d.anchorHorizontal), d.rowCount]
        }
        #expect(anchors == [[0, 25, 1], [0, 25, 15]])
    }
}
