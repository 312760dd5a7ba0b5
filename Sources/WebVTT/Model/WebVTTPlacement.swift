import CaptionCore

/// How WebVTT cue positions map to the caption model's regions, both ways (Specs/webvtt.md,
/// "Positions"). Percentages are of the video's width and height. A line of a snap-to-lines cue
/// counts as one CEA-608 row, 1/15 of the height (WebVTT's own line height depends on the font),
/// the same grid the 608 conformer uses for percentages; region lines are 6vh (WebVTT §7.2
/// "processing model", the region's line height).
enum WebVTTPlacement {
    static let rowHeight = 100.0 / 15
    static let columnWidth = 100.0 / 32
    static let regionLineHeight = 6.0

    // MARK: - Reading

    /// The model region for a cue that is in no WebVTT region, or nil for the default placement
    /// (no line, position or size given).
    static func region(for cue: WebVTTCue) -> CaptionRegion? {
        let writingMode: CaptionRegion.WritingMode =
            cue.vertical == .horizontal ? .leftToRightAndTopToBottom : .topToBottomAndRightToLeft
        guard cue.line != nil || cue.position != nil || cue.size != 100 else {
            return writingMode == .leftToRightAndTopToBottom ? nil : CaptionRegion(writingMode: writingMode)
        }
        let vertical = writingMode != .leftToRightAndTopToBottom
        // Across the lines (vertically for horizontal text, across for vertical).
        var top = 0.0
        var height = 100.0
        var alignment = CaptionRegion.DisplayAlignment.after
        if let line = cue.line {
            var edge: Double  // where the line-align edge of the cue box sits, in percent
            if cue.snapToLines {
                // A negative line counts from the bottom: line -1's box ends at the bottom edge.
                // Vertical lines growing left count from the right edge instead (WebVTT §7.2,
                // snap-to-lines: the first line is at the block start, the right), mirrored below.
                edge = line >= 0 ? line * rowHeight : 100 + (line + 1) * rowHeight
                if vertical { edge = 100 - edge }
            } else {
                edge = line
            }
            // The edge (and the size and left edge, below) is rounded before the box is derived
            // from it, so that the box adds up as the writer's output reads back: rounded one by
            // one, line:3.3365% gave a top of 3.337% and a height of 96.664%, and line:3.337%
            // then reads as 96.663% (a fuzz finding, Fixtures/fuzz/vtt).
            edge = rounded(min(max(edge, 0), 100))
            var lineAlignment: WebVTTCue.LineAlignment =
                cue.snapToLines ? (line >= 0 ? .start : .end) : cue.lineAlignment
            // The box's edge at the line is physical (§7.2: for vertical text, start puts the
            // box's left edge there, end moves it left by its width): a snapped vertical line
            // counted from the right has its right edge there.
            if vertical && cue.snapToLines { lineAlignment = line >= 0 ? .end : .start }
            // The region runs from the line to the far side; the text keeps to the line's side,
            // which is the region's block start for horizontal text under a start line (top) and
            // for vertical text growing left over an end line (the right: TTML1 §8.2 `tts:displayAlign`
            // before is the block start, which `tts:writingMode` tbrl puts on the right).
            switch lineAlignment {
            case .start: (top, height, alignment) = (edge, 100 - edge, vertical ? .after : .before)
            case .end: (top, height, alignment) = (0, edge, vertical ? .before : .after)
            case .center:
                let half = min(edge, 100 - edge)
                (top, height, alignment) = (edge - half, 2 * half, .center)
            }
        }
        // Along the lines: position and size (WebVTT §7.2: auto position follows the alignment).
        let size = rounded(min(max(cue.size, 0), 100))
        let position = cue.position ?? autoPosition(cue.textAlignment)
        let positionAlignment =
            cue.positionAlignment == .auto
            ? autoPositionAlignment(cue.textAlignment)
            : cue.positionAlignment
        var left: Double
        switch positionAlignment {
        case .lineLeft, .auto: left = position
        case .center: left = position - size / 2
        case .lineRight: left = position - size
        }
        left = rounded(min(max(left, 0), 100))
        let width = min(size, 100 - left)
        let origin: CaptionPoint
        let extent: CaptionSize
        if writingMode == .leftToRightAndTopToBottom {
            origin = CaptionPoint(x: .percent(rounded(left)), y: .percent(rounded(top)))
            extent = CaptionSize(width: .percent(rounded(width)), height: .percent(rounded(height)))
        } else {
            // Vertical text: lines run down, so `line` is across the width, position down the height.
            origin = CaptionPoint(x: .percent(rounded(top)), y: .percent(rounded(left)))
            extent = CaptionSize(width: .percent(rounded(height)), height: .percent(rounded(width)))
        }
        return CaptionRegion(origin: origin, size: extent, displayAlignment: alignment, writingMode: writingMode)
    }

    /// The model region for a WebVTT region (WebVTT §3.2): its box from the anchors, width and
    /// lines; `scroll:up` with 2–4 lines is the model's roll-up.
    static func region(for r: WebVTTRegion) -> CaptionRegion {
        let height = min(r.lines * regionLineHeight, 100)
        let left = r.viewportAnchorX - r.regionAnchorX * r.width / 100
        let top = r.viewportAnchorY - r.regionAnchorY * height / 100
        let lines = Int(exactly: r.lines) ?? 0
        return CaptionRegion(
            identifier: r.identifier.isEmpty ? nil : r.identifier,
            origin: CaptionPoint(x: .percent(rounded(left)), y: .percent(rounded(top))),
            size: CaptionSize(width: .percent(rounded(r.width)), height: .percent(rounded(height))),
            displayAlignment: .after,
            scroll: r.scrollUp && (2...4).contains(lines) ? .rollUp(rows: lines) : .none)
    }

    static func textAlignment(_ a: WebVTTCue.TextAlignment) -> CaptionTextAlignment {
        switch a {
        case .start: return .start
        case .center: return .center
        case .end: return .end
        case .left: return .left
        case .right: return .right
        }
    }

    static func autoPosition(_ a: WebVTTCue.TextAlignment) -> Double {
        switch a {
        case .left, .start: return 0
        case .right, .end: return 100
        case .center: return 50
        }
    }

    static func autoPositionAlignment(_ a: WebVTTCue.TextAlignment) -> WebVTTCue.PositionAlignment {
        switch a {
        case .left, .start: return .lineLeft
        case .right, .end: return .lineRight
        case .center: return .center
        }
    }

    /// Three decimals: what the writer prints, so that reading our own output gives it back. The
    /// stored Double is rounded (`.rounded()`, half away from zero), so a decimal tie goes the way
    /// of its binary value: 3.3365 is 3336.5 thousandths and gives 3.337, 64.0015 gives 64.001.
    static func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
