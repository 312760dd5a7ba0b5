internal import CFreeType

/// Owns one `FT_Library`. Faces keep a reference to it so it outlives them.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(RenderError) {
        var library: FT_Library?
        try RenderError.checkFreeType(FT_Init_FreeType(&library), "initialising FreeType")
        guard let library else { throw .freeType(code: -1, operation: "initialising FreeType") }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}
