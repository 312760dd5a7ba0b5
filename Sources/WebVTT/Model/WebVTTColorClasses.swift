import CaptionCore

/// The default text and background colour classes of WebVTT §5 ("Default classes for WebVTT
/// Caption or Subtitle Cue Components"): `lime`… for the text, `bg_lime`… for the background.
enum WebVTTColorClasses {
    static let colors: [(name: String, color: CaptionColor)] = [
        ("white", .white), ("lime", .green), ("cyan", .cyan), ("red", .red), ("yellow", .yellow),
        ("magenta", .magenta), ("blue", .blue), ("black", .black),
    ]

    static func textColor(_ className: String) -> CaptionColor? {
        colors.first { $0.name == className }?.color
    }

    static func backgroundColor(_ className: String) -> CaptionColor? {
        guard className.hasPrefix("bg_") else { return nil }
        return textColor(String(className.dropFirst(3)))
    }

    /// The class for an opaque colour of the table, if it is one.
    static func name(of color: CaptionColor) -> String? {
        colors.first { $0.color == color }?.name
    }
}
