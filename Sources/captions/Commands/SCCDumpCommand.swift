import ArgumentParser
import CaptionKit
import CaptionsCLI
import FoundationEssentials
import SCC

/// `captions scc dump FILE`: per frame the timecode, the word, the decoded command and the text.
struct SCCDumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Disassemble an SCC file: timecode, word, decoded command and screen text per frame.",
        discussion: "One line per word: its frame's timecode, the hex word, the service it addresses "
            + "(a '-' marks words for another channel), the decoded command or characters and the "
            + "caption mode. After each word that changes the screen, the rows on screen follow as "
            + "'row:column text'. See Specs/scc.md.")

    @Argument(help: "The SCC file to disassemble.")
    var file: String

    @OptionGroup var read: ReadOptions

    @Flag(name: .long, help: "Print JSON for machines instead of text.")
    var json = false

    /// Prints each word as it is decoded (nothing is kept), so memory stays bounded for a file
    /// of any length; JSON is an array with one entry per line.
    func run() throws {
        let bytes = try FileIO.readAll(file)
        var options = read.formatOptions()
        options.fileName = file
        var output = OutputBuffer()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var first = true
        var encodingError: Error?
        if json { output.line("[") }
        let diagnostics = try SCCDisassembler(options: options).disassemble(bytes) { entry in
            if json {
                do {
                    let text = String(decoding: try encoder.encode(entry), as: UTF8.self)
                    output.line((first ? "  " : ", ") + text)
                } catch {
                    encodingError = error
                }
                first = false
            } else {
                for line in SCCDisassembler.text(entry) { output.line(line) }
            }
        }
        if json { output.line("]") }
        output.flush()
        if let encodingError { throw encodingError }
        try Exit.report(diagnostics, file: file)
    }
}

extension SCCDumpCommand {
    /// `captions scc …`: commands for Scenarist SCC files.
    struct Group: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scc", abstract: "Commands for Scenarist SCC (CEA-608) files.",
            subcommands: [SCCDumpCommand.self])
    }
}
