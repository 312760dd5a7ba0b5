import ArgumentParser
import CEA708
import CaptionKit
import CaptionCore
import CaptionData
import CaptionsCLI
import FoundationEssentials
import MCC

/// `captions dtvcc dump FILE`: the CEA-708 (DTVCC) services of an MCC file, command by command.
struct DTVCCDumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Disassemble the CEA-708 (DTVCC) services of an MCC file: time, service, command and screen.",
        discussion: "One line per command of each service: its frame's time code, the service, the command's "
            + "byte offset in the service's data, its meaning (DF0(...), SPA(...), text in quotes) and its "
            + "bytes. After each command that changes what a viewer sees, the visible rows of every window "
            + "follow as 'w<window> r<row>: text'. Lost packets, bad service blocks and unknown or cut commands "
            + "are warnings with their line and byte. See Specs/cea708.md and Specs/cdp.md.")

    @Argument(help: "The MCC file.")
    var file: String

    @Option(name: .long, parsing: .upToNextOption, help: "Only these services (1–63); default: every one present.")
    var service: [Int] = []

    @Flag(name: .long, help: "Print JSON for machines instead of text.")
    var json = false

    struct Row: Encodable {
        var timecode: String
        var service: Int
        var entry: CEA708DumpEntry
    }

    func run() throws {
        let bytes = try FileIO.readAll(file)
        let result = try MCCReader(fileName: file).read(bytes)
        var (packets, diagnostics) = result.dtvccPackets()
        diagnostics = result.diagnostics + diagnostics
        var decoders: [Int: CEA708Decoder] = [:]
        var offsets: [Int: Int] = [:]
        var output = OutputBuffer()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var first = true
        var printed = 0
        if json { output.line("[") }
        for packet in packets {
            for block in packet.packet.serviceBlocks.blocks where service.isEmpty || service.contains(block.service) {
                var decoder = decoders[block.service] ?? CEA708Decoder()
                let base = offsets[block.service, default: 0]
                let entries = CEA708Dump.entries(block.data, at: packet.time.seconds, decoder: &decoder, baseOffset: base)
                decoders[block.service] = decoder
                offsets[block.service] = base + block.data.count
                for entry in entries {
                    printed += 1
                    if json {
                        let row = Row(timecode: packet.label, service: block.service, entry: entry)
                        output.line((first ? "  " : ", ") + String(decoding: try encoder.encode(row), as: UTF8.self))
                        first = false
                        continue
                    }
                    output.line("\(packet.label)  S\(block.service)  @\(entry.offset)  \(entry.meaning)  [\(entry.bytes)]")
                    if let screen = entry.screen {
                        if screen.isEmpty { output.line("    screen: (empty)") }
                        for row in screen { output.line("    screen \(row)") }
                    }
                }
            }
        }
        if json { output.line("]") }
        output.flush()
        for (number, decoder) in decoders.sorted(by: { $0.key < $1.key }) {
            for warning in decoder.warnings {
                diagnostics.append(
                    Diagnostic(
                        .warning, warning.ruleID, "service \(number), byte \(warning.offset): \(warning.message)",
                        at: DiagnosticLocation(file: file)))
            }
        }
        // Never a silent empty result: a file that carries data but no DTVCC service says so.
        if printed == 0 {
            let what = service.isEmpty ? "no CEA-708 (DTVCC) service data" : "no data for service(s) \(service)"
            diagnostics.append(
                Diagnostic(
                    .error, "dtvcc.none",
                    "\(what) in \(result.frames.count) CDP(s); its CEA-608 captions read with `captions convert`",
                    at: DiagnosticLocation(file: file)))
        }
        try Exit.report(diagnostics, file: file)
    }
}

extension DTVCCDumpCommand {
    /// `captions dtvcc …`: commands for CEA-708 (DTVCC) captions.
    struct Group: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dtvcc", abstract: "Commands for CEA-708 (DTVCC) captions.",
            subcommands: [DTVCCDumpCommand.self])
    }
}
