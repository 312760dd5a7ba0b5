import CaptionCore
import Foundation

/// A paragraph's shear (TTML2 §10.2.38 `tts:shear`): its block area slanted as a whole, a
/// percentage of 90°, about the block's centre line (TTML2 leaves the origin open, w3c/ttml2
/// #1199; imscJS skews the `p` about its centre). Positive shear leans horizontal lines' tops
/// right, as an oblique face, and moves the right of a column up, as imscJS draws it (a CSS
/// `skewX` or `skewY` of -0.9 × the percentage in degrees) and the W3C references show.
struct ParagraphShear {
    /// The tangent of the angle, within tan 80° so that it stays finite.
    var tangent: Double
    /// The block's centre across its lines: a y, or an x for columns.
    var centre: Double
    var vertical: Bool

    /// nil for no shear (none, zero or not a number).
    init?(_ percent: Double?, block: PixelRect, vertical: Bool) {
        guard let percent, percent.isFinite, percent != 0 else { return nil }
        let degrees = max(-80, min(80, percent * 0.9))
        tangent = tan(degrees * .pi / 180)
        centre = vertical ? block.x + block.width / 2 : block.y + block.height / 2
        self.vertical = vertical
    }

    /// How far along the lines the points `across` (a y, or an x for columns) move: right, or up
    /// a column, for positive shear on the before side of the centre.
    func shift(at across: Double) -> Double { tangent * (centre - across) }

    /// `g`, drawn from a line at `origin`, moved to where the slanted block takes its origin and
    /// slanted itself about that origin.
    func apply(to g: inout PlacedGlyph, origin: (x: Double, y: Double)) {
        if vertical {
            g.y += shift(at: g.x + origin.x)
            g.skew.y = tangent
        } else {
            g.x += shift(at: g.y + origin.y)
            g.skew.x = tangent
        }
    }
}
