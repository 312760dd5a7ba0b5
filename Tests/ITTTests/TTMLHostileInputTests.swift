import CaptionCore
import Testing

@testable import ITT

/// The XML hardening holds for every profile the TTML reader reads, and the new timing paths
/// (seq, set) are bounded.
@Suite struct TTMLHostileInputTests {
    /// A `.ttml` document that our reader detects as `profile` (its designator, EBU-TT-D's
    /// `ebuttm:conformsToStandard`, Apple's namespace in use for iTT), with `body` in its body
    /// and `prolog` (a document type, say) between the XML declaration and `tt`.
    static func document(_ profile: TTMLProfile, prolog: String = "", body: String) -> String {
        var root = ""
        var head = ""
        switch profile {
        case .imsc1Text, .imsc1Image, .dfxp, .smpteTT, .ttml2:
            let designator: [TTMLProfile: String] = [
                .imsc1Text: "http://www.w3.org/ns/ttml/profile/imsc1/text",
                .imsc1Image: "http://www.w3.org/ns/ttml/profile/imsc1/image",
                .dfxp: "http://www.w3.org/ns/ttml/profile/dfxp-full",
                .smpteTT: "http://www.smpte-ra.org/schemas/2052-1/2010/profiles/smpte-tt-full",
                .ttml2: "http://www.w3.org/ns/ttml/profile/ttml2-full",
            ]
            root = "ttp:profile=\"\(designator[profile] ?? "")\""
        case .imsc11Text, .imsc11Image, .imsc12Text, .imsc13Text:
            let version = profile.rawValue.split(separator: "-")[0].dropFirst(4)
            let kind = profile.isImage ? "image" : "text"
            root = "ttp:contentProfiles=\"http://www.w3.org/ns/ttml/profile/imsc\(version)/\(kind)\""
        case .ebuttD:
            head =
                "<metadata><ebuttm:documentMetadata><ebuttm:conformsToStandard>urn:ebu:tt:distribution:2014-01"
                + "</ebuttm:conformsToStandard></ebuttm:documentMetadata></metadata>"
        case .itt:
            root = "xmlns:vt=\"http://namespace.itunes.apple.com/itt/ttml-extension#vertical\" vt:x=\"\""
        }
        let text = TTMLTest.document(root: root, head: head, body: body)
        return prolog.isEmpty ? text : text.replacingOccurrences(of: "?>\n<tt ", with: "?>\n\(prolog)\n<tt ")
    }

    /// Reads `text` as the registry's `ttml` format reads a file `hostile.ttml`.
    static func read(_ text: String) throws -> CaptionReadResult {
        let reader = try #require(TTMLFormat.descriptor.reader)
        return try reader(Array(text.utf8), CaptionFormatOptions(fileName: "hostile.ttml"))
    }

    /// `text` refused with an `unreadable` error that names the file, the line and the column.
    static func refusal(_ text: String, _ profile: TTMLProfile, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> CaptionFormatError
    {
        let error = try #require(throws: CaptionFormatError.self, "\(profile)", sourceLocation: sourceLocation) {
            try Self.read(text)
        }
        #expect(error.kind == .unreadable, "\(profile): \(error)", sourceLocation: sourceLocation)
        #expect(
            error.location.file == "hostile.ttml" && error.location.line != nil && error.location.column != nil,
            "\(profile): \(error)", sourceLocation: sourceLocation)
        return error
    }

    static let paragraph = #"<div><p begin="1s" end="2s">x</p></div>"#

    /// libxml2 ends a document at its first NUL: bytes after one (a sample run into the next
    /// box, two files joined) are refused with the byte, never dropped unsaid; NULs alone to the
    /// end (padding) are read.
    @Test func bytesAfterANULAreRefusedButNULPaddingIsRead() throws {
        let text = Self.document(.imsc11Text, body: Self.paragraph)
        let joined = text + "\0\0\0\u{18}moofxyz" + Self.paragraph
        let error = try Self.refusal(joined, .imsc11Text)
        #expect(error.message.contains("a NUL byte at byte \(text.utf8.count + 1)"), "\(error)")
        let padded = try Self.read(text + "\0\0\0\0")
        #expect(padded.document.captions.map(\.text) == ["x"])
    }

    /// Without anything hostile each document is read as the profile it is meant to test (the
    /// image profiles refused for their images), so the tests below test every profile.
    @Test(arguments: TTMLProfile.allCases)
    func eachDocumentIsDetectedAsItsProfile(_ profile: TTMLProfile) throws {
        let text = Self.document(profile, body: Self.paragraph)
        if profile.isImage {
            #expect(try Self.refusal(text, profile).message.contains("images"))
        } else {
            let (result, detected) = try TTMLReader(options: CaptionFormatOptions(fileName: "hostile.ttml"))
                .readWithProfile(Array(text.utf8))
            #expect(detected == profile)
            #expect(result.document.captions.map(\.text) == ["x"])
        }
    }

    /// Billion laughs: ten levels of ten entity references.
    static var billionLaughs: String {
        var prolog = "<!DOCTYPE tt [<!ENTITY lol \"lol\">"
        for i in 1...9 {
            let previous = i == 1 ? "lol" : "lol\(i - 1)"
            prolog += "<!ENTITY lol\(i) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        return prolog + "]>"
    }

    /// An external entity (XXE), a document type naming an external DTD, an external parameter
    /// entity and billion laughs are refused at the DOCTYPE, before anything is declared, fetched
    /// or expanded.
    @Test(arguments: TTMLProfile.allCases)
    func documentTypesAndEntitiesAreRefused(_ profile: TTMLProfile) throws {
        for (prolog, entity) in [
            (#"<!DOCTYPE tt [<!ENTITY x SYSTEM "file:///etc/passwd">]>"#, "x"),
            (#"<!DOCTYPE tt SYSTEM "http://127.0.0.1:9/evil.dtd">"#, "x"),
            (#"<!DOCTYPE tt [<!ENTITY % p SYSTEM "http://127.0.0.1:9/p.dtd"> %p;]>"#, "x"),
            (Self.billionLaughs, "lol9"),
        ] {
            let body = "<div><p begin=\"1s\" end=\"2s\">&\(entity);</p></div>"
            let error = try Self.refusal(Self.document(profile, prolog: prolog, body: body), profile)
            #expect(error.message.contains("document type"), "\(profile): \(error)")
            #expect(error.location.line == 2 && error.location.column == 1, "\(profile): \(error)")
        }
    }

    /// Nesting deeper than 100 elements is refused at the element past the limit (the body's
    /// line; the `tt` start tag is line 2).
    @Test(arguments: TTMLProfile.allCases)
    func deepNestingIsRefused(_ profile: TTMLProfile) throws {
        let spans = String(repeating: "<span>", count: 200) + "x" + String(repeating: "</span>", count: 200)
        let text = Self.document(profile, body: "<div><p begin=\"1s\" end=\"2s\">\(spans)</p></div>")
        let error = try Self.refusal(text, profile)
        #expect(error.message.contains("nested more than 100 deep"), "\(profile): \(error)")
        #expect(error.location.line == 4, "\(profile): \(error)")
    }

    /// A text node over 1 MiB and an attribute over 64 KiB are refused (Specs/limits.md).
    @Test(arguments: TTMLProfile.allCases)
    func oversizedTextAndAttributesAreRefused(_ profile: TTMLProfile) throws {
        let long = String(repeating: "a", count: (1 << 20) + 1)
        let text = Self.document(profile, body: "<div><p begin=\"1s\" end=\"2s\">\(long)</p></div>")
        #expect(try Self.refusal(text, profile).message.contains("text node is longer"), "\(profile)")
        let attribute = String(repeating: "a", count: (64 << 10) + 1)
        let tagged = Self.document(profile, body: "<div><p xml:id=\"\(attribute)\" begin=\"1s\" end=\"2s\">x</p></div>")
        #expect(try Self.refusal(tagged, profile).message.contains("attribute value is longer"), "\(profile)")
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
