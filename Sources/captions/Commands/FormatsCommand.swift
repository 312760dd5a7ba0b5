import ArgumentParser
import CaptionKit
import CaptionsCLI

/// `captions formats`: lists the registered formats.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats", abstract: "List the caption formats this build can read and write, and their profiles.")

    @Flag(name: .long, help: "Print the formats as JSON.")
    var json = false

    func run() throws {
        if json {
            Console.out(try JSONText.encode(CaptionFormatRegistry.standard.formats.map(FormatReport.init)))
            return
        }
        for f in CaptionFormatRegistry.standard.formats {
            Console.out(
                "\(f.name)\t.\(f.extensions.joined(separator: " ."))\t\(Self.modes(f.reader != nil, f.writer != nil))\t\(f.title)"
            )
            // Each profile under its format, indented: the name `--profile` takes, its short names.
            for p in f.profiles {
                var names = [p.name]
                for alias in p.aliases where !names.contains(alias) { names.append(alias) }
                Console.out("\t\(names.joined(separator: " "))\t\(Self.modes(p.reads, p.writes))\t\(p.title)")
            }
        }
    }

    /// `read+write`, `read`, `write`, or `-` for neither.
    static func modes(_ reads: Bool, _ writes: Bool) -> String {
        let modes = [reads ? "read" : nil, writes ? "write" : nil].compactMap { $0 }
        return modes.isEmpty ? "-" : modes.joined(separator: "+")
    }
}
