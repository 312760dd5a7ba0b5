import CaptionCore
import Media
import Metadata

/// One timed-metadata source of a composition: its groups on the movie's timeline, sorted and
/// non-overlapping, and optionally the raw samples they came from (a GPMF payload, a `mebx`
/// sample), for ``VideoCompositionRequest/sourceSampleBuffer(byTrackID:)``.
public struct SampleDataTrack: Sendable {
    public var trackID: CompositionTrackID
    public private(set) var groups: [TimedMetadataGroup]
    public private(set) var samples: [SampleBuffer]

    /// `groups` and `samples` are sorted by start time here; ranges that overlap are cut so that
    /// each instant has at most one group in force (a later group wins from its start).
    public init(trackID: CompositionTrackID, groups: [TimedMetadataGroup], samples: [SampleBuffer] = []) {
        self.trackID = trackID
        self.groups = Self.trimmed(groups.sorted { $0.timeRange.start < $1.timeRange.start }, range: \.timeRange)
        self.samples = Self.trimmed(samples.sorted { $0.timeRange.start < $1.timeRange.start }, range: \.timeRange)
    }

    /// The group whose time range contains `time` (start ≤ time < end), nil before the first,
    /// after the last and in a gap between groups.
    public func group(at time: MediaTime) -> TimedMetadataGroup? {
        Self.index(in: groups, at: time, range: \.timeRange).map { groups[$0] }
    }

    /// The index of the group in force at `time`.
    public func groupIndex(at time: MediaTime) -> Int? {
        Self.index(in: groups, at: time, range: \.timeRange)
    }

    public func sample(at time: MediaTime) -> SampleBuffer? {
        Self.index(in: samples, at: time, range: \.timeRange).map { samples[$0] }
    }

    /// Binary search for the last element starting at or before `time`, kept when its range
    /// contains `time`.
    static func index<T>(in list: [T], at time: MediaTime, range: KeyPath<T, TimeRange>) -> Int? {
        guard time.isNumeric else { return nil }
        var lo = 0
        var hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid][keyPath: range].start <= time { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0, list[lo - 1][keyPath: range].contains(time) else { return nil }
        return lo - 1
    }

    private static func trimmed<T>(_ list: [T], range: WritableKeyPath<T, TimeRange>) -> [T] {
        var out = list
        for i in out.indices.dropLast() where out[i][keyPath: range].end > out[i + 1][keyPath: range].start {
            out[i][keyPath: range] = TimeRange(
                start: out[i][keyPath: range].start, end: out[i + 1][keyPath: range].start)
        }
        return out
    }
}
