import CaptionCore
import CaptionJSON
import Foundation
import Testing

/// The fast reader must agree with the model's Decodable conformance and say where errors are.
@Suite struct JSONCaptionReaderTests {
    func richDocument() -> CaptionDocument {
        let rate = FrameRate.fps29_97
        let style = CaptionTextStyle(
            textColor: .cyan, backgroundColor: CaptionColor.black.withAlpha(128), italic: true, bold: true,
            underline: true, flash: true, ruby: CaptionRuby(text: "ルビ", position: .after, alignment: .start),
            fontFamily: "monospace", fontSize: .percent(75), textCombine: true,
            edge: CaptionEdge(.leftDropShadow, color: .blue))
        return CaptionDocument(
            captions: [
                Caption(
                    id: "x1", runs: [CaptionRun("A \"quoted\"\tline\n", style: style), CaptionRun("😀 second")],
                    timeRange: TimeRange(start: rate.time(ofFrame: 3), end: rate.time(ofFrame: 93)),
                    region: CaptionRegion(
                        identifier: "bottom", origin: CaptionPoint(x: .percent(0), y: .percent(85)),
                        size: CaptionSize(width: .percent(100), height: .percent(15)), displayAlignment: .after,
                        writingMode: .topToBottomAndRightToLeft, scroll: .rollUp(rows: 2),
                        background: CaptionColor.blue.withAlpha(128), border: CaptionEdge(.raised, color: .red)),
                    textAlignment: .end, animation: .characterReveal, forcedDisplay: true)
            ], language: "fr-CA", frameRate: .fps25, dropFrame: false, timeBase: .media, metadata: ["k": "v"])
    }

    @Test func agreesWithDecodable() throws {
        for document in [richDocument(), FeatureGenerator(seed: 9).document(minutes: 20)] {
            let bytes = try JSONCaptionFormat.write(document).bytes
            let fast = try JSONCaptionFormat.read(bytes).document
            let codable = try JSONDecoder().decode(CaptionDocument.self, from: Data(bytes))
            #expect(fast == document)
            #expect(codable == document)
            // The Codable encoder's output (different layout) reads the same.
            let other = try JSONEncoder().encode(document)
            #expect(try JSONCaptionFormat.read([UInt8](other)).document == document)
        }
    }

    @Test func acceptsHandWrittenVariants() throws {
        let text = """
            \u{FEFF}{ "captions" : [ { "start": 1.5, "end": 2, "text": "caf\\u00e9 \\ud83d\\ude00", "unknown": [1, {"a": null}] },
              {"startTime": "1/1", "endTime": "2/1", "styles": [], "text": "fallback", "region": null} ],
              "extra": true }
            """
        let doc = try JSONCaptionFormat.read(Array(text.utf8)).document
        #expect(doc.captions.count == 2)
        #expect(doc.captions[0].text == "café 😀")
        #expect(doc.captions[0].timeRange.start == MediaTime(value: 3, timescale: 2))
        #expect(doc.captions[1].text == "fallback")
        #expect(doc.captions[1].region == nil)
    }

    @Test func errorsCarryLineColumnAndPath() {
        func failure(_ text: String) -> CaptionFormatError? {
            do {
                _ = try JSONCaptionFormat.read(Array(text.utf8), options: .init(fileName: "f.json"))
                return nil
            } catch let e as CaptionFormatError {
                return e
            } catch { return nil }
        }
        let badColor = failure(
            "{\n  \"captions\": [\n    {\"startTime\": \"0/1\", \"endTime\": \"1/1\", \"styles\": [{\"text\": \"x\", \"color\": \"red\"}]}\n  ]\n}"
        )
        #expect(badColor?.location.line == 3)
        // At the value, counted by hand: where the quote of "red" is.
        #expect(badColor?.location.column == 78)
        #expect(badColor?.message.contains("captions[0].styles[0].color") == true)
        #expect(badColor?.message.contains("\"red\"") == true)
        #expect(badColor?.location.file == "f.json")
        let truncated = failure("{\"captions\": [{\"startTime\": \"0/1\"")
        #expect(truncated?.kind == .unreadable)
        let trailing = failure("{} {}")
        #expect(trailing?.message.contains("after the document") == true)
        let badUTF8 = try? JSONCaptionFormat.read([
            0x7B, 0x22, 0x6C, 0x61, 0x6E, 0x67, 0x75, 0x61, 0x67, 0x65, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D,
        ])
        #expect(badUTF8 == nil)
        let newer = failure("{\"version\": 2}")
        #expect(newer?.message.contains("newer") == true)
        // A million nested arrays in an unknown key: a clear error, not a stack overflow.
        let deep = failure("{\"x\": " + String(repeating: "[", count: 1_000_000) + "}")
        #expect(deep?.message.contains("nested deeper") == true)
    }
}

@Suite struct JSONHostileNumberTests {
    /// RFC 8259 §6 has no `+`, no leading zero, no bare `.`: Foundation's JSONDecoder (the
    /// witness) refuses these as the reader does, which names the number and its column.
    @Test func numbersOutsideTheGrammarAreAnError() throws {
        for (number, column) in [("01", 23), ("+1", 23), (".5", 23), ("1.", 23), ("-", 23)] {
            let text = #"{"captions":[{"start":\#(number),"end":2,"text":"x"}]}"#
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(CaptionDocument.self, from: Data(text.utf8))
            }
            do {
                _ = try JSONCaptionFormat.read(Array(text.utf8))
                Issue.record("\(number) was read")
            } catch let error as CaptionFormatError {
                #expect(error.message == "at captions[0].start: '\(number)' is not a JSON number", "\(error)")
                #expect(error.location.line == 1 && error.location.column == column, "\(error)")
            }
        }
    }

    @Test func absurdSecondsAreAClearError() {
        for text in [
            #"{"captions":[{"start":1e300,"end":2,"text":"x"}]}"#,
            #"{"captions":[{"start":0,"end":-1e19,"text":"x"}]}"#,
        ] {
            #expect(throws: CaptionFormatError.self) { try JSONCaptionFormat.read(Array(text.utf8)) }
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(CaptionDocument.self, from: Data(text.utf8))
            }
        }
    }
}
