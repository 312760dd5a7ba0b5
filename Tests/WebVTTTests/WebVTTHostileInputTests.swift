import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import WebVTT

/// Bad input: a clear error or diagnostic, in time and memory linear in the input
/// (Specs/limits.md).
@Suite struct WebVTTHostileInputTests {
    @Test func binaryFileIsRefusedAtTheSignature() throws {
        let bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        let error = #expect(throws: CaptionFormatError.self) { try WebVTTReader().read(bytes) }
        #expect(error?.kind == .unreadable)
    }

    @Test func binaryAfterTheSignatureIsSkippedWithWarnings() throws {
        let bytes = Array("WEBVTT\n\n".utf8) + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        let r = try WebVTTReader().read(bytes)
        #expect(r.diagnostics.contains { $0.ruleID == "webvtt.encoding" || $0.ruleID == "webvtt.null" })
    }

    @Test func hundredMegabyteCue() throws {
        var bytes = Array("WEBVTT\n\n00:01.000 --> 00:02.000\n".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20)
        let r = try WebVTTReader().read(bytes)
        #expect(r.document.captions.count == 1)
        #expect(r.document.captions[0].text.utf8.count == 100 << 20)
    }

    @Test func hundredThousandNestedTags() throws {
        let depth = 100_000
        let text = "WEBVTT\n\n00:01.000 --> 00:02.000\n" + String(repeating: "<ruby><i>", count: depth / 2) + "deep"
        let tree = WebVTTCueTextParser.parse(String(repeating: "<b>", count: depth) + "deep")
        #expect(tree.nodes.count == depth + 2)
        let r = try WebVTTReader().read(Array(text.utf8))
        let run = try #require(r.document.captions.first?.runs.first)
        #expect(run.text == "deep")
        #expect(run.style.italic)
    }

    @Test func hugeNumbersInSettingsAndTimes() throws {
        let text =
            "WEBVTT\n\n" + String(repeating: "9", count: 400) + ":00:00.000 --> 00:01.000\nx\n\n"
            + "00:01.000 --> 00:02.000 line:" + String(repeating: "9", count: 400) + " size:1e999%\ny\n"
        let r = try WebVTTReader().read(Array(text.utf8))
        #expect(r.document.captions.map(\.text) == ["y"])
        #expect(r.diagnostics.contains { $0.ruleID == "webvtt.timings" })
    }
}
