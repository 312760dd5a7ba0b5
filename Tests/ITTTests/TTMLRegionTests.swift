import CaptionCore
import Testing

@testable import ITT

/// TTML1 §9.3: which region a paragraph is shown in, and when in none.
@Suite struct TTMLRegionTests {
    static let layout = """
        <layout><region xml:id="a" tts:origin="0% 0%" tts:extent="100% 50%"/>\
        <region xml:id="b" tts:origin="0% 50%" tts:extent="100% 50%"/></layout>
        """

    /// §9.3.3: the body is associated with "a", so every region's ISD but a's prunes it with all
    /// it holds, and a's prunes the p, which names "b"; the iTT reader used to show it in "b".
    @Test func aParagraphNamingAnotherRegionThanItsAncestorIsPruned() throws {
        let text = ITTTest.document(
            head: Self.layout,
            body:
                #"<div region="a"><p begin="00:00:01:00" end="00:00:02:00" region="b">x</p><p begin="00:00:01:00" end="00:00:02:00">y</p></div>"#
        )
        let result = try ITTTest.read(text)
        #expect(result.document.captions.map(\.text) == ["y"])
        #expect(result.document.captions.first?.region?.identifier == "a")
        #expect(result.diagnostics.map(\.ruleID) == ["itt.region.pruned"])
        #expect(result.diagnostics.first?.location.line == 4)
    }

    /// §9.3.3: a paragraph without a region of its own is shown in each region its spans name,
    /// with the spans of that region only.
    @Test func spansNameTheRegionsOfTheirParagraph() throws {
        let text = TTMLTest.document(
            head: Self.layout,
            body: #"<div><p begin="1s" end="2s"><span region="a">top</span><span region="b">bottom</span></p></div>"#)
        let captions = try TTMLTest.read(text).document.captions
        #expect(captions.map(\.text) == ["top", "bottom"])
        #expect(captions.map { $0.region?.identifier } == ["a", "b"])
    }

    /// §9.3.1: without regions in the layout, content goes to the default region, the whole
    /// root container (TTML2 §11.3.1.2), text from its top.
    @Test func withoutALayoutTheDefaultRegionIsTheRootContainer() throws {
        let captions = try TTMLTest.read(TTMLTest.document(body: #"<div><p begin="1s" end="2s">x</p></div>"#))
            .document.captions
        let region = try #require(captions.first?.region)
        #expect(region.origin == CaptionPoint(x: .percent(0), y: .percent(0)))
        #expect(region.size == CaptionSize(width: .percent(100), height: .percent(100)))
        #expect(region.displayAlignment == .before)
    }

    /// §9.3.3: with regions in the layout, content associated with none is never shown.
    @Test func contentWithNoRegionIsNotShownWhenTheLayoutHasRegions() throws {
        let result = try TTMLTest.read(
            TTMLTest.document(head: Self.layout, body: #"<div><p begin="1s" end="2s">x</p></div>"#))
        #expect(result.document.captions.isEmpty)
        #expect(result.diagnostics.map(\.ruleID) == ["ttml.region.none"])
    }

    /// TTML2 §10.2.35: a region placed by tts:position, as CSS background-position places an
    /// image: "right" leaves the extent's room on the left (the W3C reference rendering of
    /// imsc1_1 position001 at 2 s draws it from x = 40 %).
    @Test func positionPlacesTheRegionInsideTheRootContainer() throws {
        let text = TTMLTest.document(
            head:
                #"<layout><region xml:id="r" tts:extent="60% 20%" tts:position="right"/><region xml:id="q" tts:extent="60% 30%" tts:position="center bottom 10%"/></layout>"#,
            body: #"<div><p begin="1s" end="2s" region="r">x</p><p begin="1s" end="2s" region="q">y</p></div>"#)
        let captions = try TTMLTest.read(text).document.captions
        #expect(
            captions.map { $0.region?.origin } == [
                CaptionPoint(x: .percent(40), y: .percent(40)), CaptionPoint(x: .percent(20), y: .percent(63)),
            ])
    }

    /// tts:position in pixels (of the root's tts:extent in px), with `center` after an edge and
    /// offsets from the far edges; the values are the W3C reference renderings' of imsc1_1
    /// position002 (root 640 × 480 px, regions 400 × 48 px): "48px 48px" at (48, 48), "bottom
    /// 48px right 48px" at (640 − 400 − 48, 480 − 48 − 48), "center left 48px" at (48, (480 −
    /// 48) / 2).
    @Test func positionInPixelsAndCenterAfterAnEdge() throws {
        let regions = [("a", "48px 48px"), ("b", "bottom 48px right 48px"), ("c", "center left 48px")]
        let layout = regions.map { #"<region xml:id="\#($0.0)" tts:extent="400px 48px" tts:position="\#($0.1)"/>"# }
        let text = TTMLTest.document(
            root: #"tts:extent="640px 480px" ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#,
            head: "<layout>" + layout.joined() + "</layout>",
            body: "<div>" + regions.map { #"<p begin="1s" end="2s" region="\#($0.0)">x</p>"# }.joined() + "</div>")
        let result = try TTMLTest.read(text)
        #expect(
            result.document.captions.map { $0.region?.origin } == [
                CaptionPoint(x: .pixels(48), y: .pixels(48)), CaptionPoint(x: .pixels(192), y: .pixels(384)),
                CaptionPoint(x: .pixels(48), y: .pixels(216)),
            ])
        #expect(result.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(result.diagnostics)")
    }

    /// An rw offset down needs the root's shape: with no px extent on <tt>, 16:9 is taken and
    /// said (imsc1_1 position003's "left 25rw", drawn by the reference at 640 × 360 from
    /// y = 160 px: 25 × 16/9 = 44.4 %).
    @Test func anRWOffsetDownTakesSixteenByNine() throws {
        let text = TTMLTest.document(
            head: #"<layout><region xml:id="r" tts:extent="60rw 20rh" tts:position="left 25rw"/></layout>"#,
            body: #"<div><p begin="1s" end="2s" region="r">x</p></div>"#)
        let result = try TTMLTest.read(text)
        let origin = try #require(result.document.captions.first?.region?.origin)
        #expect(origin.x == .percent(0))
        #expect(origin.y.unit == .percent && abs(origin.y.value - 25 * 16 / 9) < 1e-9)
        #expect(result.diagnostics.contains { $0.message.contains("16:9 is taken") })
    }
}
