import CFreeType
import Foundation

/// A ``FontProvider`` over font files found in folders or given by path, read once with FreeType.
///
/// Chains are ordered: the override faces (`--font`), the requested family, the generic default
/// family (DejaVu Sans, or DejaVu Sans Mono for CEA-608), then every other family in
/// ``preferredFamilies`` order and finally in the order the files were found.
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

    /// Every face, overrides first.
    public private(set) var faces: [FontFaceDescriptor]
    /// Faces put at the head of every chain.
    public private(set) var overrides: [FontFaceDescriptor]

    /// Reads `files` and every `.ttf`, `.otf` and `.ttc` under `directories`; `overrideFiles`
    /// come first in every chain.
    public init(directories: [String] = [], files: [String] = [], overrideFiles: [String] = []) throws(RenderError) {
        let library = try FreeTypeLibrary()
        var seen = Set<String>()
        var found: [String] = []
        for dir in directories {
            for file in Self.fontFiles(in: dir) where seen.insert(file).inserted { found.append(file) }
        }
        for file in files where seen.insert(file).inserted { found.append(file) }
        var all: [FontFaceDescriptor] = []
        for file in found { all += (try? Self.describe(file, library: library)) ?? [] }
        var over: [FontFaceDescriptor] = []
        for file in overrideFiles { over += try Self.describe(file, library: library) }
        let rank = { (f: FontFaceDescriptor) -> Int in Self.preferredFamilies.firstIndex(of: f.family) ?? Int.max }
        // Stable sort by preference; keeps discovery order among the rest.
        all = all.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        self.overrides = over
        self.faces = over + all
        if faces.isEmpty { throw .noFonts(searched: directories + files + overrideFiles) }
    }

    /// The fonts Debian installs (fonts-dejavu-core, fonts-noto-cjk), with `overrideFiles` first.
    public static func system(overrideFiles: [String] = []) throws(RenderError) -> FontCatalog {
        try FontCatalog(directories: systemDirectories, overrideFiles: overrideFiles)
    }

    public func fallbackChain(for request: FontRequest) -> [FontChoice] {
        var chain: [FontChoice] = []
        var used = Set<FontFaceDescriptor>()
        func add(family: String?, from pool: [FontFaceDescriptor]) {
            guard let family else { return }
            let members = pool.filter { $0.family.caseInsensitiveCompare(family) == .orderedSame }
            if let choice = Self.bestFace(in: members, for: request), used.insert(choice.face).inserted {
                chain.append(choice)
            }
        }
        var overrideFamilies: [String] = []
        for f in overrides where !overrideFamilies.contains(f.family) { overrideFamilies.append(f.family) }
        for family in overrideFamilies { add(family: family, from: overrides) }
        let generic = Self.genericFamily(request)
        if let requested = request.family, !Self.isGeneric(requested) { add(family: requested, from: faces) }
        add(family: generic, from: faces)
        var families: [String] = []
        for f in faces where !families.contains(f.family) { families.append(f.family) }
        for family in families { add(family: family, from: faces) }
        return chain
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

    // MARK: - Reading files

    static func fontFiles(in directory: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let name = e.nextObject() as? String {
            let lower = name.lowercased()
            if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") {
                files.append(directory + "/" + name)
            }
        }
        return files.sorted()
    }

    /// Every face in `path`, with its family and style read from the font.
    static func describe(_ path: String, library: FreeTypeLibrary) throws(RenderError) -> [FontFaceDescriptor] {
        var result: [FontFaceDescriptor] = []
        var index = 0
        var count = 1
        while index < count {
            let owner = try FreeTypeFace(path: path, index: index, library: library)
            // `face` is a raw handle that `owner` frees in deinit: keep `owner` alive to the end
            // of this iteration, past the last read through `face`.
            defer { withExtendedLifetime(owner) {} }
            let face = owner.handle
            count = max(1, Int(face.pointee.num_faces))
            let family = face.pointee.family_name.map { String(cString: $0) } ?? path
            let flags = face.pointee.style_flags
            var style = face.pointee.style_name.map { String(cString: $0) }?.lowercased() ?? ""
            if style.isEmpty { style = "regular" }
            let bold = flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
            let italic = flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
            // Light, condensed and other widths are not faces of the base family for our purposes.
            let odd = ["light", "condensed", "thin", "black", "medium", "demi", "extra"].contains { style.contains($0) }
            if !odd {
                result.append(
                    FontFaceDescriptor(
                        path: path, index: index, family: family, isBold: bold, isItalic: italic,
                        isMonospaced: captions_ft_is_fixed_width(face) != 0))
            }
            index += 1
        }
        return result
    }
}
