// The movies a track is not added to, each refused with the box path and offset that show why.

extension MovieTrackAdder {
    /// Refuses movie fragments that `moov` does not announce (§8.8.1: a movie with fragments has
    /// `mvex`), which no track can be added to with its own fragments (there is no `mvex` for
    /// its `trex`), and fragments before `moov`, whose offsets would move with it.
    func refuseFragments() throws(ISOBMFFError) {
        guard let moof = movie.fragments.first else { return }
        guard movie.isFragmented else {
            throw ISOBMFFError(
                .malformed,
                "movie fragments (from here on) that moov does not announce (no mvex, ISO/IEC 14496-12 §8.8.1): "
                    + "a track is not added; remux it first (ffmpeg -i IN -c copy OUT)",
                path: "moof", offset: moof.offset)
        }
        guard moof.offset > movie.movieOffset else {
            throw ISOBMFFError(
                .unsupported, "a movie fragment before moov: its offsets would move when moov grows",
                path: "moof", offset: moof.offset)
        }
    }

    /// Refuses a file whose last box the end of the file cuts short (which the reader reads,
    /// with a warning): written on, the box would swallow what follows it. Found by the
    /// `isobmff` fuzz target (Fixtures/fuzz/isobmff/cut-short-after-moov.mp4), once the reader
    /// kept such files.
    func refuseCutShort() throws(ISOBMFFError) {
        guard let offset = movie.cutShortBox, let box = movie.topLevelBoxes.first(where: { $0.offset == offset })
        else { return }
        throw ISOBMFFError(
            .truncated,
            "the file ends inside its last box (\(box.type)): it is cut short; a track is not added to an incomplete file",
            path: box.path, offset: box.offset)
    }

    /// Refuses a movie whose `trak` boxes are hidden inside another box of `moov` (a damaged size:
    /// an `mvhd` of size 0 runs to the end of `moov`): the movie would be written with its tracks
    /// still hidden, the reader seeing only the added one. Found by the `isobmff` fuzz target
    /// (Fixtures/fuzz/isobmff/added-track-lost.mp4).
    func refuseHiddenTracks() throws(ISOBMFFError) {
        guard movie.tracks.isEmpty, let hidden = MovieReader.hiddenTrackBox(in: movie.movieBox, movie.movieBytes)
        else { return }
        throw ISOBMFFError(
            .malformed,
            "the bytes of \(hidden.box.path) hold a trak box: a damaged size hides the movie's tracks; "
                + "a track is not added to a movie whose own tracks cannot be read",
            path: hidden.box.path, offset: movie.movieOffset + hidden.offset)
    }

    /// Refuses a movie with sample data in the bytes of `moov`: those bytes are rewritten, so the
    /// samples could not be kept, and when `moov` comes first a chunk that starts before it and
    /// runs into it would not move with the bytes after it (the `isobmff` fuzz target: a chunk
    /// at offset 0 whose second sample lay after `moov`,
    /// Fixtures/fuzz/isobmff/chunk-across-moov.mp4). Chunk offsets point into media data
    /// (14496-12 §8.7.5), so no real file has this. A track whose sample table cannot be read is
    /// copied as it is; the offsets of its chunks are checked as they are rewritten.
    func refuseSamplesOverlapping(_ moov: Box) throws(ISOBMFFError) {
        for track in movie.tracks {
            guard let samples = try? movie.samples(of: track) else { continue }
            // `samples(of:)` keeps every sample inside the file, so the end cannot overflow.
            for (i, sample) in samples.enumerated()
            where sample.size > 0 && (sample.offset..<(sample.offset + sample.size)).overlaps(moov.range) {
                throw ISOBMFFError(
                    .malformed,
                    "track \(track.id) sample \(i + 1) (bytes \(sample.offset)..<\(sample.offset + sample.size)) overlaps "
                        + "moov (bytes \(moov.offset)..<\(moov.range.upperBound)); its bytes could not be kept when "
                        + "moov is rewritten", path: "moov", offset: sample.offset)
            }
        }
    }
}
