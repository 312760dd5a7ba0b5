// The languages an ATSC transport stream's PMT announces for its caption services (ATSC A/65
// §6.9.2, caption_service_descriptor, Table 6.26). The descriptors are worked by hand from the
// table; the sections' CRC_32 (ISO/IEC 13818-1 Annex A) comes from crcmod's CRC-32/MPEG-2, not
// from the code under test, which must accept those sections and refuse one with a bit changed.
// (FFmpeg and GStreamer 1.22 both read a PMT whose CRC fails, so neither can judge it.)

import CaptionCore
import CaptionTracks
import Foundation
import TestSupport
import Testing

@Suite struct TransportStreamLanguageTests {
    /// Two entries: CEA-708 service 1 in Spanish ("spa"; digital_cc 1, reserved 1, service
    /// 000001 → 0xC1; easy_reader 0, wide_aspect_ratio 1, reserved → 0x7F 0xFF) and line-21
    /// field 1 in French ("fra"; digital_cc 0, reserved 1, reserved 11111, line21_field 0 → 0x7E;
    /// 0x3F 0xFF). Tag 0x86, length 1 + 2 × 6 = 13, reserved 111 and number_of_services 2 → 0xE2.
    static let descriptor: [UInt8] =
        [0x86, 13, 0xE2] + Array("spa".utf8) + [0xC1, 0x7F, 0xFF] + Array("fra".utf8) + [0x7E, 0x3F, 0xFF]

    /// CRC_32 (ISO/IEC 13818-1 Annex A; CRC-32/MPEG-2) by crcmod, not by the code under test.
    static func crc(_ bytes: ArraySlice<UInt8>) throws -> UInt32 {
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let result = try CLIRunner.runProcess(
            try PeerDecoders.tool("python3"),
            [
                "-c",
                "import crcmod.predefined, sys; print(crcmod.predefined.mkCrcFun('crc-32-mpeg')(bytes.fromhex(sys.argv[1])))",
                hex,
            ])
        guard result.status == 0, let value = UInt32(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw PeerDecoders.Failure.failed("python3 crcmod (scripts/install-deps.sh --test)", result.stderr)
        }
        return value
    }

    /// `ts` with `extra` added to the ES_info of elementary stream `pid` in every PMT packet on
    /// `pmtPID` (one packet each, as FFmpeg writes them), the lengths and CRC_32 made anew.
    static func addingDescriptor(_ extra: [UInt8], toStream pid: Int, pmtPID: Int, in ts: [UInt8]) throws -> [UInt8] {
        var out = ts
        var patched = 0
        for start in stride(from: 0, to: ts.count - 187, by: 188) where ts[start] == 0x47 {
            guard Int(ts[start + 1] & 0x1F) << 8 | Int(ts[start + 2]) == pmtPID, ts[start + 1] & 0x40 != 0 else {
                continue
            }
            var packet = Array(ts[start..<(start + 188)])
            let section = 5 + Int(packet[4])  // after the header and pointer_field
            let length = Int(packet[section + 1] & 0x0F) << 8 | Int(packet[section + 2])
            let sectionEnd = section + 3 + length
            var loop = section + 12 + (Int(packet[section + 10] & 0x0F) << 8 | Int(packet[section + 11]))
            var inserted = false
            while loop < sectionEnd - 4 {
                let esPID = Int(packet[loop + 1] & 0x1F) << 8 | Int(packet[loop + 2])
                let infoLength = Int(packet[loop + 3] & 0x0F) << 8 | Int(packet[loop + 4])
                if esPID == pid {
                    let at = loop + 5 + infoLength
                    packet.insert(contentsOf: extra, at: at)
                    let newInfo = infoLength + extra.count
                    packet[loop + 3] = packet[loop + 3] & 0xF0 | UInt8(newInfo >> 8)
                    packet[loop + 4] = UInt8(newInfo & 0xFF)
                    inserted = true
                    break
                }
                loop += 5 + infoLength
            }
            try #require(inserted, "no stream \(pid) in the PMT")
            let newLength = length + extra.count
            packet[section + 1] = packet[section + 1] & 0xF0 | UInt8(newLength >> 8)
            packet[section + 2] = UInt8(newLength & 0xFF)
            let crcAt = section + 3 + newLength - 4
            let value = try crc(packet[section..<crcAt])
            for i in 0..<4 { packet[crcAt + i] = UInt8(value >> (24 - 8 * UInt32(i)) & 0xFF) }
            // The inserted bytes took the place of stuffing at the packet's end.
            try #require(packet[188...].allSatisfy { $0 == 0xFF }, "the PMT fills its packet")
            out.replaceSubrange(start..<(start + 188), with: packet[..<188])
            patched += 1
        }
        try #require(patched > 0, "no PMT packet on PID \(pmtPID)")
        return out
    }

    /// FFmpeg's transport stream of the pop-on fixture in H.264 (CC1 and CEA-708 service 1 in
    /// its SEI, by `export --embed sei`), with the descriptor in its PMT (FFmpeg's PIDs: PMT
    /// 0x1000, video 0x100).
    static func announcedStream(in dir: TemporaryDirectory) throws -> String {
        let plain = try DemuxedCaptionsTests.remux(try DemuxedCaptionsTests.seiMovie(in: dir), to: "h264.ts", in: dir)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
        let patched = try addingDescriptor(Self.descriptor, toStream: 0x100, pmtPID: 0x1000, in: bytes)
        let path = dir.path("announced.ts")
        try Data(patched).write(to: URL(fileURLWithPath: path))
        let probe = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            ["-v", "error", "-select_streams", "v", "-show_entries", "stream=codec_name,id", "-of", "csv=p=0", path])
        #expect(Set(probe.stdout.split(separator: "\n")) == ["h264,0x100"], "\(probe.stdout) \(probe.stderr)")
        return path
    }

    static func language(_ path: String, _ arguments: [String], in dir: TemporaryDirectory) throws -> String? {
        let out = dir.path("read-\(arguments.joined()).json")
        let result = try CLIRunner.run(["convert", path, out, "--force"] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        #expect((json?["captions"] as? [Any])?.count == 7)
        return json?["language"] as? String
    }

    @Test func theServicesAndFieldsTakeThePMTsLanguages() throws {
        let dir = try TemporaryDirectory("ts-languages")
        let announced = try Self.announcedStream(in: dir)
        #expect(try Self.language(announced, ["--service", "1"], in: dir) == "spa")
        #expect(try Self.language(announced, [], in: dir) == "fra")
        #expect(try Self.language(announced, ["--language", "en"], in: dir) == "en")
        let listing = try CLIRunner.run(["inspect", announced])
        #expect(listing.stdout.contains("service 1 (spa)"), "\(listing.stdout)")
        // Without the descriptor nothing is announced.
        let plain = dir.path("h264.ts")
        #expect(try Self.language(plain, ["--service", "1"], in: dir) == nil)
        // Only field 1 announced ("fra"): CC1 takes it, service 1 does not.
        let fieldOnly: [UInt8] = [0x86, 7, 0xE1] + Array("fra".utf8) + [0x7E, 0x3F, 0xFF]
        let bytes = try Self.addingDescriptor(
            fieldOnly, toStream: 0x100, pmtPID: 0x1000, in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain))))
        let onlyField = dir.path("field-only.ts")
        try Data(bytes).write(to: URL(fileURLWithPath: onlyField))
        #expect(try Self.language(onlyField, [], in: dir) == "fra")
        #expect(try Self.language(onlyField, ["--service", "1"], in: dir) == nil)
    }

    // MARK: - The reader on hand-made packets

    /// One packet of PID `pid` starting a section (pointer_field 0), stuffed with 0xFF.
    static func packet(pid: Int, section: [UInt8]) -> [UInt8] {
        var p: [UInt8] = [0x47, 0x40 | UInt8(pid >> 8), UInt8(pid & 0xFF), 0x10, 0x00] + section
        p += [UInt8](repeating: 0xFF, count: 188 - p.count)
        return p
    }

    /// A long-form section: table_id, section_length, the id and version bytes, `body`, CRC_32.
    static func section(table: UInt8, id: Int, body: [UInt8], corrupt: Bool = false) throws -> [UInt8] {
        let length = 5 + body.count + 4
        var s: [UInt8] = [table, 0xB0 | UInt8(length >> 8), UInt8(length & 0xFF), UInt8(id >> 8), UInt8(id & 0xFF)]
        s += [0xC1, 0x00, 0x00] + body
        let value = try crc(s[...]) ^ (corrupt ? 1 : 0)
        return s + (0..<4).map { UInt8(value >> (24 - 8 * UInt32($0)) & 0xFF) }
    }

    /// PAT: program 1 on PMT PID 0x30; PMT: PCR 0x31, no program descriptors, H.264 (0x1B) on
    /// PID 0x31 with `descriptors`.
    static func stream(descriptors: [UInt8], corruptPMT: Bool = false) throws -> [UInt8] {
        let pat = try section(table: 0x00, id: 1, body: [0x00, 0x01, 0xE0, 0x30])
        let es: [UInt8] = [0x1B, 0xE0, 0x31, 0xF0 | UInt8(descriptors.count >> 8), UInt8(descriptors.count & 0xFF)]
        let pmt = try section(
            table: 0x02, id: 1, body: [0xE0, 0x31, 0xF0, 0x00] + es + descriptors, corrupt: corruptPMT)
        let video = packet(pid: 0x31, section: [])
        return packet(pid: 0, section: pat) + packet(pid: 0x30, section: pmt) + video + video
    }

    @Test func theDescriptorIsReadFromHandMadePackets() throws {
        let read = try #require(
            TransportStreamCaptionServices.read(
                try Self.stream(descriptors: Self.descriptor), videoPID: 0x31, fileName: "x.ts"))
        #expect(read.services == [1: "spa"])
        #expect(read.fields == [.one: "fra"])
        #expect(read.diagnostics.isEmpty)
        // Another video PID: no program carries it.
        #expect(
            TransportStreamCaptionServices.read(
                try Self.stream(descriptors: Self.descriptor), videoPID: 0x44, fileName: nil) == nil)
        // Not a transport stream.
        #expect(
            TransportStreamCaptionServices.read(Array(repeating: 0, count: 2000), videoPID: 0x31, fileName: nil) == nil)
    }

    @Test func aBadCRCAndAShortDescriptorAreLocatedWarnings() throws {
        let bad = try #require(
            TransportStreamCaptionServices.read(
                try Self.stream(descriptors: Self.descriptor, corruptPMT: true), videoPID: 0x31, fileName: "x.ts"))
        #expect(bad.services.isEmpty && bad.fields.isEmpty)
        #expect(bad.diagnostics.map(\.ruleID) == ["tracks.ts-section"])
        #expect(bad.diagnostics.first?.location.file == "x.ts packet 2")
        // A PMT repeated three times, failing each time: one warning, at the first, with the count.
        let pmtPacket = Array(try Self.stream(descriptors: Self.descriptor, corruptPMT: true)[188..<376])
        let repeated = try Self.stream(descriptors: Self.descriptor, corruptPMT: true) + pmtPacket + pmtPacket
        let once = try #require(TransportStreamCaptionServices.read(repeated, videoPID: 0x31, fileName: "x.ts"))
        #expect(once.diagnostics.count == 1)
        #expect(once.diagnostics.first?.location.file == "x.ts packet 2")
        #expect(
            once.diagnostics.first?.message.hasPrefix("3 sections (table_id 0x2) fail") == true, "\(once.diagnostics)")
        // Three services announced, one held: that one is kept, the shortfall said.
        let short: [UInt8] = [0x86, 7, 0xE3] + Array("deu".utf8) + [0xC2, 0x7F, 0xFF]
        let read = try #require(
            TransportStreamCaptionServices.read(try Self.stream(descriptors: short), videoPID: 0x31, fileName: "x.ts"))
        #expect(read.services == [2: "deu"])
        #expect(read.diagnostics.map(\.ruleID) == ["tracks.ts-descriptor"])
    }
}
