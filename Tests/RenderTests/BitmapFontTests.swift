import CaptionCore
import Foundation
import Render
import TestSupport
import Testing

/// Bitmap-only faces (Noto Color Emoji when fonts-noto-color-emoji is installed) cannot be set to
/// an arbitrary pixel size, so the catalog must leave them out: a character only they have is a
/// missing-glyph warning, not an error that stops the render.
@Suite struct BitmapFontTests {
    /// A one-glyph BDF font (Adobe Glyph Bitmap Distribution Format 2.1), which FreeType opens
    /// as a non-scalable face whatever the file is called. Its only character, U+10FFFD (plane 16
    /// private use), is in none of the fixture fonts.
    static let bdf = """
        STARTFONT 2.1
        FONT -test-Bitmap Test-Regular-R-Normal--8-80-75-75-C-80-ISO10646-1
        SIZE 8 75 75
        FONTBOUNDINGBOX 8 8 0 0
        STARTPROPERTIES 4
        FAMILY_NAME "Bitmap Test"
        CHARSET_REGISTRY "ISO10646"
        CHARSET_ENCODING "1"
        FONT_ASCENT 8
        ENDPROPERTIES
        CHARS 1
        STARTCHAR uni10FFFD
        ENCODING 1114109
        SWIDTH 1000 0
        DWIDTH 8 0
        BBX 8 8 0 0
        BITMAP
        FF
        81
        81
        81
        81
        81
        81
        FF
        ENDCHAR
        ENDFONT

        """

    /// The BDF font written as `bitmap.ttf` in `directory`, so folder listings pick it up too.
    static func bitmapFont(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("bitmap.ttf")
        try Data(bdf.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let caption = Caption(
        runs: [CaptionRun("Hi \u{10FFFD}")],
        timeRange: TimeRange(start: .zero, end: MediaTime(value: 10, timescale: 1)))

    @Test func aBitmapOnlyFaceIsNotOffered() throws {
        let directory = try TemporaryDirectory("captions-bitmap-font")
        let bitmap = try Self.bitmapFont(in: directory)
        let catalog = try FontCatalog(files: [TestFonts.directory + "/DejaVuSans.ttf", bitmap])
        #expect(catalog.faces.map(\.family) == ["DejaVu Sans"])
        let overridden = try FontCatalog(
            files: [TestFonts.directory + "/DejaVuSans.ttf"], overrideFiles: [bitmap])
        #expect(overridden.overrides.isEmpty)
    }

    @Test func aCharacterOnlyABitmapFaceHasIsAMissingGlyph() throws {
        let directory = try TemporaryDirectory("captions-bitmap-font")
        let bitmap = try Self.bitmapFont(in: directory)
        // Both ways into a chain: a font found in a folder (reached last, as Noto Color Emoji is)
        // and a --font override (reached first).
        let catalogs = [
            try FontCatalog(directories: [directory.url.path], files: [TestFonts.directory + "/DejaVuSans.ttf"]),
            try FontCatalog(files: [TestFonts.directory + "/DejaVuSans.ttf"], overrideFiles: [bitmap]),
        ]
        for catalog in catalogs {
            let renderer = try CaptionRenderer(
                captions: [Self.caption], bounds: RenderSize(width: 320, height: 180), fonts: catalog)
            var image = try RGBAImage(width: 320, height: 180)
            try renderer.render(at: MediaTime(value: 1, timescale: 1), into: &image)
            #expect(renderer.diagnostics.map(\.ruleID) == ["render.missingGlyph"])
            #expect(renderer.diagnostics.first?.message.contains("U+10FFFD") == true)
        }
    }
}
