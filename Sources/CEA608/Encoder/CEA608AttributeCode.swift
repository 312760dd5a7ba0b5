// Spacing attribute codes. Sources: 47 CFR 15.119(h)(1)(i)–(iii) (now 47 CFR 79.101): mid-row
// codes and Flash On take a cell, shown as a space; a colour mid-row code turns italics off, the
// italics code keeps the colour, any mid-row code turns flash off. CEA-608-B §6.2: background and
// black-foreground codes also take a cell, after a standard space they backspace over.

/// A code that changes attributes in the middle of a row and takes one cell.
enum CEA608AttributeCode: Hashable {
    /// A colour mid-row code (never black).
    case midRow(MidRowCode)
    /// The italics mid-row code (0x11 0x2E, 0x2F with underline).
    case italics(underline: Bool)
    /// FON, a miscellaneous control code that takes a cell.
    case flashOn
    /// A background or black-foreground code, sent after a space it replaces.
    case backgroundForeground(BackgroundForegroundAttribute)
    /// A mid-row code, then FA or FAU backing over the mid-row code's cell instead of a space of
    /// its own (CEA-608-B §6.2: the code replaces the cell before it, which shows a space either
    /// way, 15.119(h)(1)): both in one cell. A decoder that ignores FA shows the mid-row code's
    /// space and the text after it where the document has them.
    indirect case thenBlackForeground(CEA608AttributeCode, underline: Bool)

    /// The codes that turn cells styled `from` into cells styled `to`, in sending order, each
    /// taking one cell. Empty when the styles match.
    static func transition(from: CEA608CellStyle, to: CEA608CellStyle) -> [CEA608AttributeCode] {
        var codes: [CEA608AttributeCode] = []
        var current = from
        if to.background != current.background {
            let attribute: BackgroundForegroundAttribute
            if let background = to.background {
                attribute =
                    background.transparent
                    ? .transparentBackground
                    : .background(background.color, semiTransparent: background.semiTransparent)
            } else {
                // Back to the default: the decoder's default is opaque black (CEA-608-B §6.2).
                attribute = .background(.black, semiTransparent: false)
            }
            codes.append(.backgroundForeground(attribute))
            current.background = to.background
        }
        // A colour mid-row code turns italics and flash off; the italics code keeps the colour
        // and turns flash off; FA/FAU (black) keep italics and flash (CEA-608-B §6.2).
        let italicsOff = current.italic && !to.italic
        let flashOff = current.flash && !to.flash
        if italicsOff || (to.foreground != .black && to.foreground != current.foreground)
            || (flashOff && !to.italic)
        {
            let color = to.foreground == .black ? CEA608Color.white : to.foreground
            codes.append(colorCode(color, underline: to.underline))
            current.foreground = color
            current.italic = false
            current.underline = to.underline
            current.flash = false
        }
        if to.foreground == .black
            && (current.foreground != .black || (current.underline != to.underline && !to.italic))
        {
            codes.append(.backgroundForeground(.blackForeground(underline: to.underline)))
            current.foreground = .black
            current.underline = to.underline
        }
        if to.italic && (!current.italic || current.underline != to.underline || (current.flash && !to.flash)) {
            codes.append(italicsCode(underline: to.underline))
            current.italic = true
            current.underline = to.underline
            current.flash = false
        }
        if current.underline != to.underline {
            codes.append(colorCode(current.foreground, underline: to.underline))
            current.underline = to.underline
            current.flash = current.foreground == .black && current.flash
        }
        if to.flash && !current.flash {
            codes.append(.flashOn)
        }
        return sharingCells(codes)
    }

    /// `codes` with FA or FAU put into the cell of the mid-row code next to it: after a colour
    /// code (which sets white and turns italics off) as sent, and after the italics code instead
    /// of before it, which gives the same pen (the italics code keeps the colour and sets the
    /// underline, FA keeps italics and sets the underline again). The input of a fuzzing finding
    /// of 2026-11-28 sent its black italic text so, one cell after white text; sent FA first,
    /// with a space of its own, the text moved a column right, and the line as read back took
    /// longer to send than the caption lasted
    /// (Fixtures/fuzz/scc/black-italic-text-one-space-after-white-text-fuzz.scc).
    private static func sharingCells(_ codes: [CEA608AttributeCode]) -> [CEA608AttributeCode] {
        guard let black = codes.firstIndex(where: { $0.blackForegroundUnderline != nil }),
            let underline = codes[black].blackForegroundUnderline
        else { return codes }
        var result = codes
        if black + 1 < result.count, case .italics = result[black + 1] {
            result[black + 1] = .thenBlackForeground(result[black + 1], underline: underline)
            result.remove(at: black)
        } else if black > 0, case .midRow = result[black - 1] {
            result[black - 1] = .thenBlackForeground(result[black - 1], underline: underline)
            result.remove(at: black)
        }
        return result
    }

    /// FA or FAU's underline; `nil` for any other code.
    private var blackForegroundUnderline: Bool? {
        if case .backgroundForeground(.blackForeground(let underline)) = self { return underline }
        return nil
    }

    /// A colour code: a mid-row code, or for black the black-foreground code (CEA-608-B §6.2).
    private static func colorCode(_ color: CEA608Color, underline: Bool) -> CEA608AttributeCode {
        if let code = MidRowCode(style: .color(color), underline: underline) {
            return .midRow(code)
        }
        return .backgroundForeground(.blackForeground(underline: underline))
    }

    private static func italicsCode(underline: Bool) -> CEA608AttributeCode {
        .italics(underline: underline)
    }

    /// The style of the standard space a decoder shows in the code's cell, given the pen before
    /// the code; `pen` becomes the pen after it. A mid-row code or FON shows the space in the old
    /// attributes (15.119(h)(1)); a background code's space takes the new background, a
    /// black-foreground code's the old pen (CEA-608-B §6.2), as ``CEA608Decoder`` does.
    func shownStyle(pen: inout CEA608CellStyle) -> CEA608CellStyle {
        let before = pen
        switch self {
        case .midRow(let code):
            switch code.style {
            case .color(let color):
                pen.foreground = color
                pen.italic = false
            case .italics:
                pen.italic = true
            }
            pen.underline = code.underline
            pen.flash = false
            return before
        case .italics(let underline):
            pen.italic = true
            pen.underline = underline
            pen.flash = false
            return before
        case .flashOn:
            pen.flash = true
            return before
        case .backgroundForeground(.blackForeground(let underline)):
            pen.foreground = .black
            pen.underline = underline
            return before
        case .backgroundForeground(.transparentBackground):
            pen.background = CEA608CellStyle.Background(color: .black, semiTransparent: false, transparent: true)
            return pen
        case .thenBlackForeground(let first, let underline):
            // The mid-row code's space, then FA backing over it: the space in the pen after
            // the mid-row code, as ``CEA608Decoder`` puts it.
            _ = first.shownStyle(pen: &pen)
            let shown = pen
            pen.foreground = .black
            pen.underline = underline
            return shown
        case .backgroundForeground(.background(let color, let semiTransparent)):
            // Opaque black is the default background, kept as none (CEA608CellStyle.from).
            pen.background =
                color == .black && !semiTransparent
                ? nil : CEA608CellStyle.Background(color: color, semiTransparent: semiTransparent, transparent: false)
            return pen
        }
    }

    /// Whether this is a background or black-foreground code, which backs over the standard space
    /// sent before it (CTA-608-E §6.2). Sent with the cursor in the first column and nothing
    /// written since, without that space, it takes no cell (``CEA608Decoder``; Specs/scc.md
    /// "Background attribute codes after a PAC").
    var backsOverSpace: Bool {
        if case .backgroundForeground = self { return true }
        return false
    }

    /// Appends the code's words: a doubled control code, preceded by a space for the
    /// background and black-foreground codes (CEA-608-B §6.2) unless `withSpace` is false (in the
    /// first column, where the code then takes no cell).
    func append(to buffer: inout CEA608WordBuffer, withSpace: Bool = true) {
        switch self {
        case .midRow(let code):
            let bytes = code.bytes
            buffer.appendControl(first: bytes.first, second: bytes.second)
        case .italics(let underline):
            buffer.appendControl(first: 0x11, second: underline ? 0x2F : 0x2E)
        case .flashOn:
            buffer.append(.flashOn)
        case .backgroundForeground(let attribute):
            if withSpace { buffer.appendBasic(0x20) }
            let bytes = attribute.bytes
            buffer.appendControl(first: bytes.first, second: bytes.second)
        case .thenBlackForeground(let first, let underline):
            first.append(to: &buffer)
            let bytes = BackgroundForegroundAttribute.blackForeground(underline: underline).bytes
            buffer.appendControl(first: bytes.first, second: bytes.second)
        }
    }
}
