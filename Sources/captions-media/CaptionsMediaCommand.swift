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
        discussion: """
            captions-media is installed beside captions and runs the commands that need FFmpeg; \
            `captions preview …` and `captions media-info` hand over to it, so they can be run \
            either way. `captions help preview` (or `captions-media help preview`) shows a \
            command's options.
            """,
        version: CaptionKitVersion.current,
        subcommands: mediaCommandList)

    static func main() {
        StreamMovieReader.current = DemuxedCaptions.reader
        Exit.run(Self.self, words: MediaCommandLineWords.flags)
    }
}
