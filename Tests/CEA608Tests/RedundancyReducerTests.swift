// Control codes sent once before anything is shifted (47 CFR 15.119(i): the second copy is for
// resilience). Expected words are worked out by hand from the code tables.

import CEA608
import CaptionCore
import Testing

@Suite struct RedundancyReducerTests {
    typealias E = EncoderTests

    @Test func aTightLoadSendsItsFirstCodeOnce() {
        // "Hi" on frame 4: RCL RCL PAC PAC "Hi" is 5 frames of load, 4 are free (0–3). RCL
        // once makes it fit; the PAC stays doubled and the EOC too.
        let plans = E.plans([E.caption([CaptionRun("Hi")], start: 4, end: 60)])
        #expect(TransmissionScheduler().schedule(plans).isDeliverable == false)
        let (reduced, reductions) = RedundancyReducer().reduce(plans)
        #expect(E.hex(reduced[0].preload) == ["9420", "9470", "9470", "c8e9"])
        #expect(E.hex(reduced[0].anchored) == ["942f", "942f"])
        #expect(reductions.map(\.codes) == [1])
        #expect(TransmissionScheduler().schedule(reduced).isDeliverable)
    }

    @Test func identicalCodesSideBySideStayDoubled() {
        // "♪♪" (0x1137 twice, parity 9137) on row 13 (PAC 0x13 0x70): sent once each the notes
        // would read as one ♪ and its repeat, so they stay doubled; the PAC goes once and, as a
        // last resort for the document's first caption, the RCL goes (a decoder starts in
        // pop-on); 5 frames are still one too many.
        let plans = E.plans([E.caption([CaptionRun("♪♪")], row: 12, start: 4, end: 60)])
        let (reduced, _) = RedundancyReducer().reduce(plans)
        #expect(E.hex(reduced[0].preload) == ["1370", "9137", "9137", "9137", "9137"])
        #expect(TransmissionScheduler().schedule(reduced).isDeliverable == false)
    }

    @Test func theFirstCaptionLeavesOutWhatTheStartStateHas() {
        // "sic)" on frame 2, row 15, column 1, as pycaption's no_explicit_end file sends it:
        // RCL and PAC (0x1470) once still need 4 frames; a decoder starts in pop-on with its
        // cursor there (Specs/scc.md "Decoding"), so both go and the text takes frames 0–1.
        let plans = E.plans([E.caption([CaptionRun("sic)")], start: 2, end: 60)])
        #expect(plans[0].startStateUnits == [0, 1])
        let (reduced, _) = RedundancyReducer().reduce(plans)
        #expect(E.hex(reduced[0].preload) == ["73e9", "e329"])
        #expect(TransmissionScheduler().schedule(reduced).isDeliverable)
    }

    @Test func anEraseInTheWayGoesOnce() {
        // "A" ends on 40 (EDM 942c on 40 and 41); "B" starts on 41, its EOC on 41 and 42. The
        // EDM's second copy goes, so both keep their frames.
        let plans = E.plans([
            E.caption([CaptionRun("A")], start: 10, end: 40), E.caption([CaptionRun("B")], row: 13, start: 41, end: 80),
        ])
        #expect(plans[0].end == .erase(atFrame: 40))
        let (reduced, reductions) = RedundancyReducer().reduce(plans)
        #expect(reduced[0].eraseCount == 1)
        #expect(E.hex(reduced[1].anchored) == ["942f", "942f"])
        #expect(reductions.map(\.planIndex) == [0])
        let words = TransmissionScheduler().schedule(reduced).words
        #expect(words.filter { $0.word == 0x942C }.map(\.frame) == [40, 80, 81])
        #expect(words.filter { $0.word == 0x942F }.map(\.frame) == [10, 11, 41, 42])
    }

    @Test func plansThatFitKeepEveryCodeDoubled() {
        let plans = E.plans([E.caption([CaptionRun("Hi")], start: 60, end: 90)])
        let (reduced, reductions) = RedundancyReducer().reduce(plans)
        #expect(reduced == plans)
        #expect(reductions.isEmpty)
    }
}
