import CaptionKit
import CaptionsCLI
import Composition
import FileSafety
import ISOBMFF
import Metadata

/// The clips' own timed metadata (a GoPro GPMF or QuickTime mebx GPS track, `"metadata":
/// "embedded"`) on the composed movie's timeline, each group retimed through its clip's mapping
/// as captions are, and written as a QuickTime `mebx` track of the output (what
/// `captions metadata add --form mebx` writes), describing its video track.
struct ComposeMetadata {
    private(set) var groups: [TimedMetadataGroup] = []

    init(plan: CompositionPlan) throws {
        groups = try plan.embeddedGPS(trackID: 0) { placed, error in
            // Said of the clip's "metadata" member, where the composition file asks for it.
            guard let error = error as? CommandError else { return error }
            return Exit.Failure("\(placed.clip.location(of: "metadata").path): \(error.commandLineMessage)")
        }.groups
    }

    var isEmpty: Bool { groups.isEmpty }

    /// Writes `output`: the movie at `staged` with the groups as a `mebx` track.
    func write(movie staged: String, to output: String, overwrite: Bool) throws {
        let movie = try MovieMetadata(path: staged)
        guard let video = movie.movie.firstTrack(handler: "vide") else {
            throw Exit.Failure("\(output): no video track for the metadata track to describe")
        }
        let track = try TimedMetadataTrackBuilder.quickTimeTrack(groups, videoTrackID: video.id, timescale: 1000)
        let out = try OutputFile(output, overwrite: overwrite)
        try MovieTrackAdder(movie: movie.movie, source: movie.source).write(adding: [track]) {
            (piece: [UInt8]) throws(ISOBMFFError) in
            do throws(FileSafetyError) { try out.write(piece) } catch {
                throw ISOBMFFError(.io, error.message, path: output)
            }
        }
        try out.commit()
    }
}
