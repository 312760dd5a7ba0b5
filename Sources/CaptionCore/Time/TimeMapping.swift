/// Maps a source time range onto a target range, scaling linearly, like `CMTimeMapping`
/// (used for edits that speed up or slow down a segment).
public struct TimeMapping: Sendable, Hashable, Codable {
    public var source: TimeRange
    public var target: TimeRange

    public init(source: TimeRange, target: TimeRange) {
        self.source = source
        self.target = target
    }

    /// `target.start + (time − source.start) × target.duration / source.duration`, computed
    /// exactly and expressed in the target start's timescale with `rounding`.
    public func map(_ time: MediaTime, rounding: MediaTime.Rounding = .nearestOrAwayFromZero)
        throws(MediaTimeError) -> MediaTime
    {
        guard source.duration.isNumeric, target.duration.isNumeric, time.isNumeric,
            source.start.isNumeric, target.start.isNumeric
        else { throw .undefined(operation: "map") }
        if source.duration == .zero { return target.start }
        let offset = try time.checkedSubtracting(source.start)
        // offset × (td.v / td.ts) / (sd.v / sd.ts) = offset × td.v × sd.ts / (td.ts × sd.v)
        let sd = source.duration
        let td = target.duration
        let ts = target.start.timescale
        // result in units of 1/ts: num × ts / den; 128-bit products, overflow reported
        var n = try Self.product(offset.value, td.value, Int64(sd.timescale), Int64(ts))
        var d = try Self.product(Int64(offset.timescale), Int64(td.timescale), sd.value, 1)
        if d < 0 { n = -n; d = -d }
        let q = try MediaTime.divide(n, d, rounding: rounding, original: time, timescale: ts)
        guard let v = Int64(exactly: q) else { throw .overflow(operation: "map") }
        return try target.start.checkedAdding(MediaTime(value: v, timescale: ts))
    }

    private static func product(_ a: Int64, _ b: Int64, _ c: Int64, _ e: Int64)
        throws(MediaTimeError) -> Int128
    {
        var r = Int128(a)
        for f in [b, c, e] {
            let (m, o) = r.multipliedReportingOverflow(by: Int128(f))
            if o { throw .overflow(operation: "map") }
            r = m
        }
        return r
    }
}
