import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import Render

/// Blending straight into nv12 and yuv420p10le planes (with padded rows) gives the same
/// picture as yuv420p, touches nothing outside the layers, and blinks 608 flash.
@Suite struct PlaneBlendingTests {
    static let width = 320, height = 240

    static func renderer(_ runs: [CaptionRun]) throws -> CaptionRenderer {
        let caption = Caption(
            runs: runs, timeRange: TimeRange(start: .zero, end: MediaTime(value: 10, timescale: 1)),
            region: .cells(row: 12, column: 2, rows: 1, columns: 9))
        return try CaptionRenderer(
            captions: [caption], bounds: RenderSize(width: width, height: height),
            fonts: FontCatalog(directories: [TestPaths.fixture("render/fonts").path]),
            options: CaptionRenderOptions(outlineWidth: 0))
    }

    static let t = MediaTime(value: 1, timescale: 4)
    static let runs = [CaptionRun("PLANES", style: CaptionTextStyle(textColor: .yellow, backgroundColor: .blue))]

    @Test func nv12MatchesPlanar() throws {
        let r = try Self.renderer(Self.runs)
        var reference = try YUV420Frame(width: Self.width, height: Self.height, matrix: .bt709, limitedRange: true)
        try r.render(at: Self.t, into: &reference)

        let stride = Self.width + 32  // padded rows, as FFmpeg allocates them
        let cw = Self.width / 2, ch = Self.height / 2
        var y = [UInt8](repeating: 16, count: stride * Self.height)
        var uv = [UInt8](repeating: 128, count: stride * ch)
        y.withUnsafeMutableBufferPointer { yp in
            uv.withUnsafeMutableBufferPointer { uvp in
                let planes = YCbCrPlanes(
                    layout: .semiPlanar8, width: Self.width, height: Self.height,
                    conversion: YCbCrConversion(matrix: .bt709, limitedRange: true), luma: yp.baseAddress!,
                    lumaStride: stride, cb: uvp.baseAddress!, cbStride: stride, cr: uvp.baseAddress!, crStride: stride)
                try? r.render(at: Self.t, into: planes)
            }
        }
        for row in 0..<Self.height {
            #expect(
                Array(y[(row * stride)..<(row * stride + Self.width)])
                    == Array(reference.y[(row * Self.width)..<((row + 1) * Self.width)]))
            #expect(y[(row * stride + Self.width)..<((row + 1) * stride)].allSatisfy { $0 == 16 }, "padding untouched")
        }
        for row in 0..<ch {
            for col in 0..<cw {
                #expect(uv[row * stride + 2 * col] == reference.u[row * cw + col])
                #expect(uv[row * stride + 2 * col + 1] == reference.v[row * cw + col])
            }
        }
        #expect(reference.y.contains { $0 != 16 }, "something was drawn")
    }

    @Test func tenBitPlanesGetTenBitColours() throws {
        let r = try Self.renderer([CaptionRun("RED", style: CaptionTextStyle(textColor: .red, backgroundColor: .red))])
        let w = Self.width, h = Self.height
        var y = [UInt16](repeating: UInt16(64).littleEndian, count: w * h)
        var u = [UInt16](repeating: UInt16(512).littleEndian, count: (w / 2) * (h / 2))
        var v = u
        y.withUnsafeMutableBytes { yp in
            u.withUnsafeMutableBytes { up in
                v.withUnsafeMutableBytes { vp in
                    let planes = YCbCrPlanes(
                        layout: .planar10, width: w, height: h,
                        conversion: YCbCrConversion(matrix: .bt709, limitedRange: true, bitDepth: 10),
                        luma: yp.baseAddress!.assumingMemoryBound(to: UInt8.self), lumaStride: w * 2,
                        cb: up.baseAddress!.assumingMemoryBound(to: UInt8.self), cbStride: w,
                        cr: vp.baseAddress!.assumingMemoryBound(to: UInt8.self), crStride: w)
                    try? r.render(at: Self.t, into: planes)
                }
            }
        }
        // 100% red in BT.709 at 10 bits, limited range: Y' 250, Cb 409, Cr 960 (the published
        // 10-bit colour-bar values).
        let ys = Set(y.map { UInt16(littleEndian: $0) })
        #expect(ys == [64, 250], "only black and the red box: \(ys.sorted())")
        let pairs = Set(zip(u, v).map { [UInt16(littleEndian: $0.0), UInt16(littleEndian: $0.1)] })
        #expect(pairs.contains([409, 960]))
    }

    @Test func onlyTheLayersBoxesAreTouched() throws {
        let r = try Self.renderer(Self.runs)
        var frame = try YUV420Frame(width: Self.width, height: Self.height, matrix: .bt601, limitedRange: true)
        let layers = try r.layers(at: Self.t)
        try r.render(at: Self.t, into: &frame)
        let minX = layers.map(\.x).min()!, maxX = layers.map { $0.x + $0.width }.max()!
        let minY = layers.map(\.y).min()!, maxY = layers.map { $0.y + $0.height }.max()!
        for yy in 0..<Self.height {
            for xx in 0..<Self.width where !(minX..<maxX).contains(xx) || !(minY..<maxY).contains(yy) {
                #expect(frame.y[yy * Self.width + xx] == 16)
            }
        }
    }

    @Test func flashingTextBlinks() throws {
        var style = CaptionTextStyle(textColor: .white)
        style.flash = true
        let r = try Self.renderer([CaptionRun("BLINK", style: style)])
        // The default flash period is one second: the text shows in its first half and is
        // hidden in the second.
        func picture(_ quarter: Int64) throws -> [UInt8] {
            var frame = try YUV420Frame(width: Self.width, height: Self.height, matrix: .bt601, limitedRange: true)
            try r.render(at: MediaTime(value: quarter, timescale: 4), into: &frame)
            return frame.y
        }
        let on = try picture(1), off = try picture(3), onAgain = try picture(5)
        #expect(on.contains { $0 >= 230 }, "white text in the first half")
        #expect(!off.contains { $0 >= 230 }, "no text in the second half")
        #expect(onAgain == on)
    }
}
