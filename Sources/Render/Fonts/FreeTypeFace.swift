internal import CFreeType

/// Owns one `FT_Face` opened from a font file; keeps its library alive.
final class FreeTypeFace {
    let handle: FT_Face
    private let library: FreeTypeLibrary

    init(path: String, index: Int, library: FreeTypeLibrary) throws(RenderError) {
        var face: FT_Face?
        let code = FT_New_Face(library.handle, path, index, &face)
        guard code == 0, let face else {
            // 1 cannot open resource, 2 unknown file format, 3 invalid file format.
            if (1...3).contains(code) { throw .fontNotFound(path: path) }
            throw .freeType(code: code, operation: "opening font \(path)#\(index)")
        }
        handle = face
        self.library = library
    }

    deinit { FT_Done_Face(handle) }
}
