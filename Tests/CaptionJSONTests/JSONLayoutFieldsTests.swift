import CaptionCore
import CaptionJSON
import Foundation
import Testing

/// TTML's layout fields in the JSON format (Specs/json-format.md): written under the keys the
/// spec names, read back as the same document, and agreeing with Foundation's Codable form.
@Suite struct JSONLayoutFieldsTests {
    static let json = """
        {"captions": [{"startTime": "1/1", "endTime": "2/1", "lineHeight": "150%", "wrapsLines": false,
          "direction": "rtl", "blockBackground": "#0000FF80",
          "rubyReserve": {"position": "outside", "length": "50%"},
          "fillsLineGap": true, "linePadding": "0.5c", "multiRowAlign": "center", "shear": -16.5,
          "region": {"padding": {"top": "4px", "right": "10%", "bottom": "6px", "left": "8%"},
                     "opacity": 0.25, "overflow": "hidden"},
          "styles": [{"text": "Hello", "lineThrough": true,
                      "edge": {"kind": "uniform", "color": "#FF0000FF", "width": "10%"},
                      "emphasis": {"shape": "sesame", "filled": false, "position": "after"},
                      "shadows": [{"x": "5%", "y": "-0.1c", "blur": "2px", "color": "#00000080"},
                                  {"x": "1px", "y": "1px"}]},
                     {"text": " world", "emphasis": {"shape": {"character": "※"}, "color": "#00FF00FF"}},
                     {"text": "!", "emphasis": {}}]}]}
        """

    @Test func theLayoutFieldsAreReadWrittenAndReadAgain() throws {
        let read = try JSONCaptionFormat.read(Array(Self.json.utf8))
        let caption = try #require(read.document.captions.first)
        #expect(caption.lineHeight == .percent(150) && !caption.wrapsLines)
        #expect(caption.direction == .rightToLeft)
        #expect(caption.blockBackground == CaptionColor(red: 0, green: 0, blue: 255, alpha: 128))
        #expect(
            caption.region?.padding
                == CaptionPadding(top: .pixels(4), right: .percent(10), bottom: .pixels(6), left: .percent(8)))
        #expect(caption.region?.opacity == 0.25 && caption.region?.overflow == .hidden)
        #expect(caption.runs[0].style.lineThrough && !caption.runs[1].style.lineThrough)
        #expect(
            caption.runs[0].style.edge
                == CaptionEdge(.uniform, color: CaptionColor(red: 255, green: 0, blue: 0), width: .percent(10)))
        #expect(caption.rubyReserve == CaptionRubyReserve(position: .outside, length: .percent(50)))
        #expect(
            caption.runs[0].style.shadows == [
                CaptionShadow(
                    offsetX: .percent(5), offsetY: .cells(-0.1), blur: .pixels(2),
                    color: CaptionColor(red: 0, green: 0, blue: 0, alpha: 128)),
                CaptionShadow(offsetX: .pixels(1), offsetY: .pixels(1)),
            ])
        #expect(caption.runs[1].style.shadows.isEmpty)
        #expect(caption.fillsLineGap && caption.linePadding == .cells(0.5))
        #expect(caption.multiRowAlign == .center && caption.shear == -16.5)
        #expect(caption.runs[0].style.emphasis == CaptionEmphasis(shape: .sesame, filled: false, position: .after))
        #expect(
            caption.runs[1].style.emphasis
                == CaptionEmphasis(shape: .character("※"), color: CaptionColor(red: 0, green: 255, blue: 0)))
        #expect(caption.runs[2].style.emphasis == CaptionEmphasis())
        let written = try JSONCaptionFormat.write(read.document)
        #expect(try JSONCaptionFormat.read(written.bytes).document == read.document)
        // Foundation's decoder reads the same fields from what we write.
        let decoded = try JSONDecoder().decode(Caption.self, from: Data(Self.captionObject(written.bytes)))
        #expect(decoded == caption)
    }

    @Test func anOpacityOutsideZeroToOneIsALocatedError() {
        let bad = Self.json.replacingOccurrences(of: "0.25", with: "1.5")
        #expect(throws: CaptionFormatError.self) { try JSONCaptionFormat.read(Array(bad.utf8)) }
    }

    @Test func aShadowWithoutOffsetsANegativeBlurOrTooManyShadowsAreLocatedErrors() {
        let shadow = ##"{"x": "5%", "y": "-0.1c", "blur": "2px", "color": "#00000080"}"##
        for bad in [
            Self.json.replacingOccurrences(of: shadow, with: #"{"x": "5%"}"#),
            Self.json.replacingOccurrences(of: #""blur": "2px""#, with: #""blur": "-2px""#),
            Self.json.replacingOccurrences(
                of: shadow, with: Array(repeating: shadow, count: CaptionShadow.maximumCount).joined(separator: ", ")),
            Self.json.replacingOccurrences(of: #""position": "outside", "#, with: ""),
        ] {
            #expect(bad != Self.json)
            #expect(throws: CaptionFormatError.self) { try JSONCaptionFormat.read(Array(bad.utf8)) }
        }
        // Exactly the limit is read (the document's second shadow and this many more).
        let most = Self.json.replacingOccurrences(
            of: shadow, with: Array(repeating: shadow, count: CaptionShadow.maximumCount - 1).joined(separator: ", "))
        #expect(
            (try? JSONCaptionFormat.read(Array(most.utf8)))?.document.captions.first?.runs.first?.style.shadows.count
                == CaptionShadow.maximumCount)
    }

    @Test(arguments: [
        (#""shear": -16.5"#, #""shear": 120"#),
        (#""linePadding": "0.5c""#, #""linePadding": "-1c""#),
        (#""shape": "sesame""#, #""shape": "star""#),
        (##""shape": {"character": "※"}"##, ##""shape": {"character": "ab"}"##),
    ])
    func aShearOutOfRangeANegativeLinePaddingOrAnUnknownMarkAreLocatedErrors(_ good: String, _ bad: String) {
        let text = Self.json.replacingOccurrences(of: good, with: bad)
        #expect(text != Self.json)
        #expect(throws: CaptionFormatError.self) { try JSONCaptionFormat.read(Array(text.utf8)) }
    }

    /// The first caption object of a written document.
    static func captionObject(_ bytes: [UInt8]) throws -> [UInt8] {
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        let first = try #require((object?["captions"] as? [Any])?.first)
        return Array(try JSONSerialization.data(withJSONObject: first))
    }
}
