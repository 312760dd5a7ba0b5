// The predefined window and pen styles that DefineWindow's style IDs select, CTA-708-E §8.4.x
// (Predefined Window Style IDs and Predefined Pen Style IDs). Specs/cea708/predefined-*.tsv hold
// the same tables; the test compares them.

/// The seven predefined window styles and seven predefined pen styles.
public enum CEA708PredefinedStyles {
    /// Window style `id` (1–7); `nil` for 0 and anything else.
    public static func window(_ id: UInt8) -> CEA708WindowAttributes? {
        guard (1...7).contains(id) else { return nil }
        let centered = id == 3 || id == 6
        let transparent = id == 2 || id == 5
        var style = CEA708WindowAttributes(
            justify: centered ? .center : .left, wordWrap: (4...6).contains(id),
            fillOpacity: transparent ? .transparent : .solid)
        if id == 7 {  // ticker tape
            style.printDirection = .topToBottom
            style.scrollDirection = .rightToLeft
        }
        return style
    }

    /// Pen style `id` (1–7): its attributes and colours; `nil` for 0 and anything else.
    public static func pen(_ id: UInt8) -> (attributes: CEA708PenAttributes, color: CEA708PenColor)? {
        guard (1...7).contains(id) else { return nil }
        let fonts: [UInt8] = [0, 1, 2, 3, 4, 3, 4]
        let bordered = id >= 6
        return (
            CEA708PenAttributes(
                fontStyle: CEA708FontStyle(rawValue: fonts[Int(id) - 1]), edgeType: bordered ? .uniform : .none),
            CEA708PenColor(backgroundOpacity: bordered ? .transparent : .solid)
        )
    }
}
