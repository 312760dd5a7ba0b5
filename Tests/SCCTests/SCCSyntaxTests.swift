// SCC file syntax, labels and word timing (Specs/scc.md). Every error names its line; lenient
// reading turns what it can get past into diagnostics, strict reading into errors.

import CEA608
import CaptionCore
import SCC
import Testing

@Suite struct SCCSyntaxTests {
    static let header = "Scenarist_SCC V1.0\n\n"

    @Test func eachWordTakesOneFrameAndPopOnStartsAtEndOfCaption() throws {
        // RCL RCL PAC PAC "HI" EOC EOC from 00:00:01:00: the EOC is the sixth word, 00:00:01:05.
        let result = try readSCC(
            Self.header + "00:00:01:00\t9420 9420 9470 9470 c849 942f 942f\n\n00:00:03:00\t942c 942c\n")
        #expect(summaries(result, dropFrame: false) == ["00:00:01:05 00:00:03:00 15-15:0 HI"])
        // Exact time: 35 frames of 1001/30000 s.
        #expect(result.document.captions.first?.timeRange.start == MediaTime(value: 35 * 1001, timescale: 30000))
        #expect(result.document.dropFrame == false)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func dropFrameAndNonDropLabelsAt2997() throws {
        // SMPTE ST 12-1: 00:01:00;02 is frame 1800 (labels ;00 and ;01 are skipped), 00:10:00;00
        // is frame 17982; the non-drop label 00:10:00:00 is frame 18000.
        let dropFrame = try readSCC(Self.header + "00:10:00;00\t9420 9470 c849 942f\n00:10:05;00\t942c\n")
        #expect(dropFrame.document.captions.first?.timeRange.start == FrameRate.fps29_97.time(ofFrame: 17982 + 3))
        #expect(dropFrame.document.dropFrame == true)
        let nonDrop = try readSCC(Self.header + "00:10:00:00\t9420 9470 c849 942f\n00:10:05:00\t942c\n")
        #expect(nonDrop.document.captions.first?.timeRange.start == FrameRate.fps29_97.time(ofFrame: 18000 + 3))
    }

    @Test func frameRateOptionFor25And24And30() throws {
        let text = Self.header + "00:00:01:10\t9420 9470 c849 942f\n00:00:02:00\t942c\n"
        for (rate, frames) in [(FrameRate.fps25, 38), (.fps24, 37), (.fps30, 43)] {
            let result = try readSCC(text, CaptionFormatOptions(frameRate: rate))
            // 1 s + 10 frames + 3 words before the EOC.
            #expect(result.document.captions.first?.timeRange.start == rate.time(ofFrame: Int64(frames)))
            #expect(result.document.frameRate == rate)
        }
        // Drop-frame labels do not exist at 25 fps: read as non-drop, with a warning.
        let result = try readSCC(
            Self.header + "00:00:01;10\t9420 9470 c849 942f\n", CaptionFormatOptions(frameRate: .fps25))
        #expect(rules(result).contains("scc.drop-frame-rate"))
        #expect(throws: CaptionFormatError.self) {
            try readSCC(Self.header + "00:00:01;10\t9420\n", CaptionFormatOptions(strict: true, frameRate: .fps25))
        }
    }

    @Test func badHexNamesItsLine() throws {
        let text = Self.header + "00:00:01:00\t9420 9470\n00:00:02:00\t94zz c849 942f\n"
        let lenient = try readSCC(text, CaptionFormatOptions(fileName: "bad.scc"))
        let problem = try #require(lenient.diagnostics.first { $0.ruleID == "scc.hex" })
        #expect(problem.severity == .error)
        #expect(problem.location.file == "bad.scc")
        #expect(problem.location.line == 4)
        #expect(problem.location.column == 13)
        // The bad word still took its frame: "HI" at 2:01, EOC at 2:02.
        #expect(summaries(lenient, dropFrame: false).first?.hasPrefix("00:00:02:02 ") == true)
        do {
            _ = try SCCReader(options: CaptionFormatOptions(fileName: "bad.scc", strict: true)).read(Array(text.utf8))
            Issue.record("strict reading accepted bad hex")
        } catch {
            #expect(error.location.line == 4)
            #expect(error.description.hasPrefix("bad.scc:4:13: "))
        }
    }

    @Test func badTimecodeNamesItsLine() throws {
        let text = Self.header + "00:0x:01:00\t9420\n00:00:02:00\t9420 9470 c849 942f\n"
        let lenient = try readSCC(text)
        #expect(lenient.diagnostics.first?.ruleID == "scc.timecode")
        #expect(lenient.diagnostics.first?.location.line == 3)
        #expect(lenient.document.captions.count == 1)
        #expect(throws: CaptionFormatError.self) { try readSCC(text, CaptionFormatOptions(strict: true)) }
        // Hours, minutes and seconds out of range are bad timecodes too.
        let range = try readSCC(Self.header + "00:61:00:00\t9420\n")
        #expect(range.diagnostics.first?.ruleID == "scc.timecode")
    }

    @Test func framesAtOrAboveTheRate() throws {
        // 00:00:01:45 is not a label; lenient reading counts on: frame 30 + 45 = 75 = 00:00:02:15.
        let text = Self.header + "00:00:01:45\t942f\n00:00:00:00\t\n"
        let lenient = try readSCC(Self.header + "00:00:01:45\t9420 9470 c849 942f\n")
        #expect(rules(lenient).first == "scc.frame-range")
        #expect(lenient.diagnostics.first?.location.line == 3)
        #expect(lenient.document.captions.first?.timeRange.start == FrameRate.fps29_97.time(ofFrame: 75 + 3))
        #expect(throws: CaptionFormatError.self) { try readSCC(text, CaptionFormatOptions(strict: true)) }
    }

    @Test func nonexistentDropFrameLabel() throws {
        // 00:01:00;00 does not exist (ST 12-1); read as the next label, 00:01:00;02 = frame 1800.
        let lenient = try readSCC(Self.header + "00:01:00;00\t942f 9420 9470 c849 942f\n")
        #expect(rules(lenient).first == "scc.drop-frame-label")
        #expect(lenient.document.captions.first?.timeRange.start == FrameRate.fps29_97.time(ofFrame: 1800 + 4))
        #expect(throws: CaptionFormatError.self) {
            try readSCC(Self.header + "00:01:00;01\t9420\n", CaptionFormatOptions(strict: true))
        }
    }

    @Test func decreasingTimecodes() throws {
        // The second line's label is earlier; its words go after the first line's (frame 32).
        let text = Self.header + "00:00:01:00\t9420 9470\n00:00:00:10\tc849 942f\n"
        let lenient = try readSCC(text)
        let problem = try #require(lenient.diagnostics.first)
        #expect(problem.ruleID == "scc.timecode-order")
        #expect(problem.location.line == 4)
        #expect(lenient.document.captions.first?.timeRange.start == FrameRate.fps29_97.time(ofFrame: 33))
        #expect(throws: CaptionFormatError.self) { try readSCC(text, CaptionFormatOptions(strict: true)) }
    }

    @Test func overlappingLineIsDelayedWithANote() throws {
        // The first line's words run to frame 33; the next label (frame 32) is too early.
        let text = Self.header + "00:00:01:00\t9420 9470 c849 942f\n00:00:01:02\t942c\n"
        let result = try readSCC(text)
        #expect(rules(result) == ["scc.words-overlap"])
        #expect(result.diagnostics.first?.location.line == 4)
        // A warning: the words of the next line arrive late (caption-inspector's "overrun").
        #expect(result.diagnostics.first?.severity == .warning)
        // EDM is sent at frame 34, not 32.
        #expect(result.document.captions.first?.timeRange.end == FrameRate.fps29_97.time(ofFrame: 34))
        // Strict reading stops at it, like every other warning.
        #expect(throws: CaptionFormatError.self) {
            try readSCC(text, CaptionFormatOptions(strict: true))
        }
    }

    @Test func headerProblems() throws {
        let missing = try readSCC("00:00:01:00\t9420 9470 c849 942f\n")
        #expect(rules(missing).first == "scc.header")
        #expect(missing.document.captions.count == 1)
        let odd = try readSCC("Scenarist_SCC V2.0\n00:00:01:00\t9420 9470 c849 942f\n")
        #expect(rules(odd).first == "scc.header")
        #expect(throws: CaptionFormatError.self) {
            try readSCC("00:00:01:00\t9420\n", CaptionFormatOptions(strict: true))
        }
        // A byte order mark, CR LF line ends and spaces instead of a tab are fine.
        let windows = try readSCC(
            "\u{FEFF}Scenarist_SCC V1.0\r\n\r\n00:00:01:00    9420 9470 c849 942f  \r\n00:00:02:00 942c\r\n")
        #expect(windows.diagnostics.isEmpty)
        #expect(windows.document.captions.map(\.text) == ["HI"])
        #expect(try readSCC("").diagnostics.map(\.ruleID) == ["scc.header"])
    }

    @Test func parityErrorShowsASolidBlockInTheFailingCharactersCell() throws {
        // 47 CFR 15.119(b): 0xc9 ('I', 4 one bits) fails the check and shows as the solid block
        // (15.119(j)(1)); 0xc8 ('H') in the same pair is fine. Failed before: "TA" (pair dropped).
        let result = try readSCC(Self.header + "00:00:01:00\t9420 9470 c8c9 54c1 942f 942f\n")
        #expect(result.document.captions.map(\.text) == ["H\u{2588}TA"])
        #expect(rules(result).contains("608.parity"))
        #expect(result.diagnostics.first { $0.ruleID == "608.parity" }?.location.column == 23)
    }

    @Test func disassemblyLocatesDecoderFindingsByLineAndTime() throws {
        // One pair of six fails parity: too few to ignore parity, so its failing byte shows as
        // the solid block and the finding is located.
        let bytes = Array((Self.header + "00:00:01:00\t9420 9470 c8c9 54c1 942f 942f\n").utf8)
        let (entries, diagnostics) = try SCCDisassembler().disassemble(bytes)
        #expect(entries.map(\.meaning).contains("\"H\u{2588}\""))
        let parity = diagnostics.first { $0.ruleID == "608.parity" }
        #expect(parity?.location.line == 3 && parity?.location.column == 23)
        #expect(parity?.location.timecode == "00:00:01:02")
        // Frame 32 (label 00:00:01:00 is frame 30) at 29.97 fps.
        #expect(parity?.location.time == FrameRate.fps29_97.time(ofFrame: 32))
    }

    @Test func disassemblyStreamsWithBoundedFindings() throws {
        // Each word is handed out as it is decoded (the dump prints and keeps nothing): the same
        // entries as the collected form. Twelve control pairs with a failing byte (1420: 0x14 has
        // two one bits) among 62 words (too few to ignore parity): with a limit of 5, five are kept and the other
        // seven counted in one note. Before: every entry and finding was kept until the end (a
        // 5 MB one-line file took 498 MB; now 28 MB).
        let words = Array(repeating: "9420 1420 c1c1 c1c1 c1c1", count: 12).joined(separator: " ")
        let bytes = Array((Self.header + "00:00:01:00\t9470 " + words + " 942f\n").utf8)
        let collected = try SCCDisassembler().disassemble(bytes)
        var streamed: [SCCDisassemblyEntry] = []
        let findings = try SCCDisassembler().disassemble(bytes, findingLimit: 5) { streamed.append($0) }
        #expect(streamed == collected.entries)
        #expect(collected.diagnostics.filter { $0.ruleID == "608.parity" }.count == 12)
        #expect(findings.filter { $0.ruleID == "608.parity" }.count == 5)
        #expect(findings.first { $0.ruleID == "scc.findings-limit" }?.message.hasPrefix("7 more") == true)
    }

    @Test func disassemblyKeepsBoundedSyntaxFindingsToo() throws {
        // Twelve words that are not four hex digits (scc.hex, one finding each): with a limit of
        // 5, five are kept and the other seven counted in the note. Before, the dump kept every
        // syntax finding: a 50 MB file whose labels pass 24 hours (375,000 findings) took 340 MB.
        let words = Array(repeating: "9420 zz", count: 12).joined(separator: " ")
        let bytes = Array((Self.header + "00:00:01:00\t" + words + " 942f\n").utf8)
        var count = 0
        let findings = try SCCDisassembler().disassemble(bytes, findingLimit: 5) { _ in count += 1 }
        // The twelve RCLs and the EOC; a bad word is skipped (it still takes its frame).
        #expect(count == 13)
        #expect(findings.filter { $0.ruleID == "scc.hex" }.count == 5)
        #expect(findings.first { $0.ruleID == "scc.findings-limit" }?.message.hasPrefix("7 more findings") == true)
    }

    @Test func disassemblyIgnoresParityLikeTheReader() throws {
        let text = Self.header + "00:00:01:00\t1420 1470 4849 4a4b 142f\n"
        let (entries, diagnostics) = try SCCDisassembler().disassemble(Array(text.utf8))
        #expect(entries.map(\.meaning) == ["RCL", "PAC row 15 col 0 white", "\"HI\"", "\"JK\"", "EOC"])
        #expect(diagnostics.map(\.ruleID) == ["scc.no-parity"])
        #expect(entries.last?.screen == ["15:0 HIJK"])
        // Strict mode keeps parity on, as the reader does: control pairs with a failing byte are
        // dropped; in character pairs only the failing bytes (0x48 'H', 0x4b 'K', two one bits
        // each) become the solid block.
        let strict = try SCCDisassembler(options: CaptionFormatOptions(strict: true)).disassemble(Array(text.utf8))
        #expect(
            strict.entries.map(\.meaning) == [
                "parity error (dropped)", "parity error (dropped)", "\"\u{2588}I\"", "\"J\u{2588}\"",
                "parity error (dropped)",
            ])
    }

    @Test func fileWithoutParityBitsIsReadWithAWarning() throws {
        // No byte has its parity bit: most pairs fail, so lenient reading ignores parity.
        let result = try readSCC(Self.header + "00:00:01:00\t1420 1470 4849 4a4b 142f\n")
        #expect(result.document.captions.map(\.text) == ["HIJK"])
        #expect(rules(result).first == "scc.no-parity")
        #expect(throws: CaptionFormatError.self) {
            try readSCC(Self.header + "00:00:01:00\t1420 1470 4849 4a4b 142f\n", CaptionFormatOptions(strict: true))
        }
    }

    @Test func startTimecodeOption() throws {
        let result = try readSCC(
            Self.header + "01:00:01;00\t9420 9470 c849 942f\n",
            CaptionFormatOptions(startTimecode: "01:00:00;00"))
        #expect(result.document.captions.first?.timeRange.start == FrameRate.fps29_97.time(ofFrame: 33))
    }

    @Test func channelOptionReadsCC2() throws {
        // 15.119(c): data channel 2 codes set bit 3 of the first byte (0x1c20 is RCL on CC2).
        let text = Self.header + "00:00:01:00\t1c20 1c20 1c70 1c70 c849 1c2f 1c2f\n00:00:02:00\t9420 9470 4fcb 942f\n"
        let cc1 = try readSCC(text)
        #expect(cc1.document.captions.map(\.text) == ["OK"])
        let cc2 = try readSCC(text, CaptionFormatOptions(channel: 2))
        #expect(cc2.document.captions.map(\.text) == ["HI"])
        #expect(throws: CaptionFormatError.self) { try readSCC(text, CaptionFormatOptions(channel: 5)) }
    }

    @Test func fieldTwoChannelsAndXDS() throws {
        // Specs/scc.md "Channels": CC3/CC4 read the words as field 2 data; 0x15 misc codes.
        // XDS (CTA-608-E §8.6): a Current Program Name "AB" whose checksum 0x6a (ea with parity)
        // is right, and one whose 0x40 is not (§8.6.3): kept apart, and a located warning.
        let text =
            Self.header + "00:00:01:00\t0183 c1c2 8fea 1520 1520 9470 9470 c849 152f 152f\n\n"
            + "00:00:02:00\t0183 c1c2 8f40\n"
        let cc3 = try readSCC(text, CaptionFormatOptions(channel: 3))
        #expect(cc3.document.captions.map(\.text) == ["HI"])
        #expect(cc3.xdsPackets.map(\.content) == [.programName("AB")])
        #expect(cc3.xdsPackets.first.map { cc3.time(ofFrame: $0.endFrame) } == FrameRate.fps29_97.time(ofFrame: 32))
        #expect(rules(cc3).contains("608.xds"))
        let checksum = cc3.diagnostics.first { $0.ruleID == "608.xds-checksum" }
        #expect(checksum?.location.line == 5 && checksum?.location.timecode == "00:00:02:02")
        let cc1 = try readSCC(text)
        #expect(cc1.document.captions.isEmpty)
        #expect(cc1.xdsPackets.isEmpty)
    }

    @Test func textModeIsKeptApart() throws {
        // CEA-608-B §7.4: TR, text, CR. Not a caption; exposed as text lines and metadata.
        let result = try readSCC(Self.header + "00:00:01:00\t942a 942a c849 94ad 94ad 4fcb 9420 9420\n")
        #expect(result.document.captions.isEmpty)
        #expect(result.textLines.map(\.text) == ["HI", "OK"])
        #expect(result.textLines.first?.start == FrameRate.fps29_97.time(ofFrame: 32))
        #expect(result.document.metadata["cea608.textMode"] == "HI\nOK")
        #expect(rules(result).contains("scc.text-mode"))
    }

    @Test func captionStillOnScreenAtTheEnd() throws {
        // Specs/scc.md "End of data": 2 s after the frame after the last word.
        let result = try readSCC(Self.header + "00:00:01:00\t9420 9470 c849 942f\n")
        #expect(result.document.captions.first?.timeRange.end == FrameRate.fps29_97.time(ofFrame: 34 + 60))
        #expect(rules(result) == ["scc.open-at-end"])
    }

    @Test func formatDescriptor() throws {
        #expect(SCCFormat.descriptor.name == "scc")
        #expect(SCCFormat.descriptor.extensions == ["scc"])
        #expect(SCCFormat.probe(ArraySlice(Array("Scenarist_SCC V1.0\n".utf8))) == 100)
        #expect(SCCFormat.probe(ArraySlice([0xEF, 0xBB, 0xBF] + Array("Scenarist_SCC V1.0".utf8))) == 100)
        #expect(SCCFormat.probe(ArraySlice(Array("WEBVTT\n".utf8))) == 0)
        let read = try #require(SCCFormat.descriptor.reader)
        let result = try read(Array((Self.header + "00:00:01:00\t9420 9470 c849 942f\n").utf8), CaptionFormatOptions())
        #expect(result.document.captions.map(\.text) == ["HI"])
    }
}
