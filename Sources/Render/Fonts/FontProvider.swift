/// A face in a font file: what a ``FontProvider`` offers.
public struct FontFaceDescriptor: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    /// The face's index inside a collection (`.ttc`), 0 for single-face files.
    public var index: Int
    public var family: String
    public var isBold: Bool
    public var isItalic: Bool
    public var isMonospaced: Bool

    public init(
        path: String, index: Int = 0, family: String, isBold: Bool = false, isItalic: Bool = false,
        isMonospaced: Bool = false
    ) {
        self.path = path
        self.index = index
        self.family = family
        self.isBold = isBold
        self.isItalic = isItalic
        self.isMonospaced = isMonospaced
    }

    public var description: String {
        var s = family
        if isBold { s += " Bold" }
        if isItalic { s += " Italic" }
        return s + " (\(path)\(index > 0 ? "#\(index)" : ""))"
    }
}

/// What the text asks for: a family (a name, or a generic one such as `monospace` or `sansSerif`;
/// a TTML list of them separated by commas), a face, and the text's language.
public struct FontRequest: Sendable, Hashable {
    public var family: String?
    public var bold: Bool
    public var italic: Bool
    /// CEA-608 text: one character per cell, so a monospaced family comes first.
    public var monospaced: Bool
    /// The text's language as a BCP 47 tag (`ja`, `zh-CN`), when known: faces made for it come
    /// first, so a Han character is drawn in the Japanese or the Chinese form.
    public var language: String?

    public init(
        family: String? = nil, bold: Bool = false, italic: Bool = false, monospaced: Bool = false,
        language: String? = nil
    ) {
        self.family = family
        self.bold = bold
        self.italic = italic
        self.monospaced = monospaced
        self.language = language
    }
}

/// One entry of a fallback chain: a face, and whether to fake the bold or italic it lacks.
public struct FontChoice: Sendable, Hashable {
    public var face: FontFaceDescriptor
    public var synthesizesBold: Bool
    public var synthesizesOblique: Bool

    public init(face: FontFaceDescriptor, synthesizesBold: Bool = false, synthesizesOblique: Bool = false) {
        self.face = face
        self.synthesizesBold = synthesizesBold
        self.synthesizesOblique = synthesizesOblique
    }
}

/// Where fonts come from, like libass's font providers: the renderer asks for an ordered
/// fallback chain and takes, for each character, the first face that has it.
public protocol FontProvider: Sendable {
    /// Faces to try, best first, for `request`. Faces that lack the requested weight or slant
    /// come with the synthesis flags set.
    func fallbackChain(for request: FontRequest) -> [FontChoice]

    /// The entries of ``fallbackChain(for:)``, in the same order, produced one at a time as the
    /// renderer reaches them: a provider can then leave fonts that no character needs unread.
    /// The default walks the whole chain.
    func fallbackChoices(for request: FontRequest) -> AnyIterator<FontChoice>
}

extension FontProvider {
    public func fallbackChoices(for request: FontRequest) -> AnyIterator<FontChoice> {
        AnyIterator(fallbackChain(for: request).makeIterator())
    }
}
