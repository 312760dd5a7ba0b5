import CaptionCore
import Foundation
import MCC
import TestSupport
import Testing
import Validation

/// An MCC file's CDPs as sent: real files from ../shared/fixtures/mcc, and the same files with one
/// thing damaged by hand (in memory; the payload decoded and re-encoded with MacCaption's
/// alphabet, the ANC checksum at the line's end made right again so only the damage shows).
@Suite struct MCCTransportCheckTests {
    static let premiere = "mcc/gst-plugins-rs__captions-test_708.mcc"

    func lines(_ fixture: String) throws -> [String] {
        // "\r\n" is one Character in Swift: split on either.
        try String(contentsOf: TestPaths.sharedFixture(fixture), encoding: .utf8)
            .split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
    }

    func check(_ lines: [String]) throws -> [CaptionConversionWarning] {
        let bytes = Array(lines.joined(separator: "\r\n").utf8)
        return MCCTransportCheck().warnings(try MCCReader(fileName: "damaged.mcc").read(bytes))
    }

    /// The indices of data lines (a time code, a tab, the payload).
    func dataLines(_ lines: [String]) -> [Int] {
        lines.indices.filter { lines[$0].first?.isNumber == true && lines[$0].contains("\t") }
    }

    /// `line` with its ANC bytes changed by `change` and the ANC checksum (the 8-bit sum of DID
    /// through the data, SMPTE ST 291-1) made right again.
    func edited(_ line: String, _ change: (inout [UInt8]) -> Void) throws -> String {
        let parts = line.split(separator: "\t", maxSplits: 1)
        let decoded = MCCRunLength.decode(Array(parts[1].utf8))
        try #require(decoded.failure == nil)
        var bytes = decoded.bytes
        change(&bytes)
        bytes[bytes.count - 1] = bytes.dropLast().reduce(UInt8(0)) { $0 &+ $1 }
        return parts[0] + "\t" + MCCRunLength.encode(bytes)
    }

    @Test func theRealFilesHaveNoErrors() throws {
        let files = try TestPaths.fixtures(in: TestPaths.sharedFixture("mcc"), withExtension: "mcc")
        for url in files {
            let result = try MCCReader(fileName: url.lastPathComponent).read([UInt8](try Data(contentsOf: url)))
            let warnings = MCCTransportCheck().warnings(result)
            #expect(!warnings.contains { $0.diagnostic.severity == .error }, "\(url.lastPathComponent)")
        }
        // Premiere's file: every checksum and counter good, every frame present (cdp.md).
        let premiere = try check(try lines(Self.premiere))
        #expect(premiere.isEmpty, "\(premiere.map(\.diagnostic.description))")
    }

    /// A CDP byte changed (the first construct's first data byte in the cc_data section): its
    /// packet_checksum no longer makes the byte sum 0; the right one is the old checksum minus 1.
    @Test func aCorruptedCDPByteIsAChecksumError() throws {
        var text = try lines(Self.premiere)
        let k = dataLines(text)[40]
        // ANC: DID, SDID, DC, then the CDP: header 7 bytes (96 69, length, rate, flags, counter).
        var oldChecksum: UInt8 = 0
        var cdpLength = 0
        text[k] = try edited(text[k]) { bytes in
            cdpLength = Int(bytes[5])
            oldChecksum = bytes[3 + cdpLength - 1]
            // The cc_data section: 0x72, marker bits and cc_count, then constructs of 3 bytes.
            let section = bytes[10...].firstIndex(of: 0x72) ?? 10
            bytes[section + 3] &+= 1
        }
        let found = try check(text).filter { $0.diagnostic.ruleID == "mcc.cdp-checksum" }
        #expect(found.count == 1)
        let d = try #require(found.first?.diagnostic)
        #expect(d.severity == .error)
        #expect(d.location.line == k + 1)
        #expect(d.location.timecode == String(text[k].prefix(11)))
        let right = oldChecksum &- 1
        let hex = String(right, radix: 16, uppercase: true)
        #expect(d.message.contains("expected 0x" + (hex.count == 1 ? "0" : "") + hex), "\(d.message)")
    }

    /// Line k's counter set to the next line's (header and footer, checksum fixed): the counter
    /// skips one at line k (expected the previous + 1) and repeats at line k + 1.
    @Test func aSkippedSequenceCounterIsAGapThenARepeat() throws {
        var text = try lines(Self.premiere)
        let k = dataLines(text)[100]
        var expected: UInt16 = 0
        text[k] = try edited(text[k]) { bytes in
            let cdp = 3
            let length = Int(bytes[cdp + 2])
            let counter = UInt16(bytes[cdp + 5]) << 8 | UInt16(bytes[cdp + 6])
            expected = counter
            let skipped = counter &+ 1
            bytes[cdp + 5] = UInt8(skipped >> 8)
            bytes[cdp + 6] = UInt8(skipped & 0xFF)
            // The footer: 0x74, counter (2 bytes), checksum.
            bytes[cdp + length - 3] = UInt8(skipped >> 8)
            bytes[cdp + length - 2] = UInt8(skipped & 0xFF)
            bytes[cdp + length - 1] = 0 &- bytes[cdp..<(cdp + length - 1)].reduce(UInt8(0)) { $0 &+ $1 }
        }
        let found = try check(text)
        let gap = try #require(found.first { $0.diagnostic.ruleID == "mcc.cdp-sequence-gap" }?.diagnostic)
        #expect(gap.location.line == k + 1)
        #expect(gap.message.contains("expected \(expected)"), "\(gap.message)")
        let repeated = try #require(found.first { $0.diagnostic.ruleID == "mcc.cdp-sequence-repeat" }?.diagnostic)
        #expect(repeated.location.line == dataLines(text).first { $0 > k }.map { $0 + 1 })
        #expect(!found.contains { $0.diagnostic.ruleID == "mcc.cdp-checksum" })
        #expect(found.count == 2, "\(found.map(\.diagnostic.description))")
    }

    /// Line k labelled as line k − 1: a repeated time code at k, a frame without a line before
    /// k + 1; two labels swapped: a time code going back.
    @Test func repeatedAndBackwardTimeCodes() throws {
        var text = try lines(Self.premiere)
        let data = dataLines(text)
        let (a, b, c) = (data[200], data[201], data[202])
        text[b] = String(text[a].prefix(11)) + text[b].dropFirst(11)
        let repeated = try check(text)
        let repetition = try #require(repeated.first { $0.diagnostic.ruleID == "mcc.timecode-repeat" }?.diagnostic)
        #expect(repetition.location.line == b + 1)
        #expect(repetition.severity == .warning)
        let gap = try #require(repeated.first { $0.diagnostic.ruleID == "mcc.timecode-gap" }?.diagnostic)
        #expect(gap.location.line == c + 1)
        #expect(gap.message.hasPrefix("1 frame(s) without a line"), "\(gap.message)")

        var swapped = try lines(Self.premiere)
        let first = String(swapped[a].prefix(11))
        swapped[a] = String(swapped[b].prefix(11)) + swapped[a].dropFirst(11)
        swapped[b] = first + swapped[b].dropFirst(11)
        let back = try #require(try check(swapped).first { $0.diagnostic.ruleID == "mcc.timecode-order" }?.diagnostic)
        #expect(back.severity == .error)
        #expect(back.location.line == b + 1)
        #expect(back.location.timecode == first)
    }
}
