import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// The three third-party iTT files in ../shared/fixtures/itt/.
@Suite struct ITTFixtureTests {
    static let directory = TestPaths.sharedFixture("itt")

    @Test func everySharedFixtureReads() throws {
        let files = TestPaths.files(in: Self.directory, withExtension: "itt")
        #expect(files.count == 3)
        for url in files {
            let result = try ITTTest.read(contentsOf: url)
            #expect(!result.document.captions.isEmpty, "\(url.lastPathComponent)")
        }
    }

    @Test func appleStyleTraditionalChinese() throws {
        let url = Self.directory.appendingPathComponent(
            "mantas-done_subtitles__TtmlTest_testConvertFromXml8_cmn-Hant.itt")
        let result = try ITTTest.read(contentsOf: url)
        let doc = result.document
        #expect(result.diagnostics.isEmpty)
        #expect(doc.language == "cmn-Hant")
        #expect(doc.frameRate == .fps30)
        #expect(doc.dropFrame == false)
        #expect(doc.timeBase == .smpte)
        #expect(doc.captions.map(\.text) == ["Hello everyone", "welcome to my channel"])
        let first = try #require(doc.captions.first)
        // 00:00:12:02 at 30 fps.
        #expect(first.timeRange.start == FrameRate.fps30.time(ofFrame: 12 * 30 + 2))
        #expect(first.timeRange.end == FrameRate.fps30.time(ofFrame: 13 * 30 + 6))
        #expect(first.region?.identifier == "bottom")
        #expect(first.region?.displayAlignment == .after)
        #expect(first.region?.origin == CaptionPoint(x: .percent(0), y: .percent(85)))
        // body style="normal" and tts:color="white" reach the text.
        let style = try #require(first.runs.first?.style)
        #expect(style.textColor == .white)
        #expect(style.fontFamily == "sansSerif")
        #expect(style.fontSize == .percent(100))
        #expect(!style.italic && !style.bold)
    }

    @Test func validInputWithSpansAndBreaks() throws {
        let url = Self.directory.appendingPathComponent("mediafellows_ittconv__valid_input.itt")
        let result = try ITTTest.read(contentsOf: url)
        let captions = result.document.captions
        #expect(result.diagnostics.isEmpty)
        #expect(result.document.frameRate == .fps24)
        #expect(
            captions.map(\.text) == [
                "This is the first subtitle.", "This is the second one.", "A third one\nwith a line break.",
            ])
        // The span's style s1 makes "second" bold and white; the rest keeps s2.
        let runs = captions[1].runs
        #expect(runs.map(\.text) == ["This is the ", "second", " one."])
        #expect(runs[1].style.bold && runs[1].style.textColor == .white)
        #expect(!runs[0].style.bold && runs[0].style.fontFamily == "sansSerif")
        // The region's textAlign is inherited by the paragraphs.
        #expect(captions.allSatisfy { $0.textAlignment == .center && $0.region?.identifier == "r1" })
        #expect(captions[0].timeRange.end == FrameRate.fps24.time(ofFrame: 3 * 24 + 12))
    }

    @Test func semicolonTimecodesReadLenientlyWithWarnings() throws {
        let url = Self.directory.appendingPathComponent("mediafellows_ittconv__pairs_sub5_semicolon_tc.itt")
        let result = try ITTTest.read(contentsOf: url)
        let doc = result.document
        #expect(doc.frameRate == .fps29_97)
        #expect(
            doc.captions.map(\.text) == [
                "<ALERT> System rebooting.", "AT&T & Friends on-stage.", "She whispered \"run\" & vanished.",
                "Unicode © and — stay intact.",
            ])
        #expect(doc.captions[0].timeRange.start == ITTTest.ntsc(30))
        #expect(doc.captions[3].runs.allSatisfy { $0.style.italic })
        let rules = Set(result.diagnostics.map(\.ruleID))
        #expect(rules == ["itt.frame-rate.decimal", "itt.time.semicolon"])
        #expect(
            result.diagnostics.allSatisfy {
                $0.severity == .warning && $0.location.line != nil && $0.location.column != nil
            })
        let rate = try #require(result.diagnostics.first { $0.ruleID == "itt.frame-rate.decimal" })
        #expect(rate.location.line == 6 && rate.location.column == 5)
        let semicolon = try #require(result.diagnostics.first { $0.ruleID == "itt.time.semicolon" })
        #expect(semicolon.location.line == 20)
        #expect(semicolon.message.contains("and 7 more"))
    }

    @Test func semicolonTimecodesFailInStrictMode() throws {
        let url = Self.directory.appendingPathComponent("mediafellows_ittconv__pairs_sub5_semicolon_tc.itt")
        let error = try #require(throws: CaptionFormatError.self) { try ITTTest.read(contentsOf: url, strict: true) }
        #expect(error.kind == .unreadable)
        #expect(error.location.line == 6)
        #expect(error.location.column != nil)
        #expect(error.diagnostics.contains { $0.ruleID == "itt.time.semicolon" && $0.severity == .error })
    }

    @Test func conformingFixturesAlsoReadInStrictMode() throws {
        for name in [
            "mantas-done_subtitles__TtmlTest_testConvertFromXml8_cmn-Hant.itt", "mediafellows_ittconv__valid_input.itt",
        ] {
            let result = try ITTTest.read(contentsOf: Self.directory.appendingPathComponent(name), strict: true)
            #expect(!result.document.captions.isEmpty)
        }
    }
}
