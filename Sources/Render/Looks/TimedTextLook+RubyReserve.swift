import CaptionCore

/// Room kept for ruby on a paragraph's lines (TTML2 §10.2.35 `tts:rubyReserve`).
extension TimedTextLook {
    /// Widens `lines`' room for ruby (``LaidOutLine/rubyOver``, ``LaidOutLine/rubyUnder``) to the
    /// caption's ruby reserve: `before` every line, `after` every line, `both`, or `outside`: before
    /// the first line and after every other, or both when there is one line (TTML2 §10.2.35). A
    /// line whose own ruby takes more room keeps it: its ruby is set in the reserved room.
    ///
    /// The reserve's length is the font size of the ruby it makes room for (TTML2 §10.2.35: the
    /// `tts:fontSize` of hypothetical ruby text), a percentage being of the paragraph's font size
    /// (its first run's); without one, the size ruby is drawn at, half the paragraph's. The room
    /// is what a line of ruby that size takes (``LineLayoutStage/rubyThickness(of:size:vertical:)``).
    func reserveRuby(
        in lines: inout [LaidOutLine], for caption: Caption, defaults: StyleDefaults, vertical: Bool
    ) throws(RenderError) {
        guard let reserve = caption.rubyReserve, !lines.isEmpty else { return }
        let paragraph = styleRuns.resolve(
            caption.runs.first { !$0.text.isEmpty }?.style ?? CaptionTextStyle(), defaults)
        let size = reserve.length.map { placement.runLength($0, em: paragraph.fontSize) } ?? paragraph.fontSize / 2
        // A reserve must not be negative (TTML2 §10.2.35); none is kept for a zero or unusable one.
        guard size.isFinite, size > 0 else { return }
        let room = try lineLayout.rubyThickness(
            of: paragraph.fontRequest, size: StyleRunStage.usableFontSize(size), vertical: vertical)
        for i in lines.indices {
            let (before, after): (Bool, Bool)
            switch reserve.position {
            case .both: (before, after) = (true, true)
            case .before: (before, after) = (true, false)
            case .after: (before, after) = (false, true)
            case .outside: (before, after) = lines.count == 1 ? (true, true) : (i == 0, i > 0)
            }
            if before { lines[i].rubyOver = max(lines[i].rubyOver, room) }
            if after { lines[i].rubyUnder = max(lines[i].rubyUnder, room) }
        }
    }
}
