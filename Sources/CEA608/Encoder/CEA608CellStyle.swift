// What one character cell looks like in CEA-608 terms. Sources: 47 CFR 15.119(h)(1) (now
// 47 CFR 79.101): colour, italics, underline and flash attributes; CEA-608-B §6.2: background
// colour and opacity, black foreground.
import CaptionCore

/// The attributes of one character cell that CEA-608 can express.
struct CEA608CellStyle: Hashable {
    /// A cell background: `nil` in ``background`` is the decoder's default (no code sent).
    struct Background: Hashable {
        var color: CEA608Color
        /// Whether the background is semi-transparent (BxS) rather than opaque (BxO).
        var semiTransparent: Bool
        /// Whether the background is transparent (BT); the colour then does not matter.
        var transparent: Bool
    }

    var foreground: CEA608Color = .white
    var italic = false
    var underline = false
    var flash = false
    var background: Background?

    /// Whether a standard space in this style shows: underlined, or on a background that is
    /// not transparent (colour, italics and flash show on no space).
    var showsOnSpace: Bool { underline || background?.transparent != true }

    /// The style a PAC with an indent sets: white, not italic, no flash, default background.
    static func afterIndentPAC(underline: Bool) -> CEA608CellStyle {
        CEA608CellStyle(underline: underline)
    }

    /// Maps a model style to the nearest CEA-608 cell style; `approximated` tells whether a
    /// colour was not one of the eight. Background alpha 255 is opaque, 0 transparent, anything
    /// between semi-transparent.
    static func from(_ style: CaptionTextStyle) -> (style: CEA608CellStyle, approximated: Bool) {
        var result = CEA608CellStyle()
        var approximated = false
        if let color = style.textColor {
            let match = nearest(color)
            result.foreground = match.color
            approximated = approximated || !match.exact || color.alpha != 255
        }
        if let color = style.backgroundColor {
            if color.alpha == 0 {
                result.background = Background(color: .black, semiTransparent: false, transparent: true)
            } else {
                let match = nearest(color)
                approximated = approximated || !match.exact
                // Opaque black is the decoder's default background (47 CFR 15.119(h)(1)).
                if !(match.color == .black && color.alpha == 255) {
                    result.background = Background(
                        color: match.color, semiTransparent: color.alpha != 255, transparent: false)
                }
            }
        }
        result.italic = style.italic
        result.underline = style.underline
        result.flash = style.flash
        return (result, approximated)
    }

    /// The CEA-608 colour closest to `color`, and whether it is exact.
    static func nearest(_ color: CaptionColor) -> (color: CEA608Color, exact: Bool) {
        CEA608Color.nearest(to: color)
    }

    /// The model colour of a CEA-608 colour.
    static func modelColor(_ color: CEA608Color) -> CaptionColor { color.captionColor }
}
