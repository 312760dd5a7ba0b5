import ArgumentParser
import CaptionsCLI
import FoundationEssentials
import Media

/// `captions media-info`: the FFmpeg libraries this build uses.
struct MediaInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: MediaCommand.mediaInfo.rawValue, abstract: MediaCommand.mediaInfo.abstract,
        usage: "captions media-info [--json]",
        discussion: """
            The FFmpeg libraries (libavformat, libavcodec, libavutil, libswscale) that preview and \
            the other media commands run with, as MAJOR.MINOR.MICRO. --json prints them as an \
            object: {"libraries": {"libavcodec": "59.37.100", …}}.
            """)

    @Flag(name: .long, help: "Print the versions as JSON.")
    var json = false

    func run() throws {
        guard json else {
            Console.out(MediaLibraries.versionSummary)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Console.out(String(decoding: try encoder.encode(Report(summary: MediaLibraries.versionSummary)), as: UTF8.self))
    }

    /// `{"libraries": {"libavformat": "59.27.100", …}}`.
    struct Report: Encodable {
        var libraries: [String: String] = [:]

        /// From ``MediaLibraries/versionSummary``: "libavformat 59.27.100, libavcodec 59.37.100, …".
        init(summary: String) {
            for entry in summary.split(separator: ",") {
                let parts = entry.split(separator: " ")
                if parts.count == 2 { libraries[String(parts[0])] = String(parts[1]) }
            }
        }
    }
}
