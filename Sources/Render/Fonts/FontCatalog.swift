import Foundation

/// A ``FontProvider`` over font files found in folders or given by path.
///
/// Chains are ordered: the override faces (`--font`), the requested family, the generic default
/// family (DejaVu Sans, or DejaVu Sans Mono for CEA-608), then every other family in
/// ``preferredFamilies`` order and finally in the order the files were found.
///
/// Nothing is opened up front but the override files. A chain is worked out one entry at a time
/// (``fallbackChoices(for:)``): for each family it needs, only the files whose `name` tables
/// can hold that family are opened with FreeType (``FontFileNames``), and what was learnt is
/// kept for the whole process (``FontFileCache``). Latin text thus opens the DejaVu files only.
public struct FontCatalog: FontProvider {
    /// Folders searched by ``system()``: Debian's fonts-dejavu-core and fonts-noto-cjk.
    public static let systemDirectories = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/opentype/noto",
        "/usr/share/fonts/truetype",
        "/usr/share/fonts/opentype",
    ]
    /// Families tried before the others when a glyph is missing, in this order.
    public static let preferredFamilies = [
        "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Noto Sans CJK JP", "Noto Sans CJK SC",
        "Noto Sans CJK TC", "Noto Sans CJK KR",
    ]

    /// Faces put at the head of every chain.
    public private(set) var overrides: [FontFaceDescriptor]
    /// The font files found, in the order found (overrides not included).
    let files: [String]
    /// What is known about the files: ``FontFileCache/shared`` but in tests.
    let cache: FontFileCache

    /// Every face, overrides first, then the preferred families, then the rest in the order
    /// found. Reading it opens every file (once per process).
    public var faces: [FontFaceDescriptor] {
        overrides + ranked(files.indices.flatMap { file in ranks(of: file) }).map(\.face)
    }

    /// Takes `files` and every `.ttf`, `.otf` and `.ttc` under `directories`; `overrideFiles`
    /// come first in every chain and are read now, so a bad one is an error here. Throws
    /// ``RenderError/noFonts(searched:)`` when no file, override or found, has a usable face.
    public init(directories: [String] = [], files: [String] = [], overrideFiles: [String] = []) throws(RenderError) {
        try self.init(directories: directories, files: files, overrideFiles: overrideFiles, cache: .shared)
    }

    /// The catalog learning about its files into `cache`.
    init(directories: [String], files: [String], overrideFiles: [String], cache: FontFileCache) throws(RenderError) {
        var seen = Set<String>()
        var found: [String] = []
        for dir in directories {
            for file in cache.fontFiles(in: dir) where seen.insert(file).inserted { found.append(file) }
        }
        for file in files where seen.insert(file).inserted { found.append(file) }
        var over: [FontFaceDescriptor] = []
        if !overrideFiles.isEmpty {
            let library = try FreeTypeLibrary()
            for file in overrideFiles { over += try library.descriptors(of: file) }
        }
        // Files are described in the order found until one has a usable face: with the system
        // folders that is a DejaVu Sans file, which Latin text needs anyway.
        if over.isEmpty, !found.contains(where: { !cache.faces(of: $0).isEmpty }) {
            throw .noFonts(searched: directories + files + overrideFiles)
        }
        self.overrides = over
        self.files = found
        self.cache = cache
    }

    /// The fonts Debian installs (fonts-dejavu-core, fonts-noto-cjk), with `overrideFiles` first.
    public static func system(overrideFiles: [String] = []) throws(RenderError) -> FontCatalog {
        try FontCatalog(directories: systemDirectories, overrideFiles: overrideFiles)
    }

    public func fallbackChain(for request: FontRequest) -> [FontChoice] {
        Array(fallbackChoices(for: request))
    }

    public func fallbackChoices(for request: FontRequest) -> AnyIterator<FontChoice> {
        let chain = FontCatalogChain(catalog: self, request: request)
        return AnyIterator { chain.next() }
    }

    // MARK: - Faces by family

    /// A face of ``files`` with what orders it in ``faces``.
    struct RankedFace {
        var face: FontFaceDescriptor
        var rank: Int
        var file: Int
        var position: Int
    }

    /// The faces of ``files`` that may be of `family` (case-insensitively): those of the files
    /// whose names allow it, or whose names cannot be read, in ``faces`` order. Opens only
    /// those files.
    func facesMaybe(of family: String) -> [RankedFace] {
        ranked(
            files.indices.flatMap { file -> [RankedFace] in
                if let names = cache.familyNames(of: files[file]), !names.mayContain(family: family) { return [] }
                return ranks(of: file)
            })
    }

    /// Every face of ``files`` in ``faces`` order. Opens every file.
    func allFaces() -> [RankedFace] { ranked(files.indices.flatMap { ranks(of: $0) }) }

    private func ranks(of file: Int) -> [RankedFace] {
        cache.faces(of: files[file]).enumerated().map { position, face in
            RankedFace(
                face: face, rank: Self.preferredFamilies.firstIndex(of: face.family) ?? Int.max, file: file,
                position: position)
        }
    }

    /// By preference, then in the order found.
    private func ranked(_ faces: [RankedFace]) -> [RankedFace] {
        faces.sorted { ($0.rank, $0.file, $0.position) < ($1.rank, $1.file, $1.position) }
    }

    // MARK: - Matching

    static func isGeneric(_ family: String) -> Bool {
        [
            "default", "monospace", "sansserif", "serif", "monospacesansserif", "monospaceserif",
            "proportionalsansserif", "proportionalserif", "sans-serif",
        ].contains(family.lowercased())
    }

    /// The concrete family for the request's generic (or absent) family.
    static func genericFamily(_ request: FontRequest) -> String {
        let f = request.family?.lowercased() ?? ""
        if request.monospaced || f.hasPrefix("monospace") { return "DejaVu Sans Mono" }
        if f == "serif" || f == "proportionalserif" { return "DejaVu Serif" }
        return "DejaVu Sans"
    }

    /// The face of one family nearest the requested weight and slant, with synthesis for what
    /// it lacks.
    static func bestFace(in members: [FontFaceDescriptor], for request: FontRequest) -> FontChoice? {
        if let exact = members.first(where: { $0.isBold == request.bold && $0.isItalic == request.italic }) {
            return FontChoice(face: exact)
        }
        // Keep the weight, fake the slant; or keep the slant, fake the weight; or fake both.
        if let f = members.first(where: { $0.isBold == request.bold && !$0.isItalic }) {
            return FontChoice(face: f, synthesizesOblique: request.italic)
        }
        if let f = members.first(where: { !$0.isBold && $0.isItalic == request.italic }) {
            return FontChoice(face: f, synthesizesBold: request.bold)
        }
        if let f = members.first(where: { !$0.isBold && !$0.isItalic }) ?? members.first {
            return FontChoice(
                face: f, synthesizesBold: request.bold && !f.isBold, synthesizesOblique: request.italic && !f.isItalic)
        }
        return nil
    }
}
