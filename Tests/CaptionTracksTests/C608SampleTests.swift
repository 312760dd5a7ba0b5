import CaptionData
import CaptionTracks
import Testing

/// The `c608` sample layout of QTFF ("Closed captioning sample data"): atoms of a 32-bit size,
/// a type and byte pairs. Expected bytes are written out from that layout by hand.
@Suite struct C608SampleTests {
    @Test func fieldOneOnlyIsOneCdatAtom() {
        let sample = C608Sample(field1: [CEA608BytePair(0x94, 0x2C)])
        #expect(sample.bytes == [0, 0, 0, 10, 0x63, 0x64, 0x61, 0x74, 0x94, 0x2C])
    }

    @Test func bothFieldsAreCdatThenCdt2() {
        let sample = C608Sample(field1: [CEA608BytePair(0xC1, 0xC2)], field2: [CEA608BytePair(0x15, 0x2C)])
        #expect(
            sample.bytes == [
                0, 0, 0, 10, 0x63, 0x64, 0x61, 0x74, 0xC1, 0xC2, 0, 0, 0, 10, 0x63, 0x64, 0x74, 0x32, 0x15, 0x2C,
            ])
    }

    @Test func fieldTwoAloneStillHasACdatOfFiller() {
        let sample = C608Sample(field2: [CEA608BytePair(0x15, 0x2C)])
        #expect(Array(sample.bytes.prefix(10)) == [0, 0, 0, 10, 0x63, 0x64, 0x61, 0x74, 0x80, 0x80])
        #expect(C608Sample.read(sample.bytes).sample.field2 == [CEA608BytePair(0x15, 0x2C)])
    }

    @Test func readsSeveralPairsAndIgnoresUnknownAtoms() {
        let bytes: [UInt8] =
            [0, 0, 0, 9, 0x78, 0x78, 0x78, 0x78, 0xAA]  // unknown atom "xxxx"
            + [0, 0, 0, 12, 0x63, 0x64, 0x61, 0x74, 0x94, 0x20, 0x94, 0x20]
        let r = C608Sample.read(bytes)
        #expect(r.problems.isEmpty)
        #expect(r.sample.field1 == [CEA608BytePair(0x94, 0x20), CEA608BytePair(0x94, 0x20)])
    }

    @Test func aTruncatedCdatGivesItsCompletePairsAndAProblem() {
        // Says 18 bytes (5 pairs); the sample ends after 2 pairs and one byte.
        let bytes: [UInt8] = [0, 0, 0, 18, 0x63, 0x64, 0x61, 0x74, 0x94, 0x2C, 0xC1, 0xC2, 0x80]
        let r = C608Sample.read(bytes)
        #expect(r.sample.field1 == [CEA608BytePair(0x94, 0x2C), CEA608BytePair(0xC1, 0xC2)])
        #expect(r.problems.contains { $0.contains("truncated") })
        #expect(r.problems.contains { $0.contains("not whole byte pairs") })
    }

    @Test func impossibleSizesAndAMissingCdatAreProblems() {
        #expect(
            C608Sample.read([0, 0, 0, 4, 0x63, 0x64, 0x61, 0x74]).problems.first?.contains("less than its own header")
                == true)
        #expect(
            C608Sample.read([0, 0, 0, 10, 0x63, 0x64, 0x74, 0x32, 1, 2]).problems.contains { $0.contains("no cdat") })
        #expect(C608Sample.read([0, 0, 0]).problems.first?.contains("too few") == true)
        #expect(C608Sample.read([]).problems.isEmpty)
    }
}
