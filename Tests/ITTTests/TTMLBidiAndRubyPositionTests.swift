import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// `tts:unicodeBidi` with a span's `tts:direction` (TTML1 §8.2.21), `tts:rubyPosition` outside
/// (TTML2 §10.2.39, the initial value) and `tts:padding` in `rw`/`rh` (TTML2 §10.3.1): read,
/// written where the profile has them (ttconv the witness), reported where it has not.
@Suite struct TTMLBidiAndRubyPositionTests {
    static let imsc11 = #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#

    @Test func embeddingsAndOverridesAreRead() throws {
        let body = """
            <div><p begin="0s" end="1s" tts:direction="rtl">\
            <span tts:direction="ltr" tts:unicodeBidi="bidiOverride">abc<span tts:color="red"> d</span></span>\
            <span tts:unicodeBidi="embed"> e</span><span tts:direction="ltr"> f</span>\
            <span tts:direction="rtl" tts:unicodeBidi="isolate"> g</span>\
            <span tts:unicodeBidi="normal"> h</span></p></div>
            """
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, body: body))
        let caption = try #require(result.document.captions.first)
        #expect(caption.direction == .rightToLeft)
        #expect(
            caption.runs.map(\.style.bidi) == [
                CaptionBidi(.override, .leftToRight),
                // The nested span's text is inside the override.
                CaptionBidi(.override, .leftToRight),
                // An embedding takes the span's computed direction, the paragraph's here.
                CaptionBidi(.embed, .rightToLeft),
                // A direction without unicodeBidi has no effect on a span (§8.2.4).
                nil,
                CaptionBidi(.isolate, .rightToLeft),
                nil,
            ], "\(caption.runs)")
        #expect(!result.diagnostics.contains { $0.message.contains("unicodeBidi") }, "\(result.diagnostics)")
    }

    @Test func anUnknownValueIsReportedAndLeftOut() throws {
        let body = #"<div><p begin="0s" end="1s"><span tts:unicodeBidi="plaintext">a</span></p></div>"#
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, body: body))
        #expect(result.document.captions.first?.runs.first?.style.bidi == nil)
        #expect(result.diagnostics.contains { $0.message.contains("tts:unicodeBidi") }, "\(result.diagnostics)")
    }

    @Test func rubyIsOutsideUnlessGivenAndApplesIsBefore() throws {
        func ruby(_ attributes: String) -> String {
            #"<span tts:ruby="container" \#(attributes)><span tts:ruby="base">漢</span><span tts:ruby="text">かん</span></span>"#
        }
        let body = """
            <div><p begin="0s" end="1s">\(ruby(""))\(ruby(#"tts:rubyPosition="before""#))\
            \(ruby(#"tts:rubyPosition="after""#))\(ruby(#"tts:rubyPosition="outside""#))</p></div>
            """
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, body: body))
        let runs = try #require(result.document.captions.first?.runs)
        #expect(runs.compactMap(\.style.ruby?.position) == [.outside, .before, .after, .outside])
    }

    /// `tts:rubyPosition` is inherited and applies to the ruby text (TTML2 §10.2.39): a
    /// paragraph's referential style, the container, a text container or the text span gives it,
    /// the innermost winning; `tts:rubyAlign` (§10.2.37) is the container's, inherited too.
    /// ttconv's ISD (its computed values on each `Rt` and `Ruby`) is the witness.
    @Test func inheritedRubyStylesAreComputedAsTtconvComputesThem() throws {
        let head = """
            <styling><style xml:id="after" tts:rubyPosition="after"/>\
            <style xml:id="around" tts:rubyAlign="spaceAround"/></styling>
            """
        let base = #"<span tts:ruby="base">"#
        let text = #"<span tts:ruby="text""#
        // Each paragraph's attributes, then its ruby container's attributes and content.
        let paragraphs: [(String, String)] = [
            (#"style="after""#, #">\#(base)一</span>\#(text)>いち</span>"#),
            ("", #"tts:rubyPosition="after">\#(base)二</span>\#(text) tts:rubyPosition="before">に</span>"#),
            (
                "",
                #"><span tts:ruby="baseContainer">\#(base)三</span></span>"#
                    + #"<span tts:ruby="textContainer" tts:rubyPosition="after">\#(text) style="around">さん</span></span>"#
            ),
            ("", #">\#(base)四</span>\#(text)>よん</span>"#),
            (#"style="around""#, #">\#(base)五</span>\#(text)>ご</span>"#),
            ("", #"style="around after">\#(base)六</span>\#(text) tts:rubyPosition="outside">ろく</span>"#),
        ]
        let body =
            "<div>"
            + paragraphs.map { #"<p begin="0s" end="1s" \#($0.0)><span tts:ruby="container" \#($0.1)</span></p>"# }
            .joined() + "</div>"
        let document = TTMLTest.document(root: Self.imsc11, head: head, body: body)
        let result = try TTMLTest.read(document)
        #expect(!result.diagnostics.contains { $0.severity >= .warning }, "\(result.diagnostics)")
        let ours: [[String]] = result.document.captions.flatMap(\.runs).compactMap { run in
            run.style.ruby.map { r in
                [r.text, r.position.rawValue, r.alignment == .distributeSpaceAround ? "spaceAround" : "\(r.alignment)"]
            }
        }
        #expect(ours.count == 6, "\(ours)")

        let folder = try TemporaryDirectory("ttml-ruby-styles")
        let path = folder.path("ruby.ttml")
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let script = #"""
            import sys, json
            import xml.etree.ElementTree as ET
            import ttconv.imsc.reader as reader
            import ttconv.model as model
            import ttconv.isd as isd
            import ttconv.style_properties as sp
            SP = sp.StyleProperties
            doc = reader.to_model(ET.parse(sys.argv[1]))
            rows = []
            def text(e):
                return "".join(c.get_text() if isinstance(c, model.Text) else text(c) for c in e)
            def walk(e, align):
                if isinstance(e, model.Ruby):
                    align = e.get_style(SP.RubyAlign).value
                if isinstance(e, model.Rt):
                    rows.append([text(e), e.get_style(SP.RubyPosition).value, align])
                for c in e: walk(c, align)
            for region in isd.ISD.from_model(doc, 0).iter_regions():
                walk(region, None)
            print(json.dumps(rows))
            """#
        let run = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, path])
        #expect(run.status == 0, "\(run.stderr)")
        let theirs = try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String]], "\(run.stdout)")
        #expect(theirs.count == 6, "\(run.stdout) \(run.stderr)")
        #expect(ours.sorted { $0[0] < $1[0] } == theirs.sorted { $0[0] < $1[0] })
    }

    @Test func anUnknownRubyPositionOnTheTextIsReported() throws {
        let body = """
            <div><p begin="0s" end="1s"><span tts:ruby="container"><span tts:ruby="base">漢</span>\
            <span tts:ruby="text" tts:rubyPosition="above">かん</span></span></p></div>
            """
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, body: body))
        #expect(result.document.captions.first?.runs.compactMap(\.style.ruby?.position) == [.outside])
        #expect(result.diagnostics.contains { $0.message.contains("tts:rubyPosition") }, "\(result.diagnostics)")
    }

    static func document() -> CaptionDocument {
        var override = CaptionTextStyle()
        override.bidi = CaptionBidi(.override, .rightToLeft)
        var embed = CaptionTextStyle()
        embed.bidi = CaptionBidi(.embed, .leftToRight)
        var outside = CaptionTextStyle()
        outside.ruby = CaptionRuby(text: "かん", position: .outside)
        let caption = Caption(
            runs: [
                CaptionRun("abc", style: override), CaptionRun(" def", style: embed), CaptionRun(" "),
                CaptionRun("漢", style: outside), CaptionRun("\nsecond line"),
            ],
            timeRange: TimeRange(start: TTMLTest.s(1), end: TTMLTest.s(2)))
        var document = CaptionDocument(captions: [caption])
        document.language = "en"
        return document
    }

    /// What ttconv's IMSC reader makes of our output: each span's unicodeBidi, direction and ruby
    /// position; our reader reads the same back.
    @Test func ttconvReadsWhatWeWrite() throws {
        let (written, path, folder) = try TTMLTest.writeIMSC11(Self.document(), named: "bidi.ttml")
        defer { withExtendedLifetime(folder) {} }
        #expect(!written.diagnostics.contains { $0.severity >= .warning }, "\(written.diagnostics)")
        let script = #"""
            import sys, json
            import xml.etree.ElementTree as ET
            import ttconv.imsc.reader as reader
            import ttconv.model as model
            import ttconv.style_properties as sp
            SP = sp.StyleProperties
            doc = reader.to_model(ET.parse(sys.argv[1]))
            spans = []
            def walk(e):
                for c in e:
                    if not isinstance(c, model.Text):
                        # Spans, and the ruby container ttconv makes of a tts:ruby="container" span.
                        b, d, r = c.get_style(SP.UnicodeBidi), c.get_style(SP.Direction), c.get_style(SP.RubyPosition)
                        text = "".join(t.get_text() for t in c if isinstance(t, model.Text))
                        spans.append([text, b.value if b else None, d.value if d else None, r.value if r else None])
                        walk(c)
            walk(doc.get_body())
            print(json.dumps(spans))
            """#
        let run = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, path])
        #expect(run.status == 0, "\(run.stderr)")
        let spans = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[Any]], "\(run.stdout)")
        func row(_ text: String) -> [String] {
            (spans.first { $0.first as? String == text } ?? []).dropFirst().map { ($0 as? String) ?? "-" }
        }
        #expect(row("abc") == ["bidiOverride", "rtl", "-"], "\(spans)")
        #expect(row(" def") == ["embed", "ltr", "-"], "\(spans)")
        // The ruby container carries the position.
        #expect(spans.contains { ($0.last as? String) == "outside" }, "\(spans)")
        let back = try TTMLTest.read(String(decoding: written.bytes, as: UTF8.self))
        #expect(back.document.captions.first?.runs == Self.document().captions.first?.runs)
    }

    @Test(arguments: [TTMLProfile.itt, .dfxp, .ebuttD])
    func aProfileWithoutThemReportsEachLoss(_ profile: TTMLProfile) throws {
        var document = Self.document()
        document.captions[0].runs[1].style.bidi = CaptionBidi(.isolate, .leftToRight)
        let written = try TTMLWriter(options: CaptionFormatOptions(fileName: "x.ttml"), profile: profile)
            .write(document)
        let text = String(decoding: written.bytes, as: UTF8.self)
        let rules = written.diagnostics.filter { $0.severity == .warning }.map(\.ruleID)
        #expect(rules.contains { $0.hasSuffix(".unicode-bidi") }, "\(written.diagnostics)")
        if profile == .itt {
            #expect(!text.contains("unicodeBidi"))
            // Apple's ry:position has before and after: a two-line caption's outside ruby is a loss.
            #expect(rules.contains { $0.hasSuffix(".ruby") }, "\(written.diagnostics)")
            #expect(text.contains(#"ry:position="before""#), "\(text)")
        } else {
            // TTML1's unicodeBidi has no isolate: written as embed.
            #expect(text.contains(#"tts:unicodeBidi="embed""#) && !text.contains("isolate"), "\(text)")
        }
    }

    @Test func paddingInRootLengthsBecomesCells() throws {
        // lengthRootContainerRelative004's padding, on a 40 × 20 grid.
        let head = """
            <layout><region xml:id="r" tts:extent="90rw 40rh" tts:origin="5rw 5rh" \
            tts:backgroundColor="black" tts:padding="0rh 5rw 10rh 20rw"/></layout>
            """
        let body = #"<div><p region="r" begin="0s" end="1s">a</p></div>"#
        let root = Self.imsc11 + #" ttp:cellResolution="40 20""#
        let result = try TTMLTest.read(TTMLTest.document(root: root, head: head, body: body))
        let padding = try #require(result.document.captions.first?.region?.padding, "\(result.diagnostics)")
        // 5rw of 40 columns is 2 cells across; 10rh of 20 rows is 2 cells down.
        #expect(padding == CaptionPadding(top: .cells(0), right: .cells(2), bottom: .cells(2), left: .cells(8)))
        // Swift's number forms are not the `number` of TTML1's `<length>` (§8.3.9).
        for value in ["5rw", "1rw 1rh", "1rw 1rw 1rw 1rw", "0rh 0x1p3rw", "1e1rh 1rw"] {
            let h = #"<layout><region xml:id="r" tts:padding="\#(value)"/></layout>"#
            let r = try TTMLTest.read(TTMLTest.document(root: root, head: h, body: body))
            #expect(r.document.captions.first?.region?.padding == nil, "\(value)")
            #expect(r.diagnostics.contains { $0.message.contains("tts:padding") }, "\(value): \(r.diagnostics)")
        }
    }

    /// Every TTML number is read as the `number` of TTML1's `<length>` (§8.3.9): the forms Swift's `Double` also takes
    /// (hexadecimal, exponents) are reported, not read.
    @Test(arguments: [
        ("tts:fontSize", "0x1p3rh"), ("tts:fontSize", "1e1em"), ("tts:textShadow", "1e0rw 1rh"),
        ("tts:position", "0x10rw 50%"), ("tts:opacity", "0x1p-1"), ("tts:shear", "1e1%"),
    ])
    func swiftNumberFormsAreNoTTMLNumbers(_ name: String, _ value: String) throws {
        let region = name == "tts:position" || name == "tts:opacity"
        let head = #"<layout><region xml:id="r" \#(region ? "\(name)=\"\(value)\"" : "")/></layout>"#
        let span = region ? "a" : #"<span \#(name)="\#(value)">a</span>"#
        let body = #"<div><p region="r" begin="0s" end="1s">\#(span)</p></div>"#
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, head: head, body: body))
        #expect(result.diagnostics.contains { $0.message.contains(name) }, "\(result.diagnostics)")
    }
}
