import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// What the review of the backdrop, bidi and ruby change found: the embedding fixed where
/// unicodeBidi is given, `<initial>` under the regions, Apple's ruby position, and a bound on a
/// region's animations.
@Suite struct TTMLReviewFindingsTests {
    static let imsc11 = #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#

    /// A descendant's direction or `normal` leaves the embedding as it is, and a div's
    /// unicodeBidi does nothing (TTML1 §8.2.21: p and span only).
    @Test func theEmbeddingIsFixedWhereItIsGiven() throws {
        let body =
            #"<div tts:unicodeBidi="bidiOverride" tts:direction="rtl"><p begin="0s" end="1s">"#
            + #"<span tts:unicodeBidi="embed" tts:direction="rtl">a<span tts:direction="ltr" tts:color="red">b</span>"#
            + #"<span tts:unicodeBidi="normal" tts:color="blue">c</span></span><span tts:color="lime"> d</span></p></div>"#
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, body: body))
        let caption = try #require(result.document.captions.first)
        let embed = CaptionBidi(.embed, .rightToLeft)
        #expect(caption.runs.map(\.style.bidi) == [embed, embed, embed, nil], "\(caption.runs)")
    }

    /// Apple's ry:position has before and after only: outside is reported, before kept.
    @Test func applesRubyPositionHasNoOutside() throws {
        let root = Self.imsc11 + #" xmlns:ry="http://namespace.itunes.apple.com/itt/ttml-extension#ruby""#
        let body =
            #"<div><p begin="0s" end="1s"><span ry:kind="ruby" ry:position="outside"><span ry:kind="rb">漢</span>"#
            + #"<span ry:kind="rt">かん</span></span></p></div>"#
        let result = try TTMLTest.read(TTMLTest.document(root: root, body: body))
        #expect(result.document.captions.first?.runs.first?.style.ruby?.position == .before, "\(result.document)")
        #expect(result.diagnostics.contains { $0.message.contains("ry:position") }, "\(result.diagnostics)")
    }

    /// TTML2 §10.1.2: `<initial>` sets showBackground's initial value for every region.
    @Test func anInitialWhenActiveShowsNoRegionEmpty() throws {
        let head =
            #"<styling><initial tts:showBackground="whenActive"/></styling>"#
            + #"<layout><region xml:id="r" tts:backgroundColor="red"/>"#
            + #"<region xml:id="s" tts:backgroundColor="blue" tts:showBackground="always"/></layout>"#
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, head: head, body: "<div/>"))
        #expect(result.document.regionBackdrops.map(\.region.identifier) == ["s"])
    }

    /// Each backdrop interval applies the region's animations again: more than 1,000 is an error.
    @Test func aRegionWithTooManyAnimationsIsAnError() throws {
        let sets = String(repeating: #"<set begin="1s" end="2s" tts:backgroundColor="red"/>"#, count: 1_001)
        let head = #"<layout><region xml:id="r" tts:backgroundColor="blue">"# + sets + "</region></layout>"
        #expect(throws: CaptionFormatError.self) {
            try TTMLTest.read(TTMLTest.document(root: Self.imsc11, head: head, body: "<div/>"))
        }
        let fewer = String(repeating: #"<set begin="1s" end="2s" tts:backgroundColor="red"/>"#, count: 1_000)
        let ok = #"<layout><region xml:id="r" tts:backgroundColor="blue">"# + fewer + "</region></layout>"
        #expect(
            try TTMLTest.read(TTMLTest.document(root: Self.imsc11, head: ok, body: "<div/>")).document.regionBackdrops
                .count == 3)
    }

    /// iTT writes outside ruby as before: on a one-line caption the same side, no warning; the
    /// fuzz check's documented changes say so.
    @Test func iTTWritesOneLineOutsideRubyAsBefore() throws {
        var style = CaptionTextStyle()
        style.ruby = CaptionRuby(text: "かん", position: .outside)
        let one = MediaTime(value: 1, timescale: 1)
        var document = CaptionDocument(captions: [
            Caption(runs: [CaptionRun("漢", style: style)], timeRange: TimeRange(start: one, end: one + one))
        ])
        document.language = "ja"
        let written = try TTMLWriter(options: CaptionFormatOptions(fileName: "x.itt"), profile: .itt).write(document)
        #expect(!written.diagnostics.contains { $0.ruleID.hasSuffix(".ruby") }, "\(written.diagnostics)")
        let back = try TTMLTest.read(String(decoding: written.bytes, as: UTF8.self))
        #expect(back.document.captions.first?.runs.first?.style.ruby?.position == .before)
    }
}
