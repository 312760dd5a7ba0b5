import CEA608
import CaptionCore

/// Maps model styles onto what CEA-608 can show (47 CFR §15.119(h); CTA-608-E §6.2): the eight
/// colours, opaque text, opaque / semi-transparent / transparent backgrounds, italics, underline,
/// flash. Bold and ruby have no 608 form.
struct CEA608StyleMapper {
    /// The 608 colour nearest to `color` (shared with the encoder: `CEA608Color.nearest(to:)`).
    static func nearest(_ color: CaptionColor) -> CaptionColor {
        CEA608Color.nearest(to: color).color.captionColor
    }

    /// The 608 alpha nearest to `alpha` for backgrounds: 0 (transparent), 128 (semi-transparent)
    /// or 255 (opaque).
    static func backgroundAlpha(_ alpha: UInt8) -> UInt8 {
        alpha < 64 ? 0 : (alpha < 192 ? 128 : 255)
    }

    /// What changed when mapping one style.
    struct Changes: OptionSet {
        let rawValue: Int
        static let textColor = Changes(rawValue: 1)
        static let backgroundColor = Changes(rawValue: 2)
        static let textAlpha = Changes(rawValue: 4)
        static let backgroundAlpha = Changes(rawValue: 8)
        static let bold = Changes(rawValue: 16)
        static let ruby = Changes(rawValue: 32)
        static let font = Changes(rawValue: 64)
    }

    /// `style` as 608 can show it, and what had to change. White text and an opaque black
    /// background are 608's defaults and become nil.
    static func map(_ style: CaptionTextStyle) -> (CaptionTextStyle, Changes) {
        var s = style
        var changes: Changes = []
        if let c = style.textColor {
            let mapped = nearest(c.withAlpha(255))
            if mapped != c.withAlpha(255) { changes.insert(.textColor) }
            if c.alpha != 255 { changes.insert(.textAlpha) }
            s.textColor = mapped == .white ? nil : mapped
        }
        if let b = style.backgroundColor {
            let mapped = nearest(b.withAlpha(255))
            if mapped != b.withAlpha(255) && b.alpha != 0 { changes.insert(.backgroundColor) }
            let alpha = backgroundAlpha(b.alpha)
            if alpha != b.alpha { changes.insert(.backgroundAlpha) }
            let result = alpha == 0 ? CaptionColor.clear : mapped.withAlpha(alpha)
            s.backgroundColor = result == .black ? nil : result
        }
        if style.bold {
            changes.insert(.bold)
            s.bold = false
        }
        if style.ruby != nil {
            changes.insert(.ruby)
            s.ruby = nil
        }
        // Reported with the caption's layout (ConformerChange.layout).
        s.lineThrough = false
        if style.fontFamily != nil || style.fontSize != nil || style.textCombine {
            changes.insert(.font)
            s.fontFamily = nil
            s.fontSize = nil
            s.textCombine = false
        }
        return (s, changes)
    }
}
