/// The planes of a 4:2:0 video picture owned by someone else (a decoded FFmpeg frame), for
/// blending captions straight into them: no copy, no RGB round trip. Media's frames are glued
/// to this description by the Composition module; Render never sees an FFmpeg type.
package struct YCbCrPlanes {
    /// How samples are laid out in memory.
    package enum Layout: Sendable, Hashable {
        /// Three planes, 8 bits a sample (FFmpeg's yuv420p and yuvj420p).
        case planar8
        /// A Y plane and one plane of interleaved Cb, Cr pairs, 8 bits (nv12).
        case semiPlanar8
        /// Three planes, 10 bits in the low bits of little-endian 16-bit words (yuv420p10le).
        case planar10
    }

    package var layout: Layout
    package var width: Int
    package var height: Int
    package var conversion: YCbCrConversion
    /// Y plane and its bytes per row.
    package var luma: UnsafeMutablePointer<UInt8>
    package var lumaStride: Int
    /// Cb plane (for ``Layout/semiPlanar8``, the interleaved CbCr plane).
    package var cb: UnsafeMutablePointer<UInt8>
    package var cbStride: Int
    /// Cr plane (unused for ``Layout/semiPlanar8``).
    package var cr: UnsafeMutablePointer<UInt8>
    package var crStride: Int

    package init(
        layout: Layout, width: Int, height: Int, conversion: YCbCrConversion,
        luma: UnsafeMutablePointer<UInt8>, lumaStride: Int, cb: UnsafeMutablePointer<UInt8>, cbStride: Int,
        cr: UnsafeMutablePointer<UInt8>, crStride: Int
    ) {
        self.layout = layout
        self.width = width
        self.height = height
        self.conversion = conversion
        self.luma = luma
        self.lumaStride = lumaStride
        self.cb = cb
        self.cbStride = cbStride
        self.cr = cr
        self.crStride = crStride
    }

    var bytesPerSample: Int { layout == .planar10 ? 2 : 1 }

    /// Whether the strides can hold a row of samples (a caller's mistake must not become an
    /// out-of-bounds write).
    var isConsistent: Bool {
        let rowBytes = width * bytesPerSample
        let chromaBytes = ((width + 1) / 2) * (layout == .semiPlanar8 ? 2 : bytesPerSample)
        return width > 0 && height > 0 && lumaStride >= rowBytes && cbStride >= chromaBytes
            && (layout == .semiPlanar8 || crStride >= chromaBytes)
    }
}
