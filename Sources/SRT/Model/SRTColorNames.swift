import CaptionCore

/// The colour names SubRip files use in `<font color>` (the sixteen HTML 4 colours and the CSS
/// aliases cyan and magenta), and `#RRGGBB` / `RRGGBB` values.
enum SRTColorNames {
    static let names: [String: CaptionColor] = [
        "black": .black, "silver": CaptionColor(red: 192, green: 192, blue: 192),
        "gray": CaptionColor(red: 128, green: 128, blue: 128), "grey": CaptionColor(red: 128, green: 128, blue: 128),
        "white": .white, "maroon": CaptionColor(red: 128, green: 0, blue: 0), "red": .red,
        "purple": CaptionColor(red: 128, green: 0, blue: 128), "fuchsia": .magenta, "magenta": .magenta,
        "green": CaptionColor(red: 0, green: 128, blue: 0), "lime": .green,
        "olive": CaptionColor(red: 128, green: 128, blue: 0), "yellow": .yellow,
        "navy": CaptionColor(red: 0, green: 0, blue: 128), "blue": .blue,
        "teal": CaptionColor(red: 0, green: 128, blue: 128), "aqua": .cyan, "cyan": .cyan,
    ]

    static func color(_ value: String) -> CaptionColor? {
        let v = value.lowercased()
        if let named = names[v] { return named }
        if v.hasPrefix("#") { return CaptionColor(hex: v) }
        return CaptionColor(hex: "#" + v)
    }

    /// `#rrggbb` for an opaque colour (what players read), else `#rrggbbaa`.
    static func text(_ color: CaptionColor) -> String {
        let full = color.description.lowercased()
        return color.alpha == 255 ? String(full.prefix(7)) : full
    }
}
