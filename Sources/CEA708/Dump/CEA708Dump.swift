// A disassembly of one DTVCC service in the spirit of `scc dump` (Sources/SCC/Dump): per command
// its offset, bytes, meaning and, when the screen changed, what is shown. Decoding: CEA708Parser
// and CEA708Decoder (CTA-708-E §7–8).

/// One command of a service's data, decoded: a row of a DTVCC dump.
public struct CEA708DumpEntry: Hashable, Sendable, Codable {
    /// The time the data was given at, in seconds.
    public let time: Double
    /// The command's byte offset in the service's data.
    public let offset: Int
    /// The command's bytes, lower-case hex, space separated.
    public let bytes: String
    /// What the command means, such as `DF0(...)` or `"Hello"`.
    public let meaning: String
    /// When the command changed what a viewer sees: the visible rows after it, as
    /// `w<window> r<row>: text` (empty when nothing is shown); `nil` when nothing changed.
    public let screen: [String]?
}

/// Decodes a DTVCC service command by command for a dump.
public enum CEA708Dump {
    /// The entries of `data` received at `time`, acting on `decoder` (keep one decoder for a
    /// whole service so that windows carry over between blocks).
    public static func entries<Bytes: Collection<UInt8>>(
        _ data: Bytes, at time: Double, decoder: inout CEA708Decoder, baseOffset: Int = 0
    ) -> [CEA708DumpEntry] {
        let (items, parseWarnings) = CEA708Parser.parse(data)
        for warning in parseWarnings {
            decoder.note(
                CEA708Warning(offset: warning.offset + baseOffset, ruleID: warning.ruleID, message: warning.message))
        }
        var entries: [CEA708DumpEntry] = []
        var before = decoder.screen
        for var item in items {
            item.offset += baseOffset
            decoder.receive(item, at: time)
            let after = decoder.screen
            var bytes: [UInt8] = []
            try? CEA708Encoder.append(item.command, to: &bytes)
            entries.append(
                CEA708DumpEntry(
                    time: time, offset: item.offset, bytes: bytes.map { hex($0) }.joined(separator: " "),
                    meaning: item.command.disassembly, screen: after == before ? nil : after.lines))
            before = after
        }
        return entries
    }

    /// The entries as text: one line per command, and the screen after each change.
    public static func text(_ entries: [CEA708DumpEntry]) -> String {
        var lines: [String] = []
        for entry in entries {
            let seconds = String(Int((entry.time * 1000).rounded()))
            lines.append("\(seconds) ms  @\(entry.offset)  \(entry.meaning)  [\(entry.bytes)]")
            if let screen = entry.screen {
                if screen.isEmpty { lines.append("    screen: (empty)") }
                for row in screen { lines.append("    screen \(row)") }
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func hex(_ byte: UInt8) -> String { CEA708Parser.hex(byte).lowercased() }
}
