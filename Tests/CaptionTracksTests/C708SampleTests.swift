import CaptionCore
import CaptionData
import CaptionKit
import CaptionTracks
import Foundation
import ISOBMFF
import TestSupport
import Testing

/// `c708` samples: `ccdp` atoms holding SMPTE ST 334-2 CDPs, bytes written here by hand; and a
/// damaged sample in a movie, located and alone in what it loses.
@Suite struct C708SampleTests {
    /// A CDP worked by hand from ST 334-2: identifier 0x9669, cdp_length, frame rate 4 (29.97)
    /// with the reserved nibble 0xF, flags 0x43 (cc_data present, caption service active,
    /// reserved 1), counter 0x0007; cc_data section 0x72, 0xE0 | cc_count 2: field 1 "9420"
    /// (cc_valid, type 0 → 0xFC) and field 2 filler (0xF9 80 80); footer 0x74, the counter, and
    /// the checksum that makes the bytes sum to 0 mod 256.
    static let cdp: [UInt8] = {
        var b: [UInt8] = [
            0x96, 0x69, 0, 0x4F, 0x43, 0x00, 0x07, 0x72, 0xE2, 0xFC, 0x94, 0x20, 0xF9, 0x80, 0x80, 0x74, 0x00, 0x07,
        ]
        b[2] = UInt8(b.count + 1)
        b.append(UInt8((256 - b.reduce(0) { ($0 + Int($1)) % 256 }) % 256))
        return b
    }()

    static func atom(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = payload.count + 8
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + Array(type.utf8) + payload
    }

    @Test func aSampleOfOneCCDPAtomGivesItsCDP() throws {
        let reading = C708Sample.read(Self.atom("ccdp", Self.cdp))
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        let cdp = try #require(reading.packets.first)
        #expect(cdp.sequenceCounter == 7)
        #expect(cdp.frameRate == .fps29_97)
        #expect(cdp.ccData?.compactMap(\.field) == [.one])
        #expect(cdp.ccData?.first?.pair == CEA608BytePair(0x94, 0x20))
        // What the writer makes is the same atom.
        #expect(C708Sample(packets: [Self.cdp]).bytes == Self.atom("ccdp", Self.cdp))
    }

    @Test func unknownAtomsAreIgnoredAndDamageIsAProblemNotALoss() {
        // An unknown atom before the packet is skipped (QTFF).
        let withOther = C708Sample.read(Self.atom("free", [1, 2, 3]) + Self.atom("ccdp", Self.cdp))
        #expect(withOther.problems.isEmpty && withOther.packets.count == 1)
        // A wrong checksum: the packet is kept, the CDP reader's finding located in the atom.
        var bad = Self.cdp
        bad[bad.count - 1] &+= 1
        let checksum = C708Sample.read(Self.atom("ccdp", bad))
        #expect(checksum.packets.count == 1)
        #expect(checksum.problems.map(\.rule) == ["cdp.checksum"], "\(checksum.problems)")
        #expect(checksum.problems.first?.message.hasPrefix("the ccdp atom at byte 0: CDP byte 18") == true)
        // No ccdp atom at all.
        let none = C708Sample.read(Self.atom("cdat", [0x94, 0x20]))
        #expect(none.packets.isEmpty && none.problems.map(\.rule) == [C708Sample.rule])
        // An atom cut short: what it holds goes to the CDP reader, which says it is truncated.
        let cut = C708Sample.read(Array(Self.atom("ccdp", Self.cdp).dropLast(5)))
        #expect(cut.problems.first?.rule == C708Sample.rule)
        #expect(cut.problems.contains { $0.rule == "cdp.length" })
        // A size below the header and bytes too few for one.
        #expect(C708Sample.read([0, 0, 0, 4] + Array("ccdp".utf8)).problems.first?.rule == C708Sample.rule)
        #expect(C708Sample.read([0, 0, 0]).problems.count == 2)
    }

    @Test func aDamagedSampleInAMovieIsALocatedWarningAndTheRestIsRead() throws {
        let dir = try TemporaryDirectory("c708-damaged")
        let clip = try TrackClips.make("clip.mov", in: dir)
        let fixture = TestPaths.sharedFixture("scc/pycaption/sample_scc_pop_on.scc").path
        let out = dir.path("out.mov")
        var options = MovieCaptionWriter.Options()
        options.forms = [.c708]
        options.startTimecode = "00:00:09:00"
        try MovieCaptionWriter.write(
            try MovieCaptionWriter.plan(movie: clip, captions: fixture, options: options), to: out, overwrite: true)
        let clean = try MovieCaptions(path: out)
        var one = CaptionFormatOptions()
        one.channel = 1
        let expected = try clean.read(options: one).document.captions
        try #require(!expected.isEmpty)
        let track = try #require(clean.movie.tracks.first { $0.format == "c708" })
        let samples = try clean.movie.samples(of: track)
        try #require(samples.count > 400)
        // The last sample's checksum byte changed, and its cdp_identifier broken: both are
        // findings at that sample; every caption is still read (the last sample carries filler).
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        let last = try #require(samples.last)
        bytes[last.offset + last.size - 1] &+= 1
        let second = samples[1]
        bytes[second.offset + 8] = 0x00
        let damaged = dir.path("damaged.mov")
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let movie = try MovieCaptions(path: damaged)
        let read = try movie.read(options: one)
        #expect(read.document.captions.map(\.text) == expected.map(\.text))
        let warnings = read.diagnostics.filter { $0.severity == .warning }
        let checksum = try #require(warnings.first { $0.ruleID == "cdp.checksum" })
        #expect(checksum.location.file?.hasSuffix("track \(track.id) sample \(samples.count)") == true, "\(checksum)")
        #expect(checksum.location.timecode != nil)
        let identifier = try #require(warnings.first { $0.ruleID == "cdp.identifier" })
        #expect(identifier.location.file?.hasSuffix("track \(track.id) sample 2") == true, "\(identifier)")
        // The lost packet breaks the counter's run: said once, at the sample after it.
        #expect(
            warnings.contains { $0.ruleID == "cdp.sequence-gap" && $0.location.file?.hasSuffix("sample 3") == true })
    }
}
