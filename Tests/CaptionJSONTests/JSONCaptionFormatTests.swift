import CaptionCore
import CaptionJSON
import Foundation
import Testing

@Suite struct JSONCaptionFormatTests {
    @Test func generatedFeatureRoundTripsExactlyAndDeterministically() throws {
        let document = FeatureGenerator(seed: 3).document(minutes: 30)
        #expect(document.captions.count == 450)
        let first = try JSONCaptionFormat.write(document)
        let read = try JSONCaptionFormat.read(first.bytes)
        #expect(read.diagnostics.isEmpty)
        #expect(read.document == document)
        let second = try JSONCaptionFormat.write(read.document)
        #expect(second.bytes == first.bytes)
    }

    @Test func generatorRespectsItsLimits() {
        let document = FeatureGenerator(seed: 1).document(minutes: 120)
        #expect(document.captions.count == 1800)
        for c in document.captions {
            #expect(c.lines.count <= 2)
            #expect(c.lines.allSatisfy { $0.count <= 32 && !$0.isEmpty })
            let d = c.timeRange.duration.seconds
            #expect(d >= 2 && d <= 4)
            #expect(FrameRate.fps29_97.isOnFrameGrid(c.timeRange.start))
        }
        for (a, b) in zip(document.captions, document.captions.dropFirst()) {
            #expect(a.timeRange.end < b.timeRange.start)
        }
        #expect(FeatureGenerator(seed: 1).document(minutes: 10) == FeatureGenerator(seed: 1).document(minutes: 10))
    }

    @Test func probeRecognisesOurDocuments() throws {
        let bytes = try JSONCaptionFormat.write(CaptionDocument()).bytes
        #expect(JSONCaptionFormat.probe(bytes[...]) == 100)
        #expect(JSONCaptionFormat.probe(Array("  {\"a\":1}".utf8)[...]) == 20)
        #expect(JSONCaptionFormat.probe(Array("Scenarist_SCC V1.0".utf8)[...]) == 0)
    }

    @Test func errorsSayWhereAndWhat() {
        let missing = Array(#"{"captions":[{"text":"x","endTime":"1/1"}]}"#.utf8)
        do {
            _ = try JSONCaptionFormat.read(missing, options: .init(fileName: "x.json"))
            Issue.record("expected an error")
        } catch let error as CaptionFormatError {
            #expect(error.kind == .unreadable)
            #expect(error.location.file == "x.json")
            #expect(error.message.contains("captions[0]"))
            #expect(error.message.contains("startTime"))
        } catch { Issue.record("unexpected \(error)") }

        let syntax = Array("{\"captions\": [".utf8)
        #expect(throws: CaptionFormatError.self) { try JSONCaptionFormat.read(syntax) }
    }

    @Test func reversedTimesAreAnErrorFinding() throws {
        let bytes = Array(#"{"captions":[{"startTime":"2/1","endTime":"1/1","text":"x"}]}"#.utf8)
        let result = try JSONCaptionFormat.read(bytes)
        #expect(result.diagnostics.map(\.ruleID) == ["json.time-order"])
        #expect(result.diagnostics[0].severity == .error)
        #expect(result.diagnostics[0].suggestedFix != nil)
    }
}

@Suite struct JSONWriterSyntaxTests {
    @Test func stringsAreEscapedAndNonNumericTimesWritten() throws {
        let caption = Caption(
            runs: [CaptionRun("quote \" backslash \\ tab\t bell\u{07} é 漢\nline two")],
            timeRange: TimeRange(start: .zero, duration: .indefinite))
        let doc = CaptionDocument(captions: [caption], metadata: ["b": "2", "a": "1"])
        let bytes = try JSONCaptionFormat.write(doc).bytes
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#"quote \" backslash \\ tab\t bell\u0007 é 漢\nline two"#))
        #expect(text.contains(#""end": null"#))
        #expect(text.contains(#""endTime": "indefinite""#))
        #expect(text.range(of: "\"a\"")!.lowerBound < text.range(of: "\"b\"")!.lowerBound)
        let back = try JSONCaptionFormat.read(bytes).document
        #expect(back.captions[0].text == caption.text)
        #expect(back.captions[0].timeRange.end.isIndefinite)
        #expect(back.metadata == doc.metadata)
    }

    @Test func emptyDocument() throws {
        let text = String(decoding: try JSONCaptionFormat.write(CaptionDocument()).bytes, as: UTF8.self)
        #expect(text == "{\n  \"captions\": [],\n  \"format\": \"captions-json\",\n  \"version\": 1\n}\n")
    }
}
