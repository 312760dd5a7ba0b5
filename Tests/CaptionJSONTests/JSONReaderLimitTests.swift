import CaptionCore
import Testing

@testable import CaptionJSON

/// The JSON reader's limits (Specs/limits.md) and its hint for text that is not UTF-8.
@Suite struct JSONReaderLimitTests {
    static let document = #"{"format":"captions-json","captions":[{"start":1,"end":2,"text":"é"}]}"#

    static func error(_ bytes: [UInt8]) throws -> CaptionFormatError {
        do {
            _ = try JSONCaptionFormat.read(bytes, options: .init(fileName: "in.json"))
        } catch let error as CaptionFormatError {
            return error
        }
        Issue.record("accepted")
        throw CaptionFormatError(.unreadable, "accepted")
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16, .utf32LittleEndian])
    func utf16AndUTF32GetAHint(_ encoding: String.Encoding) throws {
        let bytes = try #require(Self.document.data(using: encoding))
        let error = try Self.error([UInt8](bytes))
        #expect(error.message.hasPrefix("the file is not UTF-8 (it looks like UTF-16 or UTF-32)"), "\(error)")
        #expect(error.description.hasPrefix("in.json:1:1: "), "\(error)")
    }

    @Test func utf8WithAndWithoutAByteOrderMarkIsRead() throws {
        let plain = Array(Self.document.utf8)
        #expect(try JSONCaptionFormat.read(plain).document.captions.first?.text == "é")
        #expect(try JSONCaptionFormat.read([0xEF, 0xBB, 0xBF] + plain).document.captions.first?.text == "é")
    }

    @Test func captionsPastTheLimitAreRefusedNamingIt() throws {
        let caption = #"{"start":1,"end":2,"text":"x"}"#
        let text = #"{"captions":[\#(caption),\#(caption),\#(caption)]}"#
        let three = Array(text.utf8)
        // The error points at the first caption past the limit: the third.
        let third = text.utf8.count - "]}".utf8.count - caption.utf8.count + 1
        var atLimit = JSONCaptionReader(three, maximumCaptions: 3)
        #expect(try atLimit.readDocument().captions.count == 3)
        var pastLimit = JSONCaptionReader(three, maximumCaptions: 2)
        #expect {
            try pastLimit.readDocument()
        } throws: { error in
            let failure = error as? JSONCaptionReader.Failure
            return failure?.message
                == "at captions: more than 2 captions in one document; that is the limit (Specs/limits.md)"
                && failure?.line == 1 && failure?.column == third
        }
        #expect(JSONCaptionReader.maximumCaptions == 1_000_000)
    }

    @Test func nestingPastTheLimitNamesIt() throws {
        let deep = Array(("{\"x\":" + String(repeating: "[", count: 300)).utf8)
        let error = try Self.error(deep)
        #expect(error.message.hasSuffix("nested deeper than 256 levels, the limit (Specs/limits.md)"), "\(error)")
    }
}

/// Found by the json fuzz target: a caption without runs was written as `"styles": [],
/// "text": ""` and read back with one empty run (Fixtures/fuzz/json/caption-without-runs.json).
@Suite struct JSONCaptionWithoutRunsTests {
    @Test func aCaptionWithoutRunsRoundTrips() throws {
        let document = CaptionDocument(captions: [
            Caption(runs: [], timeRange: TimeRange(start: .zero, end: MediaTime(value: 1, timescale: 1)))
        ])
        let written = try JSONCaptionFormat.write(document).bytes
        #expect(try JSONCaptionFormat.read(written).document == document)
        // One empty run stays one empty run.
        var oneEmpty = document
        oneEmpty.captions[0].runs = [CaptionRun("")]
        #expect(try JSONCaptionFormat.read(try JSONCaptionFormat.write(oneEmpty).bytes).document == oneEmpty)
    }
}
