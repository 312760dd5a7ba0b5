import CEA608
import CaptionCore

// A disassembly of an SCC file in the spirit of caption-inspector: per frame the timecode, the
// word, the decoded command and the text on screen. Decoding: CEA608Decoder (47 CFR 15.119, now
// 47 CFR 79.101; CTA-608-E); syntax and timing: Specs/scc.md.

/// Decodes an SCC file word by word for `captions scc dump`.
public struct SCCDisassembler: Sendable {
    /// The options read with (see the type's description).
    public let options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = CaptionFormatOptions()) {
        self.options = options
    }

    /// The decoded words and what the scanner and decoder noticed.
    public func disassemble(_ bytes: [UInt8]) throws(CaptionFormatError) -> (
        entries: [SCCDisassemblyEntry], diagnostics: [Diagnostic]
    ) {
        let rate = options.frameRate ?? .fps29_97
        var scanner = SCCScanner(rate: rate, strict: options.strict, fileName: options.fileName)
        var decoder = CEA608Decoder(channel: try SCCReader.channel(options))
        var entries: [SCCDisassemblyEntry] = []
        var diagnostics: [Diagnostic] = []
        let fileName = options.fileName
        try scanner.scan(bytes) { word in
            let step = decoder.decode(word.first, word.second, frame: word.frame)
            var screen: [String]?
            if step.screenChange != nil {
                let memory = decoder.displayedMemory
                screen = (0..<CEA608Memory.rows).compactMap { row in
                    guard !memory.isRowEmpty(row) else { return nil }
                    let column =
                        (0..<CEA608Memory.columns).first {
                            memory.cell(row: row, column: $0).character != nil
                        } ?? 0
                    return "\(row + 1):\(column) \(memory.text(row: row))"
                }
            }
            let timecode = SCCReader.label(word.frame, rate: rate, dropFrame: word.dropFrame) ?? "frame \(word.frame)"
            if !step.diagnostics.isEmpty, var diagnostic = step.diagnostic {
                diagnostic.location = DiagnosticLocation(
                    file: fileName, line: word.line, column: word.column, timecode: timecode)
                diagnostics.append(diagnostic)
            }
            entries.append(
                SCCDisassemblyEntry(
                    timecode: timecode, line: word.line, word: Self.hex(word.first) + Self.hex(word.second),
                    channel: step.channel.map { "CC\($0.rawValue)" }, accepted: step.accepted,
                    meaning: step.code.disassembly,
                    mode: decoder.isInTextMode ? "text" : decoder.mode.name, screen: screen))
        }
        return (entries, scanner.diagnostics + diagnostics)
    }

    /// The disassembly as text: one line per word, and the screen after each change.
    public static func text(_ entries: [SCCDisassemblyEntry]) -> String {
        var lines: [String] = []
        lines.reserveCapacity(entries.count + 8)
        for entry in entries {
            let channel = (entry.channel ?? "").padding(toLength: 4)
            let marker = entry.accepted || entry.channel == nil ? " " : "-"
            lines.append(
                "\(entry.timecode)  \(entry.word)  \(channel)\(marker) \(entry.meaning.padding(toLength: 34)) \(entry.mode)"
            )
            if let screen = entry.screen {
                if screen.isEmpty {
                    lines.append("    screen: (empty)")
                } else {
                    for row in screen { lines.append("    screen \(row)") }
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}

extension String {
    /// The string padded with spaces to `length` characters (never cut).
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
