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
    ///
    /// Parity is handled as ``SCCReader`` handles it: a file that seems to be written without
    /// parity bits is decoded again ignoring them, with the warning `scc.no-parity`.
    public func disassemble(_ bytes: [UInt8]) throws(CaptionFormatError) -> (
        entries: [SCCDisassemblyEntry], diagnostics: [Diagnostic]
    ) {
        var entries: [SCCDisassemblyEntry] = []
        let diagnostics = try disassemble(bytes) { entries.append($0) }
        return (entries, diagnostics)
    }

    /// Hands each decoded word to `each` as it is decoded, keeping none, and returns what the
    /// scanner and decoder noticed (at most `findingLimit` findings of each, then a count):
    /// memory stays bounded whatever the file's size. Parity is decided first, by a pass
    /// that keeps nothing, as ``disassemble(_:)`` decides it.
    public func disassemble(
        _ bytes: [UInt8], findingLimit: Int = 10_000, each: (SCCDisassemblyEntry) -> Void
    ) throws(CaptionFormatError) -> [Diagnostic] {
        let rate = options.frameRate ?? .fps29_97
        let (pass, notes) = try SCCDecodingPass.stream(
            bytes, options: options, rate: rate, findingLimit: findingLimit
        ) { word, step, decoder in
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
            each(
                SCCDisassemblyEntry(
                    timecode: timecode, line: word.line, word: HexText.byte(word.first) + HexText.byte(word.second),
                    channel: step.channel.map { "CC\($0.rawValue)" }, accepted: step.accepted,
                    meaning: step.code.disassembly,
                    mode: decoder.isInTextMode ? "text" : decoder.mode.name, screen: screen))
        }
        var diagnostics = pass.scanner.diagnostics + notes + pass.decoderDiagnostics
        let dropped = pass.droppedFindings + pass.scanner.droppedFindings
        if dropped > 0 {
            diagnostics.append(
                Diagnostic(
                    .info, "scc.findings-limit",
                    "\(dropped) more findings not listed (only the first \(findingLimit) of the file's syntax and "
                        + "as many of the decoder's are)",
                    at: DiagnosticLocation(file: options.fileName)))
        }
        return diagnostics
    }

    /// The disassembly as text: one line per word, and the screen after each change.
    public static func text(_ entries: [SCCDisassemblyEntry]) -> String {
        var lines: [String] = []
        lines.reserveCapacity(entries.count + 8)
        for entry in entries { lines += text(entry) }
        return lines.joined(separator: "\n")
    }

    /// The lines of one entry: the word, then the screen after a change.
    public static func text(_ entry: SCCDisassemblyEntry) -> [String] {
        let channel = (entry.channel ?? "").padding(toLength: 4)
        let marker = entry.accepted || entry.channel == nil ? " " : "-"
        var lines = [
            "\(entry.timecode)  \(entry.word)  \(channel)\(marker) \(entry.meaning.padding(toLength: 34)) \(entry.mode)"
        ]
        if let screen = entry.screen {
            if screen.isEmpty {
                lines.append("    screen: (empty)")
            } else {
                for row in screen { lines.append("    screen \(row)") }
            }
        }
        return lines
    }

}

extension String {
    /// The string padded with spaces to `length` characters (never cut).
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
