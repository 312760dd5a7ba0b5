import CaptionCore

// The eight 608 colours as model colours (47 CFR 15.119(h)(1); black: CEA-608-B §6.2), shared
// by the decoder, the encoder and the conformer.
extension CEA608Color {
    /// The model colour with the same name (the eight named ``CaptionColor`` values).
    public var captionColor: CaptionColor {
        switch self {
        case .white: .white
        case .green: .green
        case .blue: .blue
        case .cyan: .cyan
        case .red: .red
        case .yellow: .yellow
        case .magenta: .magenta
        case .black: .black
        }
    }

    /// The 608 colour closest to `color` (squared RGB distance, alpha ignored; ties go to the
    /// earlier colour), and whether it is exact.
    public static func nearest(to color: CaptionColor) -> (color: CEA608Color, exact: Bool) {
        var best = CEA608Color.white
        var bestDistance = Int.max
        for candidate in CEA608Color.allCases {
            let c = candidate.captionColor
            let dr = Int(c.red) - Int(color.red)
            let dg = Int(c.green) - Int(color.green)
            let db = Int(c.blue) - Int(color.blue)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return (best, bestDistance == 0)
    }
}
