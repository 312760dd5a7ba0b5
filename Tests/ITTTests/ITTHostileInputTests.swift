import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// Hostile input: each case must fail with a located error, without fetching anything and
/// without expanding anything. That the work is bounded is shown by where the reader stops (the
/// error's location: the first element, link or paragraph past a limit), never by timing it;
/// how long these inputs take is a benchmark's business (Benchmarks/README.md).
@Suite struct ITTHostileInputTests {
    static let header =
        #"<tt xmlns="http://www.w3.org/ns/ttml" ttp:timeBase="media" xmlns:ttp="http://www.w3.org/ns/ttml#parameter">"#
        + #"<body><div><p begin="0s" end="1s">"#
    static let footer = "</p></div></body></tt>"

    /// Reads `bytes`, expecting a located `unreadable` error.
    @discardableResult
    static func expectLocatedFailure(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation)
        -> CaptionFormatError?
    {
        var caught: CaptionFormatError?
        // The reader throws only CaptionFormatError (typed throws).
        do {
            _ = try ITTReader(options: .init(fileName: "hostile.itt")).read(bytes)
        } catch {
            caught = error
        }
        guard let error = caught else {
            Issue.record("hostile input was accepted", sourceLocation: sourceLocation)
            return nil
        }
        #expect(error.kind == .unreadable, sourceLocation: sourceLocation)
        #expect(error.location.line != nil && error.location.column != nil, "\(error)", sourceLocation: sourceLocation)
        return error
    }

    @Test func externalEntityToALocalFileIsRefused() throws {
        let dir = try TemporaryDirectory("itt-xxe")
        let secret = dir.path("secret.txt")
        try "TOP-SECRET-MARKER".write(toFile: secret, atomically: true, encoding: .utf8)
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE tt [<!ENTITY xxe SYSTEM "file://\(secret)">]>
            \(Self.header)&xxe;\(Self.footer)
            """
        let error = try #require(Self.expectLocatedFailure(Array(text.utf8)))
        #expect(error.location.line == 2 && error.location.column == 1)
        #expect(error.message.contains("DOCTYPE"))
        // The parse stops at the DOCTYPE (line 2, column 1), before the entity is declared or
        // used, so the file is never opened; no message could hold its contents.
    }

    @Test func externalDTDIsNotFetched() {
        let text =
            #"<?xml version="1.0"?><!DOCTYPE tt SYSTEM "http://127.0.0.1:9/evil.dtd">"# + Self.header + "x"
            + Self.footer
        let error = Self.expectLocatedFailure(Array(text.utf8))
        #expect(error?.message.contains("DOCTYPE") == true)
    }

    @Test func billionLaughsIsRefusedAtTheDocumentType() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE tt [\n<!ENTITY lol \"lol\">\n"
        for i in 1...9 {
            let previous = i == 1 ? "lol" : "lol\(i - 1)"
            text += "<!ENTITY lol\(i) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        text += "]>\n" + Self.header + "&lol9;" + Self.footer
        let error = Self.expectLocatedFailure(Array(text.utf8))
        // Refused at the DOCTYPE itself, before any entity is declared, let alone expanded.
        #expect(error?.location.line == 2 && error?.location.column == 1)
        #expect(error?.message.contains("DOCTYPE") == true)
    }

    @Test func undeclaredEntityIsAnError() {
        let error = Self.expectLocatedFailure(Array((Self.header + "&nbsp;" + Self.footer).utf8))
        #expect(error?.message.contains("nbsp") == true)
    }

    @Test func hundredMegabyteTextNodeIsRefusedAtTheLimit() throws {
        let header = Array(Self.header.utf8)
        let bytes = header + [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20) + Array(Self.footer.utf8)
        let error = try #require(Self.expectLocatedFailure(bytes))
        // Refused by the 1 MiB text limit (not kept whole and refused later), at the text's start.
        #expect(error.message.contains("a text node is longer than \(1 << 20) bytes"), "\(error)")
        #expect(error.location.line == 1 && error.location.column == header.count + 1, "\(error)")
    }

    @Test func hundredThousandNestedSpansAreRefusedAtTheDepthLimit() throws {
        var text = Self.header
        text += String(repeating: "<span>", count: 100_000) + "deep" + String(repeating: "</span>", count: 100_000)
        text += Self.footer
        let error = try #require(Self.expectLocatedFailure(Array(text.utf8)))
        #expect(error.message.contains("nested more than 100 deep"), "\(error)")
        // The header's <tt>, <body>, <div> and <p> and 96 spans make the 100 levels allowed; the
        // 97th <span> is refused, so the other 99,903 are never read.
        #expect(error.location.line == 1 && error.location.column == Self.header.utf8.count + 96 * 6 + 1, "\(error)")
    }

    @Test func invalidUTF8IsAnError() {
        var bytes = Array((Self.header + "\nbad: ").utf8)
        bytes += [0xC3, 0x28, 0xFF, 0xFE]
        bytes += Array(Self.footer.utf8)
        let error = Self.expectLocatedFailure(bytes)
        // Told apart by libxml2's error code (XML_ERR_INVALID_CHAR / _ENCODING), not its text.
        #expect(error?.message.hasPrefix("invalid UTF-8 or character") == true, "\(String(describing: error))")
        #expect(error?.location.line == 2)
    }

    @Test func mismatchedTagsAreMalformedXML() {
        let bytes = Array((Self.header + "\nx</span>\n" + Self.footer).utf8)
        let error = Self.expectLocatedFailure(bytes)
        #expect(error?.message.hasPrefix("malformed XML") == true, "\(String(describing: error))")
    }

    @Test func encodingDeclarationCannotSwitchAwayFromUTF8() {
        var bytes = Array(("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + Self.header).utf8)
        bytes += [0xE9]  // "é" in Latin-1, invalid as UTF-8
        bytes += Array(Self.footer.utf8)
        Self.expectLocatedFailure(bytes)
    }

    @Test func utf16IsRefusedClearly() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("<tt/>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let error = Self.expectLocatedFailure(bytes)
        #expect(error?.message.contains("UTF-8") == true)
    }

    @Test(arguments: [0.2, 0.33, 0.5, 0.61, 0.77, 0.9, 0.97])
    func aFileCutAnywhereSaysItIsTruncated(fraction: Double) throws {
        let bytes = Array(try String(contentsOf: TestPaths.fixture("itt/all-features.itt"), encoding: .utf8).utf8)
        let error = Self.expectLocatedFailure(Array(bytes[..<Int(Double(bytes.count) * fraction)]))
        #expect(error?.message.contains("truncated") == true, "\(String(describing: error?.message))")
    }

    @Test func aFileCutInsideACharacterSaysItIsTruncated() throws {
        let bytes = Array(try String(contentsOf: TestPaths.fixture("itt/all-features.itt"), encoding: .utf8).utf8)
        // Every cut after the lead byte of a multi-byte character (the fixture has several).
        let cuts = bytes.indices.filter { bytes[$0] >= 0xC0 }.map { $0 + 1 }
        try #require(cuts.count >= 3)
        for cut in cuts {
            let error = Self.expectLocatedFailure(Array(bytes[..<cut]))
            #expect(
                error?.message.contains("truncated") == true, "cut at \(cut): \(String(describing: error?.message))")
        }
    }

    @Test func truncatedFileIsAnError() throws {
        let full = try String(contentsOf: TestPaths.fixture("itt/all-features.itt"), encoding: .utf8)
        let bytes = Array(full.utf8)
        let error = Self.expectLocatedFailure(Array(bytes[..<(bytes.count / 2)]))
        #expect(error?.message.hasPrefix("the file ends in the middle of the document (truncated?)") == true)
    }

    @Test func emptyAndNonXMLInputsAreErrors() {
        Self.expectLocatedFailure([])
        Self.expectLocatedFailure(Array("WEBVTT\n\n00:01.000 --> 00:02.000\nhello\n".utf8))
        let error = Self.expectLocatedFailure(Array("<html><body/></html>".utf8))
        #expect(error?.message.contains("not a TTML document") == true)
    }

    @Test func longStyleChainIsALocatedErrorNotAStackOverflow() throws {
        // TTML1 §8.4.1.3: each <style> may name another; 100,000 links must not recurse that deep.
        let count = 100_000
        var styles = ""
        styles.reserveCapacity(count * 32)
        for i in 0..<count { styles += "<style xml:id=\"s\(i)\" style=\"s\(i + 1)\"/>\n" }
        let text =
            #"<tt xmlns="http://www.w3.org/ns/ttml" ttp:timeBase="media" xmlns:ttp="http://www.w3.org/ns/ttml#parameter">"#
            + "<head><styling>\n\(styles)</styling></head>"
            + #"<body><div><p begin="0s" end="1s" style="s0">x</p></div></body></tt>"#
        // Without the cap the stack overflows.
        let error = try #require(Self.expectLocatedFailure(Array(text.utf8)))
        #expect(error.message.contains("chained style references"), "\(error)")
        // The link past the limit: s0 is link 1, so s64 is the first one refused (line 66).
        #expect(error.location.line == TTMLDocumentReader.maximumStyleChainLength + 2, "\(error)")
    }

    @Test func shortStyleChainStillResolves() throws {
        var styles = #"<style xml:id="s10" tts:color="yellow"/>"#
        for i in 0..<10 { styles += "<style xml:id=\"s\(i)\" style=\"s\(i + 1)\"/>" }
        let text = ITTTest.document(
            head: "<styling>\(styles)</styling>",
            body: #"<div><p begin="00:00:01:00" end="00:00:02:00" style="s0">x</p></div>"#)
        let caption = try #require(try ITTTest.read(text).document.captions.first)
        #expect(caption.runs.first?.style.textColor == .yellow)
    }

    @Test func manyTimedSpansInOneParagraphAreRefused() throws {
        // Every span ends at a different instant, so the paragraph would become 50,000 captions
        // holding up to 50,000 runs each.
        let count = 50_000
        var spans = ""
        spans.reserveCapacity(count * 40)
        for i in 1...count { spans += "<span begin=\"0s\" end=\"\(i)s\">x</span>" }
        let text =
            #"<tt xmlns="http://www.w3.org/ns/ttml" ttp:timeBase="media" xmlns:ttp="http://www.w3.org/ns/ttml#parameter">"#
            + "<body><div>\n<p begin=\"0s\" end=\"100000s\">\(spans)</p></div></body></tt>"
        // Without the limit it never finishes: refused at the paragraph (line 2), before splitting.
        let error = try #require(Self.expectLocatedFailure(Array(text.utf8)))
        #expect(error.message.contains("instants"), "\(error)")
        #expect(error.location.line == 2, "\(error)")
    }

    @Test func manyParagraphsJustUnderTheParagraphLimitAreRefusedTogether() throws {
        // Each <p> has 997 spans ending at different instants: about a million caption pieces,
        // under the per-paragraph limit. 40 of them (1.4 MB) took minutes and gigabytes before
        // the document-wide limit; now the fifth paragraph (line 6) exhausts it.
        var spans = ""
        for k in 1...997 { spans += "<span begin=\"0s\" end=\"\(k)s\">x</span>" }
        let paragraphs = String(repeating: "<p begin=\"0s\" end=\"1000s\">\(spans)</p>\n", count: 40)
        let text =
            #"<tt xmlns="http://www.w3.org/ns/ttml" ttp:timeBase="media" xmlns:ttp="http://www.w3.org/ns/ttml#parameter">"#
            + "<body><div>\n\(paragraphs)</div></body></tt>"
        let error = try #require(Self.expectLocatedFailure(Array(text.utf8)))
        #expect(error.message.contains("caption pieces"), "\(error)")
        #expect(error.location.line == 6, "\(error)")
    }

    @Test func aFewTimedSpansStillSplitTheParagraph() throws {
        var spans = ""
        for i in 1...3 { spans += "<span begin=\"0s\" end=\"\(i)s\">\(i)</span>" }
        let text =
            #"<tt xmlns="http://www.w3.org/ns/ttml" ttp:timeBase="media" xmlns:ttp="http://www.w3.org/ns/ttml#parameter">"#
            + "<body><div><p begin=\"0s\" end=\"3s\">\(spans)</p></div></body></tt>"
        let captions = try ITTTest.read(text).document.captions
        #expect(captions.map(\.text) == ["123", "23", "3"])
    }
}
