import CaptionCore
import Foundation
import ISOBMFF

public typealias ISOBMFFTrack = ISOBMFF.Track

/// The timed metadata of a movie file: its metadata tracks, their `mebx` groups or GoPro
/// telemetry, and the movie's creation time. The file is read on demand, never whole.
public struct MovieMetadata: Sendable {
    public let movie: Movie
    public let source: ByteSource
    public let limits: ISOBMFFLimits

    public init(movie: Movie, source: ByteSource, limits: ISOBMFFLimits = .standard) {
        self.movie = movie
        self.source = source
        self.limits = limits
    }

    /// Opens the movie at `path` (a regular file).
    public init(path: String, limits: ISOBMFFLimits = .standard) throws(MetadataError) {
        do throws(ISOBMFFError) {
            let source = try FileByteSource(path: path)
            self.init(movie: try Movie.read(source, limits: limits), source: source, limits: limits)
        } catch {
            throw MetadataError(error, file: path)
        }
    }

    /// Reads movie bytes from memory (tests, fuzzing).
    public init(bytes: [UInt8], limits: ISOBMFFLimits = .standard) throws(MetadataError) {
        do throws(ISOBMFFError) {
            let source = MemoryByteSource(bytes)
            self.init(movie: try Movie.read(source, limits: limits), source: source, limits: limits)
        } catch {
            throw MetadataError(error, file: nil)
        }
    }

    /// Tracks whose handler is `meta` (timed metadata; GoPro's `gpmd` too).
    public var metadataTracks: [Track] { movie.tracks.filter { $0.handlerType == "meta" } }

    /// Every metadata track with its keys, for `captions inspect`. GoPro tracks are decoded to
    /// list their streams; a track that cannot be decoded is listed without keys.
    public func metadataTrackInfo() -> [MetadataTrackInfo] {
        metadataTracks.map { track in
            let format = track.format?.description ?? ""
            var info = MetadataTrackInfo(
                trackID: track.id, kind: MetadataTrackInfo.Kind(rawValue: format) ?? .other, format: format,
                handlerName: track.handlerName, sampleCount: track.sampleCount, keys: [],
                describes: track.references["cdsc"] ?? [])
            switch info.kind {
            case .quickTimeMetadata:
                if let entry = track.sampleEntries.first, let table = try? MebxKeyTable(sampleEntry: entry) {
                    info.keys = table.keys.map(\.identifier.description)
                }
            case .gpmf:
                if let telemetry = try? goProTelemetry(track) {
                    info.keys = telemetry.streams.map {
                        "\($0.key) \($0.name) \(String(format: "%.1f", $0.rate)) Hz"
                    }
                }
            case .other:
                break
            }
            return info
        }
    }

    /// The first track of `kind`.
    public func firstTrack(_ kind: MetadataTrackInfo.Kind) -> Track? {
        metadataTracks.first { $0.format?.description == kind.rawValue }
    }

    /// Calls `body` with each sample of `track`, its movie time range and its bytes, one sample
    /// in memory at a time.
    package func forEachSample(of track: Track, _ body: (Int, TimeRange, [UInt8]) throws(MetadataError) -> Void)
        throws(MetadataError)
    {
        let timeline = TrackTimeline(track: track, movieTimescale: movie.header.timescale)
        let samples: [Sample]
        do throws(ISOBMFFError) {
            samples = try movie.samples(of: track)
        } catch {
            throw MetadataError(error, file: nil)
        }
        for (index, s) in samples.enumerated() {
            guard s.size <= limits.maximumSampleBytes else {
                throw MetadataError(
                    .limit,
                    "\(track.box.path): sample \(index + 1) is \(s.size) bytes, more than \(limits.maximumSampleBytes)")
            }
            let bytes: [UInt8]
            do throws(ISOBMFFError) {
                bytes = try source.bytes(in: s.offset..<(s.offset + s.size))
            } catch {
                throw MetadataError(error, file: nil)
            }
            try body(index, timeline.range(of: s), bytes)
        }
    }

    /// The GoPro telemetry of a `gpmd` track, read one payload at a time. A payload that is not
    /// valid GPMF is reported in the telemetry's diagnostics (with its time) and skipped.
    public func goProTelemetry(_ track: Track) throws(MetadataError) -> GoProTelemetry {
        var accumulator = GoProTelemetry.Accumulator()
        var diagnostics: [Diagnostic] = []
        let reader = GPMFReader()
        try forEachSample(of: track) { (index, range, bytes) throws(MetadataError) in
            do throws(MetadataError) {
                accumulator.add(
                    .init(timeRange: range, entries: try reader.read(bytes, context: "payload \(index + 1)")))
            } catch {
                accumulator.cover(range)
                diagnostics.append(
                    Diagnostic(.warning, "gpmf.payload", error.message, at: DiagnosticLocation(time: range.start)))
            }
        }
        return accumulator.telemetry(diagnostics: diagnostics)
    }

    /// The groups of a `mebx` track, one per sample.
    public func timedMetadataGroups(_ track: Track) throws(MetadataError) -> [TimedMetadataGroup] {
        guard let entry = track.sampleEntries.first else {
            throw MetadataError(.missing, "track \(track.id) has no sample entry")
        }
        let table: MebxKeyTable
        do throws(ISOBMFFError) {
            table = try MebxKeyTable(sampleEntry: entry)
        } catch {
            throw MetadataError(error, file: nil)
        }
        var groups: [TimedMetadataGroup] = []
        try forEachSample(of: track) { (i, range, bytes) throws(MetadataError) in
            do throws(ISOBMFFError) {
                let items = try MebxSampleCodec.decode(bytes, table: table, path: "track \(track.id) sample \(i + 1)")
                groups.append(TimedMetadataGroup(timeRange: range, items: items))
            } catch {
                throw MetadataError(error, file: nil)
            }
        }
        return groups
    }

    /// The movie's creation time: QuickTime's `com.apple.quicktime.creationdate` when present
    /// (it carries the time zone), else `mvhd`'s creation time (seconds since 1904, taken as
    /// UTC; some cameras write local time there).
    public var creationTime: UTCTime? { creationClock.time }

    /// QuickTime writes `2024-05-01T10:00:00+0200`; ISO 8601 extended form has `+02:00`.
    static func normalisedDate(_ text: String) -> String {
        let b = Array(text.utf8)
        if b.count >= 5, b[b.count - 5] == 0x2B || b[b.count - 5] == 0x2D,
            b[(b.count - 4)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        {
            return String(text.dropLast(2)) + ":" + String(text.suffix(2))
        }
        return text
    }

    /// The movie's duration.
    public var duration: MediaTime {
        MediaTime(value: Int64(clamping: movie.header.duration), timescale: Int32(clamping: movie.header.timescale))
    }
}

extension MetadataError {
    /// A box-level error, keeping its path and offset in the message.
    public init(_ error: ISOBMFFError, file: String?) {
        let kind: Kind =
            switch error.kind {
            case .limit: .limit
            case .io: .io
            case .missing: .missing
            default: .malformed
            }
        self.init(kind, error.description, location: DiagnosticLocation(file: file))
    }
}
