import CaptionCore
import Foundation
import Testing

@testable import ITT

/// Styles (TTML1 §8), white space (§7.2.3) and regions (§9) as the reader resolves them.
@Suite struct ITTStyleTests {
    @Test(arguments: [
        ("white", CaptionColor.white), ("Yellow", .yellow), ("lime", CaptionColor(red: 0, green: 255, blue: 0)),
        ("#ff8000", CaptionColor(red: 255, green: 128, blue: 0)),
        ("#FF800040", CaptionColor(red: 255, green: 128, blue: 0, alpha: 64)),
        ("rgb(1, 2, 3)", CaptionColor(red: 1, green: 2, blue: 3)),
        ("rgba(1,2,3,4)", CaptionColor(red: 1, green: 2, blue: 3, alpha: 4)),
        ("transparent", .clear),
    ])
    func colors(text: String, color: CaptionColor) {
        #expect(CaptionColor(ttml: text) == color)
    }

    @Test func badColorsAreRejected() {
        for text in ["#ff80", "rgb(256,0,0)", "rgb(1,2)", "blurple", "", "#gg0000"] {
            #expect(CaptionColor(ttml: text) == nil, "\(text)")
        }
    }

    @Test func writtenColorsReadBack() {
        for color in [CaptionColor.white, .black, .clear, .yellow, CaptionColor(red: 1, green: 2, blue: 3, alpha: 4)] {
            #expect(CaptionColor(ttml: color.ttmlDescription) == color)
        }
    }

    @Test func defaultWhiteSpaceCollapsesAndTrimsLines() throws {
        let text = ITTTest.document(
            body: """
                <div><p begin="00:00:01:00" end="00:00:02:00">
                      Hello   <span tts:fontStyle="italic"> big </span>
                      world <br/>   second\tline
                    </p></div>
                """)
        let caption = try #require(try ITTTest.read(text).document.captions.first)
        #expect(caption.text == "Hello big world\nsecond line")
        #expect(caption.runs.map(\.text) == ["Hello ", "big ", "world\nsecond line"])
    }

    @Test func preservedSpaceKeepsEverythingAndLineFeedsBreak() throws {
        let text = ITTTest.document(
            body: "<div xml:space=\"preserve\"><p begin=\"00:00:01:00\" end=\"00:00:02:00\"> a  b\nc </p></div>")
        let caption = try #require(try ITTTest.read(text).document.captions.first)
        #expect(caption.text == " a  b\nc ")
    }

    @Test func inlineStyleWinsOverReferencedAndInheritance() throws {
        let head = """
            <styling><style xml:id="a" tts:color="red" tts:fontWeight="bold"/><style xml:id="b" style="a" tts:color="blue"/></styling>
            """
        let text = ITTTest.document(
            head: head,
            body: """
                <div tts:fontStyle="italic"><p begin="00:00:01:00" end="00:00:02:00" style="b" tts:color="yellow">x<span style="a">y</span></p></div>
                """)
        let runs = try #require(try ITTTest.read(text).document.captions.first?.runs)
        #expect(runs[0].style == CaptionTextStyle(textColor: .yellow, italic: true, bold: true))
        #expect(runs[1].style == CaptionTextStyle(textColor: .red, italic: true, bold: true))
    }

    @Test func unknownValuesWarnLenientlyAndFailStrictly() throws {
        let text = ITTTest.document(
            body: #"<div><p begin="00:00:01:00" end="00:00:02:00" tts:color="blurple" style="nope">x</p></div>"#)
        let result = try ITTTest.read(text)
        #expect(result.diagnostics.map(\.ruleID).sorted() == ["itt.style.reference", "itt.style.value"])
        #expect(result.diagnostics.allSatisfy { $0.location.line == 4 && $0.location.column != nil })
        #expect(result.document.captions.first?.text == "x")
        #expect(throws: CaptionFormatError.self) { try ITTTest.read(text, strict: true) }
    }

    @Test func repeatedFindingsAreCapped() throws {
        let paragraphs = (0..<100).map { i in
            #"<p begin="00:00:\#(String(format: "%02d", i % 60)):00" end="00:01:00:00" tts:color="blurple">x</p>"#
        }
        let result = try ITTTest.read(ITTTest.document(body: "<div>" + paragraphs.joined() + "</div>"))
        let style = result.diagnostics.filter { $0.ruleID == "itt.style.value" }
        #expect(style.count == TTMLDocumentReader.diagnosticsPerRule)
        #expect(style.last?.message.hasSuffix("(and 80 more like it)") == true)
    }

    @Test func styleCyclesAreErrors() throws {
        let head = #"<styling><style xml:id="a" style="b"/><style xml:id="b" style="a"/></styling>"#
        let text = ITTTest.document(
            head: head, body: #"<div><p begin="00:00:01:00" end="00:00:02:00" style="a">x</p></div>"#)
        let error = try #require(throws: CaptionFormatError.self) { try ITTTest.read(text) }
        #expect(error.message.contains("cycle") || error.message.contains("itself"))
    }

    @Test func undefinedAppleRegionIsAssumedWithAWarning() throws {
        let text = ITTTest.document(body: #"<div><p begin="00:00:01:00" end="00:00:02:00" region="top">x</p></div>"#)
        let result = try ITTTest.read(text)
        #expect(result.document.captions.first?.region == ITTStandardRegions.top.region)
        #expect(result.document.captions.first?.textAlignment == .center)
        #expect(result.diagnostics.map(\.ruleID) == ["itt.region.undefined"])
    }

    @Test func ttml2RubyMarkupIsReadLikeApples() throws {
        let text = ITTTest.document(
            body: """
                <div><p begin="00:00:01:00" end="00:00:02:00"><span tts:ruby="container" tts:rubyPosition="after"><span tts:ruby="base">字</span><span tts:ruby="text">じ</span></span></p></div>
                """)
        let run = try #require(try ITTTest.read(text).document.captions.first?.runs.first)
        #expect(run.text == "字" && run.style.ruby == CaptionRuby(text: "じ", position: .after))
    }

    @Test func legacyAndPrefixedDocumentsRead() throws {
        let prefixed = """
            <tt:tt xmlns:tt="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:timeBase="media">
              <tt:body><tt:div><tt:p begin="1s" end="2s">prefixed<tt:br/>document</tt:p></tt:div></tt:body>
            </tt:tt>
            """
        #expect(try ITTTest.read(prefixed).document.captions.first?.lines == ["prefixed", "document"])
    }
}
