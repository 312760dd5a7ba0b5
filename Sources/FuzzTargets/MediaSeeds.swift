import CaptionCore
import ISOBMFF
import Metadata

/// Seeds for the media targets, made from the camera files of ../shared/fixtures/media (4 MB
/// each: far too large to mutate) and the GPX fixtures, with the suite's own writers. Nothing
/// made here is kept in the repository.
enum MediaSeeds {
    /// Samples kept of each track in a cut-down movie: two, so that sample tables have runs
    /// and chunks to check, while a seed stays near 15 KB (a GoPro payload is 6–8 KB).
    static let samplesPerTrack = 2
    /// Payloads kept of each movie's `gpmd` track for the `gpmf` target.
    static let payloadsPerMovie = 3
    /// Bytes kept of each audio or video sample (the readers never decode them).
    static let mediaSampleBytes = 32

    /// `isobmff`: each movie cut down to its first two samples a track (every track, its sample
    /// entry and references kept; audio and video samples shortened), written by
    /// ``MovieTrackAdder`` after a bare `ftyp` + `moov`: once with `moov` last, once with `moov`
    /// first and a QuickTime `mebx` track made from the movie's GoPro GPS.
    @Sendable static func movies(path: String, bytes: [UInt8]) -> [[UInt8]] {
        guard path.hasSuffix(".mp4") || path.hasSuffix(".mov"), let movie = try? Movie.read(MemoryByteSource(bytes))
        else { return [] }
        var tracks = cutDownTracks(movie, bytes)
        guard let last = build(movie, bytes, tracks, moovFirst: false) else { return [] }
        var seeds = [last]
        if let mebx = mebxTrack(from: last, videoTrackID: movie.firstTrack(handler: "vide")?.id ?? 1) {
            tracks.append(mebx)
        }
        if let first = build(movie, bytes, tracks, moovFirst: true) { seeds.append(first) }
        return seeds
    }

    /// `gpmf`: the first payloads of each movie's `gpmd` track, and the payloads
    /// ``GPMFTrackBuilder`` writes for the first points of each GPX file with times.
    @Sendable static func payloads(path: String, bytes: [UInt8]) -> [[UInt8]] {
        if path.hasSuffix(".gpx") {
            guard let points = try? GPXReader().read(bytes).timedTrackPoints().points,
                let first = points.first?.time
            else { return [] }
            var placed: [PlacedPoint] = []
            for p in points.prefix(40) {
                guard let time = p.time else { continue }
                let offset = time.sinceEpoch - first.sinceEpoch
                guard let t = try? offset.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero),
                    t.value < 4000, placed.last.map({ $0.movieTime < t }) ?? true
                else { continue }
                placed.append(PlacedPoint(movieTime: t, point: p))
            }
            guard !placed.isEmpty else { return [] }
            let payloads = try? GPMFTrackBuilder.payloads(placed, movieDuration: MediaTime(value: 4, timescale: 1))
            return (payloads ?? []).prefix(2).map(\.bytes)
        }
        guard path.hasSuffix(".mp4") || path.hasSuffix(".mov"), let metadata = try? MovieMetadata(bytes: bytes),
            let track = metadata.firstTrack(.gpmf), let samples = try? metadata.movie.samples(of: track)
        else { return [] }
        return samples.prefix(payloadsPerMovie).map { Array(bytes[$0.offset..<($0.offset + $0.size)]) }
    }

    static func cutDownTracks(_ movie: Movie, _ bytes: [UInt8]) -> [NewTrack] {
        movie.tracks.compactMap { track in
            guard let entry = track.sampleEntries.first, let all = try? movie.samples(of: track) else { return nil }
            let samples = all.prefix(samplesPerTrack).filter { $0.size > 0 }.map { s in
                let size = track.handlerType == "meta" ? s.size : min(s.size, mediaSampleBytes)
                return NewTrack.Sample(
                    data: Array(bytes[s.offset..<(s.offset + size)]), duration: UInt32(clamping: max(1, s.duration)))
            }
            guard !samples.isEmpty else { return nil }
            return NewTrack(
                handlerType: track.handlerType, handlerName: track.handlerName,
                mediaHeader: track.handlerType == "meta" ? .generic(extra: []) : .null, sampleEntry: entry.bytes,
                timescale: track.timescale, samples: samples, language: track.language, references: track.references)
        }
    }

    /// `ftyp` and a `moov` holding only the movie header, then `tracks` added.
    static func build(_ movie: Movie, _ bytes: [UInt8], _ tracks: [NewTrack], moovFirst: Bool) -> [UInt8]? {
        guard !tracks.isEmpty, let mvhd = movie.movieBox.child("mvhd") else { return nil }
        var header = Array(movie.movieBytes[mvhd.range])
        // next_track_ID, the last field (§8.2.2.2): the tracks get IDs from 1 again.
        header.replaceSubrange((header.count - 4)..., with: [0, 0, 0, 1])
        var base = movie.topLevelBoxes.first { $0.type == "ftyp" }.map { Array(bytes[$0.range]) } ?? []
        var moov = BoxWriter()
        do {
            try moov.box("moov") { (w: inout BoxWriter) in w.append(header) }
        } catch {
            return nil
        }
        base += moov.bytes
        if moovFirst { base += [0, 0, 0, 8] + Array("free".utf8) }
        let source = MemoryByteSource(base)
        var output: [UInt8] = []
        do {
            try MovieTrackAdder(movie: try Movie.read(source), source: source).write(adding: tracks) { output += $0 }
        } catch {
            return nil
        }
        return output
    }

    /// A `mebx` track holding the first GoPro GPS points of `movie`.
    static func mebxTrack(from movie: [UInt8], videoTrackID: UInt32) -> NewTrack? {
        guard let metadata = try? MovieMetadata(bytes: movie), let track = metadata.firstTrack(.gpmf),
            let gps = try? metadata.goProTelemetry(track).gps
        else { return nil }
        var placed: [PlacedPoint] = []
        for s in gps.prefix(5) {
            guard let utc = s.point.time,
                let t = try? s.movieTime.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero),
                placed.last.map({ $0.movieTime < t }) ?? true
            else { continue }
            var p = TrackPoint(
                time: utc, latitude: s.point.latitude, longitude: s.point.longitude, elevation: s.point.elevation)
            p.speed = s.point.speed
            placed.append(PlacedPoint(movieTime: t, point: p))
        }
        guard !placed.isEmpty else { return nil }
        let groups = TimedMetadataTrackBuilder.groups(placed, movieDuration: metadata.duration)
        return try? TimedMetadataTrackBuilder.quickTimeTrack(groups, videoTrackID: videoTrackID, timescale: 1000)
    }
}
