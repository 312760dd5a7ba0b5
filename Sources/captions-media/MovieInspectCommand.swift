import ArgumentParser
import CaptionKit
import CaptionsCLI
import Foundation
import Media

/// `captions inspect movie.mp4 [--json]`: the container and every track of a movie, as
/// libavformat reads them (`captions` forwards `inspect` here when the file is a movie).
struct MovieInspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract:
            "Describe a movie: container, duration, tags, every track (codec, size, colour, rate…), its captions and timed metadata.",
        discussion: """
            Fields use ffprobe's names and values, so the two can be compared; --json for machines. \
            Then every caption source (a c608 track, CEA-608 in the video's A/53 data, a mov_text \
            subtitle track; `--source` of convert and burn picks one) and every timed-metadata \
            track with its keys (mebx) or GPMF streams (GoPro).
            """)

    @Argument(help: "The movie to read.")
    var file: String

    @Flag(name: .long, help: "Print JSON for machines instead of text.")
    var json = false

    func run() throws {
        let description: AssetDescription
        do {
            description = try Asset(path: file).loadDescription()
        } catch let error as MediaFileError {
            throw Exit.Failure(error.description)
        }
        let report = MovieReport(file: file, description: description, embedded: EmbeddedListing.of(file))
        Console.out(json ? try report.jsonText() : report.text())
    }
}
