import CaptionCore
import CaptionData
import Testing

/// SMPTE ST 334-2 caption distribution packets. The byte vectors are the cdp-types crate's
/// parser tests (ystreet/cdp-types, src/parser.rs), written by its authors by hand: our reader
/// must find what they state and our writer must give the same bytes.
@Suite struct CDPTests {
    static let withTimeCode: [UInt8] = [
        0x96, 0x69, 0x18, 0x3F, 0xC1, 0x12, 0x34, 0x71, 0xD7, 0xD9, 0xD7, 0x98, 0x72, 0xE2, 0xFF, 0x02, 0x21,
        0xFE, 0x41, 0x00, 0x74, 0x12, 0x34, 0xA4,
    ]
    static let withServiceInfo: [UInt8] = [
        0x96, 0x69, 0x14, 0x3F, 0x35, 0x12, 0x34, 0x73, 0xD1, 0x80, 0x65, 0x6E, 0x67, 0x7E, 0x3F, 0xFF, 0x74, 0x12,
        0x34, 0xBF,
    ]
    static let withFutureSection: [UInt8] = [
        0x96, 0x69, 0x0F, 0x3F, 0x01, 0x12, 0x34, 0x75, 0x02, 0x45, 0x67, 0x74, 0x12, 0x34, 0x8F,
    ]

    @Test func readsAndWritesTheTimeCodeVector() throws {
        let r = CDP.read(Self.withTimeCode[...])
        #expect(r.problems.isEmpty)
        #expect(r.checksumValid == true)
        let cdp = try #require(r.cdp)
        #expect(cdp.frameRate == .fps25)
        #expect(cdp.sequenceCounter == 0x1234)
        let tc = try #require(cdp.timeCode)
        #expect(tc.timecode == Timecode(hours: 17, minutes: 59, seconds: 57, frames: 18, dropFrame: true))
        #expect(tc.field)
        #expect(
            cdp.ccData == [
                CCData.Construct(valid: true, type: 3, pair: CEA608BytePair(0x02, 0x21)),
                CCData.Construct(valid: true, type: 2, pair: CEA608BytePair(0x41, 0x00)),
            ])
        #expect(cdp.bytes == Self.withTimeCode)
    }

    @Test func readsAndWritesTheServiceInfoVector() throws {
        let r = CDP.read(Self.withServiceInfo[...])
        #expect(r.problems.isEmpty)
        let info = try #require(r.cdp?.serviceInfo)
        #expect(info.start && !info.change && info.complete)
        #expect(info.services == [CDP.Service(language: "eng", kind: .line21(.one))])
        #expect(r.cdp?.bytes == Self.withServiceInfo)
    }

    @Test func keepsFutureSections() throws {
        let r = CDP.read(Self.withFutureSection[...])
        #expect(r.problems.isEmpty)
        #expect(r.cdp?.futureSections == [CDP.FutureSection(id: 0x75, data: [0x45, 0x67])])
        #expect(r.cdp?.bytes == Self.withFutureSection)
    }

    @Test func aWrongChecksumAndACounterMismatchAreWarningsThatKeepTheData() throws {
        var bytes = Self.withTimeCode
        bytes[22] = 0x35  // footer counter 0x1235
        let r = CDP.read(bytes[...])
        #expect(r.problems.map(\.rule) == ["cdp.sequence", "cdp.checksum"])
        #expect(r.problems.map(\.offset) == [21, 23])
        #expect(r.checksumValid == false)
        #expect(r.cdp?.ccData?.count == 2)
    }

    @Test func aCountPastTheSectionKeepsTheCompleteConstructs() throws {
        var bytes = Self.withTimeCode
        bytes[13] = 0xE5  // cc_count 5, two there
        let r = CDP.read(bytes[...])
        #expect(r.problems.map(\.rule).contains("cdp.cc-count"))
        #expect(r.cdp?.ccData?.count == 2)
        #expect(r.problems.allSatisfy { $0.rule != "cdp.footer" })
    }

    @Test func truncatedAndMislabelledPacketsAreProblems() {
        let cut = CDP.read(Self.withTimeCode.prefix(17))
        #expect(cut.problems.first?.rule == "cdp.length")
        #expect(cut.cdp?.timeCode != nil)
        #expect(cut.problems.contains { $0.rule == "cdp.footer" })
        let noMagic = CDP.read([0x96, 0x68, 0x0B, 0x3F, 0x01, 0, 0, 0x74, 0, 0, 0][...])
        #expect(noMagic.cdp == nil)
        #expect(noMagic.problems.map(\.rule) == ["cdp.identifier"])
        // A length byte that disagrees with the bytes given.
        var long = Self.withFutureSection
        long[2] = 0x10
        #expect(CDP.read(long[...]).problems.first?.rule == "cdp.length")
    }

    @Test func framesCarryTheConstructCountOfTheirRate() throws {
        let cdp = try #require(
            CDP.frame(
                rate: .fps29_97, sequenceCounter: 7, field1: CEA608BytePair(0x94, 0x2C), field2: nil,
                dtvcc: [CCData.Construct(valid: true, type: 3, pair: CEA608BytePair(0x02, 0x21))]))
        #expect(cdp.ccData?.count == 20)
        let bytes = try #require(cdp.bytes)
        #expect(bytes.reduce(UInt8(0)) { $0 &+ $1 } == 0)
        let back = CDP.read(bytes[...])
        #expect(back.problems.isEmpty)
        #expect(back.cdp == cdp)
    }

    @Test func randomBytesNeverTrap() {
        var rng = DTVCCTests.SplitMix(state: 99)
        for n in 0..<3000 {
            var bytes = (0..<Int.random(in: 0...260, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if n % 2 == 0 && bytes.count > 3 {
                bytes[0] = 0x96
                bytes[1] = 0x69
                bytes[2] = UInt8(truncatingIfNeeded: bytes.count + Int.random(in: -2...2, using: &rng))
            }
            let r = CDP.read(bytes[...])
            if let cdp = r.cdp { _ = cdp.bytes }
        }
    }
}
