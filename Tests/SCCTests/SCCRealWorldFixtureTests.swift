// Expected results for the real-world SCC fixtures (FFmpeg's FATE sample and libcaption's Tears of
// Steel), worked out by hand from the bytes with 47 CFR 15.119 (now 47 CFR 79.101), and a check
// that every shared SCC fixture reads without a crash.

import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

@Suite struct SCCRealWorldFixtureTests {
    @Test func ffmpegSample() throws {
        // 1: PAC 0x94da (row 14 indent 20) "BURN HER !", PAC 0x947a (row 15 indent 20) " BURN HER
        //    !": the rows start at columns 20 and 21, so two captions (Specs/scc.md). EOC is word
        //    19 of 00:00:01:04; the next line's EDM (word 13 of 00:00:03:18) ends them.
        // 2: PAC row 15 indent 16, italics mid-row code (column 16), "[ Man Grunts ]" italic.
        // 3: PACs 0x94ce and 0x946e are rows 14 and 15 in white italics: one caption.
        let result = try readFixture("ffmpeg/sub-scc-remux.scc")
        let all = summaries(result, dropFrame: false)
        #expect(
            all.prefix(4) == [
                "00:00:01:23 00:00:04:01 14-14:20 BURN HER !",
                "00:00:01:23 00:00:04:01 15-15:21 BURN HER !",
                "00:00:04:03 00:00:05:21 15-15:17 [ Man Grunts ]",
                "00:00:05:23 00:00:11:09 14-15:0 RIGHT !\nREMOVE THE SUPPORTS !",
            ])
        #expect(all.last == "00:01:29:16 00:01:30:26 14-15:0 THE KNIGHTS\nOF THE ROUND TABLE.")
        #expect(
            result.document.captions[2].runs == [CaptionRun("[ Man Grunts ]", style: CaptionTextStyle(italic: true))])
        // The last line is EDM then EOC: that EOC has nothing loaded (the EDM emptied the memory
        // the previous EOC swapped out), which FFmpeg's muxer writes to flush. Only a note.
        #expect(result.diagnostics.map(\.ruleID) == ["608.empty-eoc"])
        #expect(result.diagnostics.first?.severity == .info)
    }

    @Test func libcaptionTearsOfSteel() throws {
        // 1: PAC 0x94f2 (row 15 indent 4) + TO2 = column 6; EOC word 16 of 00:00:22:10.
        // 2: PAC 0x947c is row 15 indent 24, + TO2 = column 26: "Look Celia, we have to follow
        //    our passions;" cannot fit, and every character after column 32 replaces it
        //    (15.119(e)), leaving "Look ;". The file's PACs put many lines past the edge.
        // Last: "Could'a gone worse." at column 6, never erased: 2 s after the last word.
        let result = try readFixture("libcaption/tos.scc")
        let all = summaries(result, dropFrame: false)
        #expect(
            all.prefix(2) == [
                "00:00:22:26 00:00:24:23 15-15:6 You're a jerk, Thom.",
                "00:00:24:26 00:00:26:23 15-15:26 Look ;",
            ])
        #expect(all.last == "00:09:25:10 00:09:27:11 15-15:6 Could'a gone worse.")
        #expect(rules(result) == ["scc.open-at-end"])
    }

    @Test func everySharedFixtureReadsWithoutACrash() throws {
        let files = TestPaths.files(in: TestPaths.sharedFixture("scc"), withExtension: "scc")
        #expect(files.count >= 69)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let lenient = try SCCReader(options: CaptionFormatOptions(fileName: file.lastPathComponent)).read(bytes)
            for caption in lenient.document.captions {
                #expect(caption.timeRange.isValid && caption.timeRange.duration > .zero, "\(file.lastPathComponent)")
                #expect(!caption.text.isEmpty)
            }
            // Strict reading may refuse a file, but only with an error, never a crash; the same
            // holds for every channel and for the disassembler.
            _ = try? SCCReader(options: CaptionFormatOptions(strict: true)).read(bytes)
            for channel in 2...4 {
                _ = try SCCReader(options: CaptionFormatOptions(channel: channel)).read(bytes)
            }
            _ = try SCCDisassembler().disassemble(bytes)
        }
    }

    @Test func truncatedAndGarbageInputNeverCrash() throws {
        // Every prefix of a real file, and some noise: errors or diagnostics, never a trap.
        let bytes = try fixtureBytes("pycaption/sample_scc_pop_on.scc")
        for length in stride(from: 0, through: bytes.count, by: 7) {
            _ = try SCCReader().read(Array(bytes.prefix(length)))
        }
        // Seeded, so that a failure comes back on the next run (the fuzzers cover fresh noise).
        var random = SplitMix64(seed: 608)
        for _ in 0..<200 {
            let noise = (0..<random.next(below: 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            _ = try? SCCReader().read(noise)
            _ = try? SCCReader().read(Array("Scenarist_SCC V1.0\n\n00:00:00:00\t".utf8) + noise)
        }
    }
}
