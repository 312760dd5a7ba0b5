import CaptionCore
import Metadata

/// The whole track as the dashboard uses it: its GPS and sensor samples in time order (each
/// group that holds a position or a sensor value, read by Metadata as a ``TrackPoint``: a FIT
/// record without a position still shows its speed, heart rate, cadence, power, temperature and
/// distance), the ride's figures at each (``RideMetrics``: distance travelled, elapsed and
/// moving time, 3 s power, heart-rate zone), and a smoothed gradient; and the values at any
/// frame, interpolated between samples.
public struct GPSSeries: Sendable {
    public let points: [TrackPoint]
    /// Each sample's group's time range on the timeline.
    public let timeRanges: [TimeRange]
    /// The ride's figures at each sample, worked out in Metadata.
    public let metrics: RideMetrics
    /// Metres travelled at each sample (``RideMetrics/distances``: great-circle steps between
    /// fixes, the device's odometer across samples without a position); 0 before the first.
    public let distances: [Double]
    /// Percent at each sample, over about ±`gradientSpan`/2 metres of travel; nil where the
    /// track has no elevation or did not move far enough.
    public let gradients: [Double?]
    static let gradientSpan = 20.0

    /// The series of `groups`, with heart-rate zones for a rider whose maximum is
    /// `maximumHeartRate` (`--max-hr`); a group with neither a position nor a sensor value (a
    /// `mebx` sample holding no value) is no sample: while it is in force there is nothing to
    /// show, as in a gap.
    public init(groups: [TimedMetadataGroup], maximumHeartRate: Int? = nil) {
        var points: [TrackPoint] = []
        var timeRanges: [TimeRange] = []
        for group in groups.sorted(by: { $0.timeRange.start < $1.timeRange.start }) {
            guard let p = TrackPoint(group, allowingNoPosition: true) else { continue }
            points.append(p)
            timeRanges.append(group.timeRange)
        }
        self.points = points
        self.timeRanges = timeRanges
        metrics = RideMetrics(points, maximumHeartRate: maximumHeartRate)
        distances = metrics.distances.map { $0 ?? 0 }
        gradients = Self.gradients(points, distances)
    }

    private static func gradients(_ samples: [TrackPoint], _ distances: [Double]) -> [Double?] {
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
    /// carries), nil when no sample does.
    public func index(startingAt start: MediaTime) -> Int? {
        var lo = 0
        var hi = timeRanges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if timeRanges[mid].start <= start { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 && timeRanges[lo - 1].start == start ? lo - 1 : nil
    }

    /// The values at `time` given the group in force there (nil before the first sample, after
    /// the last, in gaps and while a group without a position is in force: then there is
    /// nothing to show). Between a sample and the next one that starts where it ends, numbers
    /// move linearly (the course the short way round); the fix and precision are those of the
    /// sample in force.
    public func values(at time: MediaTime, groupInForce group: TimedMetadataGroup?) -> DashboardValues? {
        guard let group, let i = index(startingAt: group.timeRange.start) else { return nil }
        let range = timeRanges[i]
        var v = DashboardValues(time: time, sampleIndex: i, fraction: 0, point: points[i])
        if i + 1 < points.count, timeRanges[i + 1].start == range.end, range.duration > .zero {
            v.next = points[i + 1]
            v.fraction = min(1, max(0, (time - range.start).seconds / range.duration.seconds))
        }
        let last = i + 1 == points.count
        v.distance = v.mix(distances[i], towards: last ? nil : distances[i + 1])
        v.gradient = v.mix(gradients[i], towards: last ? nil : gradients[i + 1])
        v.elapsedTime = v.mix(metrics.elapsed[i], towards: last ? nil : metrics.elapsed[i + 1])
        v.movingTime = v.mix(metrics.moving[i], towards: last ? nil : metrics.moving[i + 1])
        v.averagePower = v.mix(metrics.power3s[i], towards: last ? nil : metrics.power3s[i + 1])
        v.heartRateZone = metrics.heartRateZones[i]
        return v
    }

    /// The series of `metric` over the samples, SI units (for charts).
    public func values(of metric: DashboardMetric) -> [Double?] {
        points.indices.map { i in
            let s = points[i]
            switch metric {
            case .speed: return s.speed
            case .altitude: return s.elevation
            case .gradient: return gradients[i]
            case .heading: return s.course
            case .heartRate: return s.heartRate.map(Double.init)
            case .cadence: return s.cadence.map(Double.init)
            case .power: return s.power.map(Double.init)
            case .temperature: return s.temperature
            case .distance: return distances[i]
            }
        }
    }
}
