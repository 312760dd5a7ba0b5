import CEA608
import CaptionCore
import CaptionData
import MCC
import SCC
import Testing

/// The CEA-608 half of the BigBuckBunny MCC (CC1 English in field 1, CC3 Spanish in field 2):
/// its pairs, decoded by the CEA-608 decoder directly, give the captions our SCC reader reads
/// from the same words written as an SCC file.
@Suite struct MCCCEA608Tests {
    /// The pairs of `field` on the 29.97 fps line-21 grid: each at the first frame at or after
    /// its picture's time, or the frame after the previous word's.
    static func words(_ r: MCCReadResult, _ field: CaptionField) -> [(frame: Int64, pair: CEA608BytePair)] {
        var out: [(frame: Int64, pair: CEA608BytePair)] = []
        var previous: Int64 = -1
        for p in r.cea608Pairs(field) {
            let slot = FrameRate.fps29_97.frame(at: p.time, rounding: .up) ?? 0
            previous = max(slot, previous + 1)
            out.append((previous, p.pair))
        }
        return out
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test(arguments: [(CaptionField.one, CaptionChannel.cc1), (.two, .cc3)])
    func decoderAndSCCReaderAgree(field: CaptionField, channel: CaptionChannel) throws {
        let (_, r) = try MCCFixtureTests.read(MCCFixtureTests.bigBuckBunny)
        let words = Self.words(r, field)
        #expect(words.contains { !$0.pair.isPadding })
        // The decoder, word by word: the text on screen after each change.
        var decoder = CEA608Decoder(channel: channel)
        var screens: [(frame: Int64, text: String)] = []
        for w in words {
            let step = decoder.decode(w.pair.first, w.pair.second, frame: w.frame)
            guard step.screenChange != nil else { continue }
            let text = (0..<CEA608Memory.rows).map { decoder.displayedMemory.text(row: $0) }.filter { !$0.isEmpty }
                .joined(separator: "\n")
            if !text.isEmpty && text != screens.last?.text { screens.append((w.frame, text)) }
        }
        // The SCC file: one line a word, at its frame (29.97 drop-frame labels).
        var scc = "Scenarist_SCC V1.0\n\n"
        for w in words {
            let tc = try Timecode(frameCount: w.frame, rate: .fps29_97, dropFrame: true)
            scc += "\(tc)\t\(HexText.pair(w.pair.first, w.pair.second))\n\n"
        }
        var options = CaptionFormatOptions()
        options.frameRate = .fps29_97
        options.channel = channel.rawValue
        let read = try SCCReader(options: options).read(Array(scc.utf8))
        #expect(!read.diagnostics.contains { $0.severity == .error })
        // The reader makes one caption a row group; a screen is the captions that start together.
        var groups: [(start: MediaTime, text: String)] = []
        for c in read.document.captions {
            if let last = groups.last, last.start == c.timeRange.start {
                groups[groups.count - 1].text += "\n" + c.text
            } else {
                groups.append((c.timeRange.start, c.text))
            }
        }
        #expect(groups.count >= 10)
        // The same texts in the same order, each starting on the frame its screen appeared.
        #expect(groups.map { Self.normalized($0.text) } == screens.map { Self.normalized($0.text) })
        #expect(groups.map(\.start) == screens.map { FrameRate.fps29_97.time(ofFrame: $0.frame) })
    }
}
