import Testing

@testable import Render

@Suite struct GlyphRasterizerTests {
    /// FontFace sets any size below 1 px as 1 px, so the cache must key such sizes alike: the
    /// second glyph is the first one's bitmap, not a second rasterization.
    @Test func sizesSetAlikeShareACacheEntry() throws {
        let library = try FreeTypeLibrary()
        let face = try FontFace(
            FontFaceDescriptor(path: TestFonts.directory + "/DejaVuSans.ttf", family: "DejaVu Sans"), id: 0,
            library: library)
        let glyph = try #require(face.glyph(for: "A"))
        let rasterizer = try GlyphRasterizer(library: library)
        _ = try rasterizer.bitmap(face: face, glyph: glyph, size: 0.4, bold: false, oblique: false)
        _ = try rasterizer.bitmap(face: face, glyph: glyph, size: 0.6, bold: false, oblique: false)
        _ = try rasterizer.bitmap(face: face, glyph: glyph, size: 1, bold: false, oblique: false)
        #expect(rasterizer.rasterized == 1)
        #expect(rasterizer.cacheHits == 2)
    }
}
