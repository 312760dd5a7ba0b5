import CaptionCore
import CaptionTracks
import ISOBMFF

extension CaptionFile {
    /// The captions of the movie at `path`, read through `MovieCaptions` (only the boxes and
    /// samples needed, never the whole file), when `name` is "movie", or when no format is named
    /// and the file starts like an MP4 or QuickTime movie; through the installed
    /// ``StreamMovieReader`` for movies only libavformat reads; nil for any other file.
    static func readMovie(_ path: String, format name: String?, options: CaptionFormatOptions) throws -> (
        CaptionReadResult, CaptionFormat
    )? {
        let descriptor = MovieCaptionFormat.descriptor
        if let name, name.lowercased() != descriptor.name { return nil }
        let container = path == "-" ? nil : movieContainer(path)
        let needsDemuxer = container?.needsDemuxer == true
        if name == nil && !needsDemuxer && container != .isoBMFF { return nil }
        let opts = options.named(path)
        if needsDemuxer { return (try streamReader(for: path).read(path, opts), descriptor) }
        do throws(CaptionTracksError) {
            return (try MovieCaptions(path: path).read(options: opts), descriptor)
        } catch {
            // MPEG-2 video in an MP4/MOV keeps its A/53 data where only the demuxer looks; without
            // it, that is no finding about the movie but a limit of this program (error, status 2).
            if error.kind == .missing, (try? MovieCaptions(path: path))?.hasVideoOnlyADemuxerReads == true {
                guard let reader = StreamMovieReader.current else { throw error.formatError }
                return (try reader.read(path, opts), descriptor)
            }
            if let nothing = noCaptions(error, file: path) { return (nothing, descriptor) }
            throw error.formatError
        }
    }

    /// A movie without the caption source asked for (``CaptionTracksError/Kind/missing``) is a
    /// readable input that gives nothing: an empty document and an error-level finding that says
    /// what the movie holds, so that commands write nothing and exit 1 (``EmptyCaptions``), as
    /// for any input that gives no caption; nil for any other failure.
    static func noCaptions(_ error: CaptionTracksError, file: String) -> CaptionReadResult? {
        guard error.kind == .missing else { return nil }
        return CaptionReadResult(
            document: CaptionDocument(captions: []),
            diagnostics: [
                Diagnostic(.error, noCaptionsRule, error.message, at: DiagnosticLocation(file: error.file ?? file))
            ])
    }

    /// The rule of the finding for a movie with no caption source (or not the one asked for).
    public static let noCaptionsRule = "tracks.no-captions"

    /// The captions of a fragmented movie delivered in pieces (HLS, DASH, CMAF): the
    /// initialization segment at `initialization` and its media segments at `segments`, in
    /// order, read as one movie (`MovieCaptions.init(initialization:segments:)` (CaptionTracks)).
    public static func readMovie(initialization: String, segments: [String], options: CaptionFormatOptions) throws
        -> (CaptionReadResult, CaptionFormat)
    {
        do throws(CaptionTracksError) {
            let movie = try MovieCaptions(initialization: initialization, segments: segments)
            return (try movie.read(options: options.named(initialization)), MovieCaptionFormat.descriptor)
        } catch {
            if let nothing = noCaptions(error, file: initialization) { return (nothing, MovieCaptionFormat.descriptor) }
            throw error.formatError
        }
    }

    /// The kind of movie the file at `path` is, by its first bytes; nil for any other file.
    static func movieContainer(_ path: String) -> MovieContainer? {
        guard let file = try? FileByteSource(path: path),
            let head = try? file.bytes(in: 0..<min(MovieContainer.headLength, file.count))
        else { return nil }
        return MovieContainer(head: head)
    }

    /// The installed reader for a movie that needs libavformat, or a clear error.
    static func streamReader(for path: String) throws -> StreamMovieReader {
        guard let reader = StreamMovieReader.current else {
            throw CaptionFormatError(
                .unreadable,
                "an MPEG transport or program stream, or a Matroska file: its captions are read through libavformat, "
                    + "which this program does not link (captions-media does; `captions convert` hands such movies to it)",
                at: DiagnosticLocation(file: path))
        }
        return reader
    }
}

extension CaptionFile {
    /// How messages name ``writeTransmittedSCC(fromMovie:segments:to:options:overwrite:)``; the
    /// CLI's `--as-transmitted`.
    public static let transmittedWords = "CaptionFile.writeTransmittedSCC"

    /// Writes the CEA-608 words of the movie at `path` (with `segments`: its initialization
    /// segment, followed by those media segments) to `output` as an SCC file exactly as
    /// transmitted (`MovieCaptions.transmittedSCC(options:)` (CaptionTracks)): the source and field from
    /// `options` (`settings["movie.source"]`, `channel`), labels from `options.startTimecode` or
    /// the movie's first timecode. Returns what the reading noticed.
    public static func writeTransmittedSCC(
        fromMovie path: String, segments: [String]? = nil, to output: String, options: CaptionFormatOptions,
        overwrite: Bool
    ) throws -> [Diagnostic] {
        let scc = try CaptionFormatRegistry.standard.outputFormat(path: output, name: "scc")
        if let format = CaptionFormatRegistry.standard.format(forPath: output), format.name != scc.name {
            throw CaptionFormatError(
                .cannotWrite, "\(Self.transmittedWords) writes SCC, not \(format.name)",
                at: DiagnosticLocation(file: output))
        }
        let transmitted: (bytes: [UInt8], diagnostics: [Diagnostic])
        if let segments {
            // An initialization segment (`path`) and its media segments, read as one movie.
            do throws(CaptionTracksError) {
                transmitted = try MovieCaptions(initialization: path, segments: segments).transmittedSCC(
                    options: options)
            } catch {
                throw error.formatError
            }
        } else if movieContainer(path)?.needsDemuxer == true {
            transmitted = try streamReader(for: path).transmittedSCC(path, options.named(path))
        } else {
            var missing: CaptionTracksError?
            var found: (bytes: [UInt8], diagnostics: [Diagnostic])?
            do throws(CaptionTracksError) {
                found = try MovieCaptions(path: path).transmittedSCC(options: options)
            } catch {
                missing = error
            }
            if let found {
                transmitted = found
            } else if let missing, missing.kind == .missing, let reader = StreamMovieReader.current,
                (try? MovieCaptions(path: path))?.hasVideoOnlyADemuxerReads == true
            {
                // MPEG-2 video in an MP4/MOV: its A/53 data is where only the demuxer looks.
                transmitted = try reader.transmittedSCC(path, options.named(path))
            } else if let missing, let nothing = noCaptions(missing, file: path) {
                // No CEA-608 source: nothing is written, and the finding says what the movie holds.
                return nothing.diagnostics
            } else {
                throw (missing ?? CaptionTracksError(.unreadable, "cannot read the movie", file: path)).formatError
            }
        }
        // A movie without CEA-608 words: nothing to write (the finding says so, exit 1).
        guard !transmitted.diagnostics.contains(where: { $0.ruleID == noCaptionsRule && $0.severity == .error })
        else { return transmitted.diagnostics }
        try FileIO.writeAtomically(transmitted.bytes, to: output, overwrite: overwrite)
        return transmitted.diagnostics
    }
}

extension CaptionFormatOptions {
    /// These options with `fileName` set to `path` when they name no file.
    func named(_ path: String) -> CaptionFormatOptions {
        var o = self
        if o.fileName == nil { o.fileName = path }
        return o
    }
}
