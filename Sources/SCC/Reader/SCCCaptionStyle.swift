import CEA608
import CaptionCore

// From CEA-608 cell attributes to the model's text style (Specs/scc.md "Styles"): the eight
// colours of 47 CFR 15.119(h)(1) (now 47 CFR 79.101) as CaptionColor constants; the defaults
// (white text on opaque black, 15.119(h)(1)) are left nil, "the format's default".

extension CEA608CellAttributes {
    /// The model style of a cell with these attributes.
    var captionTextStyle: CaptionTextStyle {
        var style = CaptionTextStyle()
        if foreground != .white { style.textColor = foreground.captionColor }
        switch background {
        case .opaque(.black): break
        case .opaque(let color): style.backgroundColor = color.captionColor
        case .semiTransparent(let color):
            style.backgroundColor = color.captionColor.withAlpha(SCCReader.semiTransparentAlpha)
        case .transparent: style.backgroundColor = .clear
        }
        style.italic = italic
        style.underline = underline
        style.flash = flash
        return style
    }
}
