import CaptionCore

/// The runs' backgrounds of a paragraph's lines in picture pixels: a little past the text at each
/// line's ends, the paragraph's line padding, and its line gaps filled.
extension TimedTextLook {
    /// The background boxes of `lines` drawn from `origins`, in picture pixels, line by line.
    /// `block` is the paragraph's block (``RegionPlacementStage/blockRect(of:in:displayAlignment:vertical:stackedBefore:stackedAfter:)``).
    func backgroundBoxes(
        of lines: [LaidOutLine], at origins: [(x: Double, y: Double)], for caption: Caption, block: PixelRect
    ) -> [PlacedRect] {
        var boxes = zip(lines, origins).map { line, o in
            padded(line, padding: linePadding(of: caption, for: line)).map { r in
                var moved = r
                moved.x += o.x
                moved.y += o.y
                return moved
            }
        }
        if caption.fillsLineGap { fillGaps(in: &boxes, of: lines, at: origins, block: block) }
        return boxes.flatMap { $0 }
    }

    /// The caption's line padding in pixels (EBU-TT-D `ebutts:linePadding`, EBU Tech 3380 §4.4):
    /// cells along the line, a cell's width across horizontal lines and its height down a column
    /// (TTML1 §8.3.9: `c` in the dimension it measures; a percentage is of the line's font
    /// size); 0 for none, a negative or an unusable length, and within the picture's size.
    func linePadding(of caption: Caption, for line: LaidOutLine) -> Double {
        guard let padding = caption.linePadding else { return 0 }
        let pixels = placement.runLength(padding, em: line.emSize, across: !line.vertical)
        guard pixels.isFinite, pixels > 0 else { return 0 }
        return min(pixels, Double(max(placement.size.width, placement.size.height)))
    }

    /// `line`'s backgrounds reaching a little past the text at the line's ends (a fifth of its em,
    /// the look's own), and `padding` further where they reach its start or end: EBU-TT-D's line
    /// padding is space added at both ends of each line inside its background, the text staying
    /// where its alignment puts it.
    private func padded(_ line: LaidOutLine, padding: Double) -> [PlacedRect] {
        let pad = line.emSize * 0.2
        return line.backgrounds.enumerated().map { i, background in
            var r = background
            if line.vertical {
                let (first, last) = (i == 0, i == line.backgrounds.count - 1)
                let before = pad + (r.y <= 0.5 ? padding : 0)
                let after = pad + (r.y + r.height >= line.extent - 0.5 ? padding : 0)
                if first { r.y -= before; r.height += before }
                if last { r.height += after }
            } else {
                let leftmost = line.backgrounds.min { $0.x < $1.x }?.x == r.x
                let rightmost =
                    line.backgrounds.max { $0.x + $0.width < $1.x + $1.width }.map { $0.x + $0.width } == r.x + r.width
                let left = pad + (r.x <= 0.5 ? padding : 0)
                let right = pad + (r.x + r.width >= line.extent - 0.5 ? padding : 0)
                if leftmost { r.x -= left; r.width += left }
                if rightmost { r.width += right }
            }
            return r
        }
    }

    /// Filled line gaps (IMSC 1.1 §8.5.2 `itts:fillLineGap`): each line's backgrounds reach across
    /// the gap to the next line's and the previous line's, meeting halfway between the two lines'
    /// text (their ascent and descent, or a column's em), and the first and last lines' reach the
    /// block's edges, as imscJS pads each inline box to those frontiers. Lines without text (empty
    /// lines) are passed over, so that their neighbours meet across them. Boxes only grow.
    private func fillGaps(
        in boxes: inout [[PlacedRect]], of lines: [LaidOutLine], at origins: [(x: Double, y: Double)],
        block: PixelRect
    ) {
        let filled = lines.indices.filter { lines[$0].over + lines[$0].under > 0 && !lines[$0].glyphs.isEmpty }
        guard !filled.isEmpty else { return }
        let vertical = lines[filled[0]].vertical
        // Each line's text edges across the block, in its direction: top and bottom, or (tbrl, the
        // block growing leftwards) right and left, as distances from the block's start.
        func edges(_ i: Int) -> (before: Double, after: Double) {
            let line = lines[i], o = origins[i]
            return vertical
                ? (block.maxX - (o.x + line.over), block.maxX - (o.x - line.under))
                : (o.y - line.over - block.y, o.y + line.under - block.y)
        }
        let length = vertical ? block.width : block.height
        for (k, i) in filled.enumerated() {
            let e = edges(i)
            let before = k == 0 ? 0 : (edges(filled[k - 1]).after + e.before) / 2
            let after = k == filled.count - 1 ? length : (e.after + edges(filled[k + 1]).before) / 2
            for j in boxes[i].indices {
                var r = boxes[i][j]
                if vertical {
                    let right = max(r.x + r.width, block.maxX - before), left = min(r.x, block.maxX - after)
                    (r.x, r.width) = (left, right - left)
                } else {
                    let top = min(r.y, block.y + before), bottom = max(r.y + r.height, block.y + after)
                    (r.y, r.height) = (top, bottom - top)
                }
                boxes[i][j] = r
            }
        }
    }
}
