internal import CFontconfig

// Owners of fontconfig objects: each frees its object in deinit. Only FontconfigConfiguration
// uses them, under its lock.

/// Owns an `FcPattern`.
final class FontconfigPattern {
    let pointer: OpaquePointer

    init(operation: String) throws(RenderError) {
        guard let p = FcPatternCreate() else { throw .fontconfig(operation: operation) }
        pointer = p
    }

    deinit { FcPatternDestroy(pointer) }

    func add(_ object: String, string value: String) {
        _ = value.withCString { c in
            c.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
                FcPatternAddString(pointer, object, $0)
            }
        }
    }

    func add(_ object: String, integer value: Int32) { _ = FcPatternAddInteger(pointer, object, value) }

    func add(_ object: String, bool value: Bool) { _ = FcPatternAddBool(pointer, object, value ? 1 : 0) }
}

/// Owns an `FcFontSet` (from `FcFontSort` or `FcFontList`).
final class FontconfigFontSet {
    let pointer: UnsafeMutablePointer<FcFontSet>

    init(_ pointer: UnsafeMutablePointer<FcFontSet>) { self.pointer = pointer }

    deinit { FcFontSetDestroy(pointer) }

    /// The set's fonts, in order. Valid while the set lives.
    var fonts: [FontconfigFont] {
        let count = Int(pointer.pointee.nfont)
        guard count > 0, let fonts = pointer.pointee.fonts else { return [] }
        return (0..<count).compactMap { fonts[$0].map(FontconfigFont.init) }
    }
}

/// Owns an `FcObjectSet`.
final class FontconfigObjectSet {
    let pointer: UnsafeMutablePointer<FcObjectSet>

    init(_ objects: [String], operation: String) throws(RenderError) {
        guard let p = FcObjectSetCreate() else { throw .fontconfig(operation: operation) }
        pointer = p
        for object in objects { _ = FcObjectSetAdd(p, object) }
    }

    deinit { FcObjectSetDestroy(pointer) }
}

/// One font of an ``FontconfigFontSet``: a pattern the set owns, read but never freed here.
struct FontconfigFont {
    let pattern: OpaquePointer

    /// The first string value of `object`, if any.
    func string(_ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return value.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
    }

    /// The first integer value of `object`, if any.
    func integer(_ object: String) -> Int32? {
        var value: Int32 = 0
        return FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch ? value : nil
    }

    /// The first boolean value of `object`, if any.
    func bool(_ object: String) -> Bool? {
        var value: FcBool = 0
        return FcPatternGetBool(pattern, object, 0, &value) == FcResultMatch ? value != 0 : nil
    }

    /// The face this font is, or nil for one the renderer cannot draw with: without outlines
    /// (bitmap-only faces such as BDF, PCF or colour emoji strikes cannot be set to any size,
    /// stroked or slanted) or without a file.
    var descriptor: FontFaceDescriptor? {
        guard let path = string(FC_FILE), bool(FC_OUTLINE) ?? true else { return nil }
        let weight = integer(FC_WEIGHT) ?? Int32(FC_WEIGHT_REGULAR)
        let slant = integer(FC_SLANT) ?? Int32(FC_SLANT_ROMAN)
        return FontFaceDescriptor(
            path: path, index: Int(integer(FC_INDEX) ?? 0), family: string(FC_FAMILY) ?? path,
            isBold: weight >= Int32(FC_WEIGHT_DEMIBOLD), isItalic: slant != Int32(FC_SLANT_ROMAN),
            isMonospaced: integer(FC_SPACING) == Int32(FC_MONO))
    }
}
