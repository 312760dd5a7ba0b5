import CaptionCore
import Foundation
import Testing

@Suite struct CaptionModelCodableTests {
    @Test func everyFieldRoundTripsThroughJSON() throws {
        let rate = FrameRate.fps29_97
        var style = CaptionTextStyle(
            textColor: .yellow, backgroundColor: CaptionColor.black.withAlpha(128), italic: true, bold: true,
            underline: true, flash: true,
            ruby: CaptionRuby(text: "かん", position: .after, alignment: .distributeSpaceAround),
            fontFamily: "proportionalSansSerif", fontSize: .percent(80), textCombine: true)
        let caption = Caption(
            id: "c1",
            runs: [CaptionRun("漢字 and <b>&amp;\n", style: style), CaptionRun("second \"line\"")],
            timeRange: TimeRange(start: rate.time(ofFrame: 1), end: rate.time(ofFrame: 90)),
            region: CaptionRegion(
                identifier: "left", origin: CaptionPoint(x: .percent(0), y: .pixels(12.5)),
                size: CaptionSize(width: .cells(32), height: .cells(4)), displayAlignment: .after,
                writingMode: .topToBottomAndRightToLeft, scroll: .rollUp(rows: 3)),
            textAlignment: .center, animation: .characterReveal, forcedDisplay: true)
        style.ruby = nil
        let document = CaptionDocument(
            captions: [caption, Caption("plain", start: .zero, end: MediaTime(value: 1, timescale: 1))],
            language: "ja", frameRate: rate, dropFrame: true, timeBase: .smpte, metadata: ["title": "T"])
        let data = try JSONEncoder().encode(document)
        let back = try JSONDecoder().decode(CaptionDocument.self, from: data)
        #expect(back == document)
        #expect(back.captions[0].timeRange.start.timescale == 30000)
    }

    @Test func secondsAreUsedWhenExactTimesAreAbsent() throws {
        let json = #"{"captions":[{"start":1.5,"end":2,"text":"hi"}]}"#
        let doc = try JSONDecoder().decode(CaptionDocument.self, from: Data(json.utf8))
        #expect(doc.captions[0].timeRange.start == MediaTime(value: 3, timescale: 2))
        #expect(doc.captions[0].text == "hi")
    }

    @Test func badValuesAreRejectedWithTheirText() {
        let json = #"{"captions":[{"startTime":"1/0","endTime":"2/1","text":"x"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CaptionDocument.self, from: Data(json.utf8)) }
        let color = #"{"captions":[{"startTime":"1/1","endTime":"2/1","styles":[{"text":"x","color":"red"}]}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CaptionDocument.self, from: Data(color.utf8)) }
        #expect(CaptionColor(hex: "#12345") == nil)
        #expect(CaptionColor(hex: "#FFF") == .white)
        #expect(CaptionColor(hex: "#ff000080") == CaptionColor.red.withAlpha(128))
        #expect(CaptionDimension("85%") == .percent(85))
        #expect(CaptionDimension("12") == nil)
    }
}

@Suite struct HostileNumberTests {
    @Test func roundedClampedNeverTraps() {
        #expect(Double.nan.roundedClamped(to: 0...31) == 0)
        #expect(Double.infinity.roundedClamped(to: 0...31) == 31)
        #expect((-1e300).roundedClamped(to: 0...31) == 0)
        #expect(1e300.roundedClamped(to: 1...1000) == 1000)
        #expect(4.6.roundedClamped(to: 0...31) == 5)
    }

    @Test func hugeLengthsPrintWithoutTrapping() {
        #expect(CaptionDimension(1e300, .cells).description == "1e+300c")
        #expect(CaptionDimension(4, .cells).description == "4c")
    }
}
