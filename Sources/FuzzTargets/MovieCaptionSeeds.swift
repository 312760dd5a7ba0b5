import CaptionCore
import CaptionTracks
import ISOBMFF

/// Seeds with subtitle tracks for the `isobmff` target (``MovieCaptionsCheck``): a movie with
/// ``MovieCaptionsCheck/addedDocument`` added as a `tx3g`, a `wvtt` and an `stpp` track, as
/// `captions mux` writes them (in a fragmented movie, fragments of each, and one TTML document
/// a fragment). Nothing made here is kept in the repository.
enum MovieCaptionSeeds {
    /// `movie` with the three subtitle tracks, or nil when the muxer refuses it.
    static func withSubtitleTracks(_ movie: [UInt8]) -> [UInt8]? {
        guard let captions = try? MovieCaptions(bytes: movie) else { return nil }
        let muxer = CaptionTrackMuxer(movie: captions)
        let document = MovieCaptionsCheck.addedDocument
        var output: [UInt8] = []
        do throws(CaptionTracksError) {
            let tracks = [
                try muxer.tx3gTrack(document, language: .undetermined, fileName: nil).track,
                try muxer.wvttTrack(document, language: .undetermined, sourceLabel: nil, fileName: nil, enabled: false)
                    .track,
                try muxer.stppTrack(document, language: .undetermined, fileName: nil, enabled: false).track,
            ]
            try muxer.write(tracks) { output += $0 }
        } catch {
            return nil
        }
        return output
    }
}
