internal import CFreeType

extension FreeTypeLibrary {
    /// Every usable face (scalable, of a regular width and weight) in the file at `path`, with its family and style as FreeType reads them
    /// from the font. The catalog's only FreeType reading, kept here so that it needs no C import.
    func descriptors(of path: String) throws(RenderError) -> [FontFaceDescriptor] {
        var result: [FontFaceDescriptor] = []
        var index = 0
        var count = 1
        while index < count {
            let owner = try FreeTypeFace(path: path, index: index, library: self)
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
            // Bitmap-only faces (Noto Color Emoji's CBDT strikes, BDF, PCF) have sizes that
            // FT_Set_Char_Size cannot set and no outlines to stroke or slant: the renderer cannot
            // draw with them, so a character only they have is reported as missing instead.
            let scalable = captions_ft_is_scalable(face) != 0
            if scalable && !odd {
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
