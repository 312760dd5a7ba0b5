import CaptionCore
import Metadata

/// The whole track as the dashboard uses it: samples in time order, the distance travelled at
/// each, and a smoothed gradient; and the values at any frame, interpolated between samples.
public struct GPSSeries: Sendable {
    public let samples: [GPSSample]
    /// Metres travelled at each sample (great-circle steps between fixes, Geodesy).
    public let distances: [Double]
    /// Percent at each sample, over about ±`gradientSpan`/2 metres of travel; nil where the
    /// track has no elevation or did not move far enough.
    public let gradients: [Double?]
    static let gradientSpan = 20.0

    public init(groups: [TimedMetadataGroup]) {
        let samples = groups.sorted { $0.timeRange.start < $1.timeRange.start }.map(GPSSample.init)
        self.samples = samples
        var distances: [Double] = []
        var total = 0.0
        var last: (Double, Double)?
        for s in samples {
            if let lat = s.latitude, let lon = s.longitude {
                if let (plat, plon) = last {
                    let d = Geodesy.distance(plat, plon, lat, lon)
                    if d.isFinite { total += d }
                }
                last = (lat, lon)
            }
            distances.append(total)
        }
        self.distances = distances
        gradients = Self.gradients(samples, distances)
    }

    private static func gradients(_ samples: [GPSSample], _ distances: [Double]) -> [Double?] {
        var out: [Double?] = Array(repeating: nil, count: samples.count)
        var lo = 0
        var hi = 0
        for i in samples.indices {
            while lo < i, distances[i] - distances[lo + 1] >= gradientSpan / 2 { lo += 1 }
            hi = max(hi, i)
            while hi + 1 < samples.count, distances[hi] - distances[i] < gradientSpan / 2 { hi += 1 }
            let run = distances[hi] - distances[lo]
            guard run >= gradientSpan / 2, let a = samples[lo].elevation, let b = samples[hi].elevation else {
                continue
            }
            out[i] = (b - a) / run * 100
        }
        return out
    }

    /// The index of the sample whose group starts at `start` (the group in force a request
    /// carries), or of the last one starting before it.
    public func index(startingAt start: MediaTime) -> Int? {
        var lo = 0
        var hi = samples.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if samples[mid].timeRange.start <= start { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }

    /// The values at `time` given the group in force there (nil before the first sample, after
    /// the last and in gaps: then there is nothing to show). Between a group and the next one
    /// that starts where it ends, numbers move linearly (the course the short way round); the
    /// fix and precision are those of the group in force.
    public func values(at time: MediaTime, groupInForce group: TimedMetadataGroup?) -> DashboardValues? {
        guard let group, let i = index(startingAt: group.timeRange.start) else { return nil }
        let a = samples[i]
        var fraction = 0.0
        var next: GPSSample?
        if i + 1 < samples.count, samples[i + 1].timeRange.start == a.timeRange.end, a.timeRange.duration > .zero {
            next = samples[i + 1]
            fraction = min(1, max(0, (time - a.timeRange.start).seconds / a.timeRange.duration.seconds))
        }
        func mix(_ p: Double?, _ q: Double?) -> Double? {
            guard let p else { return nil }
            guard let q, fraction > 0 else { return p }
            return p + (q - p) * fraction
        }
        var v = DashboardValues(time: time, sampleIndex: i, fraction: fraction)
        v.latitude = mix(a.latitude, next?.latitude)
        v.longitude = mix(a.longitude, next?.longitude)
        v.elevation = mix(a.elevation, next?.elevation)
        v.speed = mix(a.speed, next?.speed)
        if let c = a.course {
            if let d = next?.course, fraction > 0 {
                var delta = (d - c).truncatingRemainder(dividingBy: 360)
                if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
                v.course = (c + delta * fraction + 360).truncatingRemainder(dividingBy: 360)
            } else {
                v.course = c
            }
        }
        v.heartRate = mix(a.heartRate, next?.heartRate)
        v.cadence = mix(a.cadence, next?.cadence)
        v.power = mix(a.power, next?.power)
        v.temperature = mix(a.temperature, next?.temperature)
        v.distance = mix(distances[i], next == nil ? nil : distances[i + 1])
        v.gradient = mix(gradients[i], next == nil ? nil : gradients[i + 1])
        if let d = a.date {
            if let e = next?.date, fraction > 0, let span = Optional(e.sinceEpoch - d.sinceEpoch), span.isNumeric {
                let offset = MediaTime(value: Int64((span.seconds * fraction * 1000).rounded()), timescale: 1000)
                v.date = UTCTime(sinceEpoch: d.sinceEpoch + offset)
            } else {
                v.date = d
            }
        }
        v.fix = a.fix
        v.dilutionOfPrecision = a.dilutionOfPrecision
        return v
    }

    /// The series of `metric` over the samples, SI units (for charts).
    public func values(of metric: DashboardMetric) -> [Double?] {
        samples.indices.map { i in
            let s = samples[i]
            switch metric {
            case .speed: return s.speed
            case .altitude: return s.elevation
            case .gradient: return gradients[i]
            case .heading: return s.course
            case .heartRate: return s.heartRate
            case .cadence: return s.cadence
            case .power: return s.power
            case .temperature: return s.temperature
            case .distance: return distances[i]
            }
        }
    }
}
