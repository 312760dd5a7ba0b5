import CaptionCore
import ISOBMFF

/// Turns placed points into the two track forms: QuickTime timed metadata (`mebx`, as
/// AVFoundation's metadata adaptor writes it) and GoPro GPMF (`gpmd`, as GoPro cameras write it).
/// Both start at media time zero = movie time zero, so that readers that ignore edit lists
/// (exiftool, gpmf-parser) read the same times as those that apply them.
public enum TimedMetadataTrackBuilder {
    /// The groups one per point (``TrackPoint/metadataItems``: location with elevation, UTC
    /// date, and whichever of elevation, speed, course, heart rate, cadence, power,
    /// temperature, fix and dilution of precision the point has). Each lasts until the next
    /// point; the last as long as the typical interval, within the movie.
    public static func groups(_ points: [PlacedPoint], movieDuration: MediaTime) -> [TimedMetadataGroup] {
        let ends = endTimes(points, movieDuration: movieDuration)
        return zip(points, ends).map { placed, end in
            TimedMetadataGroup(
                timeRange: TimeRange(start: placed.movieTime, end: end), items: placed.point.metadataItems)
        }
    }

    /// When each point's group ends.
    static func endTimes(_ points: [PlacedPoint], movieDuration: MediaTime) -> [MediaTime] {
        guard let last = points.last else { return [] }
        var intervals = zip(points, points.dropFirst()).map { $1.movieTime - $0.movieTime }
        intervals.sort()
        let typical = intervals.isEmpty ? MediaTime(value: 1, timescale: 1) : intervals[intervals.count / 2]
        let timescale = last.movieTime.timescale
        var lastEnd = MediaTime.minimum(last.movieTime + typical, movieDuration)
        if lastEnd <= last.movieTime { lastEnd = last.movieTime + MediaTime(value: 1, timescale: timescale) }
        return points.dropFirst().map(\.movieTime) + [lastEnd]
    }

    /// A `mebx` track holding `groups`, describing `videoTrackID` (`tref cdsc`). A gap before the
    /// first group is a sample holding no value (local key ID 0).
    public static func quickTimeTrack(_ groups: [TimedMetadataGroup], videoTrackID: UInt32, timescale: Int32)
        throws(ISOBMFFError)
        -> NewTrack
    {
        var identifiers: [(MetadataIdentifier, MetadataDataType)] = []
        for group in groups {
            for item in group.items where !identifiers.contains(where: { $0.0 == item.identifier }) {
                identifiers.append((item.identifier, item.dataType))
            }
        }
        let table = MebxKeyTable(for: identifiers)
        var samples: [NewTrack.Sample] = []
        var cursor = MediaTime.zero
        for group in groups {
            if group.timeRange.start > cursor {
                samples.append(
                    .init(
                        data: MebxSampleCodec.encode([], table: table),
                        duration: try ticks(group.timeRange.start - cursor, timescale)))
            }
            samples.append(
                .init(
                    data: MebxSampleCodec.encode(group.items, table: table),
                    duration: try ticks(group.timeRange.duration, timescale)))
            cursor = group.timeRange.end
        }
        return NewTrack(
            handlerType: "meta", handlerName: "Core Media Metadata", mediaHeader: .null,
            sampleEntry: try table.sampleEntry(),
            timescale: UInt32(timescale), samples: samples, references: ["cdsc": [videoTrackID]])
    }

    static func ticks(_ duration: MediaTime, _ timescale: Int32, allowZero: Bool = false) throws(ISOBMFFError) -> UInt32
    {
        guard let t = try? duration.converted(toTimescale: timescale, rounding: .nearestOrAwayFromZero),
            t.value > 0 || (allowZero && t.value == 0),
            t.value <= Int64(UInt32.max)
        else {
            throw ISOBMFFError(
                .malformed, "a sample duration of \(duration) s cannot be written at timescale \(timescale)")
        }
        return UInt32(t.value)
    }
}
