import Media
import Testing

@Suite struct PNGCodecTests {
    /// A `w`×`h` RGBA picture whose every pixel differs from its neighbours.
    static func gradient(_ w: Int, _ h: Int) -> (width: Int, height: Int, rgba: [UInt8]) {
        var p = [UInt8]()
        for y in 0..<h {
            for x in 0..<w {
                p += [UInt8(x * 255 / max(1, w - 1)), UInt8(y * 255 / max(1, h - 1)), 77, UInt8((x + y) % 256)]
            }
        }
        return (w, h, p)
    }

    @Test func roundTripsRGBAExactly() throws {
        let picture = Self.gradient(37, 21)
        let png = try PNGCodec.encode(width: picture.width, height: picture.height, rgba: picture.rgba)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PNGCodec.decode(png)
        #expect(decoded.width == picture.width && decoded.height == picture.height && decoded.rgba == picture.rgba)
    }

    /// A 64×32 picture of four 32×16 quadrants, each one colour, scaled to 16×8: each output
    /// pixel stands for 4×4 input pixels. Shrinking by 4, swscale's bicubic filter (4 taps)
    /// reaches 8 input pixels either side of the output pixel's centre (4x + 1.5, 4y + 1.5), so
    /// output columns 0–5 and 10–15 and rows 0–1 and 6–7 see one quadrant only and must be
    /// exactly its colour; the columns and rows between blend across the edges.
    @Test func scalesOnDecode() throws {
        let topLeft: [UInt8] = [200, 30, 60, 255], topRight: [UInt8] = [0, 0, 0, 255]
        let bottomLeft: [UInt8] = [10, 220, 90, 255], bottomRight: [UInt8] = [255, 255, 255, 0]
        var rgba: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<64 {
                rgba += y < 16 ? (x < 32 ? topLeft : topRight) : (x < 32 ? bottomLeft : bottomRight)
            }
        }
        let png = try PNGCodec.encode(width: 64, height: 32, rgba: rgba)
        let small = try PNGCodec.decode(png, scaledTo: (width: 16, height: 8))
        #expect(small.width == 16 && small.height == 8 && small.rgba.count == 16 * 8 * 4)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(small.rgba[(y * 16 + x) * 4..<(y * 16 + x) * 4 + 4]) }
        for y in [0, 1, 6, 7] {
            for x in Array(0...5) + Array(10...15) {
                let expected = y < 4 ? (x < 8 ? topLeft : topRight) : (x < 8 ? bottomLeft : bottomRight)
                #expect(pixel(x, y) == expected, "pixel (\(x), \(y))")
            }
        }
        // Across the middle the quadrants blend: neither side's colour survives there.
        #expect(pixel(8, 4) != topLeft && pixel(8, 4) != bottomRight)
    }

    @Test func garbageIsAnFFmpegErrorWithItsCode() throws {
        do {
            _ = try PNGCodec.decode([1, 2, 3, 4, 5, 6, 7, 8, 9])
            Issue.record("decoding garbage succeeded")
        } catch let error as MediaError {
            #expect(error.code < 0)
            #expect(!error.message.isEmpty)
        }
    }

    @Test func sizesWhoseByteCountOverflowAreErrorsNotTraps() throws {
        // width * height * 4 overflows Int; Int32(width) would trap.
        #expect(throws: MediaError.self) {
            try PNGCodec.encode(width: Int.max / 2, height: 3, rgba: [0, 0, 0, 0])
        }
        #expect(throws: MediaError.self) {
            try PNGCodec.encode(width: Int(Int32.max) + 1, height: 1, rgba: [])
        }
        let png = try PNGCodec.encode(width: 8, height: 8, rgba: Self.gradient(8, 8).rgba)
        for size in [(Int.max, 2), (2, Int.max), (Int(Int32.max), 1), (1 << 40, 1 << 40), (0, 5), (-3, 5)] {
            #expect(throws: MediaError.self, "\(size)") {
                try PNGCodec.decode(png, scaledTo: (width: size.0, height: size.1))
            }
        }
    }

    @Test func rejectsAPictureWhoseBufferDoesNotMatchItsSize() {
        #expect(throws: MediaError.self) { try PNGCodec.encode(width: 4, height: 4, rgba: [0, 0, 0]) }
    }
}
