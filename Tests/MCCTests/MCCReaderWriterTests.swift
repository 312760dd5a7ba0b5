import CaptionCore
import CaptionData
import Foundation
import MCC
import Testing

@Suite struct MCCReaderWriterTests {
    static func file(_ lines: [String], rate: String = "30DF") -> [UInt8] {
        Array(
            (["File Format=MacCaption_MCC V2.0", "", "// comment", "", "UUID=X", "Time Code Rate=\(rate)", ""] + lines)
                .joined(separator: "\n").utf8)
    }

    @Test func writtenFilesReadBackToTheSameFrames() throws {
        let rate = try #require(MCCTimeCodeRate("30DF"))
        var queue = DTVCCConstructQueue()
        queue.enqueue([DTVCCServiceBlock(service: 1, data: Array("HELLO, WORLD".utf8))])
        var frames: [MCCWriter.Frame] = []
        for i in 0..<40 {
            let tc = try Timecode(frameCount: Int64(1790 + i), rate: .fps29_97, dropFrame: true)
            let pair = i == 3 ? CEA608BytePair(0x94, 0x2C) : nil
            let cdp = try #require(
                CDP.frame(
                    rate: .fps29_97, sequenceCounter: UInt16(i), field1: pair, field2: nil,
                    dtvcc: queue.take(budget: 3),
                    serviceInfo: i == 0
                        ? CDP.ServiceInfo(services: [CDP.Service(language: "eng", kind: .digital(service: 1))]) : nil))
            frames.append(MCCWriter.Frame(timecode: tc, cdp: cdp))
        }
        let writer = MCCWriter(
            timeCodeRate: rate, uuid: UUID(uuidString: "14720C04-857D-40E2-86FC-F080DE44CE74") ?? UUID(),
            date: Date(timeIntervalSince1970: 1_545_932_087), timeZone: TimeZone(identifier: "UTC") ?? .current)
        let bytes = try writer.render(frames)
        let text = String(decoding: bytes, as: UTF8.self)
        // GStreamer's mccenc test writes this date and UUID in these header lines.
        #expect(text.contains("\r\nUUID=14720C04-857D-40E2-86FC-F080DE44CE74\r\n"))
        #expect(text.contains("\r\nCreation Date=Thursday, December 27, 2018\r\nCreation Time=17:34:47\r\n"))
        // Drop-frame labels with colons, as Premiere writes them and FFmpeg 5.1 reads them.
        #expect(text.contains("\r\n00:00:59:28\t"))  // frame 1790 at 29.97 drop-frame
        #expect(text.contains("\r\n00:01:00:02\t"))  // 00:01:00;00 and ;01 do not exist
        let r = try MCCReader(fileName: "w.mcc").read(bytes)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics.prefix(3))")
        #expect(r.frames.map(\.cdp) == frames.map(\.cdp))
        #expect(r.frames.map(\.timecode) == frames.map(\.timecode))
        #expect(r.cea608Pairs(.one).map(\.pair) == [CEA608BytePair(0x94, 0x2C)])
        let blocks = r.dtvccPackets().packets.flatMap(\.packet.serviceBlocks.blocks)
        #expect(blocks == [DTVCCServiceBlock(service: 1, data: Array("HELLO, WORLD".utf8))])
    }

    @Test func notAnMCCFileThrows() {
        #expect(throws: CaptionFormatError.self) { try MCCReader().read(Array("WEBVTT\n".utf8)) }
    }

    @Test func badLinesAreLocatedErrorsAndTheRestIsRead() throws {
        let good = "T52S524F67ZZ72F4QRFF0222FE8CFFOM739181656E67817FFF74ZZ1CB4"
        let r = try MCCReader(fileName: "bad.mcc").read(
            Self.file([
                "00:00:00:00\t" + good,
                "00:00:00:01\tT52S52XF67",  // X is not in the alphabet: line 9, column 19
                "0:00:00:02\t" + good,  // not a label
                "00:00:00;03.1\t" + good.replacingOccurrences(of: "1CB4", with: "1DB5"),  // wrong checksum
            ]))
        #expect(r.frames.count == 2)
        #expect(r.frames.last?.fieldSuffix == 1)
        let errors = r.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.ruleID) == ["mcc.payload", "mcc.label"])
        #expect(errors.map(\.location.line) == [9, 10])
        #expect(errors.first?.location.column == 19)
        let checksum = try #require(r.diagnostics.first { $0.ruleID == "cdp.checksum" })
        #expect(checksum.location.line == 11)
        #expect(checksum.severity == .warning)
    }

    @Test func randomBytesNeverTrap() throws {
        var state: UInt64 = 5
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:;.\t\n\r=/ ".utf8)
        for _ in 0..<300 {
            var text = Array("File Format=MacCaption_MCC V1.0\nTime Code Rate=30DF\n".utf8)
            for _ in 0..<Int(next() % 400) {
                text.append(next() % 5 == 0 ? UInt8(next() % 256) : alphabet[Int(next()) % alphabet.count])
            }
            if let r = try? MCCReader().read(text) {
                _ = r.dtvccPackets()
                _ = r.cea608Pairs(.two)
            }
        }
    }
}
