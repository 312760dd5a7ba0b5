import CEA608
import Testing

// The redundancy rule across filler (Specs/scc.md "Decoding", Redundancy): a control code pair
// repeated with only null pairs (0x80 0x80) between is the redundant copy (CTA-608-E D.2 and the
// definition of "Immediately"; 47 CFR 15.119(i)); any other pair between, or a third copy, counts
// again. FFmpeg (ccaption_dec skips null pairs before comparing with prev_cmd), ttconv (scc
// line.py skips 0x0000 before updating previous_word) and CCExtractor (process608 skips padding
// before comparing with last_c1/last_c2) read it the same way.

@Suite struct RedundancyAcrossFillerTests {
    /// A pop-on caption "HI" loaded on `channel`, then `between` and EOC, EOC with `gap` between
    /// the two copies. Codes are in the CC1 form and moved to the channel here.
    private func screenAfterEOC(channel: CaptionChannel, gap: [Piece]) -> [String] {
        var decoder = CEA608Decoder(channel: channel)
        let pieces: [Piece] =
            [.twice(RCL), .twice(ENM), .twice(pac(row: 15)), .text("HI"), .code(EOC)] + gap + [.code(EOC)]
        feed(&decoder, on(channel, pieces))
        return rows(decoder.displayedMemory)
    }

    @Test(arguments: [CaptionChannel.cc1, .cc3])
    func copyAfterOneNullPairIsRedundant(channel: CaptionChannel) {
        // EOC 8080 EOC: the caption appears once and stays (two EOCs would swap it back out).
        #expect(screenAfterEOC(channel: channel, gap: [.filler]) == ["15:HI"])
    }

    @Test(arguments: [CaptionChannel.cc1, .cc3])
    func copyAfterSeveralNullPairsIsRedundant(channel: CaptionChannel) {
        #expect(screenAfterEOC(channel: channel, gap: [.filler, .filler]) == ["15:HI"])
        #expect(screenAfterEOC(channel: channel, gap: [.filler, .filler, .filler, .filler]) == ["15:HI"])
    }

    @Test(arguments: [CaptionChannel.cc1, .cc3])
    func copyAfterAnotherCodeCountsAgain(channel: CaptionChannel) {
        // EOC TO1 EOC: another pair between, so the second EOC is a new one and swaps the
        // caption back out (tab offsets change nothing on screen).
        #expect(screenAfterEOC(channel: channel, gap: [.code(TO1)]).isEmpty)
        // EOC 8080 TO1 8080 EOC likewise.
        #expect(screenAfterEOC(channel: channel, gap: [.filler, .code(TO1), .filler]).isEmpty)
    }

    @Test(arguments: [CaptionChannel.cc1, .cc3])
    func thirdCopyCountsAgain(channel: CaptionChannel) {
        // EOC 8080 EOC 8080 EOC: first acts, second is redundant, third acts again.
        #expect(screenAfterEOC(channel: channel, gap: [.filler, .code(EOC), .filler]).isEmpty)
        // Special characters too: ♪ 8080 ♪ is one note, ♪ ♪ ♪ two.
        var decoder = CEA608Decoder(channel: channel)
        feed(
            &decoder,
            on(channel, [.twice(RDC), .twice(pac(row: 15)), .code(0x1137), .filler, .code(0x1137), .text("A")]))
        #expect(rows(decoder.displayedMemory) == ["15:♪A"])
        var three = CEA608Decoder(channel: channel)
        feed(
            &three,
            on(
                channel,
                [.twice(RDC), .twice(pac(row: 15)), .code(0x1137), .code(0x1137), .code(0x1137), .text("A")]))
        #expect(rows(three.displayedMemory) == ["15:♪♪A"])
    }

    @Test func nullPairKeepsTheRedundancyOfDataWithoutParity() {
        // Data written without parity bits (read with checksParity off): 0x00 0x00 is the null
        // pair, as the parity-stripped 0x80 0x80 is.
        var decoder = CEA608Decoder(channel: .cc1, checksParity: false)
        let steps = [
            (0x14, 0x20), (0x14, 0x20), (0x14, 0x70), (0x14, 0x70), (0x48, 0x49), (0x14, 0x2F), (0x00, 0x00),
            (0x14, 0x2F),
        ].enumerated().map { decoder.decode(UInt8($1.0), UInt8($1.1), frame: Int64($0)) }
        #expect(steps[6].code == .padding)
        #expect(steps[7].code == .repeated)
        #expect(rows(decoder.displayedMemory) == ["15:HI"])
    }

    // MARK: - CC3 carried at 23.976 fps

    /// A CC3 stream of pop-on captions as a caption file times it at 29.97 fps (words only on
    /// the frames that carry them, control codes doubled), carried in an A/53 stream at 23.976
    /// fps the way an encoder with a field-2 queue carries it: pictures of a 3:2 cadence hold
    /// 1, 1, 2, 1 field-2 pairs (five fields for every four pictures), each slot takes the next
    /// word that has arrived by the picture's time, and a slot with nothing queued gets the
    /// null pair. Where a doubled code straddles a picture with two slots, the null pair falls
    /// between its copies (`152f 8080 152f`), as in the transport stream of issue 34.
    @Test func cc3CarriedAt23_976KeepsEveryCaptionWhole() {
        // (load frame, EOC frame, text, whether ENM is sent first); texts are the expected
        // captions, written here, not read from a decoder.
        let captions: [(load: Int, show: Int, text: String, erase: Bool)] = [
            (10, 50, "FIRST ONE", true), (80, 140, "SECOND", false), (170, 231, "THIRD LINE", false),
            (260, 322, "FOURTH", true), (350, 410, "FIFTH WORDS", false), (440, 498, "SIXTH ONE", false),
        ]
        var source: [Int: (UInt8, UInt8)] = [:]
        for caption in captions {
            var pieces: [Piece] = [.twice(RCL)]
            if caption.erase { pieces.append(.twice(ENM)) }
            pieces += [.twice(pac(row: 15)), .text(caption.text)]
            for (offset, pair) in pairs(on(.cc3, pieces)).enumerated() { source[caption.load + offset] = pair }
            for (offset, pair) in pairs(on(.cc3, [.twice(EOC)])).enumerated() { source[caption.show + offset] = pair }
        }
        let endFrame = 530
        for (offset, pair) in pairs(on(.cc3, [.twice(EDM)])).enumerated() { source[endFrame + offset] = pair }
        let carried = carriedAt23_976(source, frames: endFrame + 4)

        // The carriage puts the null pair between the copies of an EOC: the case of the issue.
        let eoc = parityPair(0x152F)
        let split = carried.indices.dropLast(2).contains {
            carried[$0].pair == eoc && carried[$0 + 1].pair == (0x80, 0x80) && carried[$0 + 2].pair == eoc
        }
        #expect(split, "the test stream no longer splits a doubled EOC")

        var decoder = CEA608Decoder(channel: .cc3)
        var shown: [String] = []
        for word in carried {
            let step = decoder.decode(word.pair.0, word.pair.1, frame: word.picture)
            if step.screenChange != nil {
                let screen = rows(decoder.displayedMemory).joined(separator: "|")
                if shown.last != screen { shown.append(screen) }
            }
        }
        var expected: [String] = []
        for caption in captions { expected += ["15:\(caption.text)"] }
        expected.append("")
        #expect(shown == expected)
    }

    /// The pairs of `source` (frame → pair at 29.97 fps) as pictures at 23.976 fps carry them:
    /// field-2 slots per picture 1, 1, 2, 1; a word arrives when its frame's time is reached.
    private func carriedAt23_976(_ source: [Int: (UInt8, UInt8)], frames: Int) -> [(
        picture: Int64, pair: (UInt8, UInt8)
    )] {
        var out: [(picture: Int64, pair: (UInt8, UInt8))] = []
        var queue: [(UInt8, UInt8)] = []
        var next = 0
        var picture = 0
        let slots = [1, 1, 2, 1]
        while next < frames || !queue.isEmpty {
            // Picture k starts at k × 1001/24000 s, frame f at f × 1001/30000 s: f ≤ 1.25 k.
            while next < frames && next * 4 <= picture * 5 {
                if let pair = source[next] { queue.append(pair) }
                next += 1
            }
            for _ in 0..<slots[picture % 4] {
                out.append((Int64(picture), queue.isEmpty ? (0x80, 0x80) : queue.removeFirst()))
            }
            picture += 1
        }
        return out
    }
}

/// `pieces` with their control codes moved from the CC1 form to `channel`
/// (CaptionChannel.encode: field 2 miscellaneous codes 0x15, data channel 2 bit 3).
func on(_ channel: CaptionChannel, _ pieces: [Piece]) -> [Piece] {
    pieces.map { piece in
        func moved(_ code: UInt16) -> UInt16 {
            let bytes = channel.encode(first: UInt8(code >> 8), second: UInt8(code & 0xFF))
            return UInt16(bytes.first) << 8 | UInt16(bytes.second)
        }
        switch piece {
        case .code(let code): return .code(moved(code))
        case .twice(let code): return .twice(moved(code))
        default: return piece
        }
    }
}
