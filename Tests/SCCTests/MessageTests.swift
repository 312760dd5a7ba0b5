import CEA608
import CaptionCore
import Foundation
import SCC
import Testing

/// Messages that read wrong before (issue 17): each names what is wrong and where.
@Suite struct MessageTests {
    static let rate = FrameRate.fps29_97

    static func caption(_ text: String, _ start: Int64, _ end: Int64, paint: Bool = false) -> Caption {
        var caption = Caption(
            runs: [CaptionRun(text)],
            timeRange: TimeRange(start: rate.time(ofFrame: start), end: rate.time(ofFrame: end)),
            region: .cells(row: 14, column: 0, rows: 1, columns: 32))
        if paint { caption.animation = .characterReveal }
        return caption
    }

    @Test func aCaptionStartingWhileTheOneBeforeSendsSaysSo() throws {
        // Two paint-on captions 3 frames apart, the first with 16 words of text: the second has
        // nothing to send beforehand but its PAC would land among the first's words. Before:
        // "0 frames of data must be sent before the start, but only 0 are free".
        let captions = [
            Self.caption(String(repeating: "abcd", count: 8), 100, 300, paint: true),
            Self.caption("Second", 103, 300, paint: true),
        ]
        do {
            _ = try SCCWriter(options: CaptionFormatOptions(fileName: "out.scc"))
                .write(CaptionDocument(captions: captions, frameRate: Self.rate))
            Issue.record("expected a failure")
        } catch {
            let conflict = try #require(error.diagnostics.first { $0.ruleID == "608.excess-media-data" })
            #expect(conflict.message.contains("while the caption before is still sending"), "\(conflict.message)")
            #expect(!conflict.message.contains("0 frames"))
            // Writer findings name the file written. Before: none did.
            #expect(error.diagnostics.allSatisfy { $0.location.file == "out.scc" })
        }
    }

    @Test func aBadStartTimecodeIsNamedOnce() {
        // Before: "start timecode: timecode \"01:00:00;99\": frame 99 …" (timecode twice).
        do {
            _ = try SCCWriter(options: CaptionFormatOptions(startTimecode: "01:00:00;99"))
                .write(CaptionDocument(captions: [Self.caption("Hi", 60, 90)], frameRate: Self.rate))
            Issue.record("expected a failure")
        } catch {
            #expect(error.message == "start timecode 01:00:00;99: frame 99 is not below the nominal rate 30")
        }
    }

    @Test func aUTF16FileIsReadWithAHint() throws {
        // Saved as UTF-16 little-endian with a byte order mark (as some Windows editors save).
        // Before: no word about the encoding, only a damaged header and no captions.
        let text = "Scenarist_SCC V1.0\n\n00:00:01:00\t9420 9420 9470 9470 c849 942f 942f\n\n00:00:02:00\t942c 942c\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let result = try SCCReader().read(bytes)
        #expect(result.document.captions.map(\.text) == ["HI"])
        #expect(result.diagnostics.first?.ruleID == "scc.encoding")
        #expect(result.diagnostics.first?.suggestedFix?.contains("iconv") == true)
        #expect(throws: CaptionFormatError.self) { try SCCReader(options: CaptionFormatOptions(strict: true)).read(bytes) }
    }
}
