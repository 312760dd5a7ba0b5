// Rows with transparent cells: runs of cells jumped to with a PAC (47 CFR 15.119(e)(1)(i)) or a tab offset
// ((e)(1)(ii)) where that costs no more than the transparent spaces.

extension CEA608RowEncoder {
    /// The row in runs of cells separated by four or more transparent cells, each run after the
    /// first placed by a PAC of its own (47 CFR 15.119(e)(1)): two to four frames instead of two
    /// per cell. Up to three transparent cells are sent as the transparent space, which costs no
    /// more than a tab offset for one and which other readers (FFmpeg, ttconv) show as a space;
    /// ttconv shows nothing for a tab offset, and runs words together. With `tabsOverShortGaps`,
    /// two or three before text in the pen's style are jumped with one tab offset, and one to
    /// three before other text with a PAC where that is shorter (``pacJump(over:in:row:pen:)``).
    static func encodeSegments(
        _ row: CEA608Row, into buffer: inout CEA608WordBuffer, afterCarriageReturn: Bool,
        tabsOverShortGaps: Bool = false
    ) -> Placement {
        var segments: [CEA608Row] = []
        var current: [CEA608Row.Cell] = []
        var start = row.column
        var index = 0
        var cells = row.cells
        while index < cells.count {
            var gapEnd = index
            while gapEnd < cells.count, cells[gapEnd].isGap { gapEnd += 1 }
            // Spaces after a shorter gap that the next text's attribute codes can take count with
            // it: a code put in a cell of a gap of four (left of the text after it) reads back as
            // a gap of three and a space, which must be jumped the same way again. Single
            // transparent cells among those spaces count too: a code takes such a cell as well
            // (``appendCells(_:leadingCodes:into:)``) and it reads back as a space (a fuzzing
            // finding of 2026-11-25, Fixtures/fuzz/scc/gap-space-gap-before-a-style-change-fuzz.scc).
            var jumped = gapEnd - index
            if jumped > 0 && jumped < 4 {
                var spacesEnd = gapEnd
                while spacesEnd < cells.count, cells[spacesEnd].isSpace || cells[spacesEnd].isGap { spacesEnd += 1 }
                if spacesEnd > gapEnd, spacesEnd < cells.count, !cells[spacesEnd].isGap {
                    let style = cells[spacesEnd].style
                    let codes = CEA608AttributeCode.transition(
                        from: CEA608CellStyle.afterIndentPAC(underline: style.underline), to: style
                    ).count
                    jumped += min(codes, spacesEnd - gapEnd)
                }
            }
            // Two or three cells before text in the style the pen has, jumped with one tab offset
            // (15.119(e)(1)(ii)): two words, where their transparent spaces take four or six. A
            // style change needs its codes and goes as without.
            let tabbed =
                tabsOverShortGaps && (2...3).contains(gapEnd - index) && gapEnd < cells.count
                && !cells[gapEnd].isSpace && current.last?.style == cells[gapEnd].style
            // One to three cells before other text, jumped with a PAC where that is shorter.
            let borrowed =
                tabsOverShortGaps && !tabbed
                ? Self.pacJump(over: index..<gapEnd, in: cells, row: row, pen: current.last?.style) : nil
            let pacJumped = borrowed != nil
            if jumped >= 4 || tabbed || pacJumped || (gapEnd > index && gapEnd == cells.count) {
                if !current.isEmpty { segments.append(CEA608Row(row: row.row, column: start, cells: current)) }
                current.removeAll()
                index = gapEnd
                if let borrowed, borrowed > 0 {
                    // The cells the codes (and a space the PAC lands on) take, as spaces.
                    index -= borrowed
                    for cell in index..<gapEnd {
                        cells[cell] = CEA608Row.Cell.space(style: cells[cell].style)
                    }
                }
                continue
            }
            if current.isEmpty { start = row.column + index }
            current.append(contentsOf: cells[index..<max(gapEnd, index + 1)])
            index = max(gapEnd, index + 1)
        }
        if !current.isEmpty { segments.append(CEA608Row(row: row.row, column: start, cells: current)) }
        // Spaces that open a segment follow a gap, not the character they were styled after
        // (CEA608CaptionLayout.normalizeSpaces): they take the style a PAC gives (white, roman,
        // the underline of the text after them), so the segment's PAC goes to the first of them
        // and the codes that style the text take the places of the last, as inside a row. The
        // spaces show alike in any style; a rewrite of what is read back sends the same words.
        for index in segments.indices {
            let cells = segments[index].cells
            // A run of spaces alone takes the PAC's pen too, with its own underline (which
            // shows) where it has no background: flash, colour and italics do not show on a
            // space, and their codes would take the cell before it, a transparent one, which
            // then read back as a space, a gap of three, sent another way (a fuzzing finding of
            // 2026-11-28, Fixtures/fuzz/scc/pop-on-flashing-space-after-a-gap-of-four-fuzz.scc).
            if index > 0, cells.allSatisfy({ $0.isSpace && $0.style.background == nil }) {
                for space in cells.indices {
                    segments[index].cells[space].style = CEA608CellStyle.afterIndentPAC(
                        underline: cells[space].style.underline)
                }
                continue
            }
            guard let visible = Self.openingSpaces(cells) else { continue }
            let plain = CEA608CellStyle.afterIndentPAC(underline: cells[visible].style.underline)
            for space in 0..<visible {
                segments[index].cells[space].style = plain
            }
        }
        var placement = Placement(end: row.column)
        var end = row.column
        var pen: CEA608CellStyle?
        for (index, segment) in segments.enumerated() {
            let gap = segment.column - end
            // A run that opens with the spaces its codes take (a short gap and a code's cell, as
            // a gap of four reads back once a code took a cell of it) goes with its PAC and codes
            // again, not with a tab offset and the spaces, so a rewrite sends the same words.
            let opensWithCodeCells = opensWithSpacesForCodes(segment.cells)
            if let pen, segment.cells.first?.style == pen, !opensWithCodeCells, let tab = tabOffset(gap) {
                buffer.append(tab)
                // The tab moves from where the cursor is, after any move of the run before.
                let inside = appendCells(
                    segment.cells, leadingCodes: [], into: &buffer, column: placement.end + gap,
                    laidOut: segment.column, pen: pen, shown: &placement.shown)
                placement.moved += inside
                placement.end = placement.end + gap + segment.cells.count + inside
            } else {
                let placed = encode(segment, into: &buffer, afterCarriageReturn: index == 0 && afterCarriageReturn)
                placement.moved += placed.moved
                placement.end = placed.end
                placement.shown += placed.shown
            }
            end = segment.column + segment.cells.count
            pen = segment.cells.last?.style
        }
        return placement
    }

    /// Whether the gap `gap` (one to three transparent cells) before text is jumped with a PAC
    /// (15.119(e)(1)(i)) and a tab offset where the column needs one, in the form for words that
    /// do not fit otherwise; returns how many of the gap's last cells the text's codes (or a
    /// space the PAC lands on, below) then take (0 or more), or nil for no jump.
    ///
    /// The jump is taken where it costs no more frames than the transparent spaces and the codes
    /// that change the pen's style, counted as a tight caption sends them: a code once,
    /// transparent spaces side by side twice each (one sent once beside another would read as
    /// its repeat). The PAC gives white, roman, either underline; the codes for any other style
    /// take the spaces that open the text (and single transparent cells among them), as after a
    /// gap of four, and where those are too few, the gap's last cells, as the spaces' form does
    /// (a code in a transparent cell shows a space, 15.119(h)(1)). The opening spaces take the
    /// PAC's style, so they must look the same in it (its underline, the default background).
    /// Then what a jump writes reads back as the same jump. Fuzzing findings of 2026-11-28,
    /// each a rewrite that did not fit or sent other bytes: text a code moved right, whose gap
    /// of four read back as three, or two and the code's space
    /// (Fixtures/fuzz/scc/*-shrinks-a-gap-of-*-fuzz.scc,
    /// …/pop-on-text-moved-by-a-code-leaves-a-gap-and-a-code-cell-fuzz.scc); a code's space
    /// without the underline of the text after it, which took one jumped
    /// (…/roll-up-code-cell-after-a-gap-before-underlined-text-fuzz.scc); a code in the gap's last
    /// cell (…/pop-on-italic-text-after-a-gap-of-three-fuzz.scc); a transparent cell among the
    /// opening spaces (…/pop-on-space-and-transparent-cell-after-a-short-gap-fuzz.scc).
    static func pacJump(
        over gap: Range<Int>, in cells: [CEA608Row.Cell], row: CEA608Row, pen: CEA608CellStyle?
    ) -> Int? {
        guard (1...3).contains(gap.count), gap.upperBound < cells.count,
            let visible = cells[gap.upperBound...].firstIndex(where: { !$0.isSpace && !$0.isGap })
        else { return nil }
        let style = cells[visible].style
        guard style.background == nil else { return nil }
        for cell in gap.upperBound..<visible {
            let fits =
                cells[cell].isGap
                ? !cells[cell - 1].isGap
                : cells[cell].style.underline == style.underline && cells[cell].style.background == nil
            guard fits else { return nil }
        }
        let pacCodes = CEA608AttributeCode.transition(
            from: CEA608CellStyle.afterIndentPAC(underline: style.underline), to: style
        ).count
        let penCodes = pen.map { CEA608AttributeCode.transition(from: $0, to: style).count } ?? 0
        let borrowed = max(0, pacCodes - (visible - gap.upperBound))
        guard borrowed < gap.count else { return nil }
        // A gap cell a code takes reads back as a space, which the layout gives the style of the
        // text before the gap (CEA608CaptionLayout.normalizeSpaces): taken in the PAC's
        // underline where that differs, the space read back could not be jumped to again, and
        // the rewrite sent the spaces' form (a fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/roll-up-gap-jumped-into-an-underlined-code-cell-fuzz.scc). Nor after
        // text on a background, which that space then shows, and a jump lands only on a space
        // without one (another finding of 2026-11-28,
        // Fixtures/fuzz/scc/pop-on-gap-after-text-on-a-background-jumped-into-a-code-cell-fuzz.scc).
        let sameUnderline = style.underline == (pen?.underline ?? false)
        guard borrowed == 0 || (sameUnderline && pen?.background == nil) else { return nil }
        // A PAC lands on a column of four (15.119(e)(1)(i)); one column short of text in the
        // PAC's style it is followed by a space in the gap's cell before, half a word, where a
        // tab offset takes a word. The space reads back as a code's space would, so the same jump
        // then goes again: sent with a tab offset here and with the code's space in the spaces'
        // form, a gap of two before text of another colour read back as a gap and a space, which
        // the jump then took (a fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/roll-up-gap-of-two-before-another-colour-jumped-to-a-space-fuzz.scc).
        // Text that needs codes keeps the tab offset: the space in the PAC's style before the
        // codes' cells read back as one more space to restyle, and the rewrite went another way.
        // So does text after text on a background, which that space would show read back, as a
        // code's space would (above;
        // Fixtures/fuzz/scc/roll-up-gap-after-text-on-a-background-jumped-with-a-tab-offset.scc).
        let offset = (row.column + gap.upperBound - borrowed) % 4
        if offset == 1, pacCodes == 0, visible == gap.upperBound, gap.count > 1, sameUnderline,
            pen?.background == nil
        {
            // In half frames: the PAC and the space against the gap's form.
            return 2 + 1 <= 2 * (gapFrames(gap, visible: visible, penCodes: penCodes) + penCodes) ? 1 : nil
        }
        let pacFrames = offset == 0 ? 1 : 2
        // In the spaces' form the pen's codes take the opening spaces too, then the gap's last
        // cells: only the cells left go as transparent spaces. Counted whole, a gap of two
        // before italic text cost four frames and one code, where the spaces' form sends one
        // transparent space and the code in the other cell: the jump (PAC, TO3, the code) went
        // at the first write, read back as a gap of one and the code's space, which went in
        // the spaces' form (a fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/pop-on-gap-of-two-before-italic-text-jumped-once-fuzz.scc).
        return pacFrames + pacCodes <= gapFrames(gap, visible: visible, penCodes: penCodes) + penCodes
            ? borrowed : nil
    }

    /// The frames the transparent spaces of `gap` take in the spaces' form, where the pen's
    /// `penCodes` codes take the spaces between the gap and the text at `visible` first, then the
    /// gap's last cells.
    static func gapFrames(_ gap: Range<Int>, visible: Int, penCodes: Int) -> Int {
        let codesInGap = min(gap.count, max(0, penCodes - (visible - gap.upperBound)))
        let spaces = gap.count - codesInGap
        return spaces <= 1 ? spaces : 2 * spaces
    }
}
