import CaptionCore
import CaptionJSON
import Foundation
import Testing

/// Region backdrops, run embeddings and outside ruby in the JSON format (Specs/json-format.md):
/// read under the keys the spec names, written and read back the same, agreeing with
/// Foundation's Codable form, and refused with a location when incomplete.
@Suite struct JSONBackdropAndBidiTests {
    static let json = """
        {"regionBackdrops": [{"region": {"id": "band", "origin": {"x": "10%", "y": "80%"},
                                         "size": {"width": "80%", "height": "10%"}, "background": "#FF000080"},
                              "startTime": "0/1", "endTime": "+infinity"},
                             {"region": {"id": "top", "background": "#0000FFFF"},
                              "startTime": "2/1", "endTime": "5/1"}],
         "captions": [{"startTime": "1/1", "endTime": "2/1",
          "styles": [{"text": "abc", "bidi": {"kind": "bidiOverride", "direction": "rtl"}},
                     {"text": " def", "bidi": {"kind": "isolate", "direction": "ltr"}},
                     {"text": "漢", "ruby": {"text": "かん", "position": "outside", "alignment": "center"}}]}]}
        """

    @Test func theFieldsAreReadWrittenAndReadAgain() throws {
        let read = try JSONCaptionFormat.read(Array(Self.json.utf8))
        let backdrops = read.document.regionBackdrops
        #expect(backdrops.map(\.region.identifier) == ["band", "top"])
        #expect(backdrops[0].timeRange == TimeRange(start: .zero, end: .positiveInfinity))
        #expect(backdrops[0].region.background == CaptionColor(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(
            backdrops[1].timeRange
                == TimeRange(start: MediaTime(value: 2, timescale: 1), end: MediaTime(value: 5, timescale: 1)))
        let runs = try #require(read.document.captions.first?.runs)
        #expect(
            runs.map(\.style.bidi) == [CaptionBidi(.override, .rightToLeft), CaptionBidi(.isolate, .leftToRight), nil])
        #expect(runs[2].style.ruby?.position == .outside)
        let written = try JSONCaptionFormat.write(read.document)
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(text.contains(#""regionBackdrops""#) && text.contains(#""kind": "bidiOverride""#), "\(text)")
        #expect(try JSONCaptionFormat.read(written.bytes).document == read.document)
        // Foundation's decoder reads the same document from what we write.
        #expect(try JSONDecoder().decode(CaptionDocument.self, from: Data(written.bytes)) == read.document)
    }

    @Test(arguments: [
        (#""kind": "bidiOverride", "#, ""),
        (#", "direction": "rtl""#, ""),
        (#""kind": "bidiOverride""#, #""kind": "override""#),
        (#""startTime": "2/1", "#, ""),
        (##""region": {"id": "top", "background": "#0000FFFF"},"##, ""),
        (#""position": "outside""#, #""position": "over""#),
    ])
    func anIncompleteOrUnknownValueIsALocatedError(_ good: String, _ bad: String) {
        let text = Self.json.replacingOccurrences(of: good, with: bad)
        #expect(text != Self.json)
        #expect {
            try JSONCaptionFormat.read(Array(text.utf8))
        } throws: { error in
            // File, line and column of the object or value at fault.
            (error as? CaptionFormatError)?.location.line != nil
        }
    }
}
