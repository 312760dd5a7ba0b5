import CaptionCore
import TestSupport
import Testing

@testable import ITT

/// What the writer emits: Apple's header, frame labels, referenced styles, regions, escaping.
@Suite struct ITTWriterTests {
    static let simple = CaptionDocument(
        captions: [
            Caption(
                runs: [CaptionRun("A & B <c> \"d\""), CaptionRun("bold", style: CaptionTextStyle(bold: true))],
                timeRange: TimeRange(start: ITTTest.ntsc(30), end: ITTTest.ntsc(75)),
                region: ITTStandardRegions.bottom.region,
                textAlignment: .center)
        ],
        language: "en-US", frameRate: .fps29_97, dropFrame: false, timeBase: .smpte)

    @Test func appleHeaderAndNamespaces() throws {
        let (text, diagnostics) = try ITTTest.write(Self.simple)
        #expect(diagnostics.isEmpty)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tt xmlns:vt="))
        for needle in [
            #"xmlns="http://www.w3.org/ns/ttml""#, #"xmlns:ittp="http://www.w3.org/ns/ttml/profile/imsc1#parameter""#,
            #"xmlns:itts="http://www.w3.org/ns/ttml/profile/imsc1#styling""#, #"xml:lang="en-US""#,
            #"ttp:dropMode="nonDrop" ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001" ttp:timeBase="smpte""#,
            #"<style tts:color="white" tts:fontFamily="sansSerif" tts:fontSize="100%" tts:fontStyle="normal" tts:fontWeight="normal" xml:id="normal"/>"#,
            #"<style tts:fontWeight="bold" xml:id="s1"/>"#,
            #"<region tts:displayAlign="before" tts:extent="100% 15%" tts:origin="0% 0%" tts:textAlign="center" xml:id="top"/>"#,
            #"<region tts:displayAlign="after" tts:extent="100% 15%" tts:origin="0% 85%" xml:id="bottom"/>"#,
            #"<p begin="00:00:01:00" end="00:00:02:15" region="bottom" tts:textAlign="center">A &amp; B &lt;c&gt; "d"<span style="s1">bold</span></p>"#,
        ] {
            #expect(text.contains(needle), "missing \(needle)")
        }
    }

    @Test func rateAndDropModeFollowTheOptions() throws {
        let (text, _) = try ITTTest.write(Self.simple, options: CaptionFormatOptions(frameRate: .fps23_976))
        #expect(text.contains(#"ttp:frameRate="24" ttp:frameRateMultiplier="1000 1001""#))
        let (df, _) = try ITTTest.write(Self.simple, options: CaptionFormatOptions(dropFrame: true))
        #expect(df.contains(#"ttp:dropMode="dropNTSC""#))
        let (pal, diagnostics) = try ITTTest.write(
            Self.simple, options: CaptionFormatOptions(frameRate: .fps25, dropFrame: true))
        #expect(pal.contains(#"ttp:frameRate="25" ttp:frameRateMultiplier="1 1" ttp:timeBase="smpte""#))
        #expect(diagnostics.map(\.ruleID).contains("itt.drop-frame"))
    }

    @Test func controlCharactersAreDroppedWithAWarning() throws {
        var doc = Self.simple
        doc.captions[0].runs = [CaptionRun("bell\u{7}")]
        let (text, diagnostics) = try ITTTest.write(doc)
        #expect(text.contains(">bell</p>"))
        #expect(diagnostics.map(\.ruleID) == ["itt.character"])
    }

    /// A fuzz finding (Fixtures/fuzz/itt/region-fill-dropped-without-warning-fuzz.itt): a region's
    /// `tts:backgroundColor`, which the iTT reader reads as the region's fill, was left out of the
    /// iTT written with only an info finding, so the round trip lost it without a warning.
    @Test func aRegionFillITTCannotWriteIsAWarning() throws {
        let url = TestPaths.fixture("fuzz/itt/region-fill-dropped-without-warning-fuzz.itt")
        let read = try ITTTest.read(contentsOf: url)
        #expect(read.document.captions.contains { $0.region?.background == .black })
        let (_, diagnostics) = try ITTTest.write(read.document)
        #expect(diagnostics.filter { $0.ruleID == "itt.region-background" }.map(\.severity) == [.warning])
    }

    /// A fuzz finding (Fixtures/fuzz/itt/id-not-an-ncname-dropped-without-warning-fuzz.itt): an id
    /// that is not an XML name, or one an earlier caption holds, was left out without a word.
    @Test func idsThatCannotBeWrittenAreLeftOutWithAWarning() throws {
        var doc = Self.simple
        doc.captions[0].id = "c1====="
        doc.captions.append(doc.captions[0])
        doc.captions[1].id = "c2"
        doc.captions.append(doc.captions[1])
        doc.captions[2].timeRange = TimeRange(start: ITTTest.ntsc(90), end: ITTTest.ntsc(120))
        let (text, diagnostics) = try ITTTest.write(doc)
        #expect(!text.contains("c1====="))
        #expect(text.components(separatedBy: #"xml:id="c2""#).count == 2)
        #expect(diagnostics.filter { $0.ruleID == "itt.id" }.map(\.severity) == [.warning, .warning])
    }

    @Test func timesBeyondOneDayCannotBeWritten() {
        var doc = Self.simple
        doc.captions[0].timeRange = TimeRange(
            start: MediaTime(value: 90_000, timescale: 1), duration: MediaTime(value: 1, timescale: 1))
        #expect(throws: CaptionFormatError.self) { try ITTTest.write(doc) }
    }

    @Test func descriptorAndProbe() throws {
        let format = ITTFormat.descriptor
        #expect(format.name == "itt" && format.extensions == ["itt"])
        let (text, _) = try ITTTest.write(Self.simple)
        #expect(format.probe(ArraySlice(Array(text.utf8))) == 100)
        #expect(format.probe(ArraySlice(Array(#"<tt xmlns="http://www.w3.org/ns/ttml"><body/></tt>"#.utf8))) == 90)
        #expect(format.probe(ArraySlice(Array("WEBVTT\n".utf8))) == 0)
        #expect(format.probe(ArraySlice(Array(#"{"format": "captions-json"}"#.utf8))) == 0)
        let read = try #require(format.reader)
        #expect(try read(Array(text.utf8), .init()).document == Self.simple)
    }

    @Test func timesNearTheLargestFrameCountAreWriteErrorsNotOverflows() throws {
        // Int64.max frames at 30 fps plus a one-hour start timecode overflow Int64.
        let end = MediaTime(value: .max, timescale: 30)
        let start = MediaTime(value: .max - 30, timescale: 30)
        let doc = CaptionDocument(
            captions: [Caption("x", start: start, end: end)], language: "en", frameRate: .fps30, dropFrame: false,
            timeBase: .smpte)
        let error = try #require(throws: CaptionFormatError.self) {
            try ITTTest.write(doc, options: CaptionFormatOptions(startTimecode: "01:00:00:00"))
        }
        #expect(error.kind == .cannotWrite)
    }
}
