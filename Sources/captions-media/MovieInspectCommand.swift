import ArgumentParser
import CaptionKit
import CaptionsCLI
import Foundation
import ISOBMFF
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
              captions inspect --init init.mp4 seg1.m4s seg2.m4s
              captions inspect comp.json
            """)

    @Argument(help: "The movie or composition file to read (with --init: the first media segment).")
    var file: String

    @Argument(help: "With --init: the further media segments, in order.")
    var segments: [String] = []

    @Option(
        name: .customLong("init"),
        help: "A fragmented movie's initialization segment: the arguments are its media segments, read as one movie.")
    var initSegment: String?

    @Flag(name: .long, help: "Print JSON for machines instead of text.")
    var json = false

    func validate() throws {
        if initSegment == nil, !segments.isEmpty {
            throw ValidationError("one file to describe; several files are media segments only with --init INIT")
        }
    }

    func run() throws {
        if let initSegment {
            let all = [file] + segments
            let description = try Asset.describe(initialization: initSegment, segments: all)
            let name = "\(initSegment) + \(all.count) segment\(all.count == 1 ? "" : "s")"
            let report = MovieReport(
                file: name, description: description,
                embedded: EmbeddedListing.of(initialization: initSegment, segments: all))
            Console.out(json ? try report.jsonText() : report.text())
            return
        }
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
            // A media segment alone: the box reader says what is missing, where FFmpeg can only
            // say that the header is unreadable.
            if let file = try? FileByteSource(path: file),
                case .failure(let boxes) = Result(catching: { () throws(ISOBMFFError) in try Movie.read(file) }),
                boxes.kind == .missing, boxes.path == "moof"
            {
                throw Exit.Failure("\(self.file): \(boxes.description)")
            }
            throw error
        }
        let report = MovieReport(file: file, description: description, embedded: EmbeddedListing.of(file))
        Console.out(json ? try report.jsonText() : report.text())
    }
}
