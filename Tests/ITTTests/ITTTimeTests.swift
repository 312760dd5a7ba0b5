import CaptionCore
import Testing

@testable import ITT

/// TTML1 §10.3.1 time expressions and §10.4 time containment.
@Suite struct ITTTimeTests {
    static func time(_ text: String, _ parameters: TTMLTimingParameters = .init()) throws -> MediaTime {
        let expression = try #require(TTMLTimeExpression(text))
        return try parameters.time(of: expression)
    }

    static let smpteNTSC: TTMLTimingParameters = {
        var p = TTMLTimingParameters()
        p.timeBase = .smpte
        p.multiplier = (1000, 1001)
        return p
    }()

    @Test func clockTimes() throws {
        #expect(try Self.time("00:00:01.5") == MediaTime(value: 3, timescale: 2))
        #expect(try Self.time("01:02:03.004") == MediaTime(value: 3_723_004, timescale: 1000))
        #expect(try Self.time("00:00:10") == MediaTime(value: 10, timescale: 1))
        #expect(try Self.time("100:00:00") == MediaTime(value: 360_000, timescale: 1))
    }

    @Test func offsetTimesInEveryMetric() throws {
        var p = TTMLTimingParameters()
        p.nominalFrameRate = 25
        p.tickRate = 10_000_000
        #expect(try Self.time("1.5h", p) == MediaTime(value: 5400, timescale: 1))
        #expect(try Self.time("2m", p) == MediaTime(value: 120, timescale: 1))
        #expect(try Self.time("2.25s", p) == MediaTime(value: 9, timescale: 4))
        #expect(try Self.time("1500ms", p) == MediaTime(value: 3, timescale: 2))
        #expect(try Self.time("50f", p) == MediaTime(value: 2, timescale: 1))
        #expect(try Self.time("5000000t", p) == MediaTime(value: 1, timescale: 2))
    }

    @Test func defaultTickRateFollowsTheFrameRate() throws {
        // TTML1 §6.2.10: frame rate × sub-frame rate when a frame rate is in effect.
        #expect(try Self.time("60t") == MediaTime(value: 2, timescale: 1))
    }

    @Test func framesInTheMediaTimeBaseCountAtTheEffectiveRate() throws {
        var p = TTMLTimingParameters()
        p.multiplier = (1000, 1001)
        #expect(
            try Self.time("00:00:01:15", p) == MediaTime(value: 1, timescale: 1)
                + MediaTime(value: 15 * 1001, timescale: 30000))
    }

    @Test func smpteLabelsNonDropAndDrop() throws {
        #expect(try Self.time("00:01:00:00", Self.smpteNTSC) == ITTTest.ntsc(1800))
        var drop = Self.smpteNTSC
        drop.dropMode = .dropNTSC
        // 00:01:00;02 is the 1800th frame in drop-frame counting; 00:10:00;00 the 17982nd.
        #expect(try Self.time("00:01:00:02", drop) == ITTTest.ntsc(1800))
        #expect(try Self.time("00:10:00:00", drop) == ITTTest.ntsc(17982))
        #expect(throws: TTMLTimingParameters.ConversionError.skippedLabel) { try Self.time("00:01:00:00", drop) }
        #expect(throws: TTMLTimingParameters.ConversionError.frameOutOfRange(frames: 30, nominal: 30)) {
            try Self.time("00:00:00:30", drop)
        }
    }

    @Test func dropPALSkipsFourLabelsEveryEvenMinute() throws {
        var p = Self.smpteNTSC
        p.dropMode = .dropPAL
        #expect(try Self.time("00:02:00:04", p) == ITTTest.ntsc(3600))
        #expect(try Self.time("00:20:00:00", p) == ITTTest.ntsc(36000 - 4 * 9))
        #expect(throws: TTMLTimingParameters.ConversionError.skippedLabel) { try Self.time("00:02:00:03", p) }
    }

    @Test func malformedExpressionsAreRejected() {
        for text in ["", "1", "1:00:00", "00:0:00", "00:00:00:", "12x", "1.s", "abc", "00:00:00.", "--1s"] {
            #expect(TTMLTimeExpression(text) == nil, "\(text)")
        }
        #expect(TTMLTimeExpression("-01:00:00:00")?.negative == true)
    }

    @Test func containmentDurAndClipping() throws {
        let text = ITTTest.document(
            parameters: #"ttp:timeBase="media""#,
            body: """
                <div begin="10s" end="20s">
                  <p begin="1s" dur="2s">a</p>
                  <p begin="5s" end="15s">clipped by the div</p>
                  <p begin="11s" end="12s">never: after the div</p>
                  <p begin="8s">no end: the div's</p>
                </div>
                """)
        let result = try ITTTest.read(text)
        let c = result.document.captions
        #expect(c.map(\.text) == ["a", "clipped by the div", "no end: the div's"])
        #expect(c[0].timeRange == TimeRange(start: .init(value: 11, timescale: 1), end: .init(value: 13, timescale: 1)))
        #expect(c[1].timeRange.end == MediaTime(value: 20, timescale: 1))
        #expect(c[2].timeRange == TimeRange(start: .init(value: 18, timescale: 1), end: .init(value: 20, timescale: 1)))
        #expect(result.document.timeBase == .media && result.document.frameRate == nil)
    }

    @Test func badTimesAreLocatedErrors() throws {
        let text = ITTTest.document(body: "<div>\n  <p begin=\"00:00:01:00\" end=\"soon\">x</p></div>")
        let error = try #require(throws: CaptionFormatError.self) { try ITTTest.read(text) }
        #expect(error.message.contains("end=\"soon\""))
        #expect(error.location.line == 5)
        #expect(error.location.column == 26)
    }

    @Test func frameRateMultiplierNeedsExactlyTwoIntegers() throws {
        // TTML1 §6.2.5: numerator and denominator, nothing else.
        for value in ["1000 x 1001", "1000 1001 7", "1000", "1000 1001x"] {
            let text = ITTTest.document(
                parameters: #"ttp:timeBase="smpte" ttp:frameRate="30" ttp:frameRateMultiplier="\#(value)""#,
                body: #"<div><p begin="00:00:01:00" end="00:00:02:00">x</p></div>"#)
            let error = try #require(throws: CaptionFormatError.self, "\(value)") { try ITTTest.read(text) }
            #expect(error.message.contains("frameRateMultiplier"), "\(error)")
            #expect(error.location.line != nil, "\(error)")
        }
        let ok = ITTTest.document(
            parameters: #"ttp:timeBase="smpte" ttp:frameRate="30" ttp:frameRateMultiplier="1000  1001""#,
            body: #"<div><p begin="00:00:01:00" end="00:00:02:00">x</p></div>"#)
        #expect(try ITTTest.read(ok).document.frameRate == .fps29_97)
    }

    @Test func hugeFieldsAreErrorsNotOverflows() throws {
        for value in [
            "999999999999999999:00:00:00", "999999999999999999:00:00", "999999999999999999h",
            "00:00:00:00.999999999999999999",
        ] {
            let text = ITTTest.document(body: "<div><p begin=\"\(value)\" end=\"999999999999999999s\">x</p></div>")
            #expect(throws: CaptionFormatError.self, "\(value)") { try ITTTest.read(text) }
        }
    }

    /// TTML1 §10.4: a `p` with no end, in a par container none of whose ancestors ends, lasts
    /// to the end of the document (its implicit duration is indefinite); the reader skipped it.
    @Test func paragraphWithoutEndLastsToTheEndOfTheDocument() throws {
        let result = try ITTTest.read(ITTTest.document(body: #"<div><p begin="00:00:01:00">x</p></div>"#))
        #expect(result.document.captions.map(\.text) == ["x"])
        #expect(result.document.captions.first?.timeRange.start == ITTTest.ntsc(30))
        #expect(result.document.captions.first?.timeRange.end == .positiveInfinity)
        #expect(result.diagnostics.map(\.ruleID) == ["itt.time.indefinite"])
        #expect(result.diagnostics.first?.severity == .info)
    }

    /// The end of the parent bounds a `p` without an end (TTML1 §10.4).
    @Test func paragraphWithoutEndLastsToTheEndOfItsParent() throws {
        let text = ITTTest.document(
            body: #"<div begin="00:00:01:00" end="00:00:05:00"><p begin="00:00:01:00">x</p></div>"#)
        let captions = try ITTTest.read(text).document.captions
        #expect(captions.map(\.timeRange) == [TimeRange(start: ITTTest.ntsc(60), end: ITTTest.ntsc(150))])
    }
}
