import CaptionCore

extension CaptionColor {
    /// TTML1 §8.3.10 named colours.
    static let ttmlNamedColors: [String: CaptionColor] = [
        "transparent": .clear, "black": .black, "silver": .init(red: 0xC0, green: 0xC0, blue: 0xC0),
        "gray": .init(red: 0x80, green: 0x80, blue: 0x80), "white": .white,
        "maroon": .init(red: 0x80, green: 0, blue: 0), "red": .red,
        "purple": .init(red: 0x80, green: 0, blue: 0x80), "fuchsia": .magenta, "magenta": .magenta,
        "green": .init(red: 0, green: 0x80, blue: 0), "lime": .init(red: 0, green: 0xFF, blue: 0),
        "olive": .init(red: 0x80, green: 0x80, blue: 0), "yellow": .yellow,
        "navy": .init(red: 0, green: 0, blue: 0x80), "blue": .blue,
        "teal": .init(red: 0, green: 0x80, blue: 0x80), "aqua": .cyan, "cyan": .cyan,
    ]

    /// Parses a TTML1 `<color>` (§8.3.2): `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)`,
    /// `rgba(r,g,b,a)` or a named colour. Case-insensitive; spaces inside the parentheses allowed.
    init?(ttml text: String) {
        let t = text.trimmingCharacters(in: " ").lowercased()
        if let named = Self.ttmlNamedColors[t] {
            self = named
            return
        }
        if t.hasPrefix("#") {
            guard t.count == 7 || t.count == 9, let c = CaptionColor(hex: t) else { return nil }
            self = c
            return
        }
        for (function, count) in [("rgba(", 4), ("rgb(", 3)] where t.hasPrefix(function) && t.hasSuffix(")") {
            let inner = t.dropFirst(function.count).dropLast()
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map {
                UInt8(String($0).trimmingCharacters(in: " "))
            }
            guard parts.count == count, parts.allSatisfy({ $0 != nil }) else { return nil }
            let v = parts.compactMap { $0 }
            self.init(red: v[0], green: v[1], blue: v[2], alpha: count == 4 ? v[3] : 255)
            return
        }
        return nil
    }

    /// The form the writer uses: `white`, `black`, `transparent` for those exact colours, else
    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    var ttmlDescription: String {
        if self == .white { return "white" }
        if self == .black { return "black" }
        if self == .clear { return "transparent" }
        let hex = description.lowercased()  // "#rrggbbaa"
        return alpha == 255 ? String(hex.prefix(7)) : hex
    }
}
