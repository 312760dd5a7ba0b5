import CaptionCore
import Testing

@testable import ITT

/// Profile detection on read and the constraints each profile's reading checks.
@Suite struct TTMLProfileTests {
    static func profile(of text: String) throws -> TTMLProfile {
        try TTMLReader().readWithProfile(Array(text.utf8)).profile
    }

    static let body = #"<div><p begin="1s" end="2s">x</p></div>"#

    @Test func detectsTheDeclaredProfile() throws {
        let cases: [(String, String, TTMLProfile)] = [
            (#"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#, "", .imsc11Text),
            (
                #"ttp:contentProfiles="http://example.com/x http://www.w3.org/ns/ttml/profile/imsc1.2/text""#, "",
                .imsc12Text
            ),
            (#"ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1/text""#, "", .imsc1Text),
            (#"ttp:profile="http://www.w3.org/ns/ttml/profile/dfxp-full""#, "", .dfxp),
            ("", #"<ttp:profile use="http://www.smpte-ra.org/schemas/2052-1/2010/profiles/smpte-tt-full"/>"#, .smpteTT),
            (
                "",
                "<metadata><ebuttm:conformsToStandard>urn:ebu:tt:distribution:2014-01</ebuttm:conformsToStandard></metadata>",
                .ebuttD
            ),
            ("", "", .dfxp),
        ]
        for (root, head, expected) in cases {
            let text = TTMLTest.document(root: root, head: head, body: Self.body)
            #expect(try Self.profile(of: text) == expected, "\(root) \(head)")
            #expect(try TTMLTest.read(text).document.metadata["ttml.profile"] == expected.rawValue)
        }
    }

    @Test func namespacesNameTheProfileWhenNoneIsDeclared() throws {
        let ebu = TTMLTest.document(body: #"<div><p begin="1s" end="2s" ebutts:linePadding="0.5c">x</p></div>"#)
        #expect(try Self.profile(of: ebu) == .ebuttD)
        let apple = TTMLTest.document(
            root: #"xmlns:vt="http://namespace.itunes.apple.com/itt/ttml-extension#vertical""#,
            body: #"<div><p begin="1s" end="2s"><span vt:combine="all">12</span></p></div>"#)
        #expect(try Self.profile(of: apple) == .itt)
    }

    /// Image profiles (IMSC Image, SMPTE-TT images) are refused at the declaration, with the
    /// reason: the model holds text only.
    @Test func imageDocumentsAreRefusedWithALocatedReason() throws {
        let declared = TTMLTest.document(
            root: #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/image""#, body: Self.body)
        let error = try #require(throws: CaptionFormatError.self) { try TTMLTest.read(declared) }
        #expect(error.message.contains("IMSC 1.1 Image") && error.message.contains("text only"), "\(error)")
        #expect(error.location.line == 2)
        let smpte = TTMLTest.document(body: ##"<div smpte:backgroundImage="#img1" begin="1s" end="2s"/>"##)
        let second = try #require(throws: CaptionFormatError.self) { try TTMLTest.read(smpte) }
        #expect(second.message.contains("images"), "\(second)")
        #expect(second.location.line == 4)
    }

    /// EBU Tech 3380: media time base only, begin and end only (no dur), no set; each finding
    /// located at its attribute, and an error in strict mode.
    @Test func ebuttDConstraintsAreLocatedFindings() throws {
        let text = TTMLTest.document(
            root: #"ttp:timeBase="smpte" ttp:frameRate="25""#,
            head:
                "<metadata><ebuttm:conformsToStandard>urn:ebu:tt:distribution:2014-01</ebuttm:conformsToStandard></metadata>",
            body: #"<div><p begin="00:00:01:00" dur="00:00:01:00">x</p></div>"#)
        let result = try TTMLTest.read(text)
        let findings = result.diagnostics.filter { $0.ruleID == "ttml.profile" }
        #expect(findings.count == 2, "\(result.diagnostics)")
        #expect(findings.map(\.location.line) == [2, 4])  // tt start tag (line 2), body (line 4)
        #expect(findings.last?.location.column == 37)  // "  <body><div><p begin=\"00:00:01:00\" " is 36 characters
        #expect(findings.allSatisfy { $0.severity == .warning && $0.message.contains("EBU-TT-D") })
        #expect(throws: CaptionFormatError.self) { try TTMLTest.read(text, strict: true) }
    }

    @Test func imscForbidsTheSMPTETimeBase() throws {
        let text = TTMLTest.document(
            root: #"ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1/text" ttp:timeBase="smpte""#,
            body: #"<div><p begin="00:00:01:00" end="00:00:02:00">x</p></div>"#)
        let findings = try TTMLTest.read(text).diagnostics.filter { $0.ruleID == "ttml.profile" }
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("IMSC 1.0.1 Text") == true)
    }

    /// DFXP is TTML1: TTML2 styles are reported; what the model cannot hold yet is an info
    /// finding, not a silent loss.
    @Test func ttml2StylesInDFXPAndUnmappedStylesAreReported() throws {
        let text = TTMLTest.document(
            body: #"<div><p begin="1s" end="2s" tts:letterSpacing="1px" tts:opacity="0.5">x</p></div>"#)
        let ids = try TTMLTest.read(text).diagnostics.map(\.ruleID)
        #expect(ids == ["ttml.profile", "ttml.style.unmapped", "ttml.style.unmapped"])
    }
}
