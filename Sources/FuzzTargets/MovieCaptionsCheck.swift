import CaptionCore
import CaptionTracks
import ISOBMFF

/// The caption readers and the `stpp` writer over a movie that `Movie.read` took (the rest of
/// ``MovieCheck``), on any bytes:
/// 1. every caption source the movie lists (`MovieCaptions.sources`, what `captions tracks`
///    shows) reads in full (`census(of:)`: every `c608` and `c708` sample, every picture's A/53
///    data, every `tx3g`, `wvtt` and `stpp` sample) with a message in every diagnostic; a
///    subtitle track's captions each have numeric times and last (their end after their start);
/// 2. where the fragments go (`MovieTrackAdder.fragmentEnds()`) is an error with a message, or
///    ends that rise, after zero, in a timescale;
/// 3. a TTML track of ``addedDocument`` (`captions mux --as stpp`: one document, or one a
///    fragment cut at those ends) is refused with an error, or the movie written with it reads
///    back (`MovieCaptions.ttml`) with those captions' texts and times: a caption cut at a
///    fragment's end is joined again.
enum MovieCaptionsCheck {
    static func check(_ movie: Movie, source: MemoryByteSource) throws(FuzzFinding) {
        let captions = MovieCaptions(movie: movie, source: source)
        try checkSources(captions)
        try checkFragmentEnds(movie, source: source)
        try checkTTMLTrack(captions)
    }

    static func checkDiagnostics(_ diagnostics: [Diagnostic], _ what: String) throws(FuzzFinding) {
        if diagnostics.contains(where: \.message.isEmpty) { throw FuzzFinding("\(what): a diagnostic without a message") }
    }

    static func checkSources(_ captions: MovieCaptions) throws(FuzzFinding) {
        // A/53 data is looked for in the first pictures only: a census reads them all.
        let (sources, diagnostics) = captions.sources(seiScanLimit: 16)
        try checkDiagnostics(diagnostics, "the sources")
        for source in sources {
            try checkDiagnostics(captions.census(of: source).diagnostics, "the census of \(source)")
            guard source.kind == .subtitle, let track = captions.movie.track(id: source.trackID) else { continue }
            let read: [Caption]
            do throws(CaptionTracksError) {
                switch track.format {
                case "wvtt": read = try captions.webVTT(track).document.captions
                case "stpp": read = try captions.ttml(track).document.captions
                default: read = try captions.subtitles(track).captions
                }
            } catch {
                guard !error.message.isEmpty else { throw FuzzFinding("\(source): an error without a message") }
                continue
            }
            for caption in read {
                let time = caption.timeRange
                guard time.start.isNumeric, time.end.isNumeric, time.end > time.start else {
                    throw FuzzFinding("\(source): a caption from \(time.start) to \(time.end)")
                }
            }
        }
    }

    static func checkFragmentEnds(_ movie: Movie, source: MemoryByteSource) throws(FuzzFinding) {
        let found: (timescale: UInt32, ends: [Int64])
        do throws(ISOBMFFError) {
            found = try MovieTrackAdder(movie: movie, source: source).fragmentEnds()
        } catch {
            try MovieCheck.checkError(error, fileSize: source.count, what: "fragmentEnds' error")
            return
        }
        guard found.timescale > 0, zip([0] + found.ends, found.ends).allSatisfy({ $0 < $1 }) else {
            throw FuzzFinding("fragment ends \(found.ends.prefix(8)) in timescale \(found.timescale)")
        }
    }

    /// Three captions over the first seconds of the movie, in two regions, one across a second
    /// (where the seed movies' fragments end) and one starting after the last of the cut-down
    /// movies' samples.
    static let addedDocument: CaptionDocument = {
        let ms = { (value: Int64) in MediaTime(value: value, timescale: 1000) }
        let top = CaptionRegion(identifier: "top", displayAlignment: .before, background: .black)
        return CaptionDocument(captions: [
            Caption("Short one", start: ms(100), end: ms(600)),
            Caption("Across the first second", start: ms(400), end: ms(2400), region: top),
            Caption("Late", start: ms(5000), end: ms(5500)),
        ])
    }()

    static func checkTTMLTrack(_ captions: MovieCaptions) throws(FuzzFinding) {
        let muxer = CaptionTrackMuxer(movie: captions)
        var output: [UInt8] = []
        do throws(CaptionTracksError) {
            let (track, _) = try muxer.stppTrack(addedDocument, language: .undetermined, fileName: nil)
            try muxer.write([track]) { output += $0 }
        } catch {
            guard !error.message.isEmpty else { throw FuzzFinding("the stpp writer's error has no message") }
            return
        }
        let reread: MovieCaptions
        do throws(CaptionTracksError) {
            reread = try MovieCaptions(bytes: output)
        } catch {
            throw FuzzFinding("the movie with an stpp track cannot be read back: \(error.message)")
        }
        guard let added = reread.movie.tracks.last, added.format == "stpp" else {
            throw FuzzFinding("the added stpp track is not the movie's last track")
        }
        let read: [Caption]
        do throws(CaptionTracksError) {
            read = try reread.ttml(added).document.captions
        } catch {
            throw FuzzFinding("the added stpp track cannot be read: \(error.message)")
        }
        let expected = addedDocument.captions
        guard read.map(\.text) == expected.map(\.text), read.map(\.timeRange) == expected.map(\.timeRange) else {
            let describe = { (captions: [Caption]) in captions.map { "\($0.text) \($0.timeRange)" }.joined(separator: "\n") }
            throw FuzzFinding("the stpp track reads back as\n\(describe(read))\nnot\n\(describe(expected))")
        }
    }
}
