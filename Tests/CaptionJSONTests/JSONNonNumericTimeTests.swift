import CaptionCore
import CaptionJSON
import Foundation
import Testing

/// Captions whose times are no numbers (`"-infinity"`, `"invalid"`): read, reported, and written
/// back so that they read as the same range (fuzz finding of 2026-11-30,
/// Fixtures/fuzz/json/non-numeric-start-end-lost-fuzz.json).
@Suite struct JSONNonNumericTimeTests {
    static func document(start: String, end: String) -> [UInt8] {
        Array(#"{"captions": [{"startTime": "\#(start)", "endTime": "\#(end)", "text": "x"}]}"#.utf8)
    }

    @Test(arguments: [
        ("-infinity", "300300/30000"), ("invalid", "1/1"), ("-infinity", "+infinity"), ("1/1", "+infinity"),
        ("1/1", "invalid"), ("+infinity", "-infinity"),
    ])
    func aRangeOfNonNumericTimesReadsBackAsItself(_ start: String, _ end: String) throws {
        let read = try JSONCaptionFormat.read(Self.document(start: start, end: end))
        #expect(read.diagnostics.contains { $0.severity >= .error }, "a time that is no number is reported")
        let written = try JSONCaptionFormat.write(read.document)
        let again = try JSONCaptionFormat.read(written.bytes)
        #expect(again.document.captions.map(\.timeRange) == read.document.captions.map(\.timeRange))
        // Foundation's decoder (Caption's Codable form) reads the same ranges (TimeRange.asWritten).
        let decoded = try JSONDecoder().decode(CaptionDocument.self, from: Data(written.bytes))
        #expect(decoded.captions.map(\.timeRange) == read.document.captions.map(\.timeRange))
    }

    @Test func aStartThatIsNoNumberLeavesTheEndUnknown() throws {
        let read = try JSONCaptionFormat.read(Self.document(start: "-infinity", end: "300300/30000"))
        let range = try #require(read.document.captions.first?.timeRange)
        #expect(range.start == .negativeInfinity && !range.duration.isNumeric && !range.end.isNumeric)
        // An open end after a numeric start stays open.
        let open = try JSONCaptionFormat.read(Self.document(start: "1/1", end: "+infinity"))
        #expect(open.document.captions.first?.timeRange.end == .positiveInfinity)
    }
}
