import CaptionCore
import Foundation
import ISOBMFF

/// Writes placed points as a GoPro GPMF track (`gpmd`), one payload a second as GoPro cameras
/// write it (GoPro's GPMF format): each payload a `DEVC` with a `GPS5` stream (`GPSF`, `GPSU`,
/// `GPSP`, `UNIT`, `SCAL`, `TSMP`, `STNM`), which every GoPro tool reads, and a `GPS9` stream (as
/// HERO11 writes beside `GPS5`), which keeps each point's own UTC time to the millisecond.
public enum GPMFTrackBuilder {
    /// `GPS5` scales: degrees × 10⁷, metres × 1000, m/s × 1000, 3D m/s × 100 (GoPro's values).
    static let gps5Scale: [Int32] = [10_000_000, 10_000_000, 1000, 1000, 100]
    /// `GPS9` adds days since 2000-01-01, seconds since midnight × 1000, DOP × 100, fix.
    static let gps9Scale: [Int32] = [10_000_000, 10_000_000, 1000, 1000, 100, 1, 1000, 100, 1]
    static let gps9Type = "lllllllSS"
    static let epoch2000: Int64 = 946_684_800

    /// The payloads for `points` with their movie time ranges: one for each second of the movie
    /// from zero, as GoPro cameras write them, all one second long but the last, since GoPro's
    /// parser gives payload k the time k × (average payload length) and ignores edit lists. A
    /// second without points is a payload without a stream. Within a payload, readers of `GPS5`
    /// spread the points evenly (exact for 1 Hz points on whole seconds); `GPS9` keeps each
    /// point's own time. Every point needs its UTC time (`GPSU` and `GPS9` hold one): a point
    /// without one is an error.
    public static func payloads(_ points: [PlacedPoint], movieDuration: MediaTime) throws(ISOBMFFError) -> [(
        range: TimeRange, bytes: [UInt8]
    )] {
        guard let last = points.last else { return [] }
        if let i = points.firstIndex(where: { $0.point.time == nil }) {
            throw ISOBMFFError(
                .missing,
                "GPS point \(i + 1) (at \(points[i].movieTime.seconds) s) has no UTC time, which GoPro GPS (GPSU, GPS9) must hold"
            )
        }
        let ends = TimedMetadataTrackBuilder.endTimes(points, movieDuration: movieDuration)
        let lastEnd = ends[ends.count - 1]
        func second(_ t: MediaTime) -> Int { Int(t.value / Int64(t.timescale)) }
        let count = second(last.movieTime) + 1
        var groups = [[Int]](repeating: [], count: count)
        for (i, p) in points.enumerated() { groups[second(p.movieTime)].append(i) }
        var result: [(TimeRange, [UInt8])] = []
        var total: UInt32 = 0
        for (k, indices) in groups.enumerated() {
            let start = MediaTime(value: Int64(k), timescale: 1)
            var end = MediaTime(value: Int64(k + 1), timescale: 1)
            if k == count - 1 {
                end = MediaTime.maximum(
                    MediaTime.minimum(end, lastEnd), last.movieTime + MediaTime(value: 1, timescale: 1000))
            }
            total += UInt32(indices.count)
            if indices.isEmpty {
                var w = GPMFWriter()
                w.nest("DEVC") { d in device(&d) }
                result.append((TimeRange(start: start, end: end), w.bytes))
            } else {
                result.append(
                    (TimeRange(start: start, end: end), payload(indices.map { points[$0].point }, totalSamples: total)))
            }
        }
        return result
    }

    static func device(_ d: inout GPMFWriter) {
        d.uint32s("DVID", [1])
        d.text("DVNM", "captions")
    }

    /// One payload of `points` (each with a time: ``payloads(_:movieDuration:)`` checks).
    static func payload(_ points: [TrackPoint], totalSamples: UInt32) -> [UInt8] {
        var w = GPMFWriter()
        let first = points[0]
        w.nest("DEVC") { d in
            device(&d)
            d.nest("STRM") { s in
                s.uint32s("TSMP", [totalSamples])
                s.text("STNM", "GPS (Lat., Long., Alt., 2D speed, 3D speed)")
                s.uint32s("GPSF", [UInt32(clamping: first.fix ?? 3)])
                s.utc("GPSU", gpsu(first.time ?? UTCTime(seconds: 0)))
                s.uint16s("GPSP", [UInt16(clamping: ((first.dilutionOfPrecision ?? 1) * 100).safeInteger ?? 100)])
                s.texts("UNIT", ["deg", "deg", "m", "m/s", "m/s"])
                s.int32s("SCAL", gps5Scale, perSample: 1)
                var values: [Int32] = []
                for p in points {
                    let v = gps5Values(p)
                    for (x, scale) in zip(v, gps5Scale) {
                        values.append(x.scaledInt32(scale))
                    }
                }
                s.int32s("GPS5", values, perSample: 5)
            }
            d.nest("STRM") { s in
                s.uint32s("TSMP", [totalSamples])
                s.text("STNM", "GPS (Lat., Long., Alt., 2D, 3D, days, secs, DOP, fix)")
                s.texts("UNIT", ["deg", "deg", "m", "m/s", "m/s", "", "s", "", ""])
                s.text("TYPE", gps9Type)
                s.int32s("SCAL", gps9Scale, perSample: 1)
                var data: [UInt8] = []
                for p in points {
                    let v = gps5Values(p)
                    for (x, scale) in zip(v, gps5Scale) {
                        data += GPMFWriter.be(UInt32(bitPattern: x.scaledInt32(scale)))
                    }
                    let (days, millis) = daysAndMilliseconds(p.time ?? UTCTime(seconds: 0))
                    data += GPMFWriter.be(UInt32(bitPattern: Int32(clamping: days)))
                    data += GPMFWriter.be(UInt32(bitPattern: Int32(clamping: millis)))
                    let dop = UInt16(clamping: ((p.dilutionOfPrecision ?? 1) * 100).safeInteger ?? 100)
                    let fix = UInt16(clamping: p.fix ?? 3)
                    data += [UInt8(dop >> 8), UInt8(dop & 0xFF), UInt8(fix >> 8), UInt8(fix & 0xFF)]
                }
                s.complex("GPS9", structureSize: 32, data: data)
            }
        }
        return w.bytes
    }

    /// lat, lon, altitude, 2D speed, 3D speed (a GPX point has no vertical speed: 3D = 2D).
    static func gps5Values(_ p: TrackPoint) -> [Double] {
        let speed = p.speed ?? 0
        return [p.latitude, p.longitude, p.elevation ?? 0, speed, p.speed3D ?? speed]
    }

    static func daysAndMilliseconds(_ time: UTCTime) -> (Int64, Int64) {
        let ms = (try? time.sinceEpoch.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero).value) ?? 0
        let since2000 = ms - epoch2000 * 1000
        let days = since2000 >= 0 ? since2000 / 86_400_000 : (since2000 - 86_399_999) / 86_400_000
        return (days, since2000 - days * 86_400_000)
    }

    /// `yymmddhhmmss.sss` (GPSU).
    static func gpsu(_ time: UTCTime) -> String {
        let ms =
            (try? time.sinceEpoch.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero)) ?? time.sinceEpoch
        let iso = UTCTime(sinceEpoch: ms).iso8601  // 2019-11-18T23:45:14.5Z style
        let digits = Array(iso.utf8)
        guard digits.count >= 19 else { return "000101000000.000" }
        let s = String(decoding: digits, as: UTF8.self)
        let date = s.prefix(10).replacingOccurrences(of: "-", with: "").dropFirst(2)
        let clock = s.dropFirst(11).prefix(8).replacingOccurrences(of: ":", with: "")
        let millis = ms.value % 1000 < 0 ? 0 : (ms.timescale == 1000 ? ms.value % 1000 : 0)
        return date + clock + String(format: ".%03lld", millis)
    }

    /// The `gpmd` track for `points`, describing `videoTrackID`.
    public static func track(_ points: [PlacedPoint], movieDuration: MediaTime, videoTrackID: UInt32, timescale: Int32)
        throws(ISOBMFFError) -> NewTrack
    {
        var entry = BoxWriter()
        // A gpmd sample entry as GoPro writes it: the 8 standard bytes and 4 zero bytes.
        try entry.box("gpmd") { (w: inout BoxWriter) in
            w.zeros(6)
            w.u16(1)
            w.u32(0)
        }
        var gmhdExtra = BoxWriter()
        try gmhdExtra.box("gpmd") { (w: inout BoxWriter) in w.u32(0) }
        var samples: [NewTrack.Sample] = []
        let list = try payloads(points, movieDuration: movieDuration)
        for (range, bytes) in list {
            samples.append(.init(data: bytes, duration: try TimedMetadataTrackBuilder.ticks(range.duration, timescale)))
        }
        // "GoPro MET" is the handler name GoPro's tools look for beside the gpmd format.
        return NewTrack(
            handlerType: "meta", handlerName: "GoPro MET", mediaHeader: .generic(extra: gmhdExtra.bytes),
            sampleEntry: entry.bytes, timescale: UInt32(timescale), samples: samples,
            references: ["cdsc": [videoTrackID]])
    }
}
