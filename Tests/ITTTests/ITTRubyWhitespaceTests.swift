import CaptionCore
import ITT
import Testing

/// Found by the itt fuzz target: a line feed inside a ruby base was kept as a line break in the
/// run, which the writer writes as a space, so write → read changed the text without a warning.
/// TTML1 §7.2.3 (default xml:space): white space in ruby base and annotation collapses to one
/// space, none at either end (Fixtures/fuzz/itt/ruby-base-with-line-feed.itt).
@Suite struct ITTRubyWhitespaceTests {
    static func ruby(_ base: String, _ annotation: String) -> String {
        ITTTest.document(
            body: #"<div><p begin="00:00:01:00" end="00:00:02:00"><span ry:kind="ruby">"#
                + #"<span ry:kind="rb">\#(base)</span><span ry:kind="rt">\#(annotation)</span></span></p></div>"#)
    }

    @Test func whiteSpaceInsideRubyCollapses() throws {
        let caption = try #require(try ITTTest.read(Self.ruby("東\n京", " とう\t\tきょう\n")).document.captions.first)
        #expect(caption.runs.map(\.text) == ["東 京"])
        #expect(caption.runs.first?.style.ruby?.text == "とう きょう")
    }

    @Test func rubyWithWhiteSpaceRoundTripsExactly() throws {
        let read = try ITTTest.read(Self.ruby("\n 東\r\n京 ", "とうきょう")).document
        let written = try ITTWriter().write(read)
        let reread = try ITTReader().read(written.bytes).document
        #expect(reread.captions == read.captions)
    }
}
