import CEA608
import CaptionCore
import SCC
import Testing

/// The SCC file the writer makes: header, lines, timecode labels, options and failures.
@Suite struct WriterTests {
    static let rate = FrameRate.fps29_97

    static func caption(_ text: String, _ start: Int64, _ end: Int64, rate: FrameRate = rate) -> Caption {
        Caption(
            runs: [CaptionRun(text)],
            timeRange: TimeRange(start: rate.time(ofFrame: start), end: rate.time(ofFrame: end)),
            region: .cells(row: 14, column: 0, rows: 1, columns: 32))
    }

    static func write(
        _ captions: [Caption], _ options: CaptionFormatOptions = CaptionFormatOptions(), rate: FrameRate = rate
    )
        throws -> String
    {
        let document = CaptionDocument(captions: captions, frameRate: rate)
        var options = options
        if options.frameRate == nil && rate != .fps29_97 { options.frameRate = rate }
        return String(decoding: try SCCWriter(options: options).write(document).bytes, as: UTF8.self)
    }

    @Test func writesHeaderLinesAndDropFrameLabels() throws {
        // Load (RCL, PAC row 15, "Hi") in frames 55–59 as late as it can go, EOC on frame 60
        // (00:00:02;00) on its own line, EDM on frame 90.
        let text = try Self.write([Self.caption("Hi", 60, 90)])
        #expect(
            text == """
                Scenarist_SCC V1.0

                00:00:01;25\t9420 9420 9470 9470 c8e9

                00:00:02;00\t942f 942f

                00:00:03;00\t942c 942c

                """)
    }

    @Test func dropFrameLabelsSkipDroppedNumbers() throws {
        // Frame 1800 is the first of minute 1: drop-frame labels skip ;00 and ;01 there.
        let text = try Self.write([Self.caption("Hi", 1800, 1830)])
        #expect(text.contains("\n00:01:00;02\t942f 942f\n"))
        let nonDrop = try Self.write([Self.caption("Hi", 1800, 1830)], CaptionFormatOptions(dropFrame: false))
        #expect(nonDrop.contains("\n00:01:00:00\t942f 942f\n"))
    }

    @Test func labelsNeverReachTheNominalRate() throws {
        // Captions across many minutes: every label's frame field stays below 30 (29.97) or 25.
        let cases: [(FrameRate, Bool)] = [(.fps29_97, true), (.fps29_97, false), (.fps25, false), (.fps30, false)]
        for (rate, dropFrame) in cases {
            var captions: [Caption] = []
            for index in 0..<200 {
                let start = Int64(100 + index * 97)
                captions.append(Self.caption("Caption \(index)", start, start + 50, rate: rate))
            }
            let text = try Self.write(captions, CaptionFormatOptions(dropFrame: dropFrame), rate: rate)
            for line in text.split(separator: "\n").dropFirst() {
                let label = String(line.prefix(11))
                let parsed = try Timecode(label, rate: rate)
                #expect(parsed.dropFrame == dropFrame, "\(label)")
                #expect(parsed.frames < rate.nominal)
            }
        }
    }

    @Test func startTimecodeOffsetsEveryLabel() throws {
        let text = try Self.write([Self.caption("Hi", 60, 90)], CaptionFormatOptions(startTimecode: "01:00:00;00"))
        #expect(text.contains("\n01:00:02;00\t942f 942f\n"))
        #expect(throws: CaptionFormatError.self) {
            try Self.write([Self.caption("Hi", 60, 90)], CaptionFormatOptions(startTimecode: "01:00:00;99"))
        }
    }

    @Test func startTimecodeWithTheOtherSeparatorIsReadAsMeant() throws {
        // Drop-frame output (29.97 default) with a start written non-drop: "01:00:00:00" is taken
        // as 01:00:00;00, with a warning, so a caption at 2 s is labelled 01:00:02;00. Failed
        // before: the start was counted non-drop (108,000 frames = 01:00:03;18 in drop-frame),
        // silently putting the caption at 01:00:05;18. Reading with the same option gives 2 s.
        let options = CaptionFormatOptions(startTimecode: "01:00:00:00")
        let result = try SCCWriter(options: options)
            .write(CaptionDocument(captions: [Self.caption("Hi", 60, 90)], frameRate: Self.rate))
        #expect(result.diagnostics.map(\.ruleID) == ["scc.start-timecode"])
        #expect(result.diagnostics.first?.message.contains("read as 01:00:00;00") == true)
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(text.contains("\n01:00:02;00\t942f 942f\n"))
        let back = try SCCReader(options: options).read(result.bytes)
        #expect(back.document.captions.first.map { Self.rate.frame(at: $0.timeRange.start) } == 60)
        #expect(back.diagnostics.map(\.ruleID).contains("scc.start-timecode"))
        // 01:01:00;00 is no drop-frame label (SMPTE ST 12-1): refused, naming it.
        do {
            _ = try SCCWriter(options: CaptionFormatOptions(startTimecode: "01:01:00:00"))
                .write(CaptionDocument(captions: [Self.caption("Hi", 60, 90)], frameRate: Self.rate))
            Issue.record("expected a refusal")
        } catch {
            #expect(error.message.contains("01:01:00;00"))
        }
        // Non-drop output with a drop-frame start: the same digits, non-drop.
        let ndf = try SCCWriter(options: CaptionFormatOptions(dropFrame: false, startTimecode: "01:00:00;00"))
            .write(CaptionDocument(captions: [Self.caption("Hi", 60, 90)], frameRate: Self.rate))
        #expect(String(decoding: ndf.bytes, as: UTF8.self).contains("\n01:00:02:00\t942f 942f\n"))
    }

    @Test func collisionsFailWithTheConflicts() throws {
        // 20 characters on row 14 need 14 frames of load before frame 10 (RCL and PAC twice, 10
        // text words); with both once, 12, and without the RCL a decoder starts with, 11: still
        // 1 too many.
        var caption = Self.caption("twenty characters!!!", 10, 100)
        caption.region = .cells(row: 13, column: 0, rows: 1, columns: 32)
        let captions = [caption]
        do {
            _ = try Self.write(captions)
            Issue.record("expected a failure")
        } catch let error as CaptionFormatError {
            #expect(error.kind == .cannotWrite)
            let conflicts = error.diagnostics.filter { $0.ruleID == TransmissionConflict.ruleID }
            #expect(conflicts.count == 1)
            #expect(conflicts.first?.suggestedFix == "delay the start by 1 frame")
            #expect(conflicts.first?.location.timecode == "00:00:00;10")
        }
    }

    @Test func applyShiftsMovesAndReports() throws {
        var caption = Self.caption("twenty characters!!!", 10, 100)
        caption.region = .cells(row: 13, column: 0, rows: 1, columns: 32)
        let result = try SCCWriter(options: CaptionFormatOptions(applyShifts: true))
            .write(CaptionDocument(captions: [caption], frameRate: Self.rate))
        // Codes once before any shift: the PAC (row 14, 0x14 0x50 → 94d0) once and no RCL (a
        // decoder starts in pop-on): 11 frames of load, so the EOC moves from frame 10 to 11;
        // the load starts on frame 0, the EOC is still sent twice.
        #expect(result.diagnostics.map(\.ruleID) == ["608.single-codes", "608.shift"])
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(text.contains("\n00:00:00;00\t94d0 "))
        #expect(text.contains("\n00:00:00;11\t942f 942f\n"))
        let back = try SCCReader().read(result.bytes).document.captions
        #expect(back.count == 1)
        #expect(back.first.map { Self.rate.frame(at: $0.timeRange.start) } == 11)
        #expect(back.first.map { Self.rate.frame(at: $0.timeRange.end) } == 100)
    }

    @Test func oneFrameCaptionSendsItsEOCOnce() throws {
        // EOC twice needs two frames before the EDM on 61; sent once it fits on 60 (15.119(i):
        // the second copy is for resilience). Failed before: the write failed without --shift.
        let captions = [Self.caption("a", 60, 61)]
        let result = try SCCWriter().write(CaptionDocument(captions: captions, frameRate: Self.rate))
        #expect(result.diagnostics.map(\.ruleID) == ["608.single-codes"])
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(text.contains("\n00:00:02;00\t942f\n"))
        let back = try SCCReader().read(result.bytes).document.captions
        #expect(back.first.map { Self.rate.frame(at: $0.timeRange.start) } == 60)
        #expect(back.first.map { Self.rate.frame(at: $0.timeRange.end) } == 61)
    }

    @Test func oneFrameCaptionIsLengthenedWithShifts() throws {
        // A one-frame paint-on caption "abc" needs PAC, "ab", "c" on its frames (3, with the PAC
        // once): with --shift it is lengthened by 2 frames, as a conformer would.
        var caption = Self.caption("abc", 60, 61)
        caption.animation = .characterReveal
        #expect(throws: CaptionFormatError.self) { try Self.write([caption]) }
        let result = try SCCWriter(options: CaptionFormatOptions(applyShifts: true))
            .write(CaptionDocument(captions: [caption], frameRate: Self.rate))
        #expect(result.diagnostics.map(\.ruleID).contains("608.shift"))
        let back = try SCCReader().read(result.bytes).document.captions
        #expect(back.first.map { Self.rate.frame(at: $0.timeRange.end) } == 63)
    }

    @Test func unfixableCollisionsFailEvenWithShifts() throws {
        // 30 characters need 19 frames of load; between the first caption's EOC and the last
        // moment this one could start there are 12 free frames.
        let captions = [Self.caption("first", 30, 40), Self.caption(String(repeating: "x", count: 30), 42, 47)]
        #expect(throws: CaptionFormatError.self) {
            try Self.write(captions, CaptionFormatOptions(applyShifts: true))
        }
    }

    @Test(arguments: 0..<30) func arbitraryDocumentsWriteOrFailCleanly(seed: Int) throws {
        // Overlaps, odd modes and windows, off-grid and negative times, text that does not fit,
        // characters outside the set: the writer writes (reporting changes) or throws, and what
        // it writes reads back.
        var random = SplitMix64(seed: UInt64(seed) &* 7919)
        let texts = ["Hello", "a\nb\nc\nd\ne", String(repeating: "x", count: 40), "日本語 ✓", "", " lead", "É♪\u{A0}"]
        var captions: [Caption] = []
        for _ in 0..<12 {
            let start = MediaTime(value: Int64(random.next(below: 4000)) - 200, timescale: 100)
            let end = start + MediaTime(value: Int64(random.next(below: 300)), timescale: 100)
            var caption = Caption(
                runs: [
                    CaptionRun(texts[Int(random.next(below: UInt64(texts.count)))]),
                    CaptionRun(
                        " b",
                        style: CaptionTextStyle(textColor: CaptionColor(red: 10, green: 200, blue: 90), italic: true)),
                ],
                timeRange: TimeRange(start: start, end: end),
                region: .cells(
                    row: Int(random.next(below: 20)) - 2, column: Int(random.next(below: 40)) - 4, rows: 1, columns: 10,
                    scroll: random.next(below: 4) == 0 ? .rollUp(rows: Int(random.next(below: 6))) : .none))
            if random.next(below: 5) == 0 { caption.animation = .characterReveal }
            captions.append(caption)
        }
        let document = CaptionDocument(captions: captions, frameRate: Self.rate)
        for shift in [false, true] {
            do {
                let written = try SCCWriter(options: CaptionFormatOptions(applyShifts: shift)).write(document)
                _ = try SCCReader().read(written.bytes)
            } catch {
                #expect(error.kind == .cannotWrite)
                #expect(!error.diagnostics.isEmpty || !error.message.isEmpty)
            }
        }
    }

    @Test func sccIsWrittenAt2997UnlessAsked() throws {
        // A 25 fps document: without --frame-rate the file is 29.97 drop-frame, times kept.
        let rate25 = FrameRate.fps25
        let caption = Caption(
            "Hi", start: rate25.time(ofFrame: 50), end: rate25.time(ofFrame: 100),
            region: .cells(row: 14, column: 0, rows: 1, columns: 32))
        let document = CaptionDocument(captions: [caption], frameRate: rate25, dropFrame: false)
        let text = String(decoding: try SCCWriter().write(document).bytes, as: UTF8.self)
        // 2 s is frame 60 at 29.97 (59.94, rounded): EOC on 00:00:02;00.
        #expect(text.contains("\n00:00:02;00\t942f 942f\n"))
    }

    @Test func emptyDocumentIsJustTheHeader() throws {
        #expect(try Self.write([]) == "Scenarist_SCC V1.0\n")
    }
}
