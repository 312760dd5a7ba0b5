import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import SRT

/// Bad input gives a clear error or diagnostic, in time and memory linear in the input
/// (Specs/limits.md).
@Suite struct SRTHostileInputTests {
    @Test func binaryFileIsRefused() throws {
        var bytes: [UInt8] = Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8)
        bytes += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        let error = #expect(throws: CaptionFormatError.self) { try SRTReader().read(bytes) }
        #expect(error?.kind == .unreadable)
        #expect(error?.message.contains("binary") == true)
        // Control characters without a NUL byte are refused too.
        let controls = Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8) + [UInt8](repeating: 0x01, count: 500)
        #expect(throws: CaptionFormatError.self) { try SRTReader().read(controls) }
    }

    @Test func hundredMegabyteCue() throws {
        var bytes = Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20)
        bytes += Array("\n".utf8)
        let r = try SRTReader().read(bytes)
        #expect(r.document.captions.count == 1)
        #expect(r.document.captions[0].text.utf8.count == 100 << 20)
    }

    @Test func hundredThousandNestedTags() throws {
        let depth = 100_000
        let text =
            "1\n00:00:01,000 --> 00:00:02,000\n" + String(repeating: "<i><b>", count: depth / 2) + "deep"
            + String(repeating: "</b></i>", count: depth / 2) + "\n"
        let r = try SRTReader().read(Array(text.utf8))
        let run = try #require(r.document.captions.first?.normalizedRuns.first)
        #expect(run.text == "deep")
        #expect(run.style.italic && run.style.bold)
    }

    @Test func emptyAndGarbageFiles() throws {
        #expect(try SRTReader().read([]).document.captions.isEmpty)
        let r = try SRTReader().read(Array("no cues here\n".utf8))
        #expect(r.document.captions.isEmpty)
        #expect(r.diagnostics.contains { $0.ruleID == "srt.text" })
    }
}
