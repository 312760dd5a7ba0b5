// The parity count a reader takes before decoding (CEA608Decoder.parityCount) against the
// decoder itself, and the packed cell attributes against the fields they hold. 47 CFR 15.119(b)
// (now 47 CFR 79.101): every byte has odd parity; 0x80 0x80 is filler (15.119(i)(1)).

import CEA608
import Foundation
import Testing

@Suite struct ParityCountTests {
    @Test func handWorkedPairs() {
        // Filler; EDM (0x94 and 0x2c have three one bits each); 'A' without its parity bit
        // (0x41, two one bits); filler beside 0x01 (one bit: odd, but not a character).
        #expect(CEA608Decoder.parityCount(0x80, 0x80) == (false, false))
        #expect(CEA608Decoder.parityCount(0x94, 0x2C) == (false, true))
        #expect(CEA608Decoder.parityCount(0x41, 0x80) == (true, true))
        #expect(CEA608Decoder.parityCount(0x80, 0x01) == (false, false))
        #expect(CEA608Decoder.parityCount(0xC1, 0x80) == (false, true))
    }

    @Test(arguments: [CaptionChannel.cc1, .cc2])
    func everyPairCountsAsAFieldOneDecoderCountsIt(_ channel: CaptionChannel) {
        // What the SCC reader counts before decoding must be what decoding would have counted
        // (SCCDecodingPass: parity is ignored when more than a quarter of the data pairs fail).
        var mismatches: [String] = []
        // One decoder for all: in field 1 what came before plays no part.
        var decoder = CEA608Decoder(channel: channel)
        for first in 0...255 {
            for second in 0...255 {
                let step = decoder.decode(UInt8(first), UInt8(second), frame: 0)
                let counted = CEA608Decoder.parityCount(UInt8(first), UInt8(second))
                // A pair that fails counts as data whatever it decodes to (SCCDecodingPass.run).
                if counted.failed != step.failedParity || counted.data != (step.failedParity || step.code != .padding) {
                    mismatches.append(String(format: "%02x%02x", first, second))
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func packedAttributesHoldEveryCombination() {
        var backgrounds: [CEA608Background] = [.transparent]
        for color in CEA608Color.allCases { backgrounds += [.opaque(color), .semiTransparent(color)] }
        var seen = Set<CEA608CellAttributes>()
        for foreground in CEA608Color.allCases {
            for flags in 0..<8 {
                for background in backgrounds {
                    let attributes = CEA608CellAttributes(
                        foreground: foreground, italic: flags & 1 != 0, underline: flags & 2 != 0,
                        flash: flags & 4 != 0, background: background)
                    #expect(attributes.foreground == foreground)
                    #expect(attributes.italic == (flags & 1 != 0))
                    #expect(attributes.underline == (flags & 2 != 0))
                    #expect(attributes.flash == (flags & 4 != 0))
                    #expect(attributes.background == background)
                    seen.insert(attributes)
                }
            }
        }
        // Equal only when every attribute is: as many distinct values as combinations.
        #expect(seen.count == CEA608Color.allCases.count * 8 * backgrounds.count)
        #expect(CEA608CellAttributes.default == CEA608CellAttributes(background: .opaque(.black)))
    }
}
