import CaptionCore
import Media

/// How one source video track is drawn during an instruction, like
/// `AVMutableVideoCompositionLayerInstruction`: its opacity and transform, each set at a time
/// or ramped over a range, and an optional crop. The compositions issue (cross-fades, pan and
/// zoom) reads these; a GPS or caption compositor drawing over one track ignores them.
public struct VideoCompositionLayerInstruction: Sendable, Hashable {
    public var trackID: CompositionTrackID
    /// Opacity ramps, sorted by start, non-overlapping. Opacity is 1 with none.
    public private(set) var opacityRamps: [Ramp<Double>] = []
    /// Transform ramps, sorted by start, non-overlapping. The transform is the identity with none.
    public private(set) var transformRamps: [Ramp<AffineTransform>] = []
    /// The part of the source picture used, in source pixels (x, y, width, height); nil for all.
    public var cropRectangle: (x: Int, y: Int, width: Int, height: Int)? {
        get { crop.map { ($0[0], $0[1], $0[2], $0[3]) } }
        set { crop = newValue.map { [$0.x, $0.y, $0.width, $0.height] } }
    }
    private var crop: [Int]?

    public init(trackID: CompositionTrackID) {
        self.trackID = trackID
    }

    /// Opacity `value` from `time` on (a ramp of zero length).
    public mutating func setOpacity(_ value: Double, at time: MediaTime) {
        setOpacityRamp(from: value, to: value, timeRange: TimeRange(start: time, duration: .zero))
    }

    public mutating func setOpacityRamp(from start: Double, to end: Double, timeRange: TimeRange) {
        opacityRamps = Self.inserting(Ramp(from: start, to: end, timeRange: timeRange), into: opacityRamps)
    }

    public mutating func setTransform(_ transform: AffineTransform, at time: MediaTime) {
        setTransformRamp(from: transform, to: transform, timeRange: TimeRange(start: time, duration: .zero))
    }

    public mutating func setTransformRamp(from start: AffineTransform, to end: AffineTransform, timeRange: TimeRange) {
        transformRamps = Self.inserting(Ramp(from: start, to: end, timeRange: timeRange), into: transformRamps)
    }

    /// The opacity at `time`, 0…1.
    public func opacity(at time: MediaTime) -> Double {
        opacityRamps.value(at: time, initial: 1.0) { a, b, t in a + (b - a) * t }
    }

    /// The transform at `time`.
    public func transform(at time: MediaTime) -> AffineTransform {
        transformRamps.value(at: time, initial: .identity) { a, b, t in a.interpolated(to: b, fraction: t) }
    }

    /// Replaces the ramps that overlap `ramp` (AVFoundation: a later setting wins) and keeps
    /// the list sorted.
    private static func inserting<V>(_ ramp: Ramp<V>, into ramps: [Ramp<V>]) -> [Ramp<V>] {
        var kept = ramps.filter { r in
            !(r.timeRange.overlaps(ramp.timeRange) || r.timeRange.start == ramp.timeRange.start)
        }
        kept.append(ramp)
        return kept.sorted { $0.timeRange.start < $1.timeRange.start }
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.trackID == b.trackID && a.opacityRamps == b.opacityRamps && a.transformRamps == b.transformRamps
            && a.crop == b.crop
    }

    public func hash(into h: inout Hasher) {
        h.combine(trackID)
        h.combine(opacityRamps)
        h.combine(transformRamps)
        h.combine(crop)
    }
}
