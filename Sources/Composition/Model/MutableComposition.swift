import CaptionCore

/// An edit of several source files into one movie, like `AVMutableComposition`: video and
/// audio tracks of segments (``CompositionTrack``), edited with the same calls. The edits on the
/// composition apply to every track, as AVFoundation's do; a track's own edits to that track.
/// ``toMediaTimeline(renderSize:frameDuration:)`` hands it to Media's timeline export.
///
/// ```swift
/// var composition = MutableComposition()
/// let video = composition.addMutableTrack(withMediaType: .video)
/// try composition.insertTimeRange(clipRange, of: source, at: .zero, into: video)
/// try composition.scaleTimeRange(slowPart, toDuration: slowPart.duration + slowPart.duration)
/// ```
public struct MutableComposition: Sendable, Hashable {
    public private(set) var tracks: [CompositionTrack] = []

    public init() {}

    /// The end of the longest track.
    public var duration: MediaTime { tracks.map(\.duration).reduce(.zero) { .maximum($0, $1) } }

    /// Adds an empty track (`addMutableTrack(withMediaType:preferredTrackID:)`) and returns its
    /// ID: `preferredTrackID` when it is free, else the next free one from 1.
    @discardableResult
    public mutating func addMutableTrack(withMediaType type: CompositionTrack.MediaType, preferredTrackID: Int? = nil)
        -> Int
    {
        let used = Set(tracks.map(\.trackID))
        var id = preferredTrackID.flatMap { $0 > 0 && !used.contains($0) ? $0 : nil } ?? 1
        while used.contains(id) { id += 1 }
        tracks.append(CompositionTrack(trackID: id, mediaType: type))
        return id
    }

    public func track(withTrackID id: Int) -> CompositionTrack? { tracks.first { $0.trackID == id } }

    public func tracks(withMediaType type: CompositionTrack.MediaType) -> [CompositionTrack] {
        tracks.filter { $0.mediaType == type }
    }

    /// Runs `edit` on track `id`.
    public mutating func editTrack(_ id: Int, _ edit: (inout CompositionTrack) throws(CompositionError) -> Void)
        throws(CompositionError)
    {
        guard let i = tracks.firstIndex(where: { $0.trackID == id }) else { throw .noSuchTrack(id) }
        try edit(&tracks[i])
    }

    /// Inserts `timeRange` of `source` into track `trackID` at `startTime`.
    public mutating func insertTimeRange(
        _ timeRange: TimeRange, of source: SourceTrack, at startTime: MediaTime, into trackID: Int
    ) throws(CompositionError) {
        try editTrack(trackID) { (t: inout CompositionTrack) throws(CompositionError) in
            try t.insertTimeRange(timeRange, of: source, at: startTime)
        }
    }

    /// Inserts an empty range into every track.
    public mutating func insertEmptyTimeRange(_ timeRange: TimeRange) throws(CompositionError) {
        try everyTrack { (t: inout CompositionTrack) throws(CompositionError) in try t.insertEmptyTimeRange(timeRange) }
    }

    /// Removes a range from every track.
    public mutating func removeTimeRange(_ timeRange: TimeRange) throws(CompositionError) {
        try everyTrack { (t: inout CompositionTrack) throws(CompositionError) in try t.removeTimeRange(timeRange) }
    }

    /// Scales a range of every track to `duration`.
    public mutating func scaleTimeRange(_ timeRange: TimeRange, toDuration duration: MediaTime) throws(CompositionError)
    {
        try everyTrack { (t: inout CompositionTrack) throws(CompositionError) in
            try t.scaleTimeRange(timeRange, toDuration: duration)
        }
    }

    /// All or nothing: a failing track leaves every track as it was.
    private mutating func everyTrack(_ edit: (inout CompositionTrack) throws(CompositionError) -> Void)
        throws(CompositionError)
    {
        var work = tracks
        for i in work.indices { try edit(&work[i]) }
        tracks = work
    }
}
