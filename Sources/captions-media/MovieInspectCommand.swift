import ArgumentParser
import CaptionKit
import CaptionsCLI
import Foundation
import Media

/// `captions inspect movie.mp4 [--json]`: the container and every track of a movie, as
/// libavformat reads them; `captions inspect comp.json`: a composition as it plays
/// (``CompositionReport``). `captions` forwards `inspect` here when the file is a movie or a
/// composition file (told by content: ``CompositionFileDetection``).
struct MovieInspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract:
            "Describe a movie (container, tracks, captions, timed metadata) or a composition file (tracks, segments, instructions, mix, titles).",
        discussion: """
            Fields use ffprobe's names and values, so the two can be compared; --json for machines. \
            Then every caption source (a c608 track, CEA-608 in the video's A/53 data, a mov_text \
            subtitle track; `--source` of convert and burn picks one) and every timed-metadata \
            track with its keys (mebx) or GPMF streams (GoPro).

            A composition file (a JSON object with a top-level "clips" member, Specs/composition.md; \
            a captions JSON document has none and is still read as captions) is described as it \
            plays: duration, render size, frame rate, each track with its segments (source file, \
            source range → target range, speed), the video instructions and cross-fades, the \
            audio mix ramps, the titles, and per clip the captions and metadata it names. Its \
            sources are opened and checked; a bad file gets the errors compose gives, with the \
            JSON path.

            Examples:
              captions inspect movie.mp4 --json
              captions inspect comp.json
            """)

    @Argument(help: "The movie or composition file to read.")
    var file: String

    @Flag(name: .long, help: "Print JSON for machines instead of text.")
    var json = false

    func run() throws {
        if CompositionInput.isCompositionFile(file) {
            let composition = try CompositionInput.read(file)
            let asset = try CompositionInput.asset(try CompositionInput.plan(composition, fileName: file))
            let report = CompositionReport(fileName: file, file: composition, asset: asset)
            Console.out(json ? try report.jsonText() : report.text())
            return
        }
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
