import CaptionCore
import Foundation
import ITT
import Render
import TestSupport
import Testing

/// Fonts found through fontconfig: the committed test fonts added as application fonts with the
/// aliases of Fixtures/render/fonts/fonts.conf, and the machine's configuration (Debian's
/// fonts-dejavu-core and fonts-noto-cjk, which `make test` installs).
@Suite struct FontCatalogTests {
    /// A chain as file names, each marked with the synthesis it needs ("+bold", "+oblique").
    static func names(_ chain: [FontChoice]) -> [String] {
        chain.map { choice in
            URL(fileURLWithPath: choice.face.path).lastPathComponent + (choice.synthesizesBold ? " +bold" : "")
                + (choice.synthesizesOblique ? " +oblique" : "")
        }
    }

    static let cjk = "NotoSansCJKjp-Regular-subset.otf"

    /// The first entry is the face fonts.conf and the request call for, with synthesis for the
    /// weight or slant it lacks; the CJK face follows for the characters DejaVu lacks; no face
    /// comes twice.
    @Test(arguments: [
        (FontRequest(), "DejaVuSans.ttf"),
        (FontRequest(bold: true), "DejaVuSans-Bold.ttf"),
        (FontRequest(italic: true), "DejaVuSans-Oblique.ttf"),
        // fontconfig ranks slant before weight: the oblique face, emboldened.
        (FontRequest(bold: true, italic: true), "DejaVuSans-Oblique.ttf +bold"),
        (FontRequest(monospaced: true), "DejaVuSansMono.ttf"),
        (FontRequest(italic: true, monospaced: true), "DejaVuSansMono.ttf +oblique"),
        (FontRequest(family: "sansSerif"), "DejaVuSans.ttf"),
        (FontRequest(family: "monospaceSansSerif"), "DejaVuSansMono.ttf"),
        // IMSC's default family: Courier New and Courier are not among the fixtures' faces.
        (FontRequest(family: "monospaceSerif"), "DejaVuSansMono.ttf"),
        (FontRequest(family: "Noto Sans CJK JP", bold: true), cjk + " +bold"),
        (FontRequest(family: "'DejaVu Sans Mono', sansSerif"), "DejaVuSansMono.ttf"),
    ])
    func fixtureChainsStartWithTheConfiguredFace(request: FontRequest, first: String) throws {
        let chain = Self.names(try TestFonts.catalog().fallbackChain(for: request))
        #expect(chain.first == first, "\(request): \(chain)")
        #expect(chain.contains { $0.hasPrefix(Self.cjk) || $0.hasPrefix("DejaVu") })
        let files = chain.map { $0.split(separator: " ")[0] }
        #expect(Set(files).count == files.count, "a face twice in \(chain)")
        if request.family == nil { #expect(files.contains { $0 == Self.cjk }, "\(chain)") }
    }

    /// An override comes first, before the requested and the generic family.
    @Test func overrideComesFirst() throws {
        let overridden = try TestFonts.catalog(overrides: [TestFonts.directory + "/DejaVuSansMono.ttf"])
        let chain = Self.names(overridden.fallbackChain(for: FontRequest(family: "serif")))
        #expect(chain.prefix(2) == ["DejaVuSansMono.ttf", "DejaVuSans.ttf"])
    }

    @Test func latinTextOpensOnlyTheFaceItNeeds() throws {
        let caption = Caption(
            runs: [CaptionRun("Latin only, twice over")],
            timeRange: TimeRange(start: .zero, end: MediaTime(value: 10, timescale: 1)))
        let renderer = try CaptionRenderer(
            captions: [caption], bounds: RenderSize(width: 640, height: 360), fonts: try TestFonts.catalog())
        _ = try renderer.layers(at: MediaTime(value: 1, timescale: 1))
        #expect(renderer.statistics.fontFacesOpened == 1)
        // A character the first face lacks opens the next faces, up to one that has it.
        renderer.captions = [
            Caption(
                runs: [CaptionRun("Latin and 日本語")],
                timeRange: TimeRange(start: .zero, end: MediaTime(value: 10, timescale: 1)))
        ]
        _ = try renderer.layers(at: MediaTime(value: 1, timescale: 1))
        #expect(renderer.statistics.fontFacesOpened > 1)
        #expect(renderer.diagnostics.isEmpty)
    }

    @Test func aCatalogWithNoFontFilesIsAnError() throws {
        let empty = try TemporaryDirectory("captions-no-fonts")
        #expect(throws: RenderError.self) { try FontCatalog(directories: [empty.url.path]) }
    }

    /// A file named like a font that is not one gives no face: a catalog of only such files has
    /// no fonts, rather than rendering blank pictures.
    @Test func aCatalogWhoseFilesHaveNoUsableFaceIsAnError() throws {
        let folder = try TemporaryDirectory("captions-junk-fonts")
        let junk = folder.path("junk.ttf")
        try Data("not a font\n".utf8).write(to: URL(fileURLWithPath: junk))
        #expect(throws: RenderError.noFonts(searched: [junk])) { try FontCatalog(files: [junk]) }
        #expect(throws: RenderError.noFonts(searched: [folder.url.path])) {
            try FontCatalog(directories: [folder.url.path])
        }
        // One usable file among junk is enough.
        let mixed = try FontCatalog(files: [junk, TestFonts.directory + "/DejaVuSans.ttf"])
        #expect(mixed.faces.map(\.family) == ["DejaVu Sans"])
    }

    /// A catalog of its own keeps fontconfig's scan of its folders in the user's font cache
    /// (`$XDG_CACHE_HOME/fontconfig`, else `~/.cache/fontconfig`), as fontconfig's own
    /// configuration does. Before, its configuration named no cache folder: nothing was kept, and
    /// fontconfig printed "Fontconfig error: No writable cache directories" for every folder.
    @Test func aCatalogOfItsOwnKeepsItsFolderScanInTheUsersFontCache() throws {
        let folder = try TemporaryDirectory("captions-cached-fonts")
        try FileManager.default.copyItem(
            atPath: TestFonts.directory + "/DejaVuSans.ttf", toPath: folder.path("DejaVuSans.ttf"))
        _ = try FontCatalog(directories: [folder.url.path])
        let environment = ProcessInfo.processInfo.environment
        let cacheHome = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.cache"
        let cache = cacheHome + "/fontconfig"
        // A cache file holds the path of the folder it describes.
        let path = Array(folder.url.path.utf8)
        let kept = ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).contains { name in
            guard name.contains(".cache-"), let data = FileManager.default.contents(atPath: cache + "/" + name) else {
                return false
            }
            return [UInt8](data).firstRange(of: path) != nil
        }
        #expect(kept, "no cache file in \(cache) names \(folder.url.path)")
    }

    @Test func anUnreadableConfigurationFileIsAnError() throws {
        let folder = try TemporaryDirectory("captions-bad-fontconfig")
        let conf = folder.path("fonts.conf")
        try Data("<fontconfig><alias>".utf8).write(to: URL(fileURLWithPath: conf))
        #expect(throws: RenderError.self) {
            try FontCatalog(directories: [TestFonts.directory], configurationFile: conf)
        }
    }

    // MARK: - The machine's configuration

    /// The first face of the chain that has `scalar`.
    static func face(for scalar: Unicode.Scalar, in chain: [FontChoice]) -> FontFaceDescriptor? {
        chain.first { Self.covers($0.face, scalar) }?.face
    }

    /// Whether FreeType finds a glyph for `scalar` in `face`: asked through a one-character
    /// render with that face alone as an override, which reports a missing glyph otherwise.
    static func covers(_ face: FontFaceDescriptor, _ scalar: Unicode.Scalar) -> Bool {
        struct One: FontProvider {
            let face: FontFaceDescriptor
            func fallbackChain(for request: FontRequest) -> [FontChoice] { [FontChoice(face: face)] }
        }
        let caption = Caption(
            runs: [CaptionRun(String(Character(scalar)))],
            timeRange: TimeRange(start: .zero, end: MediaTime(value: 1, timescale: 1)))
        guard
            let renderer = try? CaptionRenderer(
                captions: [caption], bounds: RenderSize(width: 64, height: 64), fonts: One(face: face)),
            (try? renderer.layers(at: MediaTime(value: 1, timescale: 2))) != nil
        else { return false }
        return renderer.diagnostics.isEmpty
    }

    /// Per-language fallback: U+76F4 (直) has different Japanese, Chinese and Korean forms, and
    /// fontconfig's language preference picks the Noto Sans CJK face made for the text's
    /// language (fonts-noto-cjk's collection holds all of them).
    @Test(arguments: [("ja", "Noto Sans CJK JP"), ("zh-CN", "Noto Sans CJK SC"), ("ko", "Noto Sans CJK KR")])
    func hanCharactersTakeTheFaceOfTheLanguage(language: String, family: String) throws {
        let catalog = try FontCatalog.system()
        let chain = catalog.fallbackChain(for: FontRequest(language: language))
        let face = try #require(Self.face(for: "\u{76F4}", in: chain), "no face has U+76F4: install fonts-noto-cjk")
        #expect(face.family == family, "\(language): \(face)")
    }

    /// The same caption drawn for Japanese and for Chinese: the glyphs differ.
    @Test func theLanguageOptionChangesHowHanCharactersAreDrawn() throws {
        let caption = Caption(
            runs: [CaptionRun("直骨")], timeRange: TimeRange(start: .zero, end: MediaTime(value: 10, timescale: 1)))
        func draw(_ language: String) throws -> RGBAImage {
            let renderer = try CaptionRenderer(
                captions: [caption], bounds: RenderSize(width: 320, height: 180), fonts: try FontCatalog.system(),
                options: CaptionRenderOptions(language: language))
            return try renderer.render(at: MediaTime(value: 1, timescale: 1))
        }
        #expect(try draw("ja").pixels != draw("zh-CN").pixels)
    }
}

/// The family a TTML document draws where it names none, or names `default`: IMSC's
/// `monospaceSerif` for a TTML profile other than iTT (as the W3C reference renderer maps it),
/// Apple's proportional sans for iTT. "iiiiiiii" is drawn several times wider monospaced.
@Suite struct TTMLDefaultFamilyTests {
    static func inkWidth(_ ttml: String) throws -> Int {
        let document = try TTMLReader(options: CaptionFormatOptions(fileName: "t.ttml")).read(Array(ttml.utf8)).document
        let renderer = try CaptionRenderer(
            captions: document.captions, bounds: RenderSize(width: 640, height: 360), fonts: try TestFonts.catalog(),
            options: CaptionRenderOptions(outlineWidth: 0).adopting(document))
        var image = try RGBAImage(width: 640, height: 360, filledWith: .black)
        try renderer.render(at: MediaTime(value: 1, timescale: 1), into: &image)
        var columns = Set<Int>()
        for (i, byte) in image.pixels.enumerated() where i % 4 == 0 && byte > 128 { columns.insert(i / 4 % 640) }
        return (columns.max() ?? 0) - (columns.min() ?? 0)
    }

    static func document(profile: String, family: String?) -> String {
        let attribute = family.map { " tts:fontFamily=\"\($0)\"" } ?? ""
        return """
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
            xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:profile="\(profile)" xml:lang="en">
            <body><div><p begin="0s" end="2s"\(attribute)>iiiiiiii</p></div></body></tt>
            """
    }

    @Test func imscDrawsItsDefaultFamilyMonospacedAndITTProportional() throws {
        let imsc = "http://www.w3.org/ns/ttml/profile/imsc1/text"
        let unnamed = try Self.inkWidth(Self.document(profile: imsc, family: nil))
        let named = try Self.inkWidth(Self.document(profile: imsc, family: "default"))
        let sans = try Self.inkWidth(Self.document(profile: imsc, family: "proportionalSansSerif"))
        // At 1c = 24 px, eight cells of DejaVu Sans Mono (0.602 em) against eight narrow "i"s.
        #expect(unnamed == named && unnamed > 2 * sans, "default \(unnamed) px, named \(named) px, sans \(sans) px")
        // An iTT document (no TTML profile of its own) and one of no TTML keep the sans.
        var itt = CaptionDocument()
        itt.metadata[CaptionDocument.ttmlProfileKey] = "itt"
        #expect(CaptionRenderOptions().adopting(itt).defaultFontFamily == nil)
        #expect(CaptionRenderOptions().adopting(CaptionDocument()).defaultFontFamily == nil)
    }
}
