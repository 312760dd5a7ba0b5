import CEA708
import CaptionCore
import CaptionData
import MCC

/// CEA-708 (DTVCC) on any bytes. The first byte chooses (even: one service's data; odd: a stream
/// of `cc_data()` constructs, three bytes each); the rest is the input:
/// 1. a service's data (CTA-708-E §7–8): the parser and the decoder never trap and every
///    warning has a sentence; data the parser reads without a warning is encoded back to the
///    same bytes; every visible window has the rows and columns its definition gives (at most
///    15 × 42 cells, §8.4.1);
/// 2. constructs (§5–6): the packet assembler never traps; every packet it completes gives
///    itself back when its own constructs are assembled again, and its service blocks each name
///    a service 1–63 and hold at most 31 bytes.
enum DTVCCCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        guard let mode = bytes.first else { return }
        let input = Array(bytes.dropFirst())
        if mode % 2 == 0 { try checkService(input) } else { try checkConstructs(input) }
    }

    static func checkService(_ input: [UInt8]) throws(FuzzFinding) {
        let (items, parseWarnings) = CEA708Parser.parse(input)
        if parseWarnings.isEmpty {
            let encoded: [UInt8]
            do throws(CEA708Encoder.Failure) {
                encoded = try CEA708Encoder.encode(items.map(\.command))
            } catch {
                throw FuzzFinding("data parsed without a warning cannot be encoded again: \(error)")
            }
            guard encoded == input else {
                throw FuzzFinding("data parsed without a warning encodes to \(encoded.count) other bytes")
            }
        }
        let (screen, _, warnings) = CEA708.decode(input)
        if warnings.contains(where: { $0.message.isEmpty }) { throw FuzzFinding("a warning without a sentence") }
        for window in screen.windows {
            guard window.rows.count <= 15, window.rows.allSatisfy({ $0.reduce(0) { $0 + $1.text.count } <= 42 * 2 })
            else {
                throw FuzzFinding("window \(window.id) shows \(window.rows.count) rows, more than §8.4.1 allows")
            }
        }
    }

    static func checkConstructs(_ input: [UInt8]) throws(FuzzFinding) {
        var constructs: [CCData.Construct] = []
        var i = 0
        while i + 2 < input.count {
            constructs.append(
                CCData.Construct(
                    valid: input[i] & 0x04 != 0, type: input[i] & 0x03, pair: CEA608BytePair(input[i + 1], input[i + 2])))
            i += 3
        }
        var assembler = DTVCCPacketAssembler()
        let location = DiagnosticLocation(file: "fuzz")
        let packets = assembler.receive(constructs, at: location).map(\.packet)
        let diagnostics = assembler.finish()
        if diagnostics.contains(where: { $0.message.isEmpty }) { throw FuzzFinding("a diagnostic without a sentence") }
        for packet in packets {
            var again = DTVCCPacketAssembler()
            let reassembled = again.receive(packet.constructs, at: location).map(\.packet)
            guard reassembled == [packet] else {
                throw FuzzFinding("packet \(packet.sequenceNumber) does not come back from its own constructs")
            }
            for block in packet.serviceBlocks.blocks {
                guard DTVCCServiceBlock.serviceNumbers.contains(block.service),
                    block.data.count <= DTVCCServiceBlock.maximumDataSize
                else { throw FuzzFinding("a service block of service \(block.service) with \(block.data.count) bytes") }
            }
        }
    }

    /// Seeds from MCC files: each service's data (mode 0) and the constructs of the first 300
    /// CDPs (mode 1).
    @Sendable static func seeds(_ path: String, _ bytes: [UInt8]) -> [[UInt8]] {
        guard let result = try? MCCReader(fileName: nil).read(bytes) else { return [] }
        var services: [Int: [UInt8]] = [:]
        for packet in result.dtvccPackets().packets {
            for block in packet.packet.serviceBlocks.blocks { services[block.service, default: []] += block.data }
        }
        var inputs = services.sorted { $0.key < $1.key }.map { [UInt8(0)] + $0.value.prefix(4000) }
        let constructs = result.frames.prefix(300).flatMap { $0.cdp?.ccData ?? [] }.flatMap(\.bytes)
        if !constructs.isEmpty { inputs.append([1] + constructs) }
        return inputs
    }
}
