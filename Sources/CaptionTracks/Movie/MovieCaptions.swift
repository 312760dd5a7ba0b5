import CaptionCore
import ISOBMFF

/// The captions a movie carries (AVFoundation's `AVAssetReaderOutputCaptionAdaptor` on Linux):
/// CEA-608 in `c608` closed-caption tracks, CEA-608 and CEA-708 in `c708` closed-caption tracks
/// and in the video's A/53 SEI, and `tx3g`/`text` subtitle tracks. Pure Swift over the box reader: no picture is decoded, and of the video
/// only the NAL units before each picture's slices are read. See Specs/caption-tracks.md.
public struct MovieCaptions: Sendable {
    public let movie: Movie
    public let source: ByteSource
    /// The movie's file name, for messages.
    public let fileName: String?
    /// What has been read of the movie, for the next read (shared by copies).
    let cache = MovieCaptionsCache()

    public init(movie: Movie, source: ByteSource, fileName: String? = nil) {
        self.movie = movie
        self.source = source
        self.fileName = fileName
    }

    /// Opens the movie at `path` (a regular file, read piece by piece).
    public init(path: String) throws(CaptionTracksError) {
        do throws(ISOBMFFError) {
            let file = try FileByteSource(path: path)
            self.init(movie: try Movie.read(file), source: file, fileName: path)
        } catch {
            throw CaptionTracksError(error, file: path)
        }
    }

    /// Opens a stream delivered in pieces, as HLS and DASH do: the initialization segment at
    /// `initialization` (its `ftyp` and `moov`) and the media segments at `segments` (each
    /// `moof` and `mdat`, maybe after `styp` and `sidx`), in order, read as the one fragmented
    /// movie they were cut from (``SegmentedByteSource``). Errors name the segment and the
    /// offset in it.
    public init(initialization: String, segments: [String]) throws(CaptionTracksError) {
        let source: SegmentedByteSource
        do throws(ISOBMFFError) {
            source = try SegmentedByteSource(initialization: initialization, segments: segments)
        } catch {
            var e = error
            e.file = nil
            throw CaptionTracksError(e, file: error.file ?? initialization)
        }
        let movie: Movie
        do throws(ISOBMFFError) {
            movie = try Movie.read(source)
        } catch {
            var e = source.located(error)
            let file = e.file ?? initialization
            e.file = nil
            throw CaptionTracksError(e, file: file)
        }
        guard let first = source.files.first, movie.movieOffset < first.count else {
            throw CaptionTracksError(
                .unreadable,
                "not an initialization segment: it holds no moov box (the moov is in \(source.locate(movie.movieOffset)?.path ?? "a later file")); give the initialization segment first",
                file: initialization)
        }
        self.init(movie: movie, source: source, fileName: initialization)
    }

    /// Reads the movie held in `bytes` (tests, fuzzing, standard input).
    public init(bytes: [UInt8], fileName: String? = nil) throws(CaptionTracksError) {
        let memory = MemoryByteSource(bytes)
        do throws(ISOBMFFError) {
            self.init(movie: try Movie.read(memory), source: memory, fileName: fileName)
        } catch {
            throw CaptionTracksError(error, file: fileName)
        }
    }

    // MARK: - Sources

    /// The first video track (what A/53 data and `c608` samples are timed by).
    public var videoTrack: Track? { movie.tracks.first { $0.handlerType == "vide" } }

    /// Whether a video track is in a codec whose A/53 data this box reader cannot find (MPEG-2
    /// video, `mp4v`: it sits in picture user data, which libavformat's demuxer cuts out).
    public var hasVideoOnlyADemuxerReads: Bool {
        movie.tracks.contains {
            $0.handlerType == "vide" && $0.sampleEntries.first.flatMap(SEICaptionReader.forSampleEntry) == nil
                && ["mp4v", "m2v1", "mpg2", "hdv1", "hdv2", "hdv3", "hdv5", "hdv6", "hdv7", "hdv8", "xdvc", "xd5c"]
                    .contains($0.format?.description ?? "")
        }
    }

    /// Every caption source, in track order, and a warning for each caption or subtitle track
    /// in a format this reader does not decode (it is left alone; nothing else is lost).
    ///
    /// A/53 data is looked for in each H.264 or HEVC video track until `seiScanLimit` pictures
    /// after the first that carries some (every picture when none does), so that listing stays
    /// quick on long movies that have captions; reading scans them all.
    public func sources(seiScanLimit: Int = 600) -> (sources: [MovieCaptionSource], diagnostics: [Diagnostic]) {
        sources(seiScanLimit: seiScanLimit, scanningVideo: true)
    }

    /// ``sources(seiScanLimit:)``; without `scanningVideo` the video is not looked at for A/53
    /// data (the caller wants another kind of source), so no ``MovieCaptionSource/Kind/sei``
    /// source is listed.
    func sources(seiScanLimit: Int = 600, scanningVideo: Bool) -> (
        sources: [MovieCaptionSource], diagnostics: [Diagnostic]
    ) {
        var found: [MovieCaptionSource] = []
        var diagnostics = containerDiagnostics
        // The tracks read below, their fragments walked once for all of them.
        prefetchSamples(
            of: movie.tracks.filter {
                ($0.handlerType == "clcp" && ($0.format == "c608" || $0.format == "c708"))
                    || (scanningVideo && $0.handlerType == "vide"
                        && $0.sampleEntries.first.flatMap(SEICaptionReader.forSampleEntry) != nil)
            })
        for track in movie.tracks {
            let format = track.format?.description ?? "none"
            let count = track.sampleCount
            switch track.handlerType {
            case "clcp" where track.format == "c708":
                // CEA-608 channels and CEA-708 services in the CDPs' cc_data.
                let reading = try? c708(track).reading
                found.append(
                    MovieCaptionSource(
                        kind: .track, trackID: track.id, format: format, language: track.language,
                        channels: reading?.transmission.channels ?? [], services: reading?.services ?? [],
                        sampleCount: count))
            case "clcp":
                guard track.format == "c608" else {
                    diagnostics.append(unknownCodec(track, "closed captions in \(format)"))
                    continue
                }
                let channels = (try? c608Transmission(track).transmission.channels) ?? []
                found.append(
                    MovieCaptionSource(
                        kind: .track, trackID: track.id, format: format, language: track.language,
                        channels: channels, sampleCount: count))
            case "sbtl", "text", "subt":
                guard ["tx3g", "text", "wvtt", "stpp"].contains(track.format) else {
                    diagnostics.append(unknownCodec(track, "subtitles in \(format)"))
                    continue
                }
                found.append(
                    MovieCaptionSource(
                        kind: .subtitle, trackID: track.id, format: format, language: track.language, channels: [],
                        sampleCount: count))
            case "vide":
                // An encrypted track whose SEI lies in protected bytes is listed too, so that
                // reading it says so (an error-level finding) instead of "no captions".
                guard scanningVideo, let entry = track.sampleEntries.first,
                    SEICaptionReader.forSampleEntry(entry) != nil,
                    let scan = try? a53(track, limit: seiScanLimit),
                    !scan.transmission.pairs.isEmpty || !scan.dtvcc.isEmpty
                        || scan.diagnostics.contains(where: { $0.ruleID == Self.encryptedRule })
                else { continue }
                found.append(
                    MovieCaptionSource(
                        kind: .sei, trackID: track.id, format: format, language: track.language,
                        channels: scan.transmission.channels, services: scan.services, sampleCount: count))
            default:
                continue
            }
        }
        return (found, diagnostics)
    }

    /// What the box reader noticed and worked around (``Movie/warnings``: a file cut short, a
    /// damaged box that hides tracks, fragments of unknown tracks), as warnings located in the
    /// file (the segment, for a movie read from segments).
    var containerDiagnostics: [Diagnostic] {
        movie.warnings.map { warning in
            var located = (source as? SegmentedByteSource)?.located(warning) ?? warning
            let file = located.file ?? fileName
            located.file = nil
            return Diagnostic(.warning, "tracks.container", located.description, at: DiagnosticLocation(file: file))
        }
    }

    private func unknownCodec(_ track: Track, _ what: String) -> Diagnostic {
        Diagnostic(
            .warning, "tracks.unknown-codec",
            "track \(track.id) holds \(what), which this reader does not decode; it is left out",
            at: DiagnosticLocation(file: fileName))
    }

    // MARK: - Locating findings

    /// Where a finding about `track` at movie time `time` is: the file and track, and the time
    /// as a 29.97 fps timecode.
    func location(track: Track, sample: Int?, time: MediaTime?) -> DiagnosticLocation {
        Self.location(fileName: fileName, trackID: track.id, sample: sample, time: time)
    }

    /// ``location(track:sample:time:)`` for a closure kept with a reading: it must not hold the
    /// movie, whose cache keeps the reading (a cycle that leaked every inspected movie,
    /// LeakSanitizer in `make test-sanitize`).
    static func location(fileName: String?, trackID: UInt32, sample: Int?, time: MediaTime?) -> DiagnosticLocation {
        var file = (fileName ?? "movie") + " track \(trackID)"
        if let sample { file += " sample \(sample + 1)" }
        let timecode = time.flatMap { try? Timecode(time: $0, rate: .fps29_97, dropFrame: true).description }
        return DiagnosticLocation(file: file, timecode: timecode, time: time)
    }

    /// Where picture or sample `number` of `track` is, without holding the movie (see above).
    func locating(_ track: Track) -> @Sendable (DTVCCTransmission.Picture) -> DiagnosticLocation {
        let (name, id) = (fileName, track.id)
        return { Self.location(fileName: name, trackID: id, sample: $0.number, time: $0.time) }
    }
}
