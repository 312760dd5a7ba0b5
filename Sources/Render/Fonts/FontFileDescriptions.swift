/// The faces FreeType found in each font file, with the one FreeType library that reads them.
///
/// Lives inside ``FontFileCache``'s lock: FreeType lets threads share a library only when
/// `FT_New_Face` and `FT_Done_Face` are called under a lock (FreeType API reference, `FT_Library`
/// and `FT_Face`), and every face this library opens is opened and closed in ``faces(of:)``.
struct FontFileDescriptions: ~Copyable {
    private var known: [String: [FontFaceDescriptor]] = [:]
    /// Made on first need and kept for the cache's lifetime; nil until then, or while making one
    /// fails (then no file is described, and the next call tries again).
    private var library: FreeTypeLibrary?

    /// The files described so far, sorted.
    var files: [String] { known.keys.sorted() }

    /// The usable faces of `path`; none when FreeType cannot open the file.
    mutating func faces(of path: String) -> [FontFaceDescriptor] {
        if let faces = known[path] { return faces }
        if library == nil { library = try? FreeTypeLibrary() }
        guard let library else { return [] }
        let faces = (try? library.descriptors(of: path)) ?? []
        known[path] = faces
        return faces
    }
}
