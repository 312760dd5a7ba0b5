import ArgumentParser
import CaptionKit
import CaptionsCLI
import Media

/// `captions-media`: the commands that need FFmpeg (preview, burn, export). Users run them as
/// `captions preview …`; `captions` forwards them here so its other commands start fast.
@main
struct CaptionsMediaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "captions",
        abstract: "Media commands of the captions suite (FFmpeg-backed).",
        version: CaptionKitVersion.current,
        subcommands: mediaCommandList)

    static func main() {
        Exit.run(Self.self)
    }
}
