import ArgumentParser
import CaptionsCLI
import Media

/// `captions media-info`: the FFmpeg libraries this build uses.
struct MediaInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media-info", abstract: "Print the versions of the media libraries.")

    func run() throws {
        Console.out(MediaLibraries.versionSummary)
    }
}
