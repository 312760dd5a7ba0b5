import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// Regions shown with no content in them (TTML1 §8.2.17 `tts:showBackground`, `always` by
/// default): read as the document's backdrops, written back as such, and compared with the
/// regions ttconv's intermediate synchronic documents present empty.
@Suite struct TTMLRegionBackdropTests {
    static let imsc11 = #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#

    static func layout(_ regions: String) -> String { "<layout>\(regions)</layout>" }

    @Test func aFilledRegionIsShownForItsActiveTimeUnlessWhenActive() throws {
        let head = Self.layout(
            #"<region xml:id="always" tts:origin="10% 80%" tts:extent="80% 10%" tts:backgroundColor="red"/>"#
                + ##"<region xml:id="timed" begin="2s" end="5s" tts:backgroundColor="#00ff0080"/>"##
                + #"<region xml:id="when" tts:showBackground="whenActive" tts:backgroundColor="blue"/>"#
                + #"<region xml:id="clear" tts:backgroundColor="transparent"/>"#
                + #"<region xml:id="bare"/>"#)
        let body = #"<div><p region="when" begin="0s" end="1s">a</p></div>"#
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, head: head, body: body))
        let backdrops = result.document.regionBackdrops
        #expect(backdrops.map(\.region.identifier) == ["always", "timed"])
        #expect(backdrops.first?.timeRange == TimeRange(start: .zero, end: .positiveInfinity))
        #expect(backdrops.first?.region.background == .red)
        #expect(backdrops.first?.region.origin == CaptionPoint(x: .percent(10), y: .percent(80)))
        #expect(backdrops.last?.timeRange == TimeRange(start: TTMLTest.s(2), end: TTMLTest.s(5)))
        #expect(backdrops.last?.region.background == CaptionColor(red: 0, green: 255, blue: 0, alpha: 128))
        // The region the caption is in keeps its fill on the caption.
        #expect(result.document.captions.first?.region?.background == .blue)
        #expect(!result.diagnostics.contains { $0.message.contains("showBackground") }, "\(result.diagnostics)")
    }

    @Test func setAnimationsSplitTheIntervals() throws {
        // 0–2 s red, 2–4 s hidden (whenActive), 4–6 s no fill, 6 s on red again.
        let head = Self.layout(
            """
            <region xml:id="r" tts:backgroundColor="red">\
            <set begin="2s" end="4s" tts:showBackground="whenActive"/>\
            <set begin="4s" end="6s" tts:backgroundColor="transparent"/></region>
            """)
        let result = try TTMLTest.read(TTMLTest.document(root: Self.imsc11, head: head, body: "<div/>"))
        #expect(
            result.document.regionBackdrops.map(\.timeRange) == [
                TimeRange(start: .zero, end: TTMLTest.s(2)), TimeRange(start: TTMLTest.s(6), end: .positiveInfinity),
            ])
    }

    static func document() -> CaptionDocument {
        let filled = CaptionRegion(
            identifier: "band", origin: CaptionPoint(x: .percent(10), y: .percent(80)),
            size: CaptionSize(width: .percent(80), height: .percent(15)), background: .black)
        let timed = CaptionRegion(
            identifier: "top", origin: CaptionPoint(x: .percent(10), y: .percent(5)),
            size: CaptionSize(width: .percent(80), height: .percent(15)), background: .blue)
        let other = CaptionRegion(
            identifier: "side", origin: CaptionPoint(x: .percent(0), y: .percent(40)),
            size: CaptionSize(width: .percent(30), height: .percent(20)), background: .red)
        var document = CaptionDocument(
            captions: [
                Caption(
                    runs: [CaptionRun("in the band")], timeRange: TimeRange(start: TTMLTest.s(1), end: TTMLTest.s(2)),
                    region: filled),
                Caption(
                    runs: [CaptionRun("beside")], timeRange: TimeRange(start: TTMLTest.s(3), end: TTMLTest.s(4)),
                    region: other),
            ],
            regionBackdrops: [
                CaptionRegionBackdrop(region: filled, timeRange: TimeRange(start: .zero, end: .positiveInfinity)),
                CaptionRegionBackdrop(region: timed, timeRange: TimeRange(start: TTMLTest.s(2), end: TTMLTest.s(5))),
            ])
        document.language = "en"
        return document
    }

    @Test func theyAreWrittenAndReadBack() throws {
        let (written, path, folder) = try TTMLTest.writeIMSC11(Self.document(), named: "backdrops.ttml")
        defer { withExtendedLifetime(folder) {} }
        #expect(!written.diagnostics.contains { $0.severity >= .warning }, "\(written.diagnostics)")
        let text = String(decoding: written.bytes, as: UTF8.self)
        // A caption's region with a fill that is no backdrop is shown only with content.
        #expect(text.contains(#"xml:id="side""#) && text.contains(#"tts:showBackground="whenActive""#))
        #expect(text.components(separatedBy: "showBackground").count == 2, "\(text)")
        let back = try TTMLTest.read(text)
        #expect(back.document.regionBackdrops == Self.document().regionBackdrops)
        #expect(back.document.captions.map(\.region) == Self.document().captions.map(\.region))
        // ttconv presents the same regions empty at the same times.
        let presented = try Self.ttconvEmptyRegions(path)
        #expect(presented["0"] == ["band"], "\(presented)")
        #expect(presented["1"] == [], "\(presented)")
        #expect(presented["2"] == ["band", "top"], "\(presented)")
        #expect(presented["3"] == ["band", "top"], "\(presented)")
        #expect(presented["5"] == ["band"], "\(presented)")
    }

    @Test(arguments: [TTMLProfile.ebuttD, .imsc1Text, .itt])
    func aProfileWithoutThemReportsTheLoss(_ profile: TTMLProfile) throws {
        let written = try TTMLWriter(options: CaptionFormatOptions(fileName: "x.ttml"), profile: profile)
            .write(Self.document())
        let rules = written.diagnostics.filter { $0.severity == .warning }.map(\.ruleID)
        if profile == .itt {
            // No region fill at all: the backdrops are left out, and the captions' fills.
            #expect(rules.contains { $0.hasSuffix(".region-backdrop") }, "\(written.diagnostics)")
        } else {
            // The fill is held, region timing is not: the backdrop shown for part of the
            // document is left out, the one shown throughout is written.
            #expect(rules.contains { $0.hasSuffix(".region-backdrop-timing") }, "\(written.diagnostics)")
            let back = try TTMLTest.read(String(decoding: written.bytes, as: UTF8.self))
            #expect(back.document.regionBackdrops.map(\.region.identifier) == ["band"])
        }
    }

    @Test func formatsWithoutRegionsReportTheLoss() throws {
        #expect(Self.document().ttmlDocumentLosses == ["regions shown with no caption in them (2)"])
        #expect(CaptionDocument().ttmlDocumentLosses.isEmpty)
    }

    /// The W3C documents: at every significant time ttconv's ISD gives, the regions it presents
    /// with no content (TTML1 §8.2.17, IMSC's presented regions) are the backdrops we read that
    /// are active then and hold no caption.
    @Test func theW3CDocumentsShowTheRegionsTtconvPresentsEmpty() throws {
        let root = TestPaths.sharedFixture("ttml/imsc-tests")
        var files: [String] = []
        for folder in ["imsc1/ttml", "imsc1_1/ttml"] {
            let base = root.appendingPathComponent(folder)
            for sub in try FileManager.default.contentsOfDirectory(atPath: base.path).sorted() {
                let dir = base.appendingPathComponent(sub)
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { continue }
                for name in names.sorted() where name.hasSuffix(".ttml") {
                    let path = dir.appendingPathComponent(name).path
                    // Only documents with a filled region can present one empty.
                    let text = try String(contentsOfFile: path, encoding: .utf8)
                    if text.contains("<region") && text.contains("backgroundColor") { files.append(path) }
                }
            }
        }
        try #require(files.count >= 20, "found \(files.count) documents with filled regions under \(root.path)")
        let peer = try Self.ttconvEmptyRegions(files: files)
        var compared = 0
        for path in files {
            guard let times = peer[path] else { continue }  // ttconv could not read it
            let document = try TTMLReader(options: CaptionFormatOptions(fileName: path))
                .read(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).document
            for (seconds, expected) in times {
                let t = try #require(MediaTime(seconds))
                let shown = Set(
                    document.captions.filter { $0.timeRange.contains(t) }.compactMap { $0.region?.identifier })
                let ours = document.regionBackdrops.filter { $0.timeRange.contains(t) }
                    .compactMap(\.region.identifier).filter { !shown.contains($0) }
                #expect(Set(ours) == Set(expected), "\(path) at \(seconds) s")
                compared += 1
            }
        }
        #expect(compared >= 40, "compared \(compared) times")
    }

    /// ttconv's ISD of each file at each of its significant times: the ids of the regions it
    /// presents with no content, by exact time ("value/timescale").
    static func ttconvEmptyRegions(files: [String]) throws -> [String: [String: [String]]] {
        let script = #"""
            import sys, json
            import xml.etree.ElementTree as ET
            import ttconv.imsc.reader as reader
            import ttconv.isd as isd
            out = {}
            for path in sys.argv[1:]:
                try:
                    doc = reader.to_model(ET.parse(path))
                    seq = isd.ISD.generate_isd_sequence(doc)
                except Exception:
                    continue
                times = {}
                for t, d in seq:
                    times[f"{t.numerator}/{t.denominator}"] = sorted(r.get_id() for r in d.iter_regions()
                                                  if r.is_presented() and not r.has_children())
                out[path] = times
            print(json.dumps(out))
            """#
        let run = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script] + files)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String: [String]]],
            "\(run.stdout.prefix(2000))")
    }

    /// ``ttconvEmptyRegions(files:)`` of one file, by whole second of its significant times.
    static func ttconvEmptyRegions(_ path: String) throws -> [String: [String]] {
        let times = try ttconvEmptyRegions(files: [path])[path] ?? [:]
        return Dictionary(
            uniqueKeysWithValues: times.map { (String(Int(MediaTime($0.key)?.seconds ?? -1)), $0.value) })
    }
}
