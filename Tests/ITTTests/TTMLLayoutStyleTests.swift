import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// TTML's line and region layout styles (TTML1 §8.2.12, .13, .15, .16, .19, .20, .23) held by the
/// model: read as the specification gives them, written back in the profiles that have them (ttconv
/// the witness of what we write), and reported where a profile has none.
@Suite struct TTMLLayoutStyleTests {
    static let head = """
        <styling><style xml:id="s1" tts:textDecoration="lineThrough" tts:textOutline="red 10%"/></styling>
        <layout><region xml:id="r1" tts:origin="10% 70%" tts:extent="80% 20%" tts:padding="5% 10%" \
        tts:opacity="0.5" tts:overflow="visible"/></layout>
        """
    static let body = """
        <div><p region="r1" begin="1s" end="2s" tts:lineHeight="150%" tts:wrapOption="noWrap">\
        <span style="s1">Hello</span> world</p></div>
        """

    @Test func theLayoutStylesAreReadAsTheSpecificationGivesThem() throws {
        let result = try TTMLTest.read(
            TTMLTest.document(
                root: #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#,
                head: Self.head, body: Self.body))
        let caption = try #require(result.document.captions.first)
        // Two values: before and after 5 %, end and start 10 % (§8.2.16), lrtb: top, right, bottom, left.
        #expect(
            caption.region?.padding
                == CaptionPadding(top: .percent(5), right: .percent(10), bottom: .percent(5), left: .percent(10)))
        #expect(caption.region?.opacity == 0.5)
        #expect(caption.region?.overflow == .visible)
        #expect(caption.lineHeight == .percent(150))
        #expect(caption.wrapsLines == false)
        #expect(caption.runs.map(\.text) == ["Hello", " world"])
        #expect(caption.runs[0].style.lineThrough && !caption.runs[1].style.lineThrough)
        #expect(caption.runs[0].style.edge == CaptionEdge(.uniform, color: .red, width: .percent(10)))
        #expect(caption.runs[1].style.edge == nil)
        // Nothing of these is reported as without a home any more.
        #expect(!result.diagnostics.contains { $0.ruleID.hasSuffix("style.unmapped") }, "\(result.diagnostics)")
    }

    /// TTML1 §8.2.2: a paragraph's background fills its block, held apart from the runs'; iTT
    /// keeps it behind the text, as Apple's files mean it.
    @Test func aParagraphsBackgroundIsItsBlockFillOutsideITT() throws {
        let body =
            #"<div><p begin="0s" end="1s" tts:backgroundColor="red" tts:direction="rtl">a <span tts:backgroundColor="blue">b</span></p></div>"#
        let imsc = try TTMLTest.read(
            TTMLTest.document(
                root: #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#, body: body))
        let caption = try #require(imsc.document.captions.first)
        #expect(caption.blockBackground == .red && caption.direction == .rightToLeft)
        #expect(caption.runs.map(\.style.backgroundColor) == [nil, .blue])
        let itt = try ITTTest.read(
            TTMLTest.document(root: #"ttp:frameRate="30""#, body: body))
        let ittCaption = try #require(itt.document.captions.first)
        #expect(ittCaption.blockBackground == nil)
        #expect(ittCaption.runs.map(\.style.backgroundColor) == [.red, .blue])
    }

    @Test func aVerticalRegionsPaddingIsHeldByItsPhysicalEdges() throws {
        let head = """
            <layout><region xml:id="v" tts:writingMode="tbrl" tts:padding="1px 2px 3px 4px"/></layout>
            """
        let result = try TTMLTest.read(
            TTMLTest.document(head: head, body: #"<div><p region="v" begin="0s" end="1s">縦</p></div>"#))
        // tbrl: before is the right edge, end the bottom, after the left, start the top.
        #expect(
            result.document.captions.first?.region?.padding
                == CaptionPadding(top: .pixels(4), right: .pixels(1), bottom: .pixels(2), left: .pixels(3)))
    }

    @Test func paddingOnAParagraphIsReportedNotDroppedSilently() throws {
        let result = try TTMLTest.read(
            TTMLTest.document(body: #"<div><p begin="0s" end="1s" tts:padding="1c">x</p></div>"#))
        #expect(
            result.diagnostics.contains { $0.ruleID.hasSuffix("style.unmapped") && $0.message.contains("tts:padding") })
    }

    static func layoutDocument() -> CaptionDocument {
        let region = CaptionRegion(
            identifier: "r1", origin: CaptionPoint(x: .percent(10), y: .percent(70)),
            size: CaptionSize(width: .percent(80), height: .percent(20)),
            padding: CaptionPadding(top: .pixels(4), right: .percent(10), bottom: .pixels(6), left: .percent(8)),
            opacity: 0.25, overflow: .hidden)
        var struck = CaptionTextStyle(lineThrough: true)
        struck.edge = CaptionEdge(.uniform, color: .red, width: .percent(10))
        let caption = Caption(
            runs: [CaptionRun("Hello", style: struck), CaptionRun(" world")],
            timeRange: TimeRange(start: TTMLTest.s(1), end: TTMLTest.s(2)), region: region,
            lineHeight: .percent(150), wrapsLines: false, direction: .rightToLeft,
            blockBackground: CaptionColor(red: 0, green: 0, blue: 255, alpha: 128))
        var document = CaptionDocument(captions: [caption])
        document.language = "en"
        return document
    }

    /// What ttconv's IMSC reader makes of our IMSC 1.1 output: the region's padding (before, end,
    /// after, start), opacity and overflow; each paragraph's lineHeight and wrapOption; each
    /// span's line-through and outline.
    @Test func ttconvReadsTheLayoutWeWrite() throws {
        let dir = try TemporaryDirectory("ttml-layout-ttconv")
        let written = try TTMLWriter(options: CaptionFormatOptions(fileName: "layout.ttml"), profile: .imsc11Text)
            .write(Self.layoutDocument())
        #expect(!written.diagnostics.contains { $0.severity >= .warning }, "\(written.diagnostics)")
        let path = dir.path("layout.ttml")
        try Data(written.bytes).write(to: URL(fileURLWithPath: path))
        let script = #"""
            import sys, json
            import xml.etree.ElementTree as ET
            import ttconv.imsc.reader as reader
            import ttconv.model as model
            import ttconv.style_properties as sp
            SP = sp.StyleProperties
            def length(v): return [float(v.value), v.units.value]
            doc = reader.to_model(ET.parse(sys.argv[1]))
            regions = {}
            for r in doc.iter_regions():
                pad = r.get_style(SP.Padding)
                ov = r.get_style(SP.Overflow)
                regions[r.get_id()] = {
                    "padding": [length(x) for x in (pad.before, pad.end, pad.after, pad.start)] if pad else None,
                    "opacity": r.get_style(SP.Opacity), "overflow": ov.value if ov else None}
            paragraphs = []
            def spans_of(x, out):
                for c in x:
                    if isinstance(c, model.Span):
                        d = c.get_style(SP.TextDecoration)
                        o = c.get_style(SP.TextOutline)
                        has = o is not None and o is not sp.SpecialValues.none
                        out.append({"lineThrough": bool(d and d.line_through),
                                    "outline": [list(o.color.components), length(o.thickness)] if has else None})
                        spans_of(c, out)
            def walk(e):
                if isinstance(e, model.P):
                    lh = e.get_style(SP.LineHeight)
                    wo = e.get_style(SP.WrapOption)
                    di = e.get_style(SP.Direction)
                    bg = e.get_style(SP.BackgroundColor)
                    spans = []
                    spans_of(e, spans)
                    paragraphs.append({"lineHeight": length(lh) if isinstance(lh, sp.LengthType) else None,
                                       "wrapOption": wo.value if wo else None, "spans": spans,
                                       "direction": di.value if di else None,
                                       "background": list(bg.components) if bg else None})
                for c in e: walk(c)
            walk(doc.get_body())
            print(json.dumps({"regions": regions, "paragraphs": paragraphs}))
            """#
        let run = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, path])
        #expect(run.status == 0, "\(run.stderr)")
        let seen = try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let regions = try #require(seen["regions"] as? [String: [String: Any]])
        let region = try #require(regions["r1"], "\(regions.keys)")
        // lrtb: before top 4px, end right 10%, after bottom 6px, start left 8%.
        let padding = try #require(region["padding"] as? [[Any]])
        #expect(
            padding.map { "\($0[0] as? Double ?? -1)\($0[1] as? String ?? "?")" } == [
                "4.0px", "10.0%", "6.0px", "8.0%",
            ])
        #expect(region["opacity"] as? Double == 0.25)
        #expect(region["overflow"] as? String == "hidden")
        let paragraphs = try #require(seen["paragraphs"] as? [[String: Any]])
        #expect(paragraphs.count == 1)
        let p = try #require(paragraphs.first)
        #expect((p["lineHeight"] as? [Any])?.first as? Double == 150)
        #expect(p["wrapOption"] as? String == "noWrap")
        #expect(p["direction"] as? String == "rtl")
        #expect(p["background"] as? [Int] == [0, 0, 255, 128])
        let spans = try #require(p["spans"] as? [[String: Any]])
        #expect(spans.first?["lineThrough"] as? Bool == true)
        let outline = try #require(spans.first?["outline"] as? [Any])
        #expect(outline.first as? [Int] == [255, 0, 0, 255])
        #expect((outline.last as? [Any])?.first as? Double == 10)
        // And our reader reads back what was written.
        let back = try TTMLTest.read(String(decoding: written.bytes, as: UTF8.self))
        let expected = Self.layoutDocument().captions[0]
        let reread = try #require(back.document.captions.first)
        #expect(reread.region?.padding == expected.region?.padding)
        #expect(reread.region?.opacity == 0.25 && reread.region?.overflow == .hidden)
        #expect(reread.lineHeight == expected.lineHeight && reread.wrapsLines == false)
        #expect(reread.direction == .rightToLeft && reread.blockBackground == expected.blockBackground)
        #expect(reread.runs == expected.runs)
    }

    @Test(arguments: [TTMLProfile.itt, .ebuttD])
    func aProfileWithoutTheLayoutReportsEachLoss(_ profile: TTMLProfile) throws {
        let written = try TTMLWriter(options: CaptionFormatOptions(fileName: "x.ttml"), profile: profile)
            .write(Self.layoutDocument())
        let warned = Set(
            written.diagnostics.filter { $0.severity == .warning }.map {
                $0.ruleID.split(separator: ".").last.map(String.init) ?? ""
            })
        // EBU Tech 3380 §4.4 has padding (not in pixels), overflow, lineHeight (in percent),
        // wrapOption and textDecoration, but no opacity and no textOutline; iTT has none.
        let expected: Set<String> =
            profile == .itt
            ? [
                "padding", "opacity", "overflow", "line-height", "wrap-option", "text-outline", "line-through",
                "direction", "block-background",
            ]
            : ["padding", "opacity", "text-outline"]
        #expect(expected.isSubset(of: warned), "\(written.diagnostics)")
        if profile == .ebuttD {
            let text = String(decoding: written.bytes, as: UTF8.self)
            #expect(text.contains(#"tts:lineHeight="150%""#) && text.contains(#"tts:wrapOption="noWrap""#))
            #expect(text.contains(#"tts:overflow="hidden""#) && text.contains("lineThrough"))
        }
    }
}
