import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// iTT → model → iTT → model must give the same model, and writing is deterministic.
@Suite struct ITTRoundTripTests {
    static let features = TestPaths.fixture("itt/all-features.itt")

    @Test func allFeaturesFixtureReadsAsExpected() throws {
        let result = try ITTTest.read(contentsOf: Self.features, strict: true)
        let doc = result.document
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(doc.language == "ja")
        #expect(doc.frameRate == .fps29_97 && doc.dropFrame == true && doc.timeBase == .smpte)
        #expect(doc.metadata["title"] == "All features")
        #expect(doc.metadata["description"] == "Styles, regions, ruby & vertical text")
        #expect(doc.metadata["itt.extent"] == "1920px 1080px")
        #expect(doc.metadata["itt.aspectRatio"] == "16 9")
        let c = doc.captions
        #expect(c.count == 13)
        // div begin="-01:00:00:00" maps programme timecode 01:00:01;00 to 1 s of media time.
        #expect(c[0].timeRange.start == ITTTest.ntsc(30))
        #expect(c[0].id == "c1")
        #expect(c[0].lines == ["Plain line one", "and line two"])
        #expect(c[0].region?.identifier == "bottom" && c[0].textAlignment == .center)
        // dur="60f" from its own begin.
        #expect(c[1].timeRange.duration == ITTTest.ntsc(60))
        #expect(c[1].runs.map(\.text) == ["Italic", " and ", "bold yellow", " text"])
        #expect(c[1].runs[0].style.italic && c[1].runs[0].style.fontFamily == "sansSerif")
        #expect(c[1].runs[2].style.bold && c[1].runs[2].style.textColor == .yellow)
        #expect(c[2].textAlignment == .left && c[2].region?.identifier == "top")
        #expect(c[2].runs[0].style.textColor == CaptionColor(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(c[2].runs.last?.style.italic == true)
        #expect(c[3].region?.origin == CaptionPoint(x: .pixels(192), y: .pixels(540)))
        #expect(c[3].runs.map(\.text) == ["Boxed ", "nested bold", " underline"])
        #expect(
            c[3].runs.allSatisfy {
                $0.style.underline && $0.style.backgroundColor == CaptionColor(red: 0, green: 0, blue: 0, alpha: 128)
            })
        #expect(c[4].region?.size == CaptionSize(width: .cells(24), height: .cells(4)))
        #expect(c[4].runs[0].style.fontSize == .cells(2) && c[4].textAlignment == .left)
        #expect(c[5].text == "  two  spaces  kept ")
        // 01:01:00;02 is the first label of minute 1 in drop-frame counting: frame 1800.
        #expect(c[6].timeRange.start == ITTTest.ntsc(1800))
        #expect(c[6].region?.writingMode == .topToBottomAndRightToLeft)
        #expect(c[6].runs[0].text == "漢字" && c[6].runs[0].style.ruby == CaptionRuby(text: "かんじ"))
        #expect(c[6].runs.first { $0.text == "12" }?.style.textCombine == true)
        #expect(
            c[7].runs[0].style.ruby == CaptionRuby(text: "とうきょう", position: .after, alignment: .distributeSpaceAround))
        #expect(c[7].runs[1].style.textCombine)
        #expect(c[8].forcedDisplay)
        // A timed span splits its paragraph where the visible text changes.
        #expect(c[9].text == "Before one second" && c[10].text == "Before and after one second")
        #expect(c[10].timeRange.start == c[9].timeRange.end)
        #expect(c[11].text == "Escaping <tags> & \"quotes\" — ok")
        #expect(c[12].runs[0].style.backgroundColor == .black)
    }

    @Test func allFeaturesSurviveARoundTrip() throws {
        var first = try ITTTest.read(contentsOf: Self.features).document
        let (text, diagnostics) = try ITTTest.write(first)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let second = try ITTTest.read(text, strict: true).document
        // The writer gives regions in cells (TTML's default grid of 32 × 15 over the frame, as
        // the fixture declares no ttp:cellResolution) in percent, as Apple's iTT documents do:
        // "4c 11c" / "24c 4c" come back as 12.5% 73.3333% / 75% 26.6667%.
        for index in first.captions.indices {
            guard let region = first.captions[index].region, region.origin?.x.unit == .cells else { continue }
            func percent(_ d: CaptionDimension, _ of: Double) -> CaptionDimension {
                .percent((d.value / of * 100 * 10_000).rounded() / 10_000)
            }
            first.captions[index].region?.origin = region.origin.map {
                CaptionPoint(x: percent($0.x, 32), y: percent($0.y, 15))
            }
            first.captions[index].region?.size = region.size.map {
                CaptionSize(width: percent($0.width, 32), height: percent($0.height, 15))
            }
        }
        #expect(second.captions[4].region?.origin == CaptionPoint(x: .percent(12.5), y: .percent(73.3333)))
        ITTTest.expectEqual(second, first)
        // Writing the re-read model gives the same bytes again.
        let (again, _) = try ITTTest.write(second)
        #expect(again == text)
    }

    @Test func offsetTimesInEveryMetricSurviveARoundTrip() throws {
        // 30 fps non-drop so that every offset below falls on a frame.
        let text = ITTTest.document(
            parameters: #"ttp:timeBase="smpte" ttp:frameRate="30" ttp:frameRateMultiplier="1 1" ttp:tickRate="1000""#,
            body: """
                <div begin="0.001h">
                  <p begin="2s" end="1500ms" dur="0.05m">clipped by its own end</p>
                  <p begin="0.05m" dur="90f">frames</p>
                  <p begin="3000t" end="00:00:07.5">ticks and a fractional clock time</p>
                  <p begin="00:00:08:15" dur="00:00:01:00">frame labels</p>
                </div>
                """)
        let first = try ITTTest.read(text, strict: true).document
        #expect(first.captions.map(\.text) == ["frames", "ticks and a fractional clock time", "frame labels"])
        #expect(first.captions[0].timeRange.start == MediaTime(value: 66, timescale: 10))  // 3.6 s + 3 s
        #expect(first.captions[0].timeRange.duration == MediaTime(value: 3, timescale: 1))
        #expect(first.captions[1].timeRange.start == MediaTime(value: 66, timescale: 10))
        #expect(first.captions[1].timeRange.end == MediaTime(value: 111, timescale: 10))  // 3.6 + 7.5
        #expect(
            first.captions[2].timeRange
                == TimeRange(start: .init(value: 121, timescale: 10), end: .init(value: 131, timescale: 10)))
        let second = try ITTTest.read(try ITTTest.write(first).0, strict: true).document
        ITTTest.expectEqual(second, first)
    }

    @Test func sharedFixturesSurviveARoundTrip() throws {
        let urls = TestPaths.files(in: TestPaths.sharedFixture("itt"), withExtension: "itt")
        // A missing folder would otherwise pass without checking anything.
        #expect(urls.count == 3, "expected the 3 shared iTT fixtures, found \(urls.map(\.lastPathComponent))")
        for url in urls {
            let first = try ITTTest.read(contentsOf: url).document
            let second = try ITTTest.read(try ITTTest.write(first).0, strict: true).document
            ITTTest.expectEqual(second, first, url.lastPathComponent)
        }
    }

    @Test func writingIsDeterministic() throws {
        let doc = try ITTTest.read(contentsOf: Self.features).document
        let a = try ITTWriter().write(doc).bytes
        let b = try ITTWriter().write(doc).bytes
        #expect(a == b)
        #expect(!a.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(String(validating: a, as: UTF8.self) != nil)
    }

    @Test func startTimecodeBecomesANegativeDivBegin() throws {
        let doc = CaptionDocument(
            captions: [Caption("Hello", start: ITTTest.ntsc(30), end: ITTTest.ntsc(90))], language: "en",
            frameRate: .fps29_97, dropFrame: true, timeBase: .smpte)
        let (text, _) = try ITTTest.write(doc, options: CaptionFormatOptions(startTimecode: "01:00:00;00"))
        #expect(text.contains("<div begin=\"-01:00:00:00\">"))
        #expect(text.contains("begin=\"01:00:01:00\" end=\"01:00:03:00\""))
        #expect(try ITTTest.read(text).document == doc)
    }

    @Test func documentsFromOtherFormatsAreMadeConformant() throws {
        // 1.2345 s is not on the 29.97 fps grid; flash and roll-up have no iTT form.
        var style = CaptionTextStyle(italic: true)
        style.flash = true
        let region = CaptionRegion.cells(row: 11, column: 0, rows: 4, columns: 32, scroll: .rollUp(rows: 2))
        let doc = CaptionDocument(captions: [
            Caption(
                runs: [CaptionRun("one\ntwo\nthree", style: style)],
                timeRange: TimeRange(
                    start: MediaTime(value: 12345, timescale: 10000), end: MediaTime(value: 3, timescale: 1)),
                region: region),
            Caption(
                "overlap", start: MediaTime(value: 2, timescale: 1), end: MediaTime(value: 4, timescale: 1),
                region: region),
        ])
        let (text, diagnostics) = try ITTTest.write(doc)
        let rules = Set(diagnostics.map(\.ruleID))
        #expect(rules == ["itt.lines", "itt.flash", "itt.roll-up", "itt.frame-grid", "itt.overlap", "itt.language"])
        #expect(text.contains("ttp:timeBase=\"smpte\" ") || text.contains("ttp:timeBase=\"smpte\""))
        #expect(text.contains("begin=\"00:00:01:07\""))  // 1.2345 s → frame 37 at 29.97
        // Cells of the 608 grid as percent of the frame (32 columns, 15 rows): 32c → 100%, 4c →
        // 26.6667%, 0c → 0%, 11c → 73.3333% (Specs/itt.md "Regions").
        #expect(text.contains("<region tts:extent=\"100% 26.6667%\" tts:origin=\"0% 73.3333%\" xml:id=\"region1\"/>"))
        #expect(text.contains("xml:lang=\"\""))
        let reread = try ITTTest.read(text, strict: true).document
        #expect(reread.captions[0].lines == ["one", "two", "three"])
        #expect(reread.captions[0].runs[0].style.italic)
    }

    @Test func ampersandsInAttributeValuesReadAndRoundTrip() throws {
        // libxml2's SAX2 parser reports `&amp;` in an attribute as `&#38;` unless entities are
        // substituted; the reader must undo that (XML 1.0 §3.3.3).
        for (written, meant) in [("A &amp; B", "A & B"), ("A &#38; B", "A & B"), ("&amp;#38;", "&#38;")] {
            let text = ITTTest.document(
                body: "<div><p begin=\"00:00:01:00\" end=\"00:00:02:00\" tts:fontFamily=\"\(written)\">x</p></div>")
            let first = try ITTTest.read(text).document
            #expect(first.captions.first?.runs.first?.style.fontFamily == meant, "\(written)")
            let second = try ITTTest.read(try ITTTest.write(first).0, strict: true).document
            #expect(second.captions.first?.runs.first?.style.fontFamily == meant, "\(written) after a round trip")
        }
    }
}
