import ArgumentParser
import CaptionKit
import CaptionsCLI

#if canImport(Glibc)
    import Glibc
#endif

/// The `captions` command line: thin commands over the library.
@main
struct CaptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "captions",
        abstract: "Author, convert, validate and inspect captions (CEA-608 SCC, iTT, JSON).",
        discussion: """
            Exit status: 0 when clean (warnings allowed), 1 when there are error-level findings, \
            2 when the input cannot be read or the arguments are wrong.
            """,
        version: CaptionKitVersion.current,
        subcommands: commandList)

    /// Runs the command and turns every outcome into output and an exit status, in one place.
    static func main() {
        do {
            try MediaCommandForwarder.forwardIfNeeded()
        } catch {
            Console.error("captions: error: \(error)")
            Glibc.exit(Exit.unusable)
        }
        if let job = ConvertJob(commonArguments: CommandLine.arguments.dropFirst()) {
            Exit.run(Self.self) { try job.run() }
        }
        Exit.run(Self.self)
    }
}
