import CaptionCore
import Testing

@testable import ITT

/// Past one of libxml2's fixed bounds (kept, since safe reading never sets XML_PARSE_HUGE), or on
/// an empty file, the message names what was too long and the bound, with its location; never
/// libxml2's raw text ("use XML_PARSE_HUGE option", "Huge input lookup", "internal error"), nor
/// a guess of truncation or of a lack of memory.
@Suite struct ITTLimitMessageTests {
    static let root = #"<tt xmlns="http://www.w3.org/ns/ttml">"#
    static let big = String(repeating: "a", count: 10_000_001)

    static func message(_ text: String) throws -> CaptionFormatError {
        let error = try #require(ITTHostileInputTests.expectLocatedFailure(Array(text.utf8)))
        for raw in ["XML_PARSE_HUGE", "Huge input", "internal error", "truncated", "out of memory", "libxml2 error"] {
            #expect(!error.message.contains(raw), "\(error)")
        }
        #expect(error.location.file == "hostile.itt")
        return error
    }

    @Test func anEmptyFileSaysItIsEmpty() throws {
        #expect(try Self.message("").message == "the file is empty; an iTT document is XML with a <tt> root element")
        #expect(
            try Self.message("\u{FEFF}").message == "the file is empty; an iTT document is XML with a <tt> root element"
        )
        #expect(try Self.message(" \n\t\r\n").message.hasPrefix("the file holds only white space"))
    }

    @Test(arguments: [
        ("an attribute value", #"<tt xmlns="http://www.w3.org/ns/ttml" x="\#(big)"></tt>"#, "10,000,000 bytes"),
        ("a CDATA section", "\(root)<![CDATA[\(big)]]></tt>", "10,000,000 bytes"),
        ("a processing instruction", "\(root)<?x \(big)?></tt>", "10,000,000 bytes"),
        ("a tag or a run of text", "\(root)<p \(String(repeating: " ", count: 10_000_001))/></tt>", "10,000,000 bytes"),
        ("an element or attribute name", "\(root)<\(String(repeating: "a", count: 60_000))/></tt>", "50,000 bytes"),
    ])
    func aPartPastTheParserLimitIsNamed(_ part: String, _ text: String, _ limit: String) throws {
        let error = try Self.message(text)
        #expect(
            error.message == "\(part) is longer than the XML parser's limit of \(limit); an iTT file never needs that "
                + "(Specs/limits.md)", "\(error)")
    }
}
