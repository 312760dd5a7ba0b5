import CaptionCore
import Media

/// How the frames of an export are composed, like `AVMutableVideoComposition`: instructions
/// covering the whole duration, the frame duration and render size, the sample-data tracks the
/// compositor reads, and the custom compositor that draws each frame.
///
/// ```swift
/// var composition = VideoComposition(compositor: GPSDashboardCompositor(...))
/// composition.sourceSampleDataTrackIDs = [3]
/// composition.instructions = [VideoCompositionInstruction(
///     timeRange: TimeRange(start: .zero, duration: duration),
///     layerInstructions: [VideoCompositionLayerInstruction(trackID: 1)],
///     requiredSourceSampleDataTrackIDs: [3])]
/// try composition.validate(duration: duration, videoTrackIDs: [1], sampleDataTrackIDs: [3])
/// ```
public struct VideoComposition {
    public var instructions: [VideoCompositionInstruction] = []
    /// The interval between output frames. An export of one asset keeps the source's frame
    /// times (this is checked, not used); a composition of several clips is brought to it.
    public var frameDuration: MediaTime
    /// The output picture size; nil keeps the source's.
    public var renderSize: (width: Int, height: Int)?
    /// The timed-metadata tracks the compositor may read (`sourceSampleDataTrackIDs`).
    public var sourceSampleDataTrackIDs: [CompositionTrackID] = []
    /// Draws each frame (`customVideoCompositorClass`; an instance here, since Swift has no
    /// need for the class indirection).
    public var compositor: any VideoCompositing

    public init(
        compositor: any VideoCompositing, frameDuration: MediaTime = MediaTime(value: 1, timescale: 30),
        renderSize: (width: Int, height: Int)? = nil
    ) {
        self.compositor = compositor
        self.frameDuration = frameDuration
        self.renderSize = renderSize
    }

    /// One instruction over `[0, duration)` with one layer for `videoTrackID` that requires
    /// `sampleDataTrackIDs`: the everyday case of drawing over a single movie.
    public static func singleTrack(
        compositor: any VideoCompositing, duration: MediaTime, videoTrackID: CompositionTrackID,
        sampleDataTrackIDs: [CompositionTrackID] = [], frameDuration: MediaTime = MediaTime(value: 1, timescale: 30)
    ) -> VideoComposition {
        var c = VideoComposition(compositor: compositor, frameDuration: frameDuration)
        c.sourceSampleDataTrackIDs = sampleDataTrackIDs
        c.instructions = [
            VideoCompositionInstruction(
                timeRange: TimeRange(start: .zero, duration: duration),
                layerInstructions: [VideoCompositionLayerInstruction(trackID: videoTrackID)],
                requiredSourceSampleDataTrackIDs: sampleDataTrackIDs)
        ]
        return c
    }

    /// Checks the composition the way `AVVideoComposition.isValid` does, throwing the first
    /// failure: a positive frame duration and a usable render size; instructions with valid
    /// ranges, sorted, with no gap from zero and no overlap, covering `[0, duration)`; every
    /// track each instruction requires present in the source; every required sample-data track
    /// listed in ``sourceSampleDataTrackIDs``; ramps with valid ranges.
    public func validate(
        duration: MediaTime, videoTrackIDs: Set<CompositionTrackID>, sampleDataTrackIDs: Set<CompositionTrackID>
    ) throws(VideoCompositionError) {
        guard frameDuration.isNumeric, frameDuration > .zero else { throw .invalidFrameDuration(frameDuration) }
        if let s = renderSize, !(1...16384).contains(s.width) || !(1...16384).contains(s.height) {
            throw .invalidRenderSize(width: s.width, height: s.height)
        }
        guard !instructions.isEmpty else { throw .noInstructions }
        var end = MediaTime.zero
        for (i, instruction) in instructions.enumerated() {
            let n = i + 1
            let r = instruction.timeRange
            guard r.isValid, r.start.isNumeric, r.duration > .zero else { throw .invalidTimeRange(instruction: n, r) }
            if r.start > end { throw .gap(instruction: n, from: end, to: r.start) }
            if r.start < end {
                throw .overlap(instruction: n, with: n - 1, from: r.start, to: MediaTime.minimum(end, r.end))
            }
            end = r.end
            for id in instruction.sourceVideoTrackIDs where !videoTrackIDs.contains(id) {
                throw .missingTrack(instruction: n, trackID: id, kind: "video")
            }
            for id in instruction.requiredSourceSampleDataTrackIDs {
                guard sourceSampleDataTrackIDs.contains(id) else {
                    throw .undeclaredSampleDataTrack(instruction: n, trackID: id)
                }
                guard sampleDataTrackIDs.contains(id) else {
                    throw .missingTrack(instruction: n, trackID: id, kind: "sample-data")
                }
            }
            for layer in instruction.layerInstructions {
                let ranges = layer.opacityRamps.map(\.timeRange) + layer.transformRamps.map(\.timeRange)
                if let bad = ranges.first(where: { !$0.isValid || !$0.start.isNumeric }) {
                    throw .invalidRamp(
                        instruction: n, trackID: layer.trackID, "the ramp's time range \(bad) is not valid")
                }
                if let o = layer.opacityRamps.first(where: { !(0...1).contains($0.start) || !(0...1).contains($0.end) })
                {
                    throw .invalidRamp(
                        instruction: n, trackID: layer.trackID,
                        "opacity must lie between 0 and 1, not \(o.start) → \(o.end)")
                }
            }
        }
        if duration.isNumeric, end < duration { throw .notCovered(from: end, to: duration) }
    }
}
