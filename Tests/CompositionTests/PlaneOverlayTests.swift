import CaptionCore
import Render
import Testing

/// The dashboard's static overlay, converted once to premultiplied Y'CbCr, blends to the same
/// samples (within rounding) as blending its layers one by one with the caption blending.
@Suite struct PlaneOverlayTests {
    // Blending layers one by one gives each layer its mean coverage over a 2×2 chroma block,
    // which is exact only when the layers below are uniform over the block; the overlay
    // composes per pixel first and is exact everywhere. The layers here keep to the case where
    // both are exact (partial layers only over blocks the layer below covers whole), on an even
    // picture.
    static let width = 38, height = 24

    static func layers() -> [CaptionImage] {
        var ramp = [UInt8](repeating: 0, count: 20 * 9)
        for i in ramp.indices { ramp[i] = UInt8((i * 37) % 256) }
        return [
            CaptionImage(
                content: .rectangle(width: 30, height: 15), x: 2, y: 3,
                color: CaptionColor(red: 0, green: 0, blue: 0, alpha: 140)),
            CaptionImage(
                content: .bitmap(AlphaBitmap(width: 20, height: 9, pixels: ramp)), x: 20, y: 15, color: .yellow),
            CaptionImage(
                content: .rectangle(width: 2, height: 24), x: 36, y: 0,
                color: CaptionColor(red: 255, green: 59, blue: 48)),
            CaptionImage(
                content: .rectangle(width: 5, height: 5), x: 10, y: 6,
                color: CaptionColor(red: 20, green: 200, blue: 90, alpha: 200)),
        ]
    }

    /// Runs `body` on 8-bit planar planes filled with a pattern; returns (Y, Cb, Cr).
    static func planes(_ body: (YCbCrPlanes) -> Void) -> ([UInt8], [UInt8], [UInt8]) {
        let w = width, h = height, cw = (w + 1) / 2, ch = (h + 1) / 2
        var y = (0..<(w * h)).map { UInt8(16 + ($0 * 13) % 200) }
        var u = (0..<(cw * ch)).map { UInt8(64 + ($0 * 7) % 128) }
        var v = (0..<(cw * ch)).map { UInt8(90 + ($0 * 5) % 100) }
        y.withUnsafeMutableBufferPointer { yp in
            u.withUnsafeMutableBufferPointer { up in
                v.withUnsafeMutableBufferPointer { vp in
                    body(
                        YCbCrPlanes(
                            layout: .planar8, width: w, height: h,
                            conversion: YCbCrConversion(matrix: .bt709, limitedRange: true), luma: yp.baseAddress!,
                            lumaStride: w, cb: up.baseAddress!, cbStride: cw, cr: vp.baseAddress!, crStride: cw))
                }
            }
        }
        return (y, u, v)
    }

    @Test func overlayMatchesLayerByLayerBlending() throws {
        let layers = Self.layers()
        let reference = Self.planes { LayerBlending.composite(layers, into: $0) }
        var picture = try RGBAImage(width: Self.width, height: Self.height)
        LayerBlending.composite(layers, into: &picture)
        let overlay = PlaneOverlay(
            picture, conversion: YCbCrConversion(matrix: .bt709, limitedRange: true), layout: .planar8)
        let merged = Self.planes { overlay.blend(into: $0) }
        let untouched = Self.planes { _ in }
        func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0 }
        #expect(maxDifference(reference.0, merged.0) <= 1, "luma")
        #expect(maxDifference(reference.1, merged.1) <= 1, "Cb")
        #expect(maxDifference(reference.2, merged.2) <= 1, "Cr")
        #expect(maxDifference(untouched.0, merged.0) > 50, "the overlay changed the picture")
        #expect(overlay.coveredSamples == coveredCount(layers), "only covered samples are kept")
        // Outside every layer nothing changes.
        #expect(merged.0[0] == untouched.0[0] && merged.0[Self.width * 23] == untouched.0[Self.width * 23])
    }

    /// Pixels inside the picture that some layer covers (coverage × alpha > 0), by brute force.
    func coveredCount(_ layers: [CaptionImage]) -> Int {
        var n = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let covered = layers.contains { l in
                    guard x >= l.x, x < l.x + l.width, y >= l.y, y < l.y + l.height, l.color.alpha > 0 else {
                        return false
                    }
                    if case .bitmap(let b) = l.content {
                        return (Int(b.pixels[(y - l.y) * b.width + (x - l.x)]) * Int(l.color.alpha) / 255) > 0
                    }
                    return true
                }
                if covered { n += 1 }
            }
        }
        return n
    }

    /// 8-bit planar planes blend sixteen samples at a time; NV12's interleaved chroma, one by
    /// one: on a picture whose runs are many vectors long (and end mid-vector), with every alpha
    /// from 1 to 255 over a ramp of colours, both give the very same bytes.
    @Test func sixteenSamplesAtOnceGiveTheSameBytesAsOneByOne() throws {
        let w = 150, h = 40, cw = 75, ch = 20
        var picture = try RGBAImage(width: w, height: h)
        for y in 2..<37 {
            for x in 3..<146 {
                let i: Int = (y * w + x) * 4
                let red: Int = (x * 7 + y) % 256, green: Int = (x * 3 + y * 11) % 256
                let blue: Int = (x + y * 5) % 256, alpha: Int = 1 + (x * 13 + y * 29) % 255
                picture.pixels[i] = UInt8(red)
                picture.pixels[i + 1] = UInt8(green)
                picture.pixels[i + 2] = UInt8(blue)
                picture.pixels[i + 3] = UInt8(alpha)
            }
        }
        let conversion = YCbCrConversion(matrix: .bt709, limitedRange: true)
        let planar = PlaneOverlay(picture, conversion: conversion, layout: .planar8)
        let interleaved = PlaneOverlay(picture, conversion: conversion, layout: .semiPlanar8)
        let luma: [UInt8] = (0..<(w * h)).map { UInt8(truncatingIfNeeded: $0 * 13) }
        let cb: [UInt8] = (0..<(cw * ch)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let cr: [UInt8] = (0..<(cw * ch)).map { UInt8(truncatingIfNeeded: $0 * 5) }
        var (y1, u1, v1) = (luma, cb, cr)
        var y2 = luma
        var uv: [UInt8] = []
        for (b, r) in zip(cb, cr) { uv += [b, r] }
        y1.withUnsafeMutableBufferPointer { y in
            u1.withUnsafeMutableBufferPointer { u in
                v1.withUnsafeMutableBufferPointer { v in
                    guard let y = y.baseAddress, let u = u.baseAddress, let v = v.baseAddress else { return }
                    planar.blend(
                        into: YCbCrPlanes(
                            layout: .planar8, width: w, height: h, conversion: conversion, luma: y, lumaStride: w,
                            cb: u, cbStride: cw, cr: v, crStride: cw))
                }
            }
        }
        y2.withUnsafeMutableBufferPointer { y in
            uv.withUnsafeMutableBufferPointer { c in
                guard let y = y.baseAddress, let c = c.baseAddress else { return }
                interleaved.blend(
                    into: YCbCrPlanes(
                        layout: .semiPlanar8, width: w, height: h, conversion: conversion, luma: y, lumaStride: w,
                        cb: c, cbStride: 2 * cw, cr: c, crStride: 2 * cw))
            }
        }
        #expect(y1 == y2, "luma")
        let cbOut: [UInt8] = stride(from: 0, to: uv.count, by: 2).map { uv[$0] }
        let crOut: [UInt8] = stride(from: 1, to: uv.count, by: 2).map { uv[$0] }
        #expect(u1 == cbOut, "Cb")
        #expect(v1 == crOut, "Cr")
        #expect(y1 != luma, "the overlay changed the picture")
    }
}
