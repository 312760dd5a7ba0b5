import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// A percentage (or em) `tts:lineHeight` is of the font size of the element that specifies it,
/// and what descendants and region content inherit is that length (TTML1 §8.2.12); ttconv's ISD
/// (the paragraphs' computed line heights, in `rh`) is the witness, on what we read and on what
/// we write back.
@Suite struct TTMLLineHeightTests {
    /// Cell resolution 50 × 30 and a 640 × 480 pixel root, so that cells, pixels and percentages
    /// all differ from the defaults. Each paragraph's text names it.
    static let document = TTMLTest.document(
        root: #"ttp:cellResolution="50 30" tts:extent="640px 480px" "#
            + #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#,
        head: """
            <layout><region xml:id="r1" tts:origin="10% 10%" tts:extent="80% 80%"/>\
            <region xml:id="r2" tts:origin="10% 10%" tts:extent="80% 80%" tts:fontSize="50%" \
            tts:lineHeight="200%"/></layout>
            """,
        body: """
            <div region="r1">\
            <p begin="0s" end="1s" tts:fontSize="200%" tts:lineHeight="165%">a</p>\
            <div tts:fontSize="150%" tts:lineHeight="120%"><p begin="0s" end="1s" tts:fontSize="200%">b</p></div>\
            <p begin="0s" end="1s" tts:fontSize="2c" tts:lineHeight="125%">c</p>\
            <p begin="0s" end="1s" tts:fontSize="24px" tts:lineHeight="120%">e</p>\
            <p begin="0s" end="1s" tts:fontSize="2c" tts:lineHeight="1.5em">f</p>\
            <p begin="0s" end="1s" tts:lineHeight="normal">g</p>\
            <p begin="0s" end="1s" tts:lineHeight="3c">h</p>\
            </div><div region="r2"><p begin="0s" end="1s">d</p></div>
            """)

    /// The paragraphs' line heights in `rh` (nil for normal), by text, as ttconv's ISD computes
    /// them from `document`.
    static func ttconvLineHeights(of document: String, _ name: String) throws -> [String: Double?] {
        let folder = try TemporaryDirectory("ttml-line-height")
        let path = folder.path(name)
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let script = #"""
            import sys, json
            import xml.etree.ElementTree as ET
            import ttconv.imsc.reader as reader
            import ttconv.model as model
            import ttconv.isd as isd
            import ttconv.style_properties as sp
            doc = reader.to_model(ET.parse(sys.argv[1]))
            rows = {}
            def text(e):
                return "".join(c.get_text() if isinstance(c, model.Text) else text(c) for c in e)
            def walk(e):
                if isinstance(e, model.P):
                    lh = e.get_style(sp.StyleProperties.LineHeight)
                    if isinstance(lh, sp.LengthType):
                        assert lh.units.value == "rh", lh
                        rows[text(e)] = lh.value
                    else:
                        rows[text(e)] = None
                for c in e: walk(c)
            for region in isd.ISD.from_model(doc, 0).iter_regions():
                walk(region)
            print(json.dumps(rows))
            """#
        let run = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, path])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        return rows.mapValues { $0 as? Double }
    }

    /// Our paragraphs' line heights in `rh` of the 30-row, 480-pixel root: the model's
    /// percentages are of one cell, as its font sizes are.
    static func ourLineHeights(_ document: CaptionDocument) -> [String: Double?] {
        var rows: [String: Double?] = [:]
        for caption in document.captions {
            let text = caption.runs.map(\.text).joined()
            rows.updateValue(
                caption.lineHeight.map { h in
                    switch h.unit {
                    case .percent: return h.value / 100 * 100 / 30
                    case .cells: return h.value * 100 / 30
                    case .pixels: return h.value * 100 / 480
                    }
                }, forKey: text)
        }
        return rows
    }

    static func expectSame(_ ours: [String: Double?], _ theirs: [String: Double?], only names: Set<String>? = nil) {
        let names = names ?? Set(theirs.keys)
        #expect(names.isSubset(of: Set(ours.keys)) && names.isSubset(of: Set(theirs.keys)), "\(ours) \(theirs)")
        for name in names.sorted() {
            let (a, b) = (ours[name] ?? nil, theirs[name] ?? nil)
            #expect((a == nil) == (b == nil), "\(name): ours \(String(describing: a)), ttconv \(String(describing: b))")
            if let a, let b { #expect(abs(a - b) < 1e-9, "\(name): ours \(a) rh, ttconv \(b) rh") }
        }
    }

    @Test func readAsTtconvComputesThem() throws {
        let result = try TTMLTest.read(Self.document)
        #expect(!result.diagnostics.contains { $0.severity >= .warning }, "\(result.diagnostics)")
        let theirs = try Self.ttconvLineHeights(of: Self.document, "read.ttml")
        #expect(theirs.count == 8, "\(theirs)")
        let ours = Self.ourLineHeights(result.document)
        // ttconv's model takes no cells for a line height (it logs an error and reads none);
        // TTML1 §8.2.12 takes any length, and 3 of 30 rows are 10 rh.
        Self.expectSame(ours, theirs, only: Set(theirs.keys).subtracting(["h"]))
        #expect(ours["h"] == .some(10), "\(ours)")
        // The values worked by hand from §8.2.12 for two of them: 165 % of 200 % of a cell of
        // 100/30 rh is 11 rh; 120 % of the div's 150 % is what its paragraph at 200 % inherits.
        let (a, b) = (theirs["a"].flatMap { $0 } ?? 0, theirs["b"].flatMap { $0 } ?? 0)
        #expect(abs(a - 11) < 1e-9 && abs(b - 6) < 1e-9, "\(theirs)")
    }

    /// TTML2's `<initial>` values apply at the root of each region's content: a percentage line
    /// height among them is of the region's font size (2c × 125 % in a region without one, 3c ×
    /// 125 % in one of 3c: 16.67 and 25 rh of 15 rows), as ttconv resolves it.
    @Test func anInitialLineHeightIsOfTheRegionsFontSize() throws {
        let document = TTMLTest.document(
            root: #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#,
            head: """
                <styling><initial tts:fontSize="2c" tts:lineHeight="125%"/></styling>\
                <layout><region xml:id="r1" tts:origin="10% 10%" tts:extent="80% 40%"/>\
                <region xml:id="r2" tts:origin="10% 50%" tts:extent="80% 40%" tts:fontSize="3c"/></layout>
                """,
            body: """
                <div><p region="r1" begin="0s" end="1s">a</p><p region="r2" begin="0s" end="1s">b</p></div>
                """)
        let result = try TTMLTest.read(document)
        #expect(!result.diagnostics.contains { $0.severity >= .warning }, "\(result.diagnostics)")
        let theirs = try Self.ttconvLineHeights(of: document, "initial.ttml")
        #expect(theirs.count == 2, "\(theirs)")
        // ourLineHeights converts for 30 rows; this document has the default 15.
        let ours = Self.ourLineHeights(result.document).mapValues { $0.map { $0 * 2 } }
        Self.expectSame(ours, theirs)
        let (a, b) = (theirs["a"].flatMap { $0 } ?? 0, theirs["b"].flatMap { $0 } ?? 0)
        #expect(abs(a - 2.5 * 100 / 15) < 1e-9 && abs(b - 3.75 * 100 / 15) < 1e-9, "\(theirs)")
    }

    /// What we write, read by ttconv, has the line heights we read: IMSC 1.1 holds every unit;
    /// EBU-TT-D (EBU Tech 3380 §4.4: normal or a percentage) holds all but the pixel one, which is
    /// reported.
    @Test(arguments: [TTMLProfile.imsc11Text, .ebuttD])
    func writtenAsTheyWereRead(_ profile: TTMLProfile) throws {
        let read = try TTMLTest.read(Self.document)
        let ours = Self.ourLineHeights(read.document)
        let written = try TTMLWriter(options: CaptionFormatOptions(fileName: "x.ttml"), profile: profile)
            .write(read.document)
        let text = String(decoding: written.bytes, as: UTF8.self)
        let theirs = try Self.ttconvLineHeights(of: text, "written.ttml")
        let lost = written.diagnostics.filter { $0.ruleID.hasSuffix("line-height") }
        if profile == .ebuttD {
            #expect(lost.count == 1 && lost[0].message.contains("px"), "\(written.diagnostics)")
            Self.expectSame(ours, theirs, only: Set(ours.keys).subtracting(["e"]))
            #expect(theirs["e"] == .some(nil), "\(theirs)")
        } else {
            #expect(lost.isEmpty, "\(written.diagnostics)")
            Self.expectSame(ours, theirs)
        }
        // And our reader reads back what it wrote.
        let back = try TTMLTest.read(text)
        Self.expectSame(Self.ourLineHeights(back.document), theirs)
    }
}
