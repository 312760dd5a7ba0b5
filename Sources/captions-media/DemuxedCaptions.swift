import CaptionKit
import CaptionTracks
import FileSafety
import Media

/// The captions in movies only libavformat's demuxer reads (MPEG transport and program streams,
/// Matroska, MPEG-2 video in any container): A/53 `cc_data` found picture by picture in the
/// compressed video (`VideoPacketReader` hands on each packet; `VideoStreamCaptions` looks in
/// its user data or SEI), never decoded. libavcodec would export the same bytes only as the side
/// data of decoded frames, at the cost of decoding every picture. Installed as CaptionKit's
/// ``StreamMovieReader`` when captions-media starts.
enum DemuxedCaptions {
    static let reader = StreamMovieReader(
        read: { path, options in
            let found = try scan(path).captions
            if let kind = options.settings[MovieCaptions.sourceSetting], kind != MovieCaptionSource.Kind.sei.rawValue {
                throw CaptionFormatError(
                    .unreadable, "--source \(kind): this movie's captions are in its video (--source sei)",
                    at: DiagnosticLocation(file: path))
            }
            if let nothing = noCaptions(found, path: path) { return nothing }
            do throws(CaptionTracksError) {
                return try found.captions(options: options)
            } catch {
                throw error.formatError
            }
        },
        transmittedSCC: { path, options in
            let found = try scan(path).captions
            if let nothing = noCaptions(found, path: path) { return ([], nothing.diagnostics) }
            do throws(CaptionTracksError) {
                return try found.transmittedSCC(options: options)
            } catch {
                throw error.formatError
            }
        })

    /// A movie whose video carries no A/53 data: an empty document and an error-level finding
    /// (``CaptionFile/noCaptionsRule``), so that commands write nothing and exit 1; nil when it
    /// carries some.
    static func noCaptions(_ found: VideoStreamCaptions, path: String) -> CaptionReadResult? {
        guard found.transmission.pairs.isEmpty, found.dtvcc.isEmpty else { return nil }
        return CaptionReadResult(
            document: CaptionDocument(captions: []),
            diagnostics: found.allDiagnostics + [
                Diagnostic(
                    .error, CaptionFile.noCaptionsRule,
                    "no captions: none of the \(found.pictureCount) pictures of its \(found.layout.videoName) carries A/53 caption data",
                    at: DiagnosticLocation(file: path))
            ])
    }

    /// Every picture of the movie's video read for its caption data (at most `limit`), with the
    /// video's codec name and stream ID (a transport stream's PID).
    static func scan(_ path: String, limit: Int = .max) throws -> (
        captions: VideoStreamCaptions, codecName: String, streamID: Int
    ) {
        do {
            let packets = try VideoPacketReader(path: path)
            guard
                var captions = VideoStreamCaptions(
                    codecName: packets.codecName, configuration: packets.codecConfiguration, fileName: path)
            else {
                throw CaptionFormatError(
                    .unreadable,
                    "no captions: its video is \(packets.codecName), which carries no A/53 captions this reader knows (MPEG-2, H.264 and HEVC do)",
                    at: DiagnosticLocation(file: path))
            }
            try packets.forEachPicture { picture in
                picture.withBytes { captions.add(picture: $0, presentationTime: picture.presentationTime) }
                return captions.pictureCount < limit
            }
            // The languages the PMT announces (ATSC A/65 §6.9.2), which libavformat does not keep.
            if packets.containerFormat == "mpegts" {
                do {
                    let head = try InputFile.head(path, count: TransportStreamCaptionServices.headSize)
                    if let announced = TransportStreamCaptionServices.read(
                        head, videoPID: packets.streamID, fileName: path)
                    {
                        captions.announced = announced
                    }
                } catch {
                    // The captions are read; only the languages the PMT names are lost: said, not thrown.
                    var none = TransportStreamCaptionServices()
                    none.diagnostics = [
                        Diagnostic(
                            .warning, "tracks.ts-section",
                            "the head of the file could not be read again for its PAT and PMT (\(error)); the services' languages are not known",
                            at: DiagnosticLocation(file: path))
                    ]
                    captions.announced = none
                }
            }
            return (captions, packets.codecName, packets.streamID)
        } catch let error as MediaFileError {
            throw CaptionFormatError(.unreadable, error.description, at: DiagnosticLocation(file: path))
        }
    }
}

extension VideoStreamCaptions.Layout {
    /// `MPEG-2 video`, `H.264 video`, `HEVC video`.
    fileprivate var videoName: String { self == .mpeg2 ? "\(self)" : "\(self) video" }
}
