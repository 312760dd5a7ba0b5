import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import SRT

/// The SRT reader: what real files do (Specs/srt.md), each with its located diagnostic.
@Suite struct SRTReaderTests {
    func read(_ text: String, strict: Bool = false) throws -> CaptionReadResult {
        try SRTReader(options: CaptionFormatOptions(fileName: "t.srt", strict: strict)).read(Array(text.utf8))
    }

    func ms(_ v: Int64) -> MediaTime { MediaTime(value: v, timescale: 1000) }

    @Test func plainCues() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,500\nHello\nworld\n\n2\n01:02:03,004 --> 01:02:04,000\nBye\n")
        #expect(r.diagnostics.isEmpty)
        #expect(r.document.captions.map(\.text) == ["Hello\nworld", "Bye"])
        #expect(r.document.captions[0].timeRange == TimeRange(start: ms(1000), end: ms(2500)))
        #expect(r.document.captions[1].timeRange.start == ms(((1 * 60 + 2) * 60 + 3) * 1000 + 4))
    }

    @Test func tags() throws {
        let r = try read(
            "1\n00:00:01,000 --> 00:00:02,000\n<i>it</i> <b>bo<u>ld</u></b> <font color=\"#FF0000\">red</font> <font color=yellow>y</font>\n"
        )
        let runs = r.document.captions[0].normalizedRuns
        #expect(runs.map(\.text) == ["it", " ", "bo", "ld", " ", "red", " ", "y"])
        #expect(runs[0].style.italic && !runs[1].style.italic)
        #expect(runs[2].style.bold && !runs[2].style.underline)
        #expect(runs[3].style.bold && runs[3].style.underline)
        #expect(runs[5].style.textColor == .red)
        #expect(runs[7].style.textColor == .yellow)
    }

    @Test func unknownTagsStayText() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\na <3 b <x>\n")
        #expect(r.document.captions[0].text == "a <3 b <x>")
    }

    @Test func lenientFormsEachGetALocatedWarning() throws {
        // No number (cue 1), "." for "," (line 2), trailing spaces (line 3), no blank line before
        // cue 2 (line 4), a wrong number (line 4), CRLF.
        let text = "00:00:01.000 --> 00:00:02,000\r\nA  \r\n5\r\n00:00:03,000 --> 00:00:04,000\r\nB\r\n"
        let r = try read(text)
        #expect(r.document.captions.map(\.text) == ["A", "B"])
        let found = r.diagnostics.map { "\($0.ruleID)@\($0.location.line.map(String.init) ?? "-")" }
        for expected in [
            "srt.index@1", "srt.timing@1", "srt.trailing-space@2", "srt.missing-blank-line@3", "srt.index@3",
            "srt.crlf@1",
        ] {
            #expect(found.contains(expected), "\(expected) in \(found)")
        }
        #expect(throws: CaptionFormatError.self) { try read(text, strict: true) }
    }

    @Test func strictRefusesCRLFAsTheIssueAsks() throws {
        let text = "1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\r\n00:00:03,000 --> 00:00:04,000\r\nB\r\n"
        let r = try read(text)
        #expect(r.diagnostics.map { "\($0.ruleID)@\($0.location.line ?? 0)" }.contains("srt.crlf@5"))
        #expect(throws: CaptionFormatError.self) { try read(text, strict: true) }
    }

    @Test func strictAcceptsAConformingFile() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n", strict: true)
        #expect(r.document.captions.count == 2)
    }

    @Test func endBeforeStartIsReportedWithItsLine() throws {
        let text = "1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:05,000 --> 00:00:04,000\nB\n"
        let r = try read(text)
        let d = try #require(r.diagnostics.first { $0.ruleID == "srt.end-before-start" })
        #expect(d.location.line == 6)
        #expect(d.severity == .warning)
        #expect(r.document.captions[1].timeRange.duration == .zero)
        let error = #expect(throws: CaptionFormatError.self) { try read(text, strict: true) }
        #expect(error?.location.line == 6)
    }

    @Test func positions() throws {
        let r = try read(
            "1\n00:00:01,000 --> 00:00:02,000\n{\\an8}top\n\n2\n00:00:03,000 --> 00:00:04,000\n{\\an1}{\\b1}low\n")
        let top = r.document.captions[0]
        #expect(top.text == "top")
        #expect(top.region?.displayAlignment == .before)
        #expect(top.textAlignment == .center)
        let low = r.document.captions[1]
        #expect(low.text == "low")
        #expect(low.region?.displayAlignment == .after)
        #expect(low.textAlignment == .left)
        #expect(r.diagnostics.contains { $0.ruleID == "srt.override" })
    }

    @Test func encodings() throws {
        let text = "1\n00:00:01,000 --> 00:00:02,000\nCafé ☕\n"
        let utf8 = Array(text.utf8)
        let utf16LE: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        for bytes in [utf8, bom + utf8, utf16LE, utf16BE] {
            let r = try SRTReader().read(bytes)
            #expect(r.document.captions.first?.text == "Café ☕")
            #expect(r.diagnostics.isEmpty)
        }
        // Windows-1252: 0xE9 is é, 0x80 the euro sign.
        let cp1252 = Array("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8) + [0xE9, 0x20, 0x80]
        let r = try SRTReader().read(cp1252)
        #expect(r.document.captions.first?.text == "Café €")
        #expect(r.diagnostics.contains { $0.ruleID == "srt.encoding" && $0.severity == .warning })
    }

    @Test func blankLineInsideACue() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\nfirst\n\nsecond\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n")
        #expect(r.document.captions.map(\.text) == ["first\nsecond", "B"])
        #expect(r.diagnostics.contains { $0.ruleID == "srt.blank-line" && $0.location.line == 5 })
    }
}
