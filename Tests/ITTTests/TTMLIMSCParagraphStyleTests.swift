import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// IMSC 1.1's paragraph styles and emphasis marks: `itts:fillLineGap` (IMSC 1.1 §8.5.2),
/// `ebutts:linePadding` and `ebutts:multiRowAlign` (EBU Tech 3380 §4.4), `tts:shear` (TTML2
/// §10.2.38), `tts:textEmphasis` (§10.2.44) and the root's `ittp:activeArea`: read as the
/// specifications give them, written where the profile has them (ttconv the witness), reported
/// where it has not.
@Suite struct TTMLIMSCParagraphStyleTests {
    static let imsc11 = #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#

    @Test func theParagraphStylesAndMarksAreRead() throws {
        let root =
            Self.imsc11 + #" xmlns:ittp="http://www.w3.org/ns/ttml/profile/imsc1#parameter""#
            + #" ittp:activeArea="10% 5% 80% 90%""#
        let body = """
            <div tts:shear="-150%"><p begin="0s" end="1s" itts:fillLineGap="true" ebutts:linePadding="0.5c" \
            ebutts:multiRowAlign="center"><span tts:textEmphasis="open sesame red after">a</span>\
            <span tts:textEmphasis="'※' outside">b</span><span tts:textEmphasis="auto">c</span>\
            <span tts:textEmphasis="auto filled dot">c2</span>\
            <span tts:textEmphasis="none">d</span></p>\
            <p begin="1s" end="2s" tts:shear="16.5%" ebutts:multiRowAlign="auto">e</p></div>
            """
        let result = try TTMLTest.read(TTMLTest.document(root: root, body: body))
        let captions = result.document.captions
        try #require(captions.count == 2)
        let first = captions[0]
        #expect(first.fillsLineGap && first.linePadding == .cells(0.5) && first.multiRowAlign == .center)
        // -150 % is clamped to -100 % (as ttconv does), inherited from the div.
        #expect(first.shear == -100)
        #expect(
            first.runs.map(\.style.emphasis) == [
                CaptionEmphasis(shape: .sesame, filled: false, color: .red, position: .after),
                CaptionEmphasis(shape: .character("※"), position: .outside),
                // No position is outside (TTML2 §10.2.44).
                CaptionEmphasis(position: .outside),
                // Here `auto` is the position's (the value names a style): held as none.
                CaptionEmphasis(shape: .dot),
                nil,
            ])
        #expect(!captions[1].fillsLineGap && captions[1].linePadding == nil && captions[1].multiRowAlign == nil)
        #expect(captions[1].shear == 16.5)
        #expect(result.document.metadata["itt.activeArea"] == "10% 5% 80% 90%")
        #expect(!result.diagnostics.contains { $0.ruleID.hasSuffix("style.unmapped") }, "\(result.diagnostics)")
    }

    @Test(arguments: [
        #"ebutts:linePadding="5%""#, #"ebutts:linePadding="-1c""#, #"ebutts:multiRowAlign="left""#,
        #"tts:shear="10px""#, #"tts:textEmphasis="filled filled""#, #"tts:textEmphasis="'ab'""#,
        #"tts:textEmphasis="'x' circle""#, #"tts:textEmphasis="circle nocolour""#,
        #"tts:textEmphasis="before after""#, #"tts:textEmphasis="auto auto auto""#,
    ])
    func aValueItCannotReadIsReportedAndLeftOut(_ attribute: String) throws {
        let body = #"<div><p begin="0s" end="1s" \#(attribute)><span>a</span></p></div>"#
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, body: body))
        let caption = try #require(result.document.captions.first)
        #expect(caption.linePadding == nil && caption.multiRowAlign == nil && caption.shear == nil)
        #expect(caption.runs.first?.style.emphasis == nil)
        let name = String(attribute.prefix { $0 != "=" })
        #expect(result.diagnostics.contains { $0.message.contains(name) }, "\(result.diagnostics)")
    }

    static func document() -> CaptionDocument {
        var marked = CaptionTextStyle()
        marked.emphasis = CaptionEmphasis(shape: .dot, filled: false, color: .yellow, position: .before)
        var quoted = CaptionTextStyle()
        quoted.emphasis = CaptionEmphasis(shape: .character("\""))
        let caption = Caption(
            runs: [CaptionRun("Hello", style: marked), CaptionRun(" big", style: quoted), CaptionRun(" world")],
            timeRange: TimeRange(start: TTMLTest.s(1), end: TTMLTest.s(2)), fillsLineGap: true,
            linePadding: .cells(0.25), multiRowAlign: .end, shear: 16.5)
        var document = CaptionDocument(captions: [caption])
        document.language = "en"
        document.metadata["itt.activeArea"] = "10% 5% 80% 90%"
        return document
    }

    /// What ttconv's IMSC reader makes of our IMSC 1.1 output; our reader reads the same back.
    @Test func ttconvReadsWhatWeWrite() throws {
        let (written, path, folder) = try TTMLTest.writeIMSC11(Self.document(), named: "p.ttml")
        defer { withExtendedLifetime(folder) {} }
        #expect(!written.diagnostics.contains { $0.severity >= .warning }, "\(written.diagnostics)")
        let seen = try Self.ttconvReading(path)
        let activeArea = try #require(seen["activeArea"] as? [Double], "\(seen)")
        #expect(activeArea == [10, 5, 80, 90])
        let p = try #require((seen["paragraphs"] as? [[String: Any]])?.first, "\(seen)")
        #expect(p["fillLineGap"] as? Bool == true)
        #expect(p["linePadding"] as? String == "0.25c")
        #expect(p["multiRowAlign"] as? String == "end")
        #expect(p["shear"] as? Double == 16.5)
        // ttconv reads a quoted mark as no emphasis it knows (it has none): only the first span's.
        let emphasis = try #require(p["emphasis"] as? [String], "\(p)")
        #expect(emphasis.first == "open dot|255,255,0,255|before", "\(emphasis)")
        let back = try TTMLTest.read(String(decoding: written.bytes, as: UTF8.self))
        let reread = try #require(back.document.captions.first)
        let expected = Self.document().captions[0]
        #expect(reread.runs == expected.runs)
        #expect(reread.fillsLineGap && reread.linePadding == expected.linePadding)
        #expect(reread.multiRowAlign == .end && reread.shear == 16.5)
        #expect(back.document.metadata["itt.activeArea"] == "10% 5% 80% 90%")
    }

    /// The W3C documents that use these styles (every file of their folders), read by ttconv and
    /// by us: the same values on the same paragraphs and spans.
    static let folders = [
        "imsc1/ttml/fillLineGap", "imsc1/ttml/linePadding", "imsc1/ttml/multiRowAlign", "imsc1_1/ttml/shear",
        "imsc1_1/ttml/textEmphasis", "imsc1_1/ttml/linePadding",
    ]

    @Test(arguments: folders)
    func theW3CDocumentsReadAsTtconvReadsThem(_ folder: String) throws {
        let root = TestPaths.sharedFixture("ttml/imsc-tests/" + folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".ttml") }
        try #require(!names.isEmpty, "no documents in \(root.path)")
        for name in names.sorted() {
            try compare(root.appendingPathComponent(name))
        }
    }

    func compare(_ file: URL) throws {
        let name = file.lastPathComponent
        let peer = try #require(try Self.ttconvReading(file.path)["paragraphs"] as? [[String: Any]])
        let ours = try TTMLReader(options: CaptionFormatOptions(fileName: file.lastPathComponent))
            .read(Array(try Data(contentsOf: file)))
        // Our captions are the paragraphs' pieces over time; compare the set of values seen.
        let captions = ours.document.captions
        #expect(!captions.isEmpty)
        func set<T: Hashable>(_ values: [T?]) -> Set<T> { Set(values.compactMap { $0 }) }
        #expect(
            set(peer.map { $0["shear"] as? Double }.map { $0 == 0 ? nil : $0 }) == set(captions.map(\.shear)),
            "\(name)")
        #expect(
            set(peer.map { $0["linePadding"] as? String })
                == set(captions.map { $0.linePadding.map { "\($0.value)c" } }), "\(name)")
        #expect(
            set(peer.map { ($0["multiRowAlign"] as? String).flatMap { $0 == "auto" ? nil : $0 } })
                == set(captions.map { $0.multiRowAlign?.rawValue }), "\(name)")
        #expect(peer.contains { $0["fillLineGap"] as? Bool == true } == captions.contains(where: \.fillsLineGap))
        let peerMarks = Set(peer.flatMap { $0["emphasis"] as? [String] ?? [] })
        let ourMarks = Set(captions.flatMap(\.runs).compactMap(\.style.emphasis).map(Self.ttconvForm))
        #expect(peerMarks == ourMarks, "\(name)")
    }

    /// An emphasis as ttconv's model gives it: "filled circle|r,g,b,a|position", auto as "auto",
    /// no colour as "-", no position as ttconv's default, outside.
    static func ttconvForm(_ e: CaptionEmphasis) -> String {
        let style = e.shape.map { "\(e.filled ? "filled" : "open") \($0.name)" } ?? (e.filled ? "auto" : "open circle")
        let color = e.color.map { "\($0.red),\($0.green),\($0.blue),\($0.alpha)" } ?? "-"
        return "\(style)|\(color)|\(e.position?.rawValue ?? "outside")"
    }

    /// ttconv's model of a TTML file: the root's active area and, per paragraph, its
    /// fillLineGap, linePadding, multiRowAlign and shear and its spans' emphasis.
    static func ttconvReading(_ path: String) throws -> [String: Any] {
        let script = #"""
            import sys, json
            import xml.etree.ElementTree as ET
            import ttconv.imsc.reader as reader
            import ttconv.model as model
            import ttconv.style_properties as sp
            SP = sp.StyleProperties
            doc = reader.to_model(ET.parse(sys.argv[1]))
            area = doc.get_active_area()
            paragraphs = []
            def marks_of(x, out):
                for c in x:
                    if isinstance(c, model.Span):
                        t = c.get_style(SP.TextEmphasis)
                        if t is not None and t is not sp.SpecialValues.none:
                            color = ",".join(str(k) for k in t.color.components) if t.color else "-"
                            out.append(f"{t.style.value}|{color}|{t.position.value}")
                        marks_of(c, out)
            PROPS = (SP.FillLineGap, SP.LinePadding, SP.MultiRowAlign, SP.Shear)
            def walk(e, inherited, region):
                styles = dict(inherited)
                # A region with no content is falsy (it is a container): compare with None.
                region = e.get_region() if e.get_region() is not None else region
                for prop in PROPS:
                    v = e.get_style(prop)
                    if v is not None: styles[prop] = v
                if isinstance(e, model.P):
                    # What the paragraph does not specify it inherits from its region (TTML1 §8.4.2.2).
                    for prop in PROPS:
                        if prop not in styles and region is not None and region.get_style(prop) is not None:
                            styles[prop] = region.get_style(prop)
                    lp = styles.get(SP.LinePadding)
                    mra = styles.get(SP.MultiRowAlign)
                    marks = []
                    marks_of(e, marks)
                    paragraphs.append({"fillLineGap": bool(styles.get(SP.FillLineGap)),
                                       "linePadding": f"{float(lp.value)}{lp.units.value}" if lp else None,
                                       "multiRowAlign": mra.value if mra else None,
                                       "shear": styles.get(SP.Shear), "emphasis": marks})
                for c in e: walk(c, styles, region)
            # ttconv 1.2 keeps no region on the body element (body region="r" reads as none):
            # with one region in the document, that is the one.
            regions = list(doc.iter_regions())
            walk(doc.get_body(), {}, regions[0] if len(regions) == 1 else None)
            print(json.dumps({"paragraphs": paragraphs,
                              "activeArea": [area.left_offset * 100, area.top_offset * 100, area.width * 100,
                                             area.height * 100] if area else None}))
            """#
        let run = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, path])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    @Test(arguments: [TTMLProfile.itt, .dfxp, .ebuttD, .imsc1Text])
    func aProfileWithoutThemReportsEachLoss(_ profile: TTMLProfile) throws {
        let written = try TTMLWriter(options: CaptionFormatOptions(fileName: "x.ttml"), profile: profile)
            .write(Self.document())
        let warned = Set(
            written.diagnostics.filter { $0.severity == .warning }.compactMap {
                $0.ruleID.split(separator: ".").last.map(String.init)
            })
        // EBU-TT-D and IMSC 1.0.1 have line padding and multi-row alignment; IMSC 1.0.1 has no
        // fillLineGap (IMSC 1.1 §8.5.2); none of the four has shear or emphasis.
        var expected: Set = ["fill-line-gap", "shear", "text-emphasis", "line-padding", "multi-row-align"]
        if profile == .ebuttD || profile == .imsc1Text { expected.subtract(["line-padding", "multi-row-align"]) }
        #expect(expected.isSubset(of: warned), "\(profile): \(written.diagnostics)")
        #expect(
            warned.isDisjoint(with: ["line-padding", "multi-row-align"])
                || !(profile == .ebuttD || profile == .imsc1Text))
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(!text.contains("textEmphasis") && !text.contains("tts:shear") && !text.contains("fillLineGap"))
    }
}
