import CaptionCore
import CaptionData

extension MCCReadResult {
    /// The CEA-608 pairs of `field` (valid `cc_type` 0 or 1 constructs of each CDP's
    /// `cc_data`), in file order, each with the frame and time of its line: what the CEA-608
    /// decoder takes (CaptionTracks' `CEA608Transmission` puts them on the 29.97 fps line-21
    /// grid and reads them as SCC).
    public func cea608Pairs(_ field: CaptionField) -> [(time: MediaTime, frame: Int64, pair: CEA608BytePair)] {
        var out: [(time: MediaTime, frame: Int64, pair: CEA608BytePair)] = []
        for f in frames {
            for c in f.cdp?.ccData ?? [] where c.field == field {
                out.append((f.time, f.frame, c.pair))
            }
        }
        return out
    }

    /// A DTVCC packet with the line that completed it.
    public struct TimedPacket: Sendable, Hashable {
        public var line: Int
        public var label: String
        public var time: MediaTime
        public var packet: DTVCCPacket
    }

    /// The DTVCC packets of every CDP's `cc_data` in order (CTA-708-E §5), with the warnings of
    /// lost packets and bad service blocks, located at their lines.
    public func dtvccPackets() -> (packets: [TimedPacket], diagnostics: [Diagnostic]) {
        var assembler = DTVCCPacketAssembler()
        var packets: [TimedPacket] = []
        var diagnostics: [Diagnostic] = []
        for f in frames {
            guard let constructs = f.cdp?.ccData else { continue }
            let location = DiagnosticLocation(file: fileName, line: f.line, timecode: f.label, time: f.time)
            for done in assembler.receive(constructs, at: location) {
                packets.append(TimedPacket(line: f.line, label: f.label, time: f.time, packet: done.packet))
                for problem in done.packet.serviceBlocks.problems {
                    diagnostics.append(Diagnostic(.warning, "dtvcc.service-block", problem, at: location))
                }
            }
        }
        return (packets, assembler.finish() + diagnostics)
    }
}
