internal import CFontconfig
import Synchronization

/// One fontconfig configuration (an `FcConfig`): the fonts it knows and the rules it applies to
/// a request (aliases such as `monospace` → DejaVu Sans Mono, per-language preferences, the
/// user's own settings). fontconfig is what libass and most Linux programs find fonts with, so a
/// preview picks the fonts the user's other tools pick.
///
/// fontconfig keeps no lock of its own around a configuration that is being read and sorted from
/// several threads, so every call goes through ``state``'s lock.
final class FontconfigConfiguration: Sendable {
    private struct State: @unchecked Sendable {
        /// The `FcConfig`, owned: destroyed in deinit.
        let config: OpaquePointer
        /// Sorted faces per request, worked out once.
        var sorted: [FontconfigQuery: [FontFaceDescriptor]] = [:]
    }

    private let state: Mutex<State>

    /// What the configuration was made from, for messages.
    let origin: String

    private init(config: OpaquePointer, origin: String) {
        state = Mutex(State(config: config))
        self.origin = origin
    }

    deinit { state.withLock { FcConfigDestroy($0.config) } }

    /// The user's configuration, as every fontconfig program loads it: `FONTCONFIG_FILE` or
    /// `/etc/fonts/fonts.conf` with what it includes (`conf.d`, `~/.config/fontconfig`), and the
    /// fonts of its folders. Loaded once per process and kept until it exits (so never
    /// destroyed: the shim's loader tells the leak checker so); fontconfig's caches make it quick.
    static func system() throws(RenderError) -> FontconfigConfiguration {
        let result = shared.withLock { cached -> Result<FontconfigConfiguration, RenderError> in
            if let cached { return .success(cached) }
            guard let config = captions_fc_load_process_configuration() else {
                return .failure(.fontconfig(operation: "loading the font configuration"))
            }
            let made = FontconfigConfiguration(config: config, origin: "the font configuration")
            cached = made
            return .success(made)
        }
        return try result.get()
    }

    private static let shared = Mutex<FontconfigConfiguration?>(nil)

    /// A configuration of its own: the rules of `configurationFile` if given (nothing else:
    /// no system folders, no user settings), and the fonts in `directories` and `files` added
    /// as application fonts (`FcConfigAppFontAddDir`, `FcConfigAppFontAddFile`). Folders and
    /// files that do not exist or hold no font add nothing.
    convenience init(configurationFile: String?, directories: [String], files: [String]) throws(RenderError) {
        guard let config = FcConfigCreate() else { throw .fontconfig(operation: "creating a font configuration") }
        if let configurationFile {
            let loaded = configurationFile.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: configurationFile.utf8.count + 1) {
                    FcConfigParseAndLoad(config, $0, 1)
                }
            }
            guard loaded != 0 else {
                FcConfigDestroy(config)
                throw .fontconfig(operation: "reading the font configuration \(configurationFile)")
            }
        }
        // A configuration made here names no cache folder, so fontconfig, after scanning a folder
        // of application fonts, had nowhere to keep the scan and printed "Fontconfig error: No
        // writable cache directories" for each (FcDirCacheWrite walks the configuration's cache
        // folders). It gets the user's, as fontconfig's own fonts.conf names it
        // ($XDG_CACHE_HOME/fontconfig, else ~/.cache/fontconfig): the scan is kept for the next
        // run, and a folder that cannot be written is still reported.
        let cacheFolder = #"<fontconfig><cachedir prefix="xdg">fontconfig</cachedir></fontconfig>"#
        let named = cacheFolder.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: cacheFolder.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, 1)
            }
        }
        guard named != 0 else {
            FcConfigDestroy(config)
            throw .fontconfig(operation: "naming the font cache folder")
        }
        // Builds the (empty) system set, so that application fonts have a set beside it.
        _ = FcConfigBuildFonts(config)
        for directory in directories {
            _ = directory.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: directory.utf8.count + 1) {
                    FcConfigAppFontAddDir(config, $0)
                }
            }
        }
        for file in files {
            _ = file.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: file.utf8.count + 1) {
                    FcConfigAppFontAddFile(config, $0)
                }
            }
        }
        self.init(config: config, origin: (directories + files).joined(separator: ", "))
    }

    /// The faces fontconfig offers for `query`, best first: its `FcFontSort` after the
    /// configuration's substitutions, keeping after the best match only faces that add
    /// characters the ones before them lack (`FcFontSort`'s trim). Faces the renderer cannot
    /// draw with are left out.
    func sortedFaces(for query: FontconfigQuery) throws(RenderError) -> [FontFaceDescriptor] {
        let result = state.withLock { state -> Result<[FontFaceDescriptor], RenderError> in
            if let known = state.sorted[query] { return .success(known) }
            let sorted = Result { () throws(RenderError) in try Self.sort(query, in: state.config) }
            if case .success(let faces) = sorted { state.sorted[query] = faces }
            return sorted
        }
        return try result.get()
    }

    /// Every face the configuration knows that the renderer can draw with, ordered by family,
    /// then file and index.
    func allFaces() throws(RenderError) -> [FontFaceDescriptor] {
        let origin = self.origin
        return try state.withLock { state in
            Result { () throws(RenderError) in try Self.list(in: state.config, origin: origin) }
        }.get()
    }

    private static func list(in config: OpaquePointer, origin: String) throws(RenderError) -> [FontFaceDescriptor] {
        let op = "listing the fonts of \(origin)"
        let pattern = try FontconfigPattern(operation: op)
        let objects = try FontconfigObjectSet(
            [FC_FILE, FC_INDEX, FC_FAMILY, FC_WEIGHT, FC_SLANT, FC_SPACING, FC_OUTLINE], operation: op)
        guard let list = FcFontList(config, pattern.pointer, objects.pointer) else { throw .fontconfig(operation: op) }
        let set = FontconfigFontSet(list)
        return set.fonts.compactMap(\.descriptor).sorted {
            ($0.family, $0.path, $0.index) < ($1.family, $1.path, $1.index)
        }
    }

    private static func sort(_ query: FontconfigQuery, in config: OpaquePointer) throws(RenderError)
        -> [FontFaceDescriptor]
    {
        let op = "finding fonts for \(query)"
        let pattern = try FontconfigPattern(operation: op)
        for family in query.families { pattern.add(FC_FAMILY, string: family) }
        pattern.add(FC_WEIGHT, integer: query.bold ? Int32(FC_WEIGHT_BOLD) : Int32(FC_WEIGHT_REGULAR))
        pattern.add(FC_SLANT, integer: query.italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        if query.monospaced { pattern.add(FC_SPACING, integer: Int32(FC_MONO)) }
        if let language = query.language { pattern.add(FC_LANG, string: language) }
        pattern.add(FC_OUTLINE, bool: true)
        guard FcConfigSubstitute(config, pattern.pointer, FcMatchPattern) != 0 else {
            throw .fontconfig(operation: op)
        }
        FcDefaultSubstitute(pattern.pointer)
        var result = FcResultMatch
        guard let sorted = FcFontSort(config, pattern.pointer, 1, nil, &result) else { return [] }
        let set = FontconfigFontSet(sorted)
        var seen = Set<FontFaceDescriptor>()
        return set.fonts.compactMap(\.descriptor).filter { seen.insert($0).inserted }
    }
}

/// What a ``FontCatalog`` asks fontconfig for: families in order (given ones, then a generic
/// one such as `monospace`), weight, slant, fixed width and language.
struct FontconfigQuery: Hashable, CustomStringConvertible {
    var families: [String]
    var bold: Bool
    var italic: Bool
    var monospaced: Bool
    /// A BCP 47 tag (`ja`, `zh-CN`): fontconfig prefers faces made for it.
    var language: String?

    var description: String {
        var s = families.joined(separator: ", ")
        if bold { s += " bold" }
        if italic { s += " italic" }
        if monospaced { s += " monospaced" }
        if let language { s += " (\(language))" }
        return s
    }
}
