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
        for placed in plan.placedClips where placed.clip.metadata && placed.videoTrackID != nil {
            do {
                let movie = try MovieMetadata(path: placed.path)
                let track = try SampleDataTrack(movie: movie, track: try movie.gpsTrack())
                groups += try EditRetiming.retime(track.groups, through: [placed.mapping])
            } catch let error as CommandError {
                // Said of the clip's "metadata" member, where the composition file asks for it.
                throw Exit.Failure("\(placed.clip.location(of: "metadata").path): \(error.commandLineMessage)")
            }
        }
        groups.sort { $0.timeRange.start < $1.timeRange.start }
        // Cross-faded clips overlap: a later clip's group takes over from its start.
        for i in groups.indices.dropLast() where groups[i].timeRange.end > groups[i + 1].timeRange.start {
            groups[i].timeRange = TimeRange(start: groups[i].timeRange.start, end: groups[i + 1].timeRange.start)
        }
        groups.removeAll { $0.timeRange.duration <= .zero }
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
