import CEA608
import CaptionCore

// A caption from an open caption's rows of the mirror: its styled runs, and the region and animation that
// say how it reached the screen (Specs/scc.md "From the screen to captions").

extension SCCCaptionBuilder {
    /// The caption for an open caption's rows of the mirror, or `nil` if they show nothing.
    mutating func makeCaption(_ open: OpenCaption, endFrame: Int64) -> Caption? {
        var runs: [CaptionRun] = []
        // UTF-8 of the run being built; turned into a String once per run.
        var text: [UInt8] = []
        swap(&text, &scratch)
        defer {
            text.removeAll(keepingCapacity: true)
            swap(&text, &scratch)
        }
        var style: CEA608CellAttributes?
        var width = 0
        var rowsShown = 0
        for row in open.top...open.bottom where first[row] >= 0 {
            if rowsShown > 0 { text.append(0x0A) }
            rowsShown += 1
            let base = row * Self.columns
            for column in first[row]...last[row] {
                let cell = mirror[base + column]
                // An empty cell inside a row reads as a space in the style around it.
                let attributes = cell.character == nil ? (style ?? cell.style) : cell.style
                if attributes != style {
                    if let style, !text.isEmpty {
                        runs.append(CaptionRun(String(decoding: text, as: UTF8.self), style: style.captionTextStyle))
                        text.removeAll(keepingCapacity: true)
                    }
                    style = attributes
                }
                if let character = cell.character {
                    if character.isASCII {
                        text.append(UInt8(truncatingIfNeeded: character.value))
                    } else {
                        UTF8.encode(character) { text.append($0) }
                    }
                } else {
                    // A cell never written shows the picture, like the transparent space
                    // (15.119(g)): U+00A0, as that code reads, not a space, which shows its
                    // background box. The writer jumps over such cells again.
                    text.append(0xC2)
                    text.append(0xA0)
                }
            }
            width = max(width, last[row] - first[row] + 1)
        }
        guard rowsShown > 0 else { return nil }
        if !text.isEmpty {
            runs.append(CaptionRun(String(decoding: text, as: UTF8.self), style: (style ?? .default).captionTextStyle))
        }
        let region: CaptionRegion
        var animation = CaptionAnimation.none
        switch open.kind {
        case .popOn where open.centered:
            region = .cells(row: open.top, column: 0, rows: rowsShown, columns: Self.columns)
        case .popOn:
            region = .cells(row: open.top, column: open.column, rows: rowsShown, columns: width)
        case .paintOn:
            region = .cells(row: open.top, column: open.column, rows: rowsShown, columns: width)
            animation = .characterReveal
        case .rollUp(let rows, let windowTop, let windowRows):
            region = .cells(
                row: windowTop, column: open.column, rows: windowRows, columns: width,
                scroll: .rollUp(rows: rows))
        }
        return Caption(
            runs: runs, timeRange: TimeRange(start: time(open.startFrame), end: time(endFrame)),
            region: region, textAlignment: open.centered ? .center : nil, animation: animation)
    }
}
