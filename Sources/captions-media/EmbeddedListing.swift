import CaptionKit
import CaptionTracks
import ISOBMFF
import Metadata

/// What `inspect` lists inside a movie besides its tracks' codecs: every caption source (a
/// `c608` track, CEA-608 in the video's A/53 data, a `tx3g`/`text` subtitle track) and every
/// timed-metadata track (`mebx` keys, GoPro GPMF streams). MP4/MOV are read through the box
/// reader; other containers' video through libavformat's packets (`DemuxedCaptions`).
struct EmbeddedListing {
    /// A/53 data is looked for in this many pictures, so that listing a long movie stays quick.
    static let pictureScanLimit = 600

    var captions: [MovieCaptionSource] = []
    /// Pictures scanned for A/53 data in a demuxed stream (nil for MP4/MOV: see
    /// ``MovieCaptions/sources(seiScanLimit:)``).
    var picturesScanned: Int?
    var metadata: [MetadataTrackInfo] = []
    /// Caption or subtitle tracks in a format not read (a located warning each).
    var notes: [Diagnostic] = []

    static func of(_ path: String) -> EmbeddedListing {
        var listing = EmbeddedListing()
        if let movie = try? MovieCaptions(path: path) {
            (listing.captions, listing.notes) = movie.sources(seiScanLimit: pictureScanLimit)
            if movie.hasVideoOnlyADemuxerReads { listing.addDemuxed(path) }
            listing.metadata = (try? MovieMetadata(path: path))?.metadataTrackInfo() ?? []
        } else {
            listing.addDemuxed(path)
        }
        return listing
    }

    private mutating func addDemuxed(_ path: String) {
        guard let (scan, codec, streamID) = try? DemuxedCaptions.scan(path, limit: Self.pictureScanLimit) else {
            return
        }
        picturesScanned = scan.pictureCount
        let transmission = scan.transmission
        guard !transmission.pairs.isEmpty else { return }
        captions.append(
            MovieCaptionSource(
                kind: .sei, trackID: UInt32(clamping: streamID), format: codec, language: "und",
                channels: transmission.channels, sampleCount: scan.pictureCount))
    }

    func textLines() -> [String] {
        var lines: [String] = []
        lines.append(captions.isEmpty ? "  captions: none" : "  captions:")
        for c in captions { lines.append("    \(c) (--source \(c.kind.rawValue))") }
        if captions.contains(where: { $0.kind == .sei }) || picturesScanned != nil {
            lines.append("    (A/53 data looked for in the first \(Self.pictureScanLimit) pictures)")
        }
        for n in notes { lines.append("    note: \(n.message)") }
        lines.append(metadata.isEmpty ? "  timed metadata: none" : "  timed metadata:")
        for m in metadata { lines.append("    \(m)") }
        return lines
    }

    func dictionary() -> [String: Any] {
        [
            "captions": captions.map { c -> [String: Any] in
                var d: [String: Any] = [
                    "kind": c.kind.rawValue, "track_id": Int(c.trackID), "format": c.format, "language": c.language,
                    "channels": c.channels.map { "CC\($0)" },
                ]
                if c.kind != .sei { d["samples"] = c.sampleCount }
                return d
            },
            "caption_scan_pictures": Self.pictureScanLimit,
            "caption_notes": notes.map(\.message),
            "timed_metadata": metadata.map { m -> [String: Any] in
                [
                    "track_id": Int(m.trackID), "format": m.format, "handler_name": m.handlerName,
                    "samples": m.sampleCount, "keys": m.keys, "describes": m.describes.map { Int($0) },
                ]
            },
        ]
    }
}
