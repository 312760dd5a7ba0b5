import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// TTML2's text shadows (§10.2.43 `tts:textShadow`) and ruby reserve (§10.2.35
/// `tts:rubyReserve`): read as the specification gives them, written in the TTML2-based profiles
/// (ttconv the witness of what we write and of what the W3C test document holds), reported where
/// a profile has neither.
@Suite struct TTMLShadowAndRubyReserveTests {
    static let imsc11 = #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#

    @Test func shadowsAndTheReserveAreReadAsTheSpecificationGivesThem() throws {
        let head = """
            <styling><style xml:id="sh" tts:textShadow="1px 2px 3px red, 0.1em -5% blue"/></styling>
            <layout><region xml:id="r" tts:textShadow="1.5rw -1.5rh 0.5rh white"/></layout>
            """
        let body = """
            <div><p region="r" begin="0s" end="1s" tts:rubyReserve="outside 1em">\
            <span style="sh">a</span><span tts:textShadow="none">b</span>c</p>\
            <p region="r" begin="1s" end="2s" tts:rubyReserve="both">d</p></div>
            """
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, head: head, body: body))
        let captions = result.document.captions
        try #require(captions.count == 2)
        let runs = captions[0].runs
        #expect(runs.map(\.text) == ["a", "b", "c"])
        // 0.1em is 10 % of the font size; a blur of 3px.
        #expect(
            runs[0].style.shadows == [
                CaptionShadow(offsetX: .pixels(1), offsetY: .pixels(2), blur: .pixels(3), color: .red),
                CaptionShadow(offsetX: .percent(10), offsetY: .percent(-5), color: .blue),
            ])
        #expect(runs[1].style.shadows.isEmpty)
        // Inherited from the region: 1.5rw of 32 columns is 0.48 cells across, -1.5rh of 15 rows
        // -0.225 cells down, 0.5rh 0.075 cells.
        let inherited = try #require(runs[2].style.shadows.first)
        #expect(abs(inherited.offsetX.value - 0.48) < 1e-9 && inherited.offsetX.unit == .cells)
        #expect(abs(inherited.offsetY.value + 0.225) < 1e-9 && inherited.offsetY.unit == .cells)
        #expect(abs((inherited.blur?.value ?? 0) - 0.075) < 1e-9 && inherited.color == .white)
        #expect(captions[0].rubyReserve == CaptionRubyReserve(position: .outside, length: .percent(100)))
        #expect(captions[1].rubyReserve == CaptionRubyReserve(position: .both))
        #expect(!result.diagnostics.contains { $0.ruleID.hasSuffix("style.unmapped") }, "\(result.diagnostics)")
    }

    @Test(arguments: [
        "1px", "1px 2px -3px", "1px 2px 3px 4px", "1px 2px notacolour", "1px 2px,", "red", "1px 2px 3px red blue",
    ])
    func aShadowItCannotReadIsReportedAndLeftOut(_ value: String) throws {
        let body = #"<div><p begin="0s" end="1s"><span tts:textShadow="\#(value)">a</span></p></div>"#
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, body: body))
        #expect(result.document.captions.first?.runs.first?.style.shadows == [])
        #expect(result.diagnostics.contains { $0.message.contains("tts:textShadow") }, "\(result.diagnostics)")
    }

    @Test func moreShadowsThanTheLimitAreReported() throws {
        let many = Array(repeating: "1px 1px", count: CaptionShadow.maximumCount + 1).joined(separator: ", ")
        let body = #"<div><p begin="0s" end="1s"><span tts:textShadow="\#(many)">a</span></p></div>"#
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, body: body))
        #expect(result.document.captions.first?.runs.first?.style.shadows == [])
        #expect(result.diagnostics.contains { $0.message.contains("at most 16 shadows") }, "\(result.diagnostics)")
    }

    static func document() -> CaptionDocument {
        var style = CaptionTextStyle(textColor: .yellow)
        style.shadows = [
            CaptionShadow(
                offsetX: .pixels(2), offsetY: .pixels(-3), blur: .pixels(1.5),
                color: CaptionColor(red: 0, green: 0, blue: 0, alpha: 128)),
            CaptionShadow(offsetX: .percent(10), offsetY: .percent(5)),
        ]
        let caption = Caption(
            runs: [CaptionRun("Hello", style: style), CaptionRun(" world")],
            timeRange: TimeRange(start: TTMLTest.s(1), end: TTMLTest.s(2)),
            rubyReserve: CaptionRubyReserve(position: .after, length: .pixels(12)))
        var document = CaptionDocument(captions: [caption])
        document.language = "en"
        return document
    }

    /// What ttconv's IMSC reader makes of our IMSC 1.1 output: each span's shadows (offsets,
    /// blur, colour) and the paragraph's reserve; our reader reads the same back.
    @Test func ttconvReadsTheShadowsAndTheReserveWeWrite() throws {
        let (written, path, folder) = try TTMLTest.writeIMSC11(Self.document(), named: "shadow.ttml")
        defer { withExtendedLifetime(folder) {} }
        #expect(!written.diagnostics.contains { $0.severity >= .warning }, "\(written.diagnostics)")
        let seen = try Self.ttconvReading(path)
        let paragraph = try #require(seen.first)
        #expect(paragraph["rubyReserve"] as? [String] == ["after", "12.0px"])
        let spans = try #require(paragraph["spans"] as? [[[String]]])
        #expect(
            spans.first == [["2.0px", "-3.0px", "1.5px", "0,0,0,128"], ["10.0%", "5.0%", "0.0px", "-"]],
            "\(spans)")
        #expect(spans.dropFirst().allSatisfy { $0.isEmpty }, "\(spans)")
        let back = try TTMLTest.read(String(decoding: written.bytes, as: UTF8.self))
        let reread = try #require(back.document.captions.first)
        #expect(reread.runs == Self.document().captions[0].runs)
        #expect(reread.rubyReserve == Self.document().captions[0].rubyReserve)
    }

    /// The W3C test documents with shadows, read by ttconv and by us: the same shadows on the
    /// same spans (ttconv keeps rw and rh as written; we hold them as cells of the 32 × 15 grid).
    @Test func theW3CShadowDocumentReadsAsTtconvReadsIt() throws {
        let suite = "ttml/imsc-tests/imsc1_1/ttml/"
        let expected: [(String, [String], CaptionShadow)] = [
            (
                "textShadow/textShadow001.ttml", ["10.0%", "-20.0%", "5.0%", "0,255,0,255"],
                CaptionShadow(
                    offsetX: .percent(10), offsetY: .percent(-20), blur: .percent(5),
                    color: CaptionColor(red: 0, green: 255, blue: 0))
            ),
            (
                "lengthRootContainerRelative/lengthRootContainerRelative005.ttml",
                ["1.5rw", "-1.5rh", "0.5rh", "255,255,255,255"],
                CaptionShadow(offsetX: .cells(0.48), offsetY: .cells(-0.225), blur: .cells(0.075), color: .white)
            ),
        ]
        for (name, peer, shadow) in expected {
            let file = TestPaths.sharedFixture(suite + name)
            let seen = try Self.ttconvReading(file.path)
            let shadowed = seen.flatMap { ($0["spans"] as? [[[String]]]) ?? [] }.filter { !$0.isEmpty }
            #expect(shadowed == [[peer]], "\(name): \(seen)")
            let ours = try TTMLReader(options: CaptionFormatOptions(fileName: file.lastPathComponent))
                .read(Array(try Data(contentsOf: file)))
            let shadows = Set(ours.document.captions.flatMap(\.runs).map(\.style.shadows).filter { !$0.isEmpty })
            let s = try #require(shadows.first?.first, "\(name)")
            #expect(shadows.count == 1 && shadows.first?.count == 1, "\(name): \(shadows)")
            for (a, b) in [(s.offsetX, shadow.offsetX), (s.offsetY, shadow.offsetY)]
                + [(s.blur, shadow.blur)].compactMap({
                    x, y in x.flatMap { x in y.map { (x, $0) } }
                })
            {
                #expect(a.unit == b.unit && abs(a.value - b.value) < 1e-9, "\(name): \(a) against \(b)")
            }
            #expect(s.color == shadow.color && (s.blur == nil) == (shadow.blur == nil), "\(name)")
        }
    }

    /// ttconv's model of a TTML file: per paragraph, its `tts:rubyReserve` (position, length) and
    /// each span's shadows as [x, y, blur or "-", "r,g,b,a" or "-"].
    static func ttconvReading(_ path: String) throws -> [[String: Any]] {
        let script = #"""
            import sys, json
            import xml.etree.ElementTree as ET
            import ttconv.imsc.reader as reader
            import ttconv.model as model
            import ttconv.style_properties as sp
            SP = sp.StyleProperties
            def length(v): return f"{float(v.value)}{v.units.value}"
            doc = reader.to_model(ET.parse(sys.argv[1]))
            paragraphs = []
            def spans_of(x, out):
                for c in x:
                    if isinstance(c, model.Span):
                        t = c.get_style(SP.TextShadow)
                        shadows = []
                        if t is not None and t is not sp.SpecialValues.none:
                            for s in t.shadows:
                                shadows.append([length(s.x_offset), length(s.y_offset),
                                                length(s.blur_radius) if s.blur_radius else "-",
                                                ",".join(str(k) for k in s.color.components) if s.color else "-"])
                        out.append(shadows)
                        spans_of(c, out)
            def walk(e):
                if isinstance(e, model.P):
                    r = e.get_style(SP.RubyReserve)
                    spans = []
                    spans_of(e, spans)
                    reserve = None
                    if r is not None and r is not sp.SpecialValues.none:
                        reserve = [r.position.value] + ([length(r.length)] if r.length else [])
                    paragraphs.append({"rubyReserve": reserve, "spans": spans})
                for c in e: walk(c)
            walk(doc.get_body())
            print(json.dumps(paragraphs))
            """#
        let run = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, path])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stdout)")
    }

    @Test(arguments: [TTMLProfile.itt, .ebuttD, .dfxp, .imsc1Text])
    func aProfileWithoutThemReportsEachLoss(_ profile: TTMLProfile) throws {
        let written = try TTMLWriter(options: CaptionFormatOptions(fileName: "x.ttml"), profile: profile)
            .write(Self.document())
        let warned = Set(
            written.diagnostics.filter { $0.severity == .warning }.compactMap {
                $0.ruleID.split(separator: ".").last.map(String.init)
            })
        #expect(["text-shadow", "ruby-reserve"].allSatisfy(warned.contains), "\(written.diagnostics)")
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(!text.contains("textShadow") && !text.contains("rubyReserve"))
    }

    @Test func imsc11WritesAtMostFourShadowsAndSaysSo() throws {
        var document = Self.document()
        document.captions[0].runs[0].style.shadows = (1...5).map {
            CaptionShadow(offsetX: .pixels(Double($0)), offsetY: .pixels(0))
        }
        let written = try TTMLWriter(options: CaptionFormatOptions(fileName: "x.ttml"), profile: .imsc11Text)
            .write(document)
        #expect(written.diagnostics.contains { $0.ruleID.hasSuffix("text-shadow") && $0.severity == .warning })
        let back = try TTMLTest.read(String(decoding: written.bytes, as: UTF8.self))
        #expect(back.document.captions.first?.runs.first?.style.shadows.map(\.offsetX.value) == [1, 2, 3, 4])
    }
}
