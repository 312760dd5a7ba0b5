import CaptionCore

/// A character that carries an emphasis mark (TTML2 §10.2.44 `tts:textEmphasis`): where it runs
/// along its line, and its run's style.
struct EmphasisSpot {
    var lo: Double
    var hi: Double
    var style: ResolvedStyle

    /// The spots of one item's characters (`clusters`: each cluster's extent along the line) in
    /// `style`, when it has emphasis. As CSS `text-emphasis` (CSS Text Decoration 3 §3, which
    /// TTML2 §10.2.44 maps to), separators (Z*: spaces), controls and format characters (C*) and
    /// punctuation (P*) take no mark.
    static func spots(_ clusters: [Int: (lo: Double, hi: Double)], of line: StyledLine, style: ResolvedStyle)
        -> [EmphasisSpot]
    {
        guard style.emphasis != nil else { return [] }
        return clusters.sorted { $0.key < $1.key }.compactMap { cluster, e in
            guard cluster < line.scalars.count, takesMark(line.scalars[cluster]) else { return nil }
            return EmphasisSpot(lo: e.lo, hi: e.hi, style: style)
        }
    }

    static func takesMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .surrogate, .privateUse,
            .unassigned, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return false
        default:
            return true
        }
    }
}

/// The characters emphasis marks are drawn with.
enum EmphasisMarks {
    /// CSS Text Decoration 3 §3.1's characters for TTML2's shapes: dot U+2022 / U+25E6, circle
    /// U+25CF / U+25CB, sesame U+FE45 / U+FE46 (filled / open); TTML2's `auto` a filled circle in
    /// horizontal text and a filled sesame in vertical text; a character mark its own first
    /// grapheme, as it is.
    static func text(of e: CaptionEmphasis, vertical: Bool) -> String {
        switch e.shape ?? (vertical ? .sesame : .circle) {
        case .dot: return e.filled ? "\u{2022}" : "\u{25E6}"
        case .circle: return e.filled ? "\u{25CF}" : "\u{25CB}"
        case .sesame: return e.filled ? "\u{FE45}" : "\u{FE46}"
        case .character(let text): return text.first.map(String.init) ?? ""
        }
    }
}

extension LineLayoutStage {
    /// Draws the marks of `line`'s ``LaidOutLine/emphasisSpots``, each centred on its character at
    /// half its font size, in the emphasis colour or else the text's (TTML2 §10.2.44 `current`):
    /// before the line (above horizontal text, right of a column) or after it. `outside` is before
    /// the paragraph's first line and after every other, as ruby's; no position is before, as the
    /// model has it (``CaptionEmphasis/position``; TTML2 §10.2.44 takes a `tts:textEmphasis`
    /// without a position as `outside`, which its reader is to give as such). Marks sit beyond the
    /// line's ruby on their side (CSS Text Decoration 3 §3.5), and the room they take is added to
    /// the line's room for ruby.
    func placeEmphasis(in line: inout LaidOutLine, first: Bool) throws(RenderError) {
        guard !line.emphasisSpots.isEmpty else { return }
        let vertical = line.vertical
        var shaped: [ResolvedStyle: LaidOutLine] = [:]
        var room = (before: 0.0, after: 0.0)
        for spot in line.emphasisSpots {
            guard let emphasis = spot.style.emphasis else { continue }
            let before: Bool
            switch emphasis.position ?? .before {
            case .before: before = true
            case .after: before = false
            case .outside: before = first
            }
            var style = spot.style
            style.fontSize = StyleRunStage.usableFontSize(spot.style.fontSize / 2)
            style.textColor = emphasis.color ?? spot.style.textColor
            if shaped[style] == nil {
                let text = EmphasisMarks.text(of: emphasis, vertical: vertical)
                guard !text.isEmpty, let mark = try annotation(text, style: style, vertical: vertical) else { continue }
                shaped[style] = mark
            }
            guard let mark = shaped[style] else { continue }
            let along = spot.lo + (spot.hi - spot.lo - mark.extent) / 2
            let across: Double
            if vertical {
                across = before ? line.over + line.rubyOver + mark.under : -(line.under + line.rubyUnder + mark.over)
            } else {
                across = before ? -(line.over + line.rubyOver + mark.under) : line.under + line.rubyUnder + mark.over
            }
            for var g in mark.glyphs {
                if vertical { g.x += across; g.y += along } else { g.x += along; g.y += across }
                line.glyphs.append(g)
            }
            if before {
                room.before = max(room.before, mark.over + mark.under)
            } else {
                room.after = max(room.after, mark.over + mark.under)
            }
        }
        line.rubyOver += room.before
        line.rubyUnder += room.after
        line.emphasisSpots = []
    }
}
