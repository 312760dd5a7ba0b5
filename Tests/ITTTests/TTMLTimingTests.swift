import CaptionCore
import Testing

@testable import ITT

/// The TTML2 timing model (§12.4) and the intermediate synchronic documents it gives.
@Suite struct TTMLTimingTests {
    /// §12.4.3 seq: each child begins where the one before it ends; the iTT reader timed seq
    /// as par with a warning.
    @Test func seqContainerChainsItsChildren() throws {
        let text = ITTTest.document(
            parameters: #"ttp:timeBase="media""#,
            body: #"<div timeContainer="seq"><p dur="1s">a</p><p dur="2s">b</p><p begin="1s" dur="1s">c</p></div>"#)
        let result = try ITTTest.read(text)
        #expect(
            result.document.captions.map(\.timeRange) == [
                TimeRange(start: TTMLTest.s(0), end: TTMLTest.s(1)),
                TimeRange(start: TTMLTest.s(1), end: TTMLTest.s(3)),
                TimeRange(start: TTMLTest.s(4), end: TTMLTest.s(5)),
            ])
        #expect(result.diagnostics.isEmpty)
    }

    /// §12.4.3: a par container without an end ends with its last child (endsync all); a `p`
    /// holding only timed spans is shown while they are.
    @Test func aParagraphOfTimedSpansEndsWithItsLastSpan() throws {
        let text = ITTTest.document(
            parameters: #"ttp:timeBase="media""#,
            body: #"<div><p begin="1s"><span end="2s">x</span></p></div>"#)
        let captions = try ITTTest.read(text).document.captions
        #expect(captions.map(\.timeRange) == [TimeRange(start: TTMLTest.s(1), end: TTMLTest.s(3))])
    }

    /// TTML1 §11.1.1 `set`: a discrete style change for the set's interval, relative to its
    /// parent's begin; the reader ignored it.
    @Test func setChangesAStyleForItsInterval() throws {
        let text = ITTTest.document(
            parameters: #"ttp:timeBase="media""#,
            body: #"<div><p begin="1s" end="5s"><set begin="1s" end="2s" tts:color="red"/>x</p></div>"#)
        let captions = try ITTTest.read(text).document.captions
        #expect(
            captions.map(\.timeRange) == [
                TimeRange(start: TTMLTest.s(1), end: TTMLTest.s(2)),
                TimeRange(start: TTMLTest.s(2), end: TTMLTest.s(3)),
                TimeRange(start: TTMLTest.s(3), end: TTMLTest.s(5)),
            ])
        #expect(captions.map { $0.runs.first?.style.textColor } == [nil, .red, nil])
    }

    /// TTML1 §8.2.5: display none removes the element and its content while it holds;
    /// visibility hidden hides the text (the model has no hidden text, so it is left out).
    @Test func displayNoneAndHiddenTextAreNotShown() throws {
        let text = TTMLTest.document(
            body:
                #"<div><p begin="0s" end="4s"><set begin="1s" end="2s" tts:display="none"/>a<span tts:visibility="hidden">b</span></p></div>"#
        )
        let captions = try TTMLTest.read(text).document.captions
        #expect(captions.map(\.text) == ["a", "a"])
        #expect(captions.map(\.timeRange.start) == [TTMLTest.s(0), TTMLTest.s(2)])
    }

    /// TTML1 §10.4 applies to regions: content is shown only while its region is active.
    @Test func regionTimingBoundsItsContent() throws {
        let text = TTMLTest.document(
            head: #"<layout><region xml:id="r" begin="2s" end="3s"/></layout>"#,
            body: #"<div region="r"><p begin="0s" end="10s">x</p></div>"#)
        let captions = try TTMLTest.read(text).document.captions
        #expect(captions.map(\.timeRange) == [TimeRange(start: TTMLTest.s(2), end: TTMLTest.s(3))])
    }

    /// TTML2 §10.1.2: `<initial>` changes a property's initial value under every region.
    @Test func initialSetsTheInitialValue() throws {
        let text = TTMLTest.document(
            head: #"<styling><initial tts:color="yellow"/></styling>"#,
            body: #"<div><p begin="0s" end="1s">x</p></div>"#)
        #expect(try TTMLTest.read(text).document.captions.first?.runs.first?.style.textColor == .yellow)
    }
}
