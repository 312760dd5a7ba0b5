import CaptionCore

extension RegionPlacementStage {
    /// How far along `room` (the content rectangle's width, or height for columns) a line
    /// `extent` long starts: placed by `textAlignment`, or, with a multi-row alignment (EBU-TT-D
    /// `ebutts:multiRowAlign`, EBU Tech 3380 §4.4), inside the block its lines make together: the
    /// block, as long as the `widest` line, is placed by `textAlignment`, and the line within it
    /// by `multiRowAlignment` (as imscJS draws it: an inline block aligned by the paragraph's
    /// `text-align`, its lines by its own). `start` and `end` are the sides of the line's
    /// direction.
    func lineStart(
        of extent: Double, widest: Double, room: Double, textAlignment: CaptionTextAlignment,
        multiRowAlignment: CaptionTextAlignment?, rtl: Bool
    ) -> Double {
        func offset(_ length: Double, in space: Double, _ alignment: CaptionTextAlignment) -> Double {
            switch resolved(alignment, rtl: rtl) {
            case .left: return 0
            case .right: return space - length
            default: return (space - length) / 2
            }
        }
        guard let rows = multiRowAlignment else { return offset(extent, in: room, textAlignment) }
        return offset(widest, in: room, textAlignment) + offset(extent, in: widest, rows)
    }
}
