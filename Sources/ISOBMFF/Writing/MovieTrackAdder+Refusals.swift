// The movies a track is not added to, each refused with the box path and offset that show why.

extension MovieTrackAdder {
    /// Refuses a fragmented movie (ISO/IEC 14496-12 §8.8): its samples are in `moof` boxes
    /// after `moov`, whose absolute offsets (`tfhd` base_data_offset, `saio`) would all move when
    /// `moov` grows, and a track added to `moov` alone would have no fragments where players of
    /// fragmented files look for them. Adding a track to such a movie is left to a remux
    /// (`ffmpeg -i in.mp4 -c copy out.mp4` writes it unfragmented).
    func refuseFragments() throws(ISOBMFFError) {
        if let moof = movie.fragments.first {
            throw ISOBMFFError(
                .unsupported,
                "a fragmented movie (movie fragments from here on): tracks are added only to unfragmented movies; "
                    + "remux it unfragmented first (ffmpeg -i IN -c copy OUT)",
                path: "moof", offset: moof.offset)
        }
        if let mvex = movie.movieBox.child("mvex") {
            throw ISOBMFFError(
                .unsupported,
                "moov announces movie fragments (mvex): tracks are added only to unfragmented movies; remux it "
                    + "unfragmented first (ffmpeg -i IN -c copy OUT)",
                path: mvex.path, offset: movie.movieOffset + mvex.offset)
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
