import CaptionCore
import ISOBMFF

extension MovieCaptions {
    /// The census of `source` (``CaptionSourceCensus``), read in full: every sample of a `c608`
    /// or `c708` track, every picture's SEI, every subtitle sample.
    public func census(of source: MovieCaptionSource, options: CaptionFormatOptions = CaptionFormatOptions())
        -> CaptionSourceCensus
    {
        var census = CaptionSourceCensus(samples: source.sampleCount)
        guard let track = movie.track(id: source.trackID) else { return census }
        let name = (fileName ?? "movie") + " track \(track.id)"
        do throws(CaptionTracksError) {
            switch source.kind {
            case .subtitle:
                census.captions[0] =
                    switch track.format {
                    case "wvtt": try webVTT(track).document.captions.count
                    case "stpp": try ttml(track).document.captions.count
                    default: try subtitles(track).captions.count
                    }
            case .track where track.format == "c708":
                let (reading, languages) = try c708(track)
                census = reading.census(
                    samples: source.sampleCount, name: name, options: options, serviceLanguage: { languages[$0] })
            case .track:
                let (transmission, found) = try c608Transmission(track)
                census = transmission.census(samples: source.sampleCount, name: name, options: options)
                census.diagnostics = found.filter { $0.severity != .info } + census.diagnostics
            case .sei:
                census = try a53(track).census(samples: source.sampleCount, name: name, options: options)
            }
        } catch {
            census.diagnostics.append(Diagnostic(.error, "tracks.container", error.description))
        }
        return census
    }
}
