import CaptionCore
import Foundation
import Render
import Testing

/// Measures one 1080p frame of a two-line caption once fonts are loaded, and prints the numbers.
/// Timing is reported, never asserted: machines and build modes differ too much. The release
/// figure is what Benchmarks/suites/render.py and the report quote.
@Suite struct RenderTimingTests {
    static func twoLines(_ i: Int) -> Caption {
        Caption(
            runs: [CaptionRun("Caption number \(i), first of two lines,\nand the second line of it")],
            timeRange: TimeRange(
                start: MediaTime(value: Int64(i), timescale: 1), end: MediaTime(value: Int64(i + 1), timescale: 1)))
    }

    @Test func oneHDFrameOfATwoLineCaption() throws {
        let captions = (0..<60).map(Self.twoLines)
        let renderer = try CaptionRenderer(captions: captions, bounds: .hd1080, fonts: try TestFonts.catalog())
        var frame = try RGBAImage(width: 1920, height: 1080)
        try renderer.render(at: .zero, into: &frame)  // loads fonts, fills the glyph cache
        let clock = ContinuousClock()
        var uncached: [Duration] = []
        for i in 1..<60 {
            var image = try RGBAImage(width: 1920, height: 1080)
            // A new caption each time: the full pipeline runs, with the glyph cache warm.
            uncached.append(
                try clock.measure { try renderer.render(at: MediaTime(value: Int64(i), timescale: 1), into: &image) })
        }
        // The same with a fresh transparent 1080p picture allocated by the call.
        var withAllocation: [Duration] = []
        renderer.captions = (60..<120).map(Self.twoLines)
        for i in 61..<120 {
            withAllocation.append(
                try clock.measure { _ = try renderer.render(at: MediaTime(value: Int64(i), timescale: 1)) })
        }
        var yuv = try YUV420Frame(width: 1920, height: 1080)
        let yuvTime = try clock.measure { try renderer.render(at: MediaTime(value: 100, timescale: 1), into: &yuv) }
        let sorted = uncached.sorted()
        let allocating = withAllocation.sorted()
        print(
            "render timing (1920x1080, two-line caption, fonts loaded): into an existing picture median \(sorted[sorted.count / 2]), max \(sorted.last ?? .zero); with a new picture median \(allocating[allocating.count / 2]), max \(allocating.last ?? .zero); cached scene into YUV420: \(yuvTime)"
        )
        #expect(renderer.statistics.captionsRendered == 60 + 59)
    }
}
