import CaptionCore
import CaptionTracks
import Testing

/// ISO/IEC 14496-30 WebVTT samples: `vttc` cue boxes (`vsid` int32, then `iden`, `ctim`, `sttg`,
/// `payl` strings), `vtte` for no cue, `vtta` for comments; and what a hostile sample gives.
@Suite struct WebVTTSampleTests {
    /// A box: 32-bit size, type, body (14496-12 §4.2), built by hand.
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + body.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + Array(type.utf8) + body
    }

    @Test func aCueIsItsBoxesInTheOrderOf14496_30() {
        let cue = WebVTTSample.Cue(sourceID: 7, identifier: "a", settings: "align:start", payload: "Hé")
        let expected = Self.box(
            "vttc",
            Self.box("vsid", [0, 0, 0, 7]) + Self.box("iden", Array("a".utf8))
                + Self.box("sttg", Array("align:start".utf8)) + Self.box("payl", Array("Hé".utf8)))
        #expect(WebVTTSample(cues: [cue]).bytes == expected)
        #expect(WebVTTSample(cues: []).bytes == Self.box("vtte", []))
        let back = WebVTTSample.read(expected)
        #expect(back.problems.isEmpty)
        #expect(back.sample.cues == [cue])
        #expect(!back.isEmptyBox)
        #expect(WebVTTSample.read(Self.box("vtte", [])).isEmptyBox)
    }

    @Test func commentsAndATerminatingNulAreRead() {
        let bytes =
            Self.box("vtta", Array("NOTE hi".utf8))
            + Self.box("vttc", Self.box("ctim", Array("00:00:01.000".utf8)) + Self.box("payl", Array("x\0".utf8)))
        let r = WebVTTSample.read(bytes)
        #expect(r.problems.isEmpty)
        #expect(r.sample.additionalText == ["NOTE hi"])
        #expect(r.sample.cues.map(\.payload) == ["x"])
        #expect(r.sample.cues.map(\.currentTime) == ["00:00:01.000"])
    }

    /// Sizes past the end, below a header, boxes inside boxes, unknown boxes: each a problem in
    /// words, what is there read, never a crash.
    @Test func hostileSamplesGiveProblemsNotCrashes() {
        let payl = Self.box("payl", Array("ok".utf8))
        // A vttc that says more bytes than the sample holds: its children there are read.
        var long = Self.box("vttc", payl)
        long[3] = 200
        var r = WebVTTSample.read(long)
        #expect(r.sample.cues.map(\.payload) == ["ok"])
        #expect(r.problems.contains { $0.contains("says 200 bytes but 18 remain") })
        // A size below its header stops the reading there.
        r = WebVTTSample.read([0, 0, 0, 3] + Array("vttc".utf8) + payl)
        #expect(r.sample.cues.isEmpty)
        #expect(r.problems.contains { $0.contains("less than its header") })
        // 64-bit sizes: a huge one is cut at the end of the sample.
        r = WebVTTSample.read(
            [0, 0, 0, 1] + Array("vttc".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + payl)
        #expect(r.sample.cues.map(\.payload) == ["ok"])
        #expect(!r.problems.isEmpty)
        // 10,000 vttc boxes nested in each other: one level is read, the rest is one unknown box.
        var nested = payl
        for _ in 0..<10_000 { nested = Self.box("vttc", nested) }
        r = WebVTTSample.read(nested)
        #expect(r.sample.cues.count == 1)
        #expect(r.problems.contains { $0.contains("a vttc box in vttc box 1 is not a cue box") })
        #expect(r.problems.contains { $0.contains("has no payl box") })
        // Unknown boxes, a vsid of the wrong size, repeated boxes, vtte with cues, text that is not UTF-8.
        let mixed =
            Self.box("vtte", []) + Self.box("abcd", [1, 2])
            + Self.box(
                "vttc",
                Self.box("vsid", [1]) + Self.box("payl", [0x61, 0xFF]) + Self.box("payl", Array("second".utf8)))
        r = WebVTTSample.read(mixed)
        #expect(r.sample.cues.map(\.payload) == ["a\u{FFFD}"])
        #expect(r.sample.cues.first?.sourceID == nil)
        for words in [
            "abcd box in a WebVTT sample", "holds 1 bytes, not a 32-bit", "second payl", "vtte box (no cue) and 1 cue",
            "not UTF-8",
        ] {
            #expect(r.problems.contains { $0.contains(words) }, "\(words): \(r.problems)")
        }
        // Bytes too few for a header, and an empty sample.
        #expect(WebVTTSample.read([0, 0, 0]).problems.contains { $0.contains("too few for a box header") })
        #expect(WebVTTSample.read([]).problems.contains { $0.contains("empty sample") })
        #expect(r.problems.allSatisfy { !$0.isEmpty })
    }

    /// A payload of 1 MiB (the largest sample read) is read whole, in time linear in its size.
    @Test func aHugeStringIsReadWhole() {
        let text = [UInt8](repeating: 0x61, count: 1 << 20)
        let r = WebVTTSample.read(Self.box("vttc", Self.box("payl", text)))
        #expect(r.sample.cues.first?.payload.utf8.count == 1 << 20)
        #expect(r.problems.isEmpty)
    }

    @Test func theSampleEntryHoldsTheHeaderAndTheLabel() {
        let entry = WebVTTSampleEntry(configuration: "WEBVTT\n\nSTYLE\n::cue { color: red }", sourceLabel: "show.vtt")
        let expected = Self.box(
            "wvtt",
            [0, 0, 0, 0, 0, 0, 0, 1] + Self.box("vttC", Array("WEBVTT\n\nSTYLE\n::cue { color: red }".utf8))
                + Self.box("vlab", Array("show.vtt".utf8)))
        #expect(entry.bytes == expected)
        let back = WebVTTSampleEntry.read(expected)
        #expect(back.entry == entry && back.problems.isEmpty)
        let bare = WebVTTSampleEntry.read(Self.box("wvtt", [0, 0, 0, 0, 0, 0, 0, 1]))
        #expect(bare.entry.configuration == nil)
        #expect(bare.problems.contains { $0.contains("no vttC box") })
        #expect(WebVTTSampleEntry.read([0, 0]).problems.contains { $0.contains("fewer than its 16-byte header") })
    }
}
