import ArgumentParser
import CaptionKit
import CaptionsCLI

/// `captions formats`: lists the registered formats.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats", abstract: "List the caption formats this build can read and write.")

    @Flag(name: .long, help: "Print the formats as JSON.")
    var json = false

    func run() throws {
        if json {
            Console.out(try JSONText.encode(CaptionFormatRegistry.standard.formats.map(FormatReport.init)))
            return
        }
        for f in CaptionFormatRegistry.standard.formats {
            let modes = [f.reader != nil ? "read" : nil, f.writer != nil ? "write" : nil].compactMap { $0 }
            Console.out(
                "\(f.name)\t.\(f.extensions.joined(separator: " ."))\t\(modes.joined(separator: "+"))\t\(f.title)")
        }
    }
}
