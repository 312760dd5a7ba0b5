import CaptionCore

/// A GPS sample on a movie's timeline: the point and when it plays. A GoPro GPMF sample comes
/// this way (its payload's start plus its share of the payload), and so does a GPX point once
/// ``MetadataSync`` has placed it.
public struct PlacedPoint: Sendable, Hashable {
    /// Exact movie time (for placed GPX points, in the new track's timescale).
    public var movieTime: MediaTime
    public var point: TrackPoint

    public init(movieTime: MediaTime, point: TrackPoint) {
        self.movieTime = movieTime
        self.point = point
    }
}
