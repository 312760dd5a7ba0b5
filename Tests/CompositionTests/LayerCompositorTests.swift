import CaptionCore
import Composition
import Media
import Render
import TestSupport
import Testing

/// The layer compositor and the title compositor on synthetic yuv420p frames (no movie): blends,
/// an opaque layer hiding what is below, a translation, a crop and a zoom, each checked against
/// sample values worked out by hand from the layer's opacity and transform.
@Suite struct LayerCompositorTests {
    static let format = VideoFrameFormat(
        width: 64, height: 32, pixelFormat: .yuv420p, matrix: .bt601, isFullRange: false, frameRate: nil)

    /// A frame whose luma is `luma(x)` in every row and whose chroma is 128.
    static func frame(_ luma: (Int) -> UInt8) throws -> VideoFrame {
        let f = try VideoFrame.black(format)
        try f.makeWritable()
        f.withPlanes { p in
            for y in 0..<format.height {
                for x in 0..<format.width { p.data[0]?[y * p.strides[0] + x] = luma(x) }
            }
        }
        return f
    }

    static func luma(_ f: VideoFrame, _ x: Int, _ y: Int) -> Int {
        f.withPlanes { p in Int(p.data[0]?[y * p.strides[0] + x] ?? 0) }
    }

    static func chroma(_ f: VideoFrame, plane: Int, _ x: Int, _ y: Int) -> Int {
        f.withPlanes { p in Int(p.data[plane]?[y * p.strides[plane] + x] ?? 0) }
    }

    static let one = MediaTime(value: 1, timescale: 1)

    /// Composes `layers` (top first) of the frames by track ID at time 0.5 s into a black frame.
    static func compose(_ layers: [VideoCompositionLayerInstruction], _ frames: [CompositionTrackID: VideoFrame])
        throws -> VideoFrame
    {
        let instruction = VideoCompositionInstruction(
            timeRange: TimeRange(start: .zero, duration: one), layerInstructions: layers)
        let request = try Self.request(at: MediaTime(value: 1, timescale: 2), sources: frames)
        try LayerInstructionCompositor().compose(request.applying(instruction))
        // The compositor draws into a new black frame and makes it the request's picture.
        return request.destinationFrame
    }

    /// The request an export makes for a frame shown at `time` whose destination is a grey
    /// picture (so a compositor that does not replace it is seen).
    static func request(at time: MediaTime, sources: [CompositionTrackID: VideoFrame] = [:]) throws
        -> VideoCompositionRequest
    {
        VideoCompositionRequest(
            compositionTime: time, destinationFrame: try frame { _ in 128 }, sourceFrames: sources,
            makeBlackFrame: { try VideoFrame.black(format) })
    }

    @Test func aCrossFadeHalfWayIsTheMeanOfTheTwo() throws {
        let top = try Self.frame { _ in 200 }
        let bottom = try Self.frame { _ in 100 }
        var fading = VideoCompositionLayerInstruction(trackID: 1)
        fading.setOpacityRamp(from: 1, to: 0, timeRange: TimeRange(start: .zero, duration: Self.one))
        let out = try Self.compose([fading, VideoCompositionLayerInstruction(trackID: 2)], [1: top, 2: bottom])
        // Opacity 0.5 at 0.5 s: 100 + (200 − 100) × 0.5.
        #expect(Self.luma(out, 0, 0) == 150 && Self.luma(out, 63, 31) == 150)
        #expect(Self.chroma(out, plane: 1, 5, 5) == 128)
    }

    @Test func anOpaqueTopLayerHidesTheOneBelow() throws {
        let top = try Self.frame { x in UInt8(16 + x) }
        let bottom = try Self.frame { _ in 235 }
        let out = try Self.compose(
            [VideoCompositionLayerInstruction(trackID: 1), VideoCompositionLayerInstruction(trackID: 2)],
            [1: top, 2: bottom])
        #expect((0..<64).allSatisfy { Self.luma(out, $0, 7) == 16 + $0 })
    }

    @Test func aTranslationMovesThePictureAndLeavesBlackBehind() throws {
        let source = try Self.frame { _ in 200 }
        var layer = VideoCompositionLayerInstruction(trackID: 1)
        layer.setTransform(.translation(x: 16, y: 0), at: .zero)
        let out = try Self.compose([layer], [1: source])
        // Black (limited range: Y 16, chroma 128) left of x = 16, the picture from there.
        #expect(Self.luma(out, 8, 4) == 16 && Self.luma(out, 15, 4) == 16)
        #expect(Self.luma(out, 16, 4) == 200 && Self.luma(out, 63, 4) == 200)
        #expect(Self.chroma(out, plane: 1, 3, 2) == 128 && Self.chroma(out, plane: 2, 20, 2) == 128)
    }

    @Test func aCropKeepsOnlyItsRectangle() throws {
        let source = try Self.frame { _ in 180 }
        var layer = VideoCompositionLayerInstruction(trackID: 1)
        layer.cropRectangle = (x: 0, y: 0, width: 32, height: 32)
        let out = try Self.compose([layer], [1: source])
        #expect(Self.luma(out, 0, 0) == 180 && Self.luma(out, 31, 20) == 180)
        #expect(Self.luma(out, 32, 20) == 16 && Self.luma(out, 63, 0) == 16)
    }

    @Test func aZoomShowsTheLeftHalfTwiceAsWide() throws {
        // Left half 50, right half 250; scaled 2× about the top-left corner, the output shows the
        // source's left half: 50 everywhere except the last column, which samples source x
        // 63.5 / 2 − 0.5 = 31.25, a quarter of the way to 250: 50 + 200 × 0.25 = 100.
        let source = try Self.frame { x in x < 32 ? 50 : 250 }
        var layer = VideoCompositionLayerInstruction(trackID: 1)
        layer.setTransform(.scale(x: 2, y: 2), at: .zero)
        let out = try Self.compose([layer], [1: source])
        #expect(Self.luma(out, 0, 0) == 50 && Self.luma(out, 40, 10) == 50 && Self.luma(out, 62, 10) == 50)
        #expect(Self.luma(out, 63, 10) == 100)
    }

    /// A composition file may give any matrix within ±1e6: one that shrinks the picture to a
    /// hundred-billionth of its width has an inverse too large for the warp's fixed point. It
    /// shows nothing (the picture is far under a pixel) instead of trapping.
    @Test func aTransformThatShrinksThePictureToNothingDrawsNothing() throws {
        let source = try Self.frame { _ in 250 }
        var layer = VideoCompositionLayerInstruction(trackID: 1)
        layer.setTransform(AffineTransform(a: 1e-11, b: 0, c: 0, d: 1, tx: 1e6, ty: 0), at: .zero)
        let out = try Self.compose([layer], [1: source])
        #expect(Self.luma(out, 0, 0) == 16 && Self.luma(out, 63, 31) == 16, "black as before")
    }

    @Test func aTitleShowsOnlyInItsRangeAndFadesIn() throws {
        let fonts = try FontCatalog(directories: [TestPaths.fixture("render/fonts").path])
        let s = { (n: Int64) in MediaTime(value: n, timescale: 2) }
        let title = TitleLayer(
            text: "HELLO", timeRange: TimeRange(start: s(2), end: s(8)), size: 0.5, color: .white,
            keyframes: [.init(time: s(2), opacity: 0), .init(time: s(4), opacity: 1)])
        let titles = TitleCompositor(titles: [title], fonts: fonts)
        try titles.prepare(for: Self.format)
        #expect(try titles.layers(at: s(1)).isEmpty, "before its start")
        #expect(try titles.layers(at: s(2)).isEmpty, "at opacity 0")
        #expect(try titles.layers(at: s(8)).isEmpty, "at its end")
        let half = try titles.layers(at: s(3))
        #expect(half.first?.color.alpha == 128, "half-way through the fade")
        let frame = try VideoFrame.black(Self.format)
        try titles.compose(
            VideoCompositionRequest(
                compositionTime: s(5), destinationFrame: frame, sourceFrames: [:],
                makeBlackFrame: { try VideoFrame.black(Self.format) }))
        let bright = (0..<32).flatMap { y in (0..<64).map { x in Self.luma(frame, x, y) } }.filter { $0 > 200 }
        #expect(bright.count > 20, "white text drawn at 2.5 s")
        #expect(titles.framesDrawn == 1)
    }

    /// A title turned by a steady angle while it moves and fades: its turned mask is made once
    /// and reused, and each frame's layers are those a compositor that had drawn nothing before
    /// gives at that time (position, colour and mask alike). A line of spaces is not drawn.
    @Test func aTurnedTitleGivesTheSameLayersFromItsCachedMask() throws {
        let fonts = try FontCatalog(directories: [TestPaths.fixture("render/fonts").path])
        let s = { (n: Int64) in MediaTime(value: n, timescale: 4) }
        let title = TitleLayer(
            text: "HI\n   \nYOU", timeRange: TimeRange(start: .zero, end: s(40)), size: 0.3, color: .yellow,
            keyframes: [
                .init(time: .zero, x: 0.3, y: 0.4, opacity: 1, rotation: 30),
                .init(time: s(20), x: 0.7, y: 0.6, opacity: 0.8, rotation: 30),
                .init(time: s(40), x: 0.7, y: 0.6, opacity: 0.5, rotation: 30),
            ])
        let steady = TitleCompositor(titles: [title], fonts: fonts)
        try steady.prepare(for: Self.format)
        var turned: [CaptionImage] = []
        for n: Int64 in [0, 1, 2, 3, 20, 21, 39] {
            let layers = try steady.layers(at: s(n))
            let fresh = TitleCompositor(titles: [title], fonts: fonts)
            try fresh.prepare(for: Self.format)
            #expect(try fresh.layers(at: s(n)) == layers, "at \(n)/4 s")
            turned += layers
        }
        #expect(turned.count == 7, "one turned block a frame: \(turned.count)")
        // From 5 s on the title stands still and only fades: the mask of 5 s serves 5.25 and 9.75.
        #expect(steady.masksTurned <= 5, "\(steady.masksTurned) masks turned for 7 frames")
        #expect(Set(turned.suffix(3).map(\.color.alpha)).count == 3, "the fade goes on")
        let upright = TitleCompositor(
            titles: [TitleLayer(text: title.text, timeRange: title.timeRange, size: 0.3, keyframes: [.init(time: .zero)])],
            fonts: fonts)
        try upright.prepare(for: Self.format)
        #expect(try upright.layers(at: .zero).count == 2, "two lines with ink, the line of spaces left out")
        #expect(Set(turned.map(\.x)).count > 1, "the block moves")
    }
}
