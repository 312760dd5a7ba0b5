import CaptionCore
import Testing

@testable import ITT

/// The XML hardening holds for every profile the TTML reader reads, and the new timing paths
/// (seq, set) are bounded.
@Suite struct TTMLHostileInputTests {
    static let roots = [
        #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#,
        #"ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1/text""#,
        #"ttp:profile="http://www.w3.org/ns/ttml/profile/dfxp-full""#,
        #"ttp:profile="http://www.smpte-ra.org/schemas/2052-1/2010/profiles/smpte-tt-full""#, "",
    ]

    @Test func documentTypesAndExternalEntitiesAreRefusedForEveryProfile() throws {
        for root in Self.roots {
            let text =
                #"<?xml version="1.0"?><!DOCTYPE tt [<!ENTITY x SYSTEM "file:///etc/passwd">]>"#
                + TTMLTest.document(root: root, body: #"<div><p begin="1s" end="2s">&x;</p></div>"#)
                .replacingOccurrences(of: #"<?xml version="1.0" encoding="UTF-8"?>"#, with: "")
            let error = try #require(throws: CaptionFormatError.self) { try TTMLTest.read(text) }
            #expect(error.message.contains("document type"), "\(root): \(error)")
            #expect(error.location.line == 1)
        }
    }

    @Test func deepNestingIsRefusedForEveryProfile() throws {
        for root in Self.roots {
            let spans = String(repeating: "<span>", count: 200) + "x" + String(repeating: "</span>", count: 200)
            let text = TTMLTest.document(root: root, body: "<div><p begin=\"1s\" end=\"2s\">\(spans)</p></div>")
            let error = try #require(throws: CaptionFormatError.self) { try TTMLTest.read(text) }
            #expect(error.message.contains("nested"), "\(error)")
            #expect(error.location.line == 4)  // the body's line (the tt start tag is line 2)
        }
    }

    /// Set animations cut a paragraph like timed spans: bounded the same way, at the paragraph.
    @Test func manySetAnimationsInOneParagraphAreRefused() throws {
        var sets = ""
        for i in 0..<2_000 { sets += "<set begin=\"\(i)s\" dur=\"1s\" tts:color=\"red\"/>" }
        let text = TTMLTest.document(body: "<div>\n<p begin=\"0s\" end=\"5000s\">\(sets)x</p></div>")
        let error = try #require(throws: CaptionFormatError.self) { try TTMLTest.read(text) }
        #expect(error.message.contains("instants"), "\(error)")
        #expect(error.location.line == 5)
    }

    /// A seq container of many children costs one pass: 20,000 paragraphs one after another.
    @Test func longSeqContainersReadInOnePass() throws {
        let paragraphs = String(repeating: #"<p dur="1s">x</p>"#, count: 20_000)
        let text = TTMLTest.document(body: "<div timeContainer=\"seq\">\(paragraphs)</div>")
        let captions = try TTMLTest.read(text).document.captions
        #expect(captions.count == 20_000)
        #expect(captions.last?.timeRange == TimeRange(start: TTMLTest.s(19_999), end: TTMLTest.s(20_000)))
    }
}
