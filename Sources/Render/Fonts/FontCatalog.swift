import Foundation

/// A ``FontProvider`` over fontconfig: the user's font configuration (``system(overrideFiles:)``)
/// or one of its own over given folders and files, as libass finds fonts.
///
/// A chain is: the override faces (`--font`), each override family's best face for the request,
/// in the order given; then what fontconfig sorts for the request (``FontconfigConfiguration``):
/// the requested family if it has it, then its aliases for the generic family (`monospace` for
/// CEA-608 text, else `sans-serif` or `serif`), the faces of the request's language first
/// (``FontRequest/language``), then every other face that adds characters. A face that lacks the
/// requested weight or slant comes with the synthesis flags set.
///
/// fontconfig replaces the folder scan the catalog used to do: the user's configuration decides
/// which fonts exist and which come first, and its caches make a lookup cheap. Faces are opened
/// only when the renderer reaches them (``FontFallback``).
public struct FontCatalog: FontProvider {
    /// Faces put at the head of every chain.
    public private(set) var overrides: [FontFaceDescriptor]
    let configuration: FontconfigConfiguration

    /// Every face: the overrides, then the configuration's faces by family.
    public var faces: [FontFaceDescriptor] {
        overrides + ((try? configuration.allFaces()) ?? [])
    }

    /// A catalog of its own over the fonts in `directories` and `files`, added as fontconfig
    /// application fonts, with the rules (aliases, preferences) of the fontconfig file
    /// `configurationFile` when given and none of the system's or the user's. `overrideFiles`
    /// come first in every chain and are read now, so a bad one is an error here. Throws
    /// ``RenderError/noFonts(searched:)`` when no file, override or found, has a usable face.
    public init(
        directories: [String] = [], files: [String] = [], overrideFiles: [String] = [],
        configurationFile: String? = nil
    ) throws(RenderError) {
        let configuration = try FontconfigConfiguration(
            configurationFile: configurationFile, directories: directories, files: files)
        try self.init(configuration: configuration, overrideFiles: overrideFiles, searched: directories + files)
    }

    private init(configuration: FontconfigConfiguration, overrideFiles: [String], searched: [String])
        throws(RenderError)
    {
        var over: [FontFaceDescriptor] = []
        if !overrideFiles.isEmpty {
            let library = try FreeTypeLibrary()
            for file in overrideFiles { over += try library.descriptors(of: file) }
        }
        self.overrides = over
        self.configuration = configuration
        if over.isEmpty, try configuration.sortedFaces(for: Self.query(for: FontRequest())).isEmpty {
            throw .noFonts(searched: searched + overrideFiles)
        }
    }

    /// How messages name `overrideFiles`, the font files tried first; the CLI's `--font`.
    public static let overrideWords = "FontCatalog.system(overrideFiles:)"

    /// The fonts of the user's font configuration, with `overrideFiles` first.
    public static func system(overrideFiles: [String] = []) throws(RenderError) -> FontCatalog {
        try FontCatalog(
            configuration: try FontconfigConfiguration.system(), overrideFiles: overrideFiles,
            searched: ["the fonts of the font configuration (fc-list lists them)"])
    }

    public func fallbackChain(for request: FontRequest) -> [FontChoice] {
        var chain: [FontChoice] = []
        var used = Set<FontFaceDescriptor>()
        var overrideFamilies: [String] = []
        for face in overrides where !overrideFamilies.contains(face.family) { overrideFamilies.append(face.family) }
        for family in overrideFamilies {
            let members = overrides.filter { $0.family == family }
            if let choice = Self.bestFace(in: members, for: request), used.insert(choice.face).inserted {
                chain.append(choice)
            }
        }
        // A failure here is fontconfig out of memory: the chain is then the overrides alone.
        let sorted = (try? configuration.sortedFaces(for: Self.query(for: request))) ?? []
        for face in sorted where used.insert(face).inserted {
            chain.append(
                FontChoice(
                    face: face, synthesizesBold: request.bold && !face.isBold,
                    synthesizesOblique: request.italic && !face.isItalic))
        }
        return chain
    }

    // MARK: - Requests

    /// What to ask fontconfig for `request`.
    static func query(for request: FontRequest) -> FontconfigQuery {
        var families: [String] = []
        var generic: String?
        for name in Self.familyNames(request.family) {
            for example in Self.cea708Examples(name) where !families.contains(example) { families.append(example) }
            if let g = Self.fontconfigGeneric(name) {
                generic = generic ?? g
            } else if !families.contains(name) {
                families.append(name)
            }
        }
        if request.monospaced { generic = "monospace" }
        families.append(generic ?? "sans-serif")
        return FontconfigQuery(
            families: families, bold: request.bold, italic: request.italic, monospaced: request.monospaced,
            language: request.language)
    }

    /// The names of a TTML `tts:fontFamily` value: a comma-separated list, names possibly quoted.
    static func familyNames(_ value: String?) -> [String] {
        guard let value else { return [] }
        return value.split(separator: ",").compactMap { part in
            var name = part.trimmingCharacters(in: .whitespaces)
            if name.count >= 2, let first = name.first, first == name.last, first == "\"" || first == "'" {
                name = String(name.dropFirst().dropLast())
            }
            return name.isEmpty ? nil : name
        }
    }

    /// fontconfig's generic family for a TTML generic family name (TTML1 §8.2.8; Apple's iTT
    /// uses the same names), or nil for a family name.
    static func fontconfigGeneric(_ name: String) -> String? {
        switch name.lowercased() {
        case "monospace", "monospacesansserif", "monospaceserif": return "monospace"
        case "serif", "proportionalserif": return "serif"
        case "default", "sansserif", "sans-serif", "proportionalsansserif", "casual", "smallcapitals":
            return "sans-serif"
        case "cursive": return "cursive"
        default: return nil
        }
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
