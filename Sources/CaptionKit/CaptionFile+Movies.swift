import CaptionCore
import CaptionTracks
import ISOBMFF

extension CaptionFile {
    /// The captions of the movie at `path`, read through ``MovieCaptions`` (only the boxes and
    /// samples needed, never the whole file), when `name` is "movie", or when no format is named
    /// and the file starts like an MP4 or QuickTime movie; nil for any other file.
    static func readMovie(_ path: String, format name: String?, options: CaptionFormatOptions) throws -> (
        CaptionReadResult, CaptionFormat
    )? {
        let descriptor = MovieCaptionFormat.descriptor
        if let name, name.lowercased() != descriptor.name { return nil }
        if name == nil {
            guard path != "-", let file = try? FileByteSource(path: path),
                let head = try? file.bytes(in: 0..<min(189, file.count))
            else { return nil }
            // MPEG-2 transport streams: 188-byte packets starting with the sync byte 0x47
            // (ISO/IEC 13818-1 §2.4.3.2).
            if head.count == 189, head[0] == 0x47, head[188] == 0x47 {
                throw CaptionFormatError(
                    .unreadable,
                    "an MPEG transport stream: its A/53 captions need the media pipeline (libavformat), not yet there; remux it to MP4 or MOV first (ffmpeg -i in.ts -c copy out.mp4)",
                    at: DiagnosticLocation(file: path))
            }
            guard MovieCaptions.looksLikeMovie(head) else { return nil }
        }
        var opts = options
        if opts.fileName == nil { opts.fileName = path }
        do throws(CaptionTracksError) {
            return (try MovieCaptions(path: path).read(options: opts), descriptor)
        } catch {
            throw error.formatError
        }
    }
}

extension CaptionFile {
    /// Writes the CEA-608 words of the movie at `path` to `output` as an SCC file exactly as
    /// transmitted (``MovieCaptions/transmittedSCC(options:)``): the source and field from
    /// `options` (`settings["movie.source"]`, `channel`), labels from `options.startTimecode` or
    /// the movie's first timecode. Returns what the reading noticed.
    public static func writeTransmittedSCC(
        fromMovie path: String, to output: String, options: CaptionFormatOptions, overwrite: Bool
    ) throws -> [Diagnostic] {
        let scc = try CaptionFormatRegistry.standard.outputFormat(path: output, name: "scc")
        if let format = CaptionFormatRegistry.standard.format(forPath: output), format.name != scc.name {
            throw CaptionFormatError(
                .cannotWrite, "--as-transmitted writes SCC, not \(format.name)", at: DiagnosticLocation(file: output))
        }
        let transmitted: (bytes: [UInt8], diagnostics: [Diagnostic])
        do throws(CaptionTracksError) {
            transmitted = try MovieCaptions(path: path).transmittedSCC(options: options)
        } catch {
            throw error.formatError
        }
        try FileIO.writeAtomically(transmitted.bytes, to: output, overwrite: overwrite)
        return transmitted.diagnostics
    }
}
