import CaptionCore
import CaptionData
import Testing

/// DTVCC packets and service blocks (CTA-708-E §5 packet layer, §6 service layer), with bytes
/// worked by hand from the Premiere Pro MCC fixture's first lines.
@Suite struct DTVCCTests {
    static func construct(_ type: UInt8, _ a: UInt8, _ b: UInt8, valid: Bool = true) -> CCData.Construct {
        CCData.Construct(valid: valid, type: type, pair: CEA608BytePair(a, b))
    }

    @Test func assemblesThePacketsOfThePremiereFixturesFirstFrames() throws {
        // Line 1 of captions-test_708.mcc: FF 02 22, FE 8C FF. Header 0x02: sequence 0,
        // packet_size_code 2 → 4 bytes (§5); block header 0x22: service 1, 2 bytes (§6.2).
        // Line 2: FF 45 27, FE 98 00, FE 00 00, FE 01 16, FE 11 00: sequence 1, 10 bytes; block
        // 0x27 service 1, 7 bytes; then 0x00, the null block header (§6.2.1).
        var assembler = DTVCCPacketAssembler()
        let first = assembler.receive(
            [
                Self.construct(0, 0x80, 0x80), Self.construct(3, 0x02, 0x22), Self.construct(2, 0x8C, 0xFF),
                Self.construct(2, 0, 0, valid: false),
            ], at: .init(line: 45))
        let second = assembler.receive(
            [
                Self.construct(3, 0x45, 0x27), Self.construct(2, 0x98, 0x00), Self.construct(2, 0x00, 0x00),
                Self.construct(2, 0x01, 0x16), Self.construct(2, 0x11, 0x00),
            ], at: .init(line: 46))
        #expect(assembler.finish().isEmpty)
        let p1 = try #require(first.first?.packet)
        let p2 = try #require(second.first?.packet)
        #expect(p1.sequenceNumber == 0 && p1.data == [0x22, 0x8C, 0xFF])
        #expect(p1.serviceBlocks.blocks == [DTVCCServiceBlock(service: 1, data: [0x8C, 0xFF])])
        #expect(p2.sequenceNumber == 1)
        #expect(
            p2.serviceBlocks.blocks == [DTVCCServiceBlock(service: 1, data: [0x98, 0, 0, 0, 0x01, 0x16, 0x11])])
        #expect(p2.serviceBlocks.problems.isEmpty)
        // And back: the same packets give the same bytes and constructs.
        #expect(p1.bytes == [0x02, 0x22, 0x8C, 0xFF])
        #expect(p2.bytes == [0x45, 0x27, 0x98, 0x00, 0x00, 0x00, 0x01, 0x16, 0x11, 0x00])
        #expect(p1.constructs == [Self.construct(3, 0x02, 0x22), Self.construct(2, 0x8C, 0xFF)])
    }

    @Test func packetSizeCodeZeroIs128Bytes() {
        #expect(DTVCCPacket.size(code: 0) == 128)
        #expect(DTVCCPacket.size(code: 1) == 2)
        #expect(DTVCCPacket.size(code: 63) == 126)
        let full = DTVCCPacket(sequenceNumber: 3, data: [UInt8](repeating: 0x41, count: 127))
        #expect(full.bytes?.first == 0xC0)  // sequence 3, size code 0
        #expect(full.bytes?.count == 128)
        #expect(DTVCCPacket(sequenceNumber: 0, data: [UInt8](repeating: 0, count: 128)).bytes == nil)
    }

    @Test func extendedServiceNumbersUseTheSecondHeaderByte() {
        // §6.2.2: service_number 7 with block_size 2, then 00 extended_service_number 10.
        let packet = DTVCCPacket(sequenceNumber: 0, data: [0xE2, 0x0A, 0x41, 0x42, 0x00])
        #expect(packet.serviceBlocks.blocks == [DTVCCServiceBlock(service: 10, data: [0x41, 0x42])])
        #expect(DTVCCServiceBlock(service: 10, data: [0x41, 0x42]).bytes == [0xE2, 0x0A, 0x41, 0x42])
        #expect(DTVCCServiceBlock(service: 6, data: [0x41]).bytes == [0xC1, 0x41])
        #expect(DTVCCServiceBlock(service: 64, data: [0x41]).bytes == nil)
        #expect(DTVCCServiceBlock(service: 1, data: []).bytes == nil)
    }

    /// A fuzz finding (the dtvcc smoke run, seed 2): an extended header naming service 0 gave
    /// a block of service 0, which no service is, and which no writer can send again.
    @Test func anExtendedHeaderNamingServiceZeroSkipsItsBlockWithAProblem() {
        let packet = DTVCCPacket(sequenceNumber: 0, data: [0xE2, 0x00, 0x41, 0x42, 0x21, 0x43])
        let blocks = packet.serviceBlocks
        #expect(blocks.blocks == [DTVCCServiceBlock(service: 1, data: [0x43])])
        #expect(blocks.problems.count == 1)
        #expect(blocks.problems.first?.contains("names service 0") == true)
        #expect(blocks.problems.first?.contains("2 bytes are skipped") == true)
    }

    @Test func aBlockPastThePacketEndKeepsItsBytesWithAProblem() {
        let packet = DTVCCPacket(sequenceNumber: 0, data: [0x25, 0x41, 0x42])  // service 1 says 5 bytes
        let blocks = packet.serviceBlocks
        #expect(blocks.blocks == [DTVCCServiceBlock(service: 1, data: [0x41, 0x42])])
        #expect(blocks.problems.count == 1)
        #expect(blocks.problems.first?.contains("announces 5 bytes") == true)
    }

    @Test func lostPacketsAreLocatedWarnings() {
        var a = DTVCCPacketAssembler()
        // Data with no start (line 1); a 4-byte packet sequence 0 (line 2); sequence 2 after it
        // (line 3, one lost); a 6-byte packet cut by the next start (line 4, 5); a packet never
        // completed (line 6).
        _ = a.receive([Self.construct(2, 0x41, 0x42)], at: .init(line: 1))
        _ = a.receive([Self.construct(3, 0x02, 0x21), Self.construct(2, 0x41, 0x00)], at: .init(line: 2))
        _ = a.receive([Self.construct(3, 0x82, 0x21), Self.construct(2, 0x41, 0x00)], at: .init(line: 3))
        _ = a.receive([Self.construct(3, 0xC3, 0x24), Self.construct(2, 0x41, 0x42)], at: .init(line: 4))
        _ = a.receive([Self.construct(3, 0x02, 0x21), Self.construct(2, 0x41, 0x00)], at: .init(line: 5))
        _ = a.receive([Self.construct(3, 0x43, 0x24)], at: .init(line: 6))
        let found = a.finish()
        #expect(
            found.map(\.ruleID) == [
                DTVCCPacketAssembler.dataWithoutStartRule, DTVCCPacketAssembler.sequenceGapRule,
                DTVCCPacketAssembler.packetCutRule, DTVCCPacketAssembler.incompleteAtEndRule,
            ])
        #expect(found.map(\.location.line) == [1, 3, 5, 6])
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    /// A small deterministic generator, so a failure can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: [1, 2, 3, 42, 2024]) func serviceBytesRoundTripThroughPacketsAndConstructs(seed: UInt64) {
        var rng = SplitMix(state: seed)
        // Per service, units (commands) of 1–12 bytes; services 1–63 (extended ones too).
        var sent: [Int: [UInt8]] = [:]
        var queue = DTVCCConstructQueue(firstSequenceNumber: UInt8(seed % 4))
        for _ in 0..<40 {
            let service = Int.random(in: 1...63, using: &rng)
            let units = (0..<Int.random(in: 1...8, using: &rng)).map { _ in
                (0..<Int.random(in: 1...12, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            }
            sent[service, default: []] += units.joined()
            queue.enqueue(DTVCCServiceBlock.blocks(service: service, units: units))
        }
        // Out a frame at a time with budgets of 1–20 constructs, filler among them.
        var assembler = DTVCCPacketAssembler()
        var received: [Int: [UInt8]] = [:]
        var frame = 0
        while !queue.isEmpty {
            frame += 1
            var constructs = queue.take(budget: Int.random(in: 1...20, using: &rng))
            constructs.insert(.dtvccFiller, at: Int.random(in: 0...constructs.count, using: &rng))
            for done in assembler.receive(constructs, at: .init(line: frame)) {
                let blocks = done.packet.serviceBlocks
                #expect(blocks.problems.isEmpty)
                for b in blocks.blocks { received[b.service, default: []] += b.data }
            }
        }
        #expect(assembler.finish().isEmpty)
        #expect(received == sent)
    }

    @Test func unitsAreNotSplitAcrossBlocks() {
        let units: [[UInt8]] = [[UInt8](repeating: 1, count: 20), [UInt8](repeating: 2, count: 20), [3]]
        let blocks = DTVCCServiceBlock.blocks(service: 2, units: units)
        #expect(blocks.map(\.data.count) == [20, 21])
        // A unit longer than a block is the only one split.
        #expect(
            DTVCCServiceBlock.blocks(service: 2, units: [[UInt8](repeating: 9, count: 40)]).map(\.data.count) == [
                31, 9,
            ])
    }

    @Test func randomConstructsNeverTrap() {
        var rng = SplitMix(state: 7)
        var a = DTVCCPacketAssembler()
        for i in 0..<2000 {
            let constructs = (0..<Int.random(in: 0...31, using: &rng)).map { _ in
                CCData.Construct(
                    valid: Bool.random(using: &rng), type: UInt8.random(in: 0...3, using: &rng),
                    pair: CEA608BytePair(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng))
                )
            }
            for done in a.receive(constructs, at: .init(line: i)) {
                #expect(done.packet.data.count < DTVCCPacket.maximumSize)
                _ = done.packet.serviceBlocks
            }
        }
        _ = a.finish()
    }
}
