import CaptionCore
import Composition
import Media
import Testing

/// A composition is checked the way `AVVideoComposition.isValid` checks one, each failure with
/// its own error naming the instruction and the times.
@Suite struct VideoCompositionValidationTests {
    final class Nothing: VideoCompositing {
        func compose(_ request: VideoCompositionRequest) throws {}
    }

    static func s(_ x: Int64) -> MediaTime { MediaTime(value: x, timescale: 1) }

    static func composition(_ ranges: [(Int64, Int64)], video: CompositionTrackID = 1, data: [CompositionTrackID] = [])
        -> VideoComposition
    {
        var c = VideoComposition(compositor: Nothing())
        c.sourceSampleDataTrackIDs = data
        c.instructions = ranges.map { r in
            VideoCompositionInstruction(
                timeRange: TimeRange(start: s(r.0), end: s(r.1)),
                layerInstructions: [VideoCompositionLayerInstruction(trackID: video)],
                requiredSourceSampleDataTrackIDs: data)
        }
        return c
    }

    static func error(_ c: VideoComposition, duration: Int64 = 10, data: Set<CompositionTrackID> = [])
        -> VideoCompositionError?
    {
        do {
            try c.validate(duration: s(duration), videoTrackIDs: [1], sampleDataTrackIDs: data)
            return nil
        } catch {
            return error
        }
    }

    @Test func aCompleteCompositionIsValid() {
        #expect(Self.error(Self.composition([(0, 4), (4, 10)])) == nil)
        #expect(Self.error(Self.composition([(0, 10)], data: [3]), data: [3]) == nil)
    }

    @Test func eachFailureHasItsError() {
        #expect(Self.error(Self.composition([])) == .noInstructions)
        #expect(Self.error(Self.composition([(1, 10)])) == .gap(instruction: 1, from: Self.s(0), to: Self.s(1)))
        #expect(
            Self.error(Self.composition([(0, 4), (5, 10)])) == .gap(instruction: 2, from: Self.s(4), to: Self.s(5)))
        #expect(
            Self.error(Self.composition([(0, 5), (4, 10)]))
                == .overlap(instruction: 2, with: 1, from: Self.s(4), to: Self.s(5)))
        #expect(Self.error(Self.composition([(0, 8)])) == .notCovered(from: Self.s(8), to: Self.s(10)))
        #expect(
            Self.error(Self.composition([(0, 10)], video: 2))
                == .missingTrack(instruction: 1, trackID: 2, kind: "video"))
        #expect(
            Self.error(Self.composition([(0, 10)], data: [3]))
                == .missingTrack(instruction: 1, trackID: 3, kind: "sample-data"))
        var undeclared = Self.composition([(0, 10)], data: [3])
        undeclared.sourceSampleDataTrackIDs = []
        #expect(Self.error(undeclared, data: [3]) == .undeclaredSampleDataTrack(instruction: 1, trackID: 3))
        var badRate = Self.composition([(0, 10)])
        badRate.frameDuration = .zero
        #expect(Self.error(badRate) == .invalidFrameDuration(.zero))
        var badSize = Self.composition([(0, 10)])
        badSize.renderSize = (0, 720)
        #expect(Self.error(badSize) == .invalidRenderSize(width: 0, height: 720))
        var badRamp = Self.composition([(0, 10)])
        badRamp.instructions[0].layerInstructions[0].setOpacityRamp(
            from: 0, to: 2, timeRange: TimeRange(start: Self.s(0), end: Self.s(1)))
        guard case .invalidRamp(1, 1, _)? = Self.error(badRamp) else {
            Issue.record("an opacity of 2 is refused")
            return
        }
        // Messages say which instruction and when.
        #expect(
            "\(VideoCompositionError.gap(instruction: 2, from: Self.s(4), to: Self.s(5)))".contains("instruction 2"))
    }

    @Test func rampsInterpolateAndHoldLikeAVFoundation() {
        var layer = VideoCompositionLayerInstruction(trackID: 1)
        layer.setOpacityRamp(from: 1, to: 0, timeRange: TimeRange(start: Self.s(2), end: Self.s(4)))
        #expect(layer.opacity(at: Self.s(0)) == 1, "before the first ramp: 1")
        #expect(layer.opacity(at: Self.s(3)) == 0.5)
        #expect(layer.opacity(at: Self.s(5)) == 0, "after it: its end value")
        layer.setTransformRamp(
            from: .identity, to: .translation(x: 100, y: 0), timeRange: TimeRange(start: Self.s(0), end: Self.s(4)))
        #expect(layer.transform(at: Self.s(1)).tx == 25)
        #expect(layer.transform(at: Self.s(9)).tx == 100)
        let turned = AffineTransform.rotation(Double.pi / 2).apply(x: 1, y: 0)
        #expect(abs(turned.x) < 1e-12 && abs(turned.y - 1) < 1e-12, "clockwise on screen: +x goes to +y")
    }
}
