import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// The TTML writer's profiles (IMSC 1.0.1, 1.1, 1.2 Text, EBU-TT-D, DFXP, SMPTE-TT) read by ttconv and GStreamer, the
/// profile each declares detected back, and what a profile cannot hold reported. The expected
/// texts, times and regions are written out here by hand (Specs/ttml.md, "Writers").
@Suite struct TTMLWriterTests {
    static let upper = ITTWitnessTests.upper
    static let bottom = ITTWitnessTests.bottom

    static func at(_ frames: Int64) -> MediaTime { MediaTime(value: frames, timescale: 25) }

    /// 25 fps, one caption after another (ttmlparse joins what is shown at once): Apple's bottom
    /// region, a region of its own, a caption with no region, and a 608 cell region.
    static var document: CaptionDocument {
        var cells = CaptionRegion.cells(row: 14, column: 4, rows: 1, columns: 24)
        cells.identifier = nil
        return CaptionDocument(
            captions: [
                Caption("First line\nsecond line", start: at(25), end: at(63), region: bottom),
                Caption("Upper & <left>", start: at(75), end: at(100), region: upper),
                Caption("Placed nowhere", start: at(113), end: at(130)),
                Caption("Cells", start: at(150), end: at(175), region: cells),
            ], language: "en", frameRate: .fps25, dropFrame: false)
    }

    /// What a TTML reader must show for ``document``: frames ÷ 25 s; the caption without a region
    /// in the bottom 15 % of the frame (origin 0 % 85 %, extent 100 % 15 %); the cell region (row
    /// 14, column 4, 1 × 24 cells of TTML1's default 32 × 15 grid, §6.2.1) as x = 4/32 = 12.5 %,
    /// y = 14/15 = 93.3333 %, width 24/32 = 75 %, height 1/15 = 6.6667 %.
    static let expected: [TTMLPeers.Cue] = [
        .init(
            start: 1.0, end: 2.52, text: "First line\nsecond line",
            placement: .init(region: "bottom", origin: [0, 85], extent: [100, 15])),
        .init(
            start: 3.0, end: 4.0, text: "Upper & <left>",
            placement: .init(region: "upper", origin: [10, 5], extent: [80, 20])),
        .init(
            start: 4.52, end: 5.2, text: "Placed nowhere",
            placement: .init(region: "", origin: [0, 85], extent: [100, 15])),
        .init(
            start: 6.0, end: 7.0, text: "Cells",
            placement: .init(region: "", origin: [12.5, 93.3333], extent: [75, 6.6667])),
    ]

    static func write(_ document: CaptionDocument, _ profile: TTMLProfile, options: CaptionFormatOptions = .init())
        throws -> (String, [Diagnostic])
    {
        let result = try TTMLWriter(options: options, profile: profile).write(document)
        return (String(decoding: result.bytes, as: UTF8.self), result.diagnostics)
    }

    /// ttconv's own findings (its IMSC reader's warnings and errors) on a file.
    static func ttconvFindings(_ path: String) throws -> [String] {
        try TTMLPeers.ttconvFindings([path]).first ?? ["no result"]
    }

    /// ttconv reads each profile we write (iTT too) with the same texts, times (to the
    /// millisecond the media time base is written in) and regions, and its reader finds nothing
    /// to warn about. The caption without a region is shown, in the bottom region.
    @Test(arguments: TTMLProfile.writable)
    func ttconvReadsEachProfileWithTheSameTextsTimesAndRegions(_ profile: TTMLProfile) throws {
        let dir = try TemporaryDirectory("ttml-writer-ttconv")
        let path = dir.path("ours.ttml")
        let (text, _) = try Self.write(Self.document, profile)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let theirs = try TTMLPeers.ttconv(path)
        let differences = ITTPeer.differences(theirs, Self.expected, tolerance: 0.0005)
        #expect(differences.isEmpty, "\(profile): \(differences.joined(separator: "\n"))")
        let findings = try Self.ttconvFindings(path)
        #expect(findings.isEmpty, "\(profile): \(findings)")
    }

    /// GStreamer's ttmlparse reads our IMSC 1.x, EBU-TT-D, DFXP and SMPTE-TT as written (no rewriting):
    /// the same texts and times.
    @Test(arguments: [TTMLProfile.imsc11Text, .imsc12Text, .imsc1Text, .ebuttD, .dfxp, .smpteTT])
    func gstreamerReadsEachProfile(_ profile: TTMLProfile) throws {
        let dir = try TemporaryDirectory("ttml-writer-gstreamer")
        let path = dir.path("ours.ttml")
        try Self.write(Self.document, profile).0.write(toFile: path, atomically: true, encoding: .utf8)
        let theirs = try TTMLPeers.gstreamer(path)
        let differences = ITTPeer.differences(
            theirs, Self.expected.map { TTMLPeers.Cue(start: $0.start, end: $0.end, text: $0.text) },
            tolerance: 0.0005)
        #expect(differences.isEmpty, "\(profile): \(differences.joined(separator: "\n"))")
    }

    /// Each profile declares itself as our reader detects it (`ttp:contentProfiles` for IMSC 1.1,
    /// `ttp:profile` for DFXP, `ebuttm:conformsToStandard` for EBU-TT-D, Apple's namespaces for
    /// iTT), and each reads back strictly without findings.
    @Test(arguments: TTMLProfile.writable)
    func eachProfileIsDetectedBack(_ profile: TTMLProfile) throws {
        let (text, diagnostics) = try Self.write(Self.document, profile)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let (result, detected) = try TTMLReader(options: CaptionFormatOptions(strict: true)).readWithProfile(
            Array(text.utf8))
        if profile == .itt {
            // iTT declares no designator; the registry tells it by Apple's markers (the SMPTE
            // time base) and reads it with the iTT reader.
            #expect(ITTFormat.probe(Array(text.utf8)[...]) == 100 && TTMLFormat.probe(Array(text.utf8)[...]) < 100)
        } else {
            #expect(detected == profile)
        }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.document.captions.map(\.text) == Self.document.captions.map(\.text))
    }

    /// A document with nothing to show (an `stpp` sample between captions) in EBU-TT-D keeps to
    /// EBU Tech 3380's schema (ebutt_d.xsd: a style in styling, a region in layout, no body
    /// rather than a div without a p); it reads back, by us and by ttconv, as nothing shown.
    @Test func anEmptyEBUTTDDocumentHasNoBodyAndARegion() throws {
        let dir = try TemporaryDirectory("ttml-writer-empty")
        let (text, _) = try Self.write(CaptionDocument(captions: [], language: "en"), .ebuttD)
        #expect(!text.contains("<body") && !text.contains("<div"), "\(text)")
        #expect(text.contains("<style ") && text.contains("<region "), "\(text)")
        let (read, detected) = try TTMLReader(options: CaptionFormatOptions()).readWithProfile(Array(text.utf8))
        #expect(detected == .ebuttD && read.document.captions.isEmpty)
        let path = dir.path("empty.ttml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try TTMLPeers.ttconv(path).isEmpty)
        #expect(try Self.ttconvFindings(path).isEmpty)
        // The other profiles write the empty div TTML1 allows (§7.1.4: div holds zero or more).
        #expect(try Self.write(CaptionDocument(captions: [], language: "en"), .imsc11Text).0.contains("<div>"))
    }

    @Test func theProfileLiveInTheRootAndTheHead() throws {
        let imsc = try Self.write(Self.document, .imsc11Text).0
        #expect(imsc.contains(#"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#))
        #expect(imsc.contains(#"ttp:timeBase="media""#) && imsc.contains(#"begin="00:00:01.000" end="00:00:02.520""#))
        let ebu = try Self.write(Self.document, .ebuttD).0
        #expect(ebu.contains("<ebuttm:conformsToStandard>urn:ebu:tt:distribution:2014-01</ebuttm:conformsToStandard>"))
        #expect(!ebu.contains("ttp:frameRate") && !ebu.contains("white\""))
        let dfxp = try Self.write(Self.document, .dfxp).0
        #expect(dfxp.contains(#"ttp:profile="http://www.w3.org/ns/ttml/profile/dfxp-presentation""#))
    }

    /// A caption without a region goes into the bottom region and reads back without one, its
    /// alignment unset, in every profile.
    @Test(arguments: TTMLProfile.writable)
    func aCaptionWithoutARegionReadsBackWithoutOne(_ profile: TTMLProfile) throws {
        let (text, _) = try Self.write(Self.document, profile)
        let back = try TTMLReader().read(Array(text.utf8)).document
        #expect(back.captions[2].region == nil && back.captions[2].textAlignment == nil)
        #expect(back.captions[0].region?.identifier == "bottom")
    }

    /// What a profile cannot hold is reported, once per kind, and the text is still written.
    @Test func whatAProfileCannotHoldIsReported() throws {
        var ruby = CaptionTextStyle()
        ruby.ruby = CaptionRuby(text: "かんじ")
        var combine = CaptionTextStyle()
        combine.textCombine = true
        let pixels = CaptionTextStyle(fontSize: .pixels(40))
        var flash = CaptionTextStyle()
        flash.flash = true
        var forced = Caption(
            runs: [
                CaptionRun("漢字", style: ruby), CaptionRun("12", style: combine), CaptionRun("big", style: pixels),
                CaptionRun("blink", style: flash),
            ], timeRange: TimeRange(start: Self.at(25), end: Self.at(50)))
        forced.forcedDisplay = true
        let doc = CaptionDocument(captions: [forced], language: "ja")
        func rules(_ p: TTMLProfile) throws -> Set<String> { Set(try Self.write(doc, p).1.map(\.ruleID)) }
        #expect(try rules(.dfxp) == ["ttml.ruby", "ttml.text-combine", "ttml.forced-display", "ttml.flash"])
        #expect(
            try rules(.ebuttD) == [
                "ttml.ruby", "ttml.text-combine", "ttml.forced-display", "ttml.flash", "ttml.font-size",
            ])
        #expect(try rules(.imsc11Text) == ["ttml.flash"])
        #expect(try rules(.imsc12Text) == ["ttml.flash"])
        // IMSC 1.0.1 is TTML1: no ruby, no text combination; forced display is its own (§7.7.1).
        #expect(try rules(.imsc1Text) == ["ttml.ruby", "ttml.text-combine", "ttml.flash"])
        // SMPTE-TT (ST 2052-1) is TTML1 with SMPTE's extensions, none of which holds these.
        #expect(try rules(.smpteTT) == ["ttml.ruby", "ttml.text-combine", "ttml.forced-display", "ttml.flash"])
        // IMSC 1.1 holds ruby (TTML2 tts:ruby), text combination and forced display: read back.
        let back = try TTMLReader().read(Array(try Self.write(doc, .imsc11Text).0.utf8)).document
        #expect(back.captions.first?.runs.first?.style.ruby == CaptionRuby(text: "かんじ"))
        #expect(back.captions.first?.runs.first { $0.text == "12" }?.style.textCombine == true)
        #expect(back.captions.first?.forcedDisplay == true)
        // The base text is kept where ruby is not.
        #expect(try Self.write(doc, .dfxp).0.contains("漢字"))
    }

    /// An iTT region that gives no origin (iTT reads it unset) is written in IMSC with TTML's
    /// `auto` origin, the root container's (TTML1 §8.2.14), where ttconv places it too; written
    /// again, the same bytes. Found by the ttml fuzz target: written without an origin, it read
    /// back at 0 % 0 % without a warning, and the next write differed
    /// (Fixtures/fuzz/ttml/itt-region-without-origin-written-as-imsc-fuzz.itt).
    @Test func aRegionWithoutAnOriginReadsBackAtTheRootContainersOrigin() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
            xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:timeBase="smpte" ttp:frameRate="25" xml:lang="en">
              <head><layout><region xml:id="low" tts:extent="100% 15%" tts:displayAlign="after"/></layout></head>
              <body><div><p begin="00:00:01:00" end="00:00:02:00" region="low">x</p></div></body>
            </tt>
            """
        let read = try ITTReader().read(Array(text.utf8)).document
        let region = try #require(read.captions.first?.region)
        #expect(region.origin == nil)
        let writer = TTMLWriter(profile: .imsc11Text)
        let written = try writer.write(read)
        let back = try TTMLReader().read(written.bytes).document
        let origin = CaptionPoint(x: .percent(0), y: .percent(0))
        #expect(back.captions.first?.region?.origin == origin)
        #expect(writer.regionAsWritten(region, in: read).origin == origin)
        #expect(writer.regionsAsWritten(in: read).first??.origin == origin)
        #expect(String(decoding: written.bytes, as: UTF8.self).contains(#"tts:origin="0% 0%""#))
        #expect(try writer.write(back).bytes == written.bytes)
        let dir = try TemporaryDirectory("ttml-region-auto-origin")
        let path = dir.path("ours.ttml")
        try Data(written.bytes).write(to: URL(fileURLWithPath: path))
        let theirs = try TTMLPeers.ttconv(path)
        #expect(theirs.map(\.placement?.origin) == [[0, 0]] && theirs.map(\.placement?.extent) == [[100, 15]])
    }

    /// A region's fill (a CEA-708 window fill in the model) is written as the region's
    /// `tts:backgroundColor` in every TTML profile and read back; ttconv computes the same colour
    /// for the region. iTT leaves it out, said once; borders and character edges are left out
    /// everywhere, said once each.
    @Test(arguments: [TTMLProfile.imsc11Text, .imsc1Text, .ebuttD, .dfxp, .itt])
    func aRegionsFillIsWrittenAndBordersAndEdgesAreReported(_ profile: TTMLProfile) throws {
        var region = CaptionRegion(
            identifier: "window", origin: CaptionPoint(x: .percent(10), y: .percent(70)),
            size: CaptionSize(width: .percent(80), height: .percent(20)))
        region.background = CaptionColor(red: 0, green: 0, blue: 255, alpha: 128)
        var bordered = region
        bordered.border = CaptionEdge(.uniform, color: .red)
        let edged = CaptionTextStyle(edge: CaptionEdge(.raised, color: .black))
        let doc = CaptionDocument(
            captions: [
                Caption(
                    runs: [CaptionRun("filled", style: edged)],
                    timeRange: TimeRange(start: Self.at(25), end: Self.at(50)), region: bordered),
                Caption("again", start: Self.at(50), end: Self.at(75), region: region),
            ], language: "en", frameRate: .fps25, dropFrame: false)
        let (text, diagnostics) = try Self.write(doc, profile)
        let prefix = profile == .itt ? "itt" : "ttml"
        let expected = ["edge", "border"] + (profile == .itt ? ["region-background"] : [])
        #expect(diagnostics.map(\.ruleID).sorted() == expected.map { "\(prefix).\($0)" }.sorted())
        let back = try TTMLReader().read(Array(text.utf8)).document
        let fill = profile == .itt ? nil : region.background
        #expect(back.captions.map(\.region?.background) == [fill, fill])
        #expect(back.captions.allSatisfy { $0.region?.border == nil && $0.runs.allSatisfy { $0.style.edge == nil } })
        // The border left out, both captions are in one region.
        #expect(text.components(separatedBy: "<region ").count - 1 == (profile == .itt ? 3 : 1))
        let dir = try TemporaryDirectory("ttml-region-fill")
        let path = dir.path("ours.ttml")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let theirs = try #require(try TTMLConformancePeer.read([path]).first?.isds)
        let regions = theirs.flatMap(\.regions).filter { !$0.ps.isEmpty }
        #expect(!regions.isEmpty)
        #expect(
            regions.allSatisfy { $0.background == (profile == .itt ? "#00000000" : "#0000FF80") },
            "\(regions.map(\.background))")
    }

    @Test func aPixelRegionIsReportedInEBUTTD() throws {
        let px = CaptionRegion(
            identifier: "px", origin: CaptionPoint(x: .pixels(10), y: .pixels(10)),
            size: CaptionSize(width: .pixels(100), height: .pixels(50)))
        let doc = CaptionDocument(
            captions: [Caption("x", start: Self.at(0), end: Self.at(25), region: px)], language: "en")
        let (text, diagnostics) = try Self.write(doc, .ebuttD)
        #expect(diagnostics.map(\.ruleID) == ["ttml.region"])
        #expect(!text.contains("px"))
    }

    /// The registry's writer: IMSC 1.1 by default, DFXP for `.dfxp`, `profile=` to choose, and an
    /// unknown profile refused with the list.
    @Test func theFormatChoosesTheProfile() throws {
        func written(_ options: CaptionFormatOptions) throws -> String {
            let writer = try #require(TTMLFormat.descriptor.writer)
            return String(decoding: try writer(Self.document, options).bytes, as: UTF8.self)
        }
        #expect(try written(.init(fileName: "x.ttml")).contains("imsc1.1/text"))
        #expect(try written(.init(fileName: "x.dfxp")).contains("dfxp-presentation"))
        #expect(
            try written(.init(fileName: "x.ttml", settings: ["profile": "ebu-tt-d"])).contains(
                "urn:ebu:tt:distribution"))
        for (name, designator) in [
            ("imsc1", #"ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1/text""#),
            ("imsc1.2", #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.2/text""#),
            ("SMPTE-TT", #"ttp:profile="http://www.smpte-ra.org/schemas/2052-1/2010/profiles/smpte-tt-full""#),
            ("IMSC1.0.1", #"ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1/text""#),
        ] {
            #expect(try written(.init(settings: ["profile": name])).contains(designator), "\(name)")
        }
        // Image profiles are refused with the reason; an unknown name with the list.
        let image = try #require(throws: CaptionFormatError.self) {
            try written(.init(fileName: "x.ttml", settings: ["profile": "imsc1-image"]))
        }
        #expect(image.kind == .cannotWrite && image.message.contains("images") && image.location.file == "x.ttml")
        let unknown = try #require(throws: CaptionFormatError.self) {
            try written(.init(settings: ["profile": "imsc9"]))
        }
        #expect(unknown.message.contains("imsc1.1 (imsc1.1-text)") && unknown.message.contains("smpte-tt"))
        let readOnly = try #require(throws: CaptionFormatError.self) {
            try written(.init(settings: ["profile": "imsc1.3"]))
        }
        #expect(readOnly.message.contains("IMSC 1.3 Text is read, not written"))
    }

    /// The registry lists every profile with whether it is read and written (for `captions
    /// formats`), under the names `--profile` takes.
    @Test func theFormatListsEveryProfile() {
        let profiles = TTMLFormat.descriptor.profiles
        #expect(profiles.map(\.name) == TTMLProfile.allCases.map(\.rawValue))
        #expect(Set(profiles.filter(\.writes).map(\.name)) == Set(TTMLProfile.writable.map(\.rawValue)))
        #expect(profiles.filter { !$0.reads }.map(\.name) == ["imsc1-image", "imsc1.1-image"])
        for alias in ["imsc1.1", "imsc1", "imsc1.2", "ebu-tt-d", "dfxp", "smpte-tt"] {
            #expect(TTMLFormat.descriptor.profile(named: alias)?.writes == true, "\(alias)")
        }
    }
}
