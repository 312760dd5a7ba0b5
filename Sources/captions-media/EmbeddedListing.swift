import CaptionKit
import CaptionTracks
import ISOBMFF
import Metadata

/// What `inspect` lists inside a movie besides its tracks' codecs: every caption source (a
/// `c608` track, CEA-608 in the video's A/53 data, a `tx3g`/`text`/`wvtt` subtitle track) with
/// its census — read in full: samples or pictures, byte pairs per field and how many are not
/// filler, captions per channel and per CEA-708 service, field 2's XDS packets — and every timed-metadata track (`mebx`
/// keys, GoPro GPMF streams). MP4/MOV are read through the box reader; other containers' video
/// through libavformat's packets (`DemuxedCaptions`).
struct EmbeddedListing {
    /// One caption source and what it holds.
    struct Source {
        var source: MovieCaptionSource
        var census: CaptionSourceCensus
    }

    var captions: [Source] = []
    var metadata: [MetadataTrackInfo] = []
    /// Caption or subtitle tracks in a format not read, and what the box reader worked around.
    var notes: [Diagnostic] = []

    static func of(_ path: String) -> EmbeddedListing {
        var listing = EmbeddedListing()
        if let movie = try? MovieCaptions(path: path) {
            listing.add(movie)
            if movie.hasVideoOnlyADemuxerReads { listing.addDemuxed(path) }
            listing.metadata = (try? MovieMetadata(path: path))?.metadataTrackInfo() ?? []
        } else {
            listing.addDemuxed(path)
        }
        return listing
    }

    /// The listing of an initialization segment and its media segments read as one movie.
    static func of(initialization: String, segments: [String]) -> EmbeddedListing {
        var listing = EmbeddedListing()
        do throws(CaptionTracksError) {
            let movie = try MovieCaptions(initialization: initialization, segments: segments)
            listing.add(movie)
            listing.metadata = MovieMetadata(movie: movie.movie, source: movie.source).metadataTrackInfo()
        } catch {
            listing.notes.append(Diagnostic(.error, "tracks.container", error.description))
        }
        return listing
    }

    private mutating func add(_ movie: MovieCaptions) {
        let (sources, notes) = movie.sources()
        self.notes += notes
        captions += sources.map { Source(source: $0, census: movie.census(of: $0)) }
    }

    private mutating func addDemuxed(_ path: String) {
        guard let (scan, codec, streamID) = try? DemuxedCaptions.scan(path) else { return }
        let reading = scan.reading
        guard !reading.transmission.pairs.isEmpty || !reading.dtvcc.isEmpty else { return }
        let source = MovieCaptionSource(
            kind: .sei, trackID: UInt32(clamping: streamID), format: codec, language: "und",
            channels: reading.transmission.channels, services: reading.services, sampleCount: scan.pictureCount)
        let census = scan.census(name: "\(path) video")
        captions.append(Source(source: source, census: census))
    }

    func textLines() -> [String] {
        var lines: [String] = []
        lines.append(captions.isEmpty ? "  captions: none" : "  captions:")
        for c in captions {
            lines.append("    \(c.source) (--source \(c.source.kind.rawValue))")
            lines.append("      " + Self.counts(c))
            for packet in c.census.xds.prefix(Self.xdsShown) { lines.append("      XDS: \(packet.summary)") }
            if c.census.xds.count > Self.xdsShown {
                lines.append("      XDS: \(c.census.xds.count - Self.xdsShown) more packets (--json lists them)")
            }
            for d in c.census.diagnostics { lines.append("      \(d.severity.rawValue): \(d.message)") }
        }
        for n in notes { lines.append("    note: \(n.message)") }
        lines.append(metadata.isEmpty ? "  timed metadata: none" : "  timed metadata:")
        for m in metadata { lines.append("    \(m)") }
        return lines
    }

    /// The XDS packets shown in text (a programme repeats them every few seconds).
    static let xdsShown = 8

    /// `87 samples; field 1: 87 byte pairs, 52 not filler; CC1: 3 captions`.
    static func counts(_ c: Source) -> String {
        let census = c.census
        let unit = c.source.kind == .sei ? "pictures" : "samples"
        var parts = ["\(census.samples) \(unit)"]
        if c.source.kind != .subtitle {
            for (i, n) in census.pairs.enumerated() where n > 0 {
                parts.append("field \(i + 1): \(n) byte pairs, \(census.dataPairs[i]) not filler")
            }
            if census.pairs.allSatisfy({ $0 == 0 }) { parts.append("no byte pairs") }
        }
        let found =
            census.captions.sorted { $0.key < $1.key }.map { channel, count in
                (channel == 0 ? "" : "CC\(channel): ") + "\(count) caption\(count == 1 ? "" : "s")"
            }
            + census.services.sorted { $0.key < $1.key }.map { service, count in
                let language = census.serviceLanguages[service].map { " (\($0))" } ?? ""
                return "CEA-708 service \(service)\(language): \(count) caption\(count == 1 ? "" : "s")"
            }
        parts += found.isEmpty ? ["no caption"] : found
        if !census.xds.isEmpty { parts.append("\(census.xds.count) XDS packets") }
        return parts.joined(separator: "; ")
    }

    func dictionary() -> [String: Any] {
        [
            "captions": captions.map { c -> [String: Any] in
                let s = c.source
                var d: [String: Any] = [
                    "kind": s.kind.rawValue, "track_id": Int(s.trackID), "format": s.format, "language": s.language,
                    "channels": s.channels.map { "CC\($0)" }, "samples": c.census.samples,
                    "captions_found": Dictionary(
                        c.census.captions.map { ($0.key == 0 ? "all" : "CC\($0.key)", $0.value) },
                        uniquingKeysWith: { a, _ in a }),
                    "findings": c.census.diagnostics.map(\.description),
                ]
                // CEA-708 services: in A/53 data and in c708 tracks.
                if s.kind == .sei || s.format == "c708" {
                    d["services"] = c.census.services.keys.sorted().map { service -> [String: Any] in
                        var entry: [String: Any] = ["service": service, "captions": c.census.services[service] ?? 0]
                        if let language = c.census.serviceLanguages[service] { entry["language"] = language }
                        return entry
                    }
                }
                if s.kind != .subtitle {
                    d["byte_pairs"] = ["field1": c.census.pairs[0], "field2": c.census.pairs[1]]
                    d["data_pairs"] = ["field1": c.census.dataPairs[0], "field2": c.census.dataPairs[1]]
                    d["xds"] = c.census.xds.map { p -> [String: Any] in
                        [
                            "class": p.packetClass.name, "type": p.typeName, "summary": p.summary,
                            "start_frame": Int(p.startFrame),
                        ]
                    }
                }
                return d
            },
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
