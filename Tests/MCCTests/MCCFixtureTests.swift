import CaptionCore
import CaptionData
import Foundation
import MCC
import TestSupport
import Testing

/// The two real MCC files of ../shared/fixtures/mcc (PROVENANCE.md).
@Suite struct MCCFixtureTests {
    static let premiere = "mcc/gst-plugins-rs__captions-test_708.mcc"
    static let bigBuckBunny = "mcc/caption-inspector__BigBuckBunny_256x144-24fps.mcc"

    static func read(_ name: String) throws -> (bytes: [UInt8], result: MCCReadResult) {
        let bytes = try [UInt8](Data(contentsOf: TestPaths.sharedFixture(name)))
        return (bytes, try MCCReader(fileName: name).read(bytes))
    }

    @Test func premiereFileMatchesGStreamersFigures() throws {
        let (bytes, r) = try Self.read(Self.premiere)
        // gst-plugins-rs tests/mcc_parse.rs (test_parse) over this file: 28,818 bytes in,
        // 42,383 bytes of CDPs out with a byte sum of 3,988,480, at 30000/1001 fps.
        #expect(bytes.count == 28_818)
        let cdps = r.frames.map(\.cdpBytes)
        #expect(cdps.count == 578)
        #expect(cdps.reduce(0) { $0 + $1.count } == 42_383)
        #expect(cdps.reduce(0) { $0 + $1.reduce(0) { $0 + Int($1) } } == 3_988_480)
        #expect(r.header.timeCodeRate == MCCTimeCodeRate("30DF"))
        #expect(r.header.timeCodeRate?.frameRate == .fps29_97)
        #expect(r.header.uuid == "CA8BC94D-9931-4EEE-812F-2D68FA74F287")
        #expect(r.header.creationProgram == "Adobe Premiere Pro CC (Windows)")
        #expect(r.version == .v1)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics.prefix(5))")
        #expect(r.frames.allSatisfy { $0.cdpChecksumValid == true })
        #expect(r.frames.allSatisfy { $0.cdp?.frameRate == .fps29_97 })
    }

    @Test func premiereLinesReencodeToTheSameText() throws {
        // Premiere Pro's abbreviations are an outside encoder's: decoding each line and encoding
        // the bytes again must give its text back, character for character.
        let (bytes, r) = try Self.read(Self.premiere)
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        var compared = 0
        for f in r.frames {
            let line = lines[f.line - 1]
            let payload = String(line.split(separator: "\t", maxSplits: 1)[1])
            let decoded = MCCRunLength.decode(Array(payload.utf8))
            #expect(decoded.failure == nil)
            #expect(MCCRunLength.encode(decoded.bytes) == payload, "line \(f.line)")
            compared += 1
        }
        #expect(compared == 578)
    }

    @Test func premiereFileCarriesService1Only() throws {
        let (_, r) = try Self.read(Self.premiere)
        let (packets, diagnostics) = r.dtvccPackets()
        // Premiere's packet numbers skip at four places: 3 then 1 (line 202), 2 then 1 (402), 1
        // then 3 (412), 3 then 1 (622), as a listing of the packet headers shows.
        #expect(diagnostics.map(\.ruleID) == Array(repeating: DTVCCPacketAssembler.sequenceGapRule, count: 4))
        #expect(diagnostics.map(\.location.line) == [202, 402, 412, 622])
        let services = Set(packets.flatMap { $0.packet.serviceBlocks.blocks.map(\.service) })
        #expect(services == [1])
        #expect(packets.count == 21)
        // The service information names one digital service, English (PROVENANCE: 708 only).
        let info = try #require(r.frames.first?.cdp?.serviceInfo)
        #expect(info.services.map(\.kind) == [.digital(service: 1)])
        #expect(info.services.map(\.language) == ["eng"])
        #expect(r.cea608Pairs(.one).allSatisfy { $0.pair.isPadding })
    }

    @Test func bigBuckBunnyReadsWithoutErrorsAndItsCountersCheck() throws {
        let (_, r) = try Self.read(Self.bigBuckBunny)
        #expect(r.frames.count == 688)
        #expect(!r.diagnostics.contains { $0.severity == .error })
        // caption-inspector's CDPs end after the footer's counter: cdp_length (87) leaves no
        // room for packet_checksum, and the line's last byte is the ANC checksum (which checks).
        // And its sequence counter counts 0–15 and starts again (ST 334-2's is 16 bits): a
        // warning at each of the 42 wraps. The footer repeats the header's counter every time.
        // Each is said on its first five lines, then counted once: 683 and 37 more.
        let noChecksum = r.diagnostics.filter { $0.ruleID == "cdp.no-checksum" }
        let gaps = r.diagnostics.filter { $0.ruleID == "cdp.sequence-gap" }
        #expect(noChecksum.count == 6 && noChecksum.last?.message.hasPrefix("683 more line(s)") == true)
        #expect(gaps.count == 6 && gaps.last?.message.hasPrefix("37 more line(s)") == true, "\(gaps.last?.message ?? "")")
        #expect(r.diagnostics.count == 12)
        #expect(r.frames.allSatisfy { $0.cdp != nil && $0.cdpChecksumValid == nil })
        let counters = r.frames.compactMap { $0.cdp?.sequenceCounter }
        #expect(counters == (0..<688).map { UInt16($0 % 16) })
        #expect(r.header.timeCodeRate == MCCTimeCodeRate("24"))
        let (packets, dtvcc) = r.dtvccPackets()
        // The clip starts inside a packet (line 47), and 18 packets lack their last construct
        // where a packet crosses from one CDP to the next (line 48: a 24-byte packet has 22
        // when the next starts; its 0690 construct, present in the same packet one frame
        // before, is missing).
        #expect(dtvcc.first?.ruleID == DTVCCPacketAssembler.dataWithoutStartRule)
        #expect(dtvcc.first?.location.line == 47)
        #expect(dtvcc.dropFirst().allSatisfy { $0.ruleID == DTVCCPacketAssembler.packetCutRule })
        #expect(dtvcc.count == 19)
        let services = Set(packets.flatMap { $0.packet.serviceBlocks.blocks.map(\.service) })
        #expect(services == [1, 2, 3, 4, 5, 6])
        #expect(packets.count == 540)
    }
}
