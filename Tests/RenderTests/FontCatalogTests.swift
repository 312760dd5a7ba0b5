import CaptionCore
import Foundation
import Render
import TestSupport
import Testing

/// The catalog reads fonts lazily; these check that it still gives the chains it gave when it
/// read every face up front, and that it opens only the faces characters need.
@Suite struct FontCatalogTests {
    /// The chain as the catalog built it from every face before it became lazy (the oracle):
    /// overrides, requested, generic, then every family in `faces` order.
    static func eagerChain(_ catalog: FontCatalog, _ request: FontRequest) -> [FontChoice] {
        let faces = catalog.faces
        var chain: [FontChoice] = []
        var used = Set<FontFaceDescriptor>()
        func add(_ family: String, from pool: [FontFaceDescriptor]) {
            let members = pool.filter { $0.family.caseInsensitiveCompare(family) == .orderedSame }
            if let c = best(members, request), used.insert(c.face).inserted { chain.append(c) }
        }
        var overrideFamilies: [String] = []
        for f in catalog.overrides where !overrideFamilies.contains(f.family) { overrideFamilies.append(f.family) }
        for family in overrideFamilies { add(family, from: catalog.overrides) }
        let f = request.family?.lowercased() ?? ""
        let generics = [
            "default", "monospace", "sansserif", "serif", "monospacesansserif", "monospaceserif",
            "proportionalsansserif", "proportionalserif", "sans-serif",
        ]
        if let requested = request.family, !generics.contains(f) { add(requested, from: faces) }
        let generic =
            request.monospaced || f.hasPrefix("monospace")
            ? "DejaVu Sans Mono" : f == "serif" || f == "proportionalserif" ? "DejaVu Serif" : "DejaVu Sans"
        add(generic, from: faces)
        var families: [String] = []
        for face in faces where !families.contains(face.family) { families.append(face.family) }
        for family in families { add(family, from: faces) }
        return chain
    }

    static func best(_ members: [FontFaceDescriptor], _ r: FontRequest) -> FontChoice? {
        if let e = members.first(where: { $0.isBold == r.bold && $0.isItalic == r.italic }) {
            return FontChoice(face: e)
        }
        if let f = members.first(where: { $0.isBold == r.bold && !$0.isItalic }) {
            return FontChoice(face: f, synthesizesOblique: r.italic)
        }
        if let f = members.first(where: { !$0.isBold && $0.isItalic == r.italic }) {
            return FontChoice(face: f, synthesizesBold: r.bold)
        }
        guard let f = members.first(where: { !$0.isBold && !$0.isItalic }) ?? members.first else { return nil }
        return FontChoice(face: f, synthesizesBold: r.bold && !f.isBold, synthesizesOblique: r.italic && !f.isItalic)
    }

    /// Generic requests in every face, plus each family the catalog has, asked for by name.
    static func requests(_ catalog: FontCatalog) -> [FontRequest] {
        var families: [String?] = [nil, "monospace", "serif", "sansSerif", "No Such Family"]
        for f in catalog.faces where !families.contains(f.family) { families.append(f.family) }
        families.append("dejavu sans")
        return families.flatMap { family in
            [(false, false, false), (true, false, false), (false, true, false), (true, true, true)].map {
                FontRequest(family: family, bold: $0.0, italic: $0.1, monospaced: $0.2)
            }
        }
    }

    static var catalogs: [FontCatalog] {
        var result: [FontCatalog] = []
        if let c = try? TestFonts.catalog() { result.append(c) }
        if let c = try? TestFonts.catalog(overrides: [TestFonts.directory + "/DejaVuSansMono.ttf"]) { result.append(c) }
        // The machine's fonts, when it has any: many families and font collections.
        if let c = try? FontCatalog.system() { result.append(c) }
        if let c = try? FontCatalog.system(overrideFiles: [TestFonts.directory + "/DejaVuSans-Bold.ttf"]) {
            result.append(c)
        }
        return result
    }

    @Test func lazyChainsEqualTheChainsBuiltFromEveryFace() throws {
        let catalogs = Self.catalogs
        #expect(catalogs.count >= 2)
        for catalog in catalogs {
            for request in Self.requests(catalog) {
                #expect(catalog.fallbackChain(for: request) == Self.eagerChain(catalog, request), "\(request)")
            }
        }
    }

    /// A chain as file names, each marked with the synthesis it needs ("+bold", "+oblique").
    static func names(_ chain: [FontChoice]) -> [String] {
        chain.map { choice in
            URL(fileURLWithPath: choice.face.path).lastPathComponent + (choice.synthesizesBold ? " +bold" : "")
                + (choice.synthesizesOblique ? " +oblique" : "")
        }
    }

    /// Chains of the fixture fonts written out by hand, independent of the oracle above (which
    /// shares the ranking in `faces` with the lazy chains): requested or generic family first, then
    /// DejaVu Sans, DejaVu Sans Mono and Noto Sans CJK JP in ``FontCatalog/preferredFamilies``
    /// order, each once.
    @Test func fixtureChainsAreTheExpectedFiles() throws {
        let catalog = try TestFonts.catalog()
        let cjk = "NotoSansCJKjp-Regular-subset.otf"
        #expect(
            Self.names(catalog.fallbackChain(for: FontRequest()))
                == ["DejaVuSans.ttf", "DejaVuSansMono.ttf", cjk])
        #expect(
            Self.names(catalog.fallbackChain(for: FontRequest(bold: true, italic: true)))
                == ["DejaVuSans-Bold.ttf +oblique", "DejaVuSansMono.ttf +bold +oblique", cjk + " +bold +oblique"])
        #expect(
            Self.names(catalog.fallbackChain(for: FontRequest(italic: true)))
                == ["DejaVuSans-Oblique.ttf", "DejaVuSansMono.ttf +oblique", cjk + " +oblique"])
        #expect(
            Self.names(catalog.fallbackChain(for: FontRequest(monospaced: true)))
                == ["DejaVuSansMono.ttf", "DejaVuSans.ttf", cjk])
        #expect(
            Self.names(catalog.fallbackChain(for: FontRequest(family: "Noto Sans CJK JP", bold: true)))
                == [cjk + " +bold", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf +bold"])
        // An override comes first, and its family is not offered again from the folder.
        let overridden = try TestFonts.catalog(overrides: [TestFonts.directory + "/DejaVuSansMono.ttf"])
        #expect(
            Self.names(overridden.fallbackChain(for: FontRequest(family: "serif")))
                == ["DejaVuSansMono.ttf", "DejaVuSans.ttf", cjk])
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

    /// A file named like a font that FreeType cannot open gives no face: a catalog of only such
    /// files has no fonts, rather than rendering blank pictures.
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
}
