import CaptionCore

/// The style properties the reader understands, each nil until specified (TTML1 §8.2).
///
/// Text properties are inherited down the content tree (§8.4.2); the region properties apply to
/// `region` elements only.
struct TTMLStyleProperties: Sendable, Hashable {
    var color: CaptionColor?
    var backgroundColor: CaptionColor?
    var italic: Bool?
    var bold: Bool?
    var underline: Bool?
    var fontFamily: String?
    var fontSize: CaptionDimension?
    var textAlign: CaptionTextAlignment?
    var forcedDisplay: Bool?
    var textCombine: Bool?
    var lineThrough: Bool?
    /// `tts:textOutline` (TTML1 §8.2.20); a thickness of 0 for `none`. Its colour, when not
    /// given, is the computed `tts:color`.
    var textOutline: TTMLTextOutline?
    /// `tts:lineHeight` (TTML1 §8.2.12): `.some(nil)` for `normal`.
    var lineHeight: CaptionDimension??
    /// `tts:wrapOption` (TTML1 §8.2.23): false for noWrap.
    var wrapOption: Bool?
    /// `tts:direction` (TTML1 §8.2.4).
    var direction: CaptionTextDirection?
    /// `tts:textShadow` (TTML2 §10.2.43): empty for `none`; inherited.
    var textShadow: [CaptionShadow]?
    /// `tts:rubyReserve` (TTML2 §10.2.35): `.some(nil)` for `none`; inherited, applies to `p`.
    var rubyReserve: CaptionRubyReserve??
    /// `tts:rubyPosition` (TTML2 §10.2.39); inherited, applies to ruby text (`rt`, `rtc`).
    var rubyPosition: CaptionRuby.Position?
    /// `tts:rubyAlign` (TTML2 §10.2.37); inherited, applies to ruby text.
    var rubyAlign: CaptionRuby.Alignment?
    /// `itts:fillLineGap` (IMSC 1.1 §8.5.2); inherited, applies to `p`.
    var fillLineGap: Bool?
    /// `ebutts:linePadding` (EBU Tech 3380 §4.4, cells); inherited, applies to `p`.
    var linePadding: CaptionDimension?
    /// `ebutts:multiRowAlign`: `.some(nil)` for `auto`; inherited, applies to `p`.
    var multiRowAlign: CaptionTextAlignment??
    /// `tts:shear` (TTML2 §10.2.38), percent of 90°; inherited, applies to `p`.
    var shear: Double?
    /// `tts:textEmphasis` (TTML2 §10.2.44): `.some(nil)` for `none`; inherited.
    var textEmphasis: CaptionEmphasis??
    /// `tts:unicodeBidi` (TTML1 §8.2.21) as specified: `.some(nil)` for `normal`.
    var unicodeBidi: CaptionBidi.Kind??
    /// The embedding the content is in (computed by ``inherited(by:)``, never specified): fixed
    /// at the element that specifies a unicodeBidi other than normal, with that element's
    /// computed direction. Not inherited in TTML, but the embedding covers the element's
    /// descendants, so the flattened runs keep it; a descendant's `normal` or direction changes
    /// nothing, and a nested embedding replaces it (the model has one level).
    var embedding: CaptionBidi?
    // Region properties (§9.1.2, §8.2.6, §8.2.7, §8.2.14, §8.2.24).
    var origin: CaptionPoint?
    var extent: CaptionSize?
    var displayAlign: CaptionRegion.DisplayAlignment?
    var writingMode: CaptionRegion.WritingMode?
    /// TTML2 §10.2.35 `tts:position`, the region's origin when `tts:origin` is absent.
    var position: TTMLPosition?
    /// `tts:padding` (TTML1 §8.2.16): 1 to 4 lengths, before, end, after, start as CSS shortens
    /// them.
    var padding: [CaptionDimension]?
    /// `tts:opacity` (TTML1 §8.2.13), 0–1.
    var opacity: Double?
    /// `tts:overflow` (TTML1 §8.2.15).
    var overflow: CaptionRegion.Overflow?
    /// `tts:showBackground` (TTML1 §8.2.17): false for `whenActive`.
    var showBackground: Bool?
    /// `tts:display` (TTML1 §8.2.5): false for `none`, which removes the element and its
    /// content from every ISD (TTML2 §11.3.1.3). Not inherited: applied where it is specified.
    var display: Bool?
    /// `tts:visibility` (TTML1 §8.2.22): false for `hidden`; inherited.
    var visible: Bool?
    /// What is read and kept but has no place in the caption model (yet): the attribute's
    /// qualified name in the standard prefixes (`tts:textShadow`, `ebutts:linePadding`…) and its
    /// value as written (Specs/ttml.md, "Styles without a home in the model").
    var unmapped: [String: String] = [:]

    /// `other`'s specified values override ours.
    mutating func apply(_ other: TTMLStyleProperties) {
        if let v = other.color { color = v }
        if let v = other.backgroundColor { backgroundColor = v }
        if let v = other.italic { italic = v }
        if let v = other.bold { bold = v }
        if let v = other.underline { underline = v }
        if let v = other.fontFamily { fontFamily = v }
        if let v = other.fontSize { fontSize = v }
        if let v = other.textAlign { textAlign = v }
        if let v = other.forcedDisplay { forcedDisplay = v }
        if let v = other.textCombine { textCombine = v }
        if let v = other.lineThrough { lineThrough = v }
        if let v = other.textOutline { textOutline = v }
        if let v = other.lineHeight { lineHeight = v }
        if let v = other.wrapOption { wrapOption = v }
        if let v = other.direction { direction = v }
        if let v = other.textShadow { textShadow = v }
        if let v = other.rubyReserve { rubyReserve = v }
        if let v = other.rubyPosition { rubyPosition = v }
        if let v = other.rubyAlign { rubyAlign = v }
        if let v = other.fillLineGap { fillLineGap = v }
        if let v = other.linePadding { linePadding = v }
        if let v = other.multiRowAlign { multiRowAlign = v }
        if let v = other.shear { shear = v }
        if let v = other.textEmphasis { textEmphasis = v }
        if let v = other.unicodeBidi { unicodeBidi = v }
        if let v = other.showBackground { showBackground = v }
        if let v = other.padding { padding = v }
        if let v = other.opacity { opacity = v }
        if let v = other.overflow { overflow = v }
        if let v = other.origin { origin = v }
        if let v = other.extent { extent = v }
        if let v = other.displayAlign { displayAlign = v }
        if let v = other.writingMode { writingMode = v }
        if let v = other.position { position = v }
        if let v = other.display { display = v }
        if let v = other.visible { visible = v }
        if !other.unmapped.isEmpty { unmapped.merge(other.unmapped) { $1 } }
    }

    /// `other` applied as a child's specified style over these inherited ones: a percentage
    /// `tts:fontSize` is relative to the parent's computed size (TTML1 §8.2.9), a percentage
    /// `tts:lineHeight` to the element's own (§8.2.12), and `tts:display` is not inherited.
    func inherited(by other: TTMLStyleProperties) -> TTMLStyleProperties {
        var result = self
        result.display = nil
        // Not inherited (TTML1 §8.2.13, §8.2.15, §8.2.16): they apply where they are specified.
        (result.padding, result.opacity, result.overflow) = (nil, nil, nil)
        result.apply(other)
        if case .some(.some(let kind)) = other.unicodeBidi {
            result.embedding = CaptionBidi(kind, result.direction ?? .leftToRight)
        }
        if let size = other.fontSize, size.unit == .percent, let parent = fontSize {
            result.fontSize = CaptionDimension(parent.value * size.value / 100, parent.unit)
        }
        // §8.2.12: a percentage line height is of the font size of the element that specifies
        // it, and what its descendants inherit is that length (as ttconv's ISD computes it).
        // Without a computed font size it stays a percentage of the initial size, one cell, as
        // the model's percentages are.
        if case .some(.some(let height)) = other.lineHeight, height.unit == .percent, let size = result.fontSize {
            // A negative or unbounded product (a font size no reader takes) is no length: normal.
            let value = size.value * height.value / 100
            result.lineHeight = .some(value.isFinite && value >= 0 ? CaptionDimension(value, size.unit) : nil)
        }
        return result
    }

    /// What content inside a region inherits from it: the text properties except the
    /// background, which TTML1 paints on the region's area, not behind the text.
    var inheritedFromRegion: TTMLStyleProperties {
        var p = TTMLStyleProperties()
        p.color = color; p.italic = italic; p.bold = bold; p.underline = underline
        p.fontFamily = fontFamily; p.fontSize = fontSize; p.textAlign = textAlign
        p.forcedDisplay = forcedDisplay; p.textCombine = textCombine
        p.lineThrough = lineThrough; p.textOutline = textOutline; p.lineHeight = lineHeight
        p.wrapOption = wrapOption; p.direction = direction
        p.textShadow = textShadow; p.rubyReserve = rubyReserve
        p.rubyPosition = rubyPosition; p.rubyAlign = rubyAlign
        p.fillLineGap = fillLineGap; p.linePadding = linePadding; p.multiRowAlign = multiRowAlign
        p.shear = shear; p.textEmphasis = textEmphasis
        p.visible = visible
        return p
    }

    /// The run style these properties give (unspecified means the model's default).
    var textStyle: CaptionTextStyle {
        CaptionTextStyle(
            textColor: color, backgroundColor: backgroundColor, italic: italic ?? false, bold: bold ?? false,
            underline: underline ?? false, fontFamily: fontFamily, fontSize: fontSize,
            textCombine: textCombine ?? false, edge: textOutline?.edge(textColor: color),
            lineThrough: lineThrough ?? false, shadows: textShadow ?? [], emphasis: textEmphasis ?? nil,
            bidi: embedding)
    }

    /// The names of the specified properties that apply to regions only here (the model holds
    /// them on regions), for content elements that specify them.
    var regionOnlyNames: [String] {
        [padding.map { _ in "tts:padding" }, opacity.map { _ in "tts:opacity" }, overflow.map { _ in "tts:overflow" }]
            .compactMap { $0 }
    }

    /// The padding as the model holds it, by physical edge for `writingMode` (TTML1 §8.2.16:
    /// before, end, after, start; one value for all, two for before/after and start/end, three
    /// for before, start/end, after).
    func padding(for writingMode: CaptionRegion.WritingMode) -> CaptionPadding? {
        guard let v = padding, !v.isEmpty, v.count <= 4 else { return nil }
        let before = v[0]
        let end = v.count > 1 ? v[1] : v[0]
        let after = v.count > 2 ? v[2] : v[0]
        let start = v.count > 3 ? v[3] : end
        switch writingMode {
        case .leftToRightAndTopToBottom:
            return CaptionPadding(top: before, right: end, bottom: after, left: start)
        case .topToBottomAndRightToLeft:
            // Lines progress right to left: before is the right edge, start the top.
            return CaptionPadding(top: start, right: before, bottom: end, left: after)
        }
    }
}

/// A `tts:textOutline` value (TTML1 §8.2.20): `none`, or a colour, a thickness and a blur radius.
struct TTMLTextOutline: Sendable, Hashable {
    var color: CaptionColor?
    /// 0 for `none`; a percentage is of the font size.
    var thickness: CaptionDimension

    /// The model's edge: a uniform one in the outline's colour, else the text's (§8.2.20); nil
    /// for `none`.
    func edge(textColor: CaptionColor?) -> CaptionEdge? {
        guard thickness.value > 0 else { return nil }
        return CaptionEdge(.uniform, color: color ?? textColor ?? .white, width: thickness)
    }
}
