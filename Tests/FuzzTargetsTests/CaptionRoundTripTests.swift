import CaptionKit
import FuzzTargets
import Testing

/// The round-trip check finds what it is meant to find: each broken property is shown with a
/// format whose reader or writer breaks it on purpose.
@Suite struct CaptionRoundTripTests {
    static let json = CaptionFormatRegistry.standard.formats.first { $0.name == "json" }!
    static let twoCaptions = Array(
        #"{"captions":[{"startTime":"1/1","endTime":"2/1","text":"a"},{"startTime":"3/1","endTime":"4/1","text":"b"}]}"#
            .utf8)

    static func variant(
        reader: (@Sendable ([UInt8], CaptionFormatOptions) throws -> CaptionReadResult)? = nil,
        writer: (@Sendable (CaptionDocument, CaptionFormatOptions) throws -> CaptionWriteResult)? = nil
    ) -> CaptionFormat {
        CaptionFormat(
            name: "variant", title: "json variant", extensions: [], probe: { _ in 0 },
            reader: reader ?? json.reader, writer: writer ?? json.writer)
    }

    @Test func theRealJSONFormatPasses() throws {
        try CaptionRoundTrip.check(Self.twoCaptions, format: Self.json, reportsEveryChange: true)
    }

    @Test func aWriterThatDropsACaptionIsAFinding() throws {
        let lossy = Self.variant(writer: { document, options in
            var shorter = document
            shorter.captions.removeLast()
            return try Self.json.writer!(shorter, options)
        })
        #expect(throws: FuzzFinding.self) {
            try CaptionRoundTrip.check(Self.twoCaptions, format: lossy, reportsEveryChange: true)
        }
    }

    @Test func aChangeWithAWarningIsNotAFindingButASilentOneIs() throws {
        let warned = Self.variant(writer: { document, options in
            var shorter = document
            shorter.captions = Array(shorter.captions.prefix(1))
            var result = try Self.json.writer!(shorter, options)
            result.diagnostics = [Diagnostic(.warning, "test.dropped", "kept only the first caption")]
            return result
        })
        // Dropped with a warning, and stable once dropped: a proper lossy write.
        #expect(throws: Never.self) {
            try CaptionRoundTrip.check(Self.twoCaptions, format: warned, reportsEveryChange: true)
        }
    }

    @Test func aWriterThatIsNotStableIsAFinding() throws {
        nonisolated(unsafe) var calls = 0
        let drifting = Self.variant(writer: { document, options in
            calls += 1
            var moved = document
            moved.language = "x\(calls)"
            return try Self.json.writer!(moved, options)
        })
        #expect(throws: FuzzFinding.self) {
            try CaptionRoundTrip.check(Self.twoCaptions, format: drifting, reportsEveryChange: false)
        }
    }

    @Test func anErrorOfAnotherTypeIsAFinding() throws {
        struct Other: Error {}
        let throwing = Self.variant(reader: { _, _ in throw Other() })
        #expect(throws: FuzzFinding.self) {
            try CaptionRoundTrip.check(Self.twoCaptions, format: throwing, reportsEveryChange: true)
        }
    }

    @Test func anErrorWithoutTheFileNameIsAFinding() throws {
        let anonymous = Self.variant(reader: { _, _ in throw CaptionFormatError(.unreadable, "bad") })
        #expect(throws: FuzzFinding.self) {
            try CaptionRoundTrip.check(Self.twoCaptions, format: anonymous, reportsEveryChange: true)
        }
        // The same refusal naming the file is a proper error, not a finding.
        let named = Self.variant(reader: { _, options in
            throw CaptionFormatError(.unreadable, "bad", at: .init(file: options.fileName))
        })
        try CaptionRoundTrip.check(Self.twoCaptions, format: named, reportsEveryChange: true)
    }

    @Test func unreadableOutputIsAFinding() throws {
        let garbage = Self.variant(writer: { _, _ in CaptionWriteResult(bytes: Array("{".utf8)) })
        #expect(throws: FuzzFinding.self) {
            try CaptionRoundTrip.check(Self.twoCaptions, format: garbage, reportsEveryChange: true)
        }
    }

    /// A finding names the property that changed, whichever it is: a caption's line height, and
    /// a document's region backdrops, which the check once left out of its message.
    @Test(arguments: ["lineHeight", "regionBackdrops"])
    func aFindingNamesThePropertyThatChanged(_ property: String) throws {
        let lossy = Self.variant(writer: { document, options in
            var changed = document
            if property == "lineHeight" {
                changed.captions[1].lineHeight = .percent(150)
            } else {
                changed.regionBackdrops = [
                    CaptionRegionBackdrop(
                        region: CaptionRegion(identifier: "band"),
                        timeRange: TimeRange(start: .zero, end: MediaTime(value: 1, timescale: 1)))
                ]
            }
            return try Self.json.writer!(changed, options)
        })
        let finding = #expect(throws: FuzzFinding.self) {
            try CaptionRoundTrip.check(Self.twoCaptions, format: lossy, reportsEveryChange: true)
        }
        let message = finding?.description ?? ""
        #expect(message.contains(property), "\(message)")
        #expect(property != "lineHeight" || message.contains("caption 2:"), "\(message)")
    }
}
