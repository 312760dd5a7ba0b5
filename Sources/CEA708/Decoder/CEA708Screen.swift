// What a viewer sees of one service: the visible windows (CTA-708-E §8.4) with their place
// (§8.4.4 anchor, §8.10.5.2), look (§8.10.5.5) and text as styled runs (§8.5). This is the shape
// the caption-model mapping and the renderer read.

/// The visible windows of a service at one moment.
public struct CEA708Screen: Hashable, Sendable {
    /// The visible windows, highest priority first (priority 0 is the highest, §8.4.2; ties by
    /// window number). A renderer draws them in reverse so that the highest ends on top.
    public let windows: [CEA708VisibleWindow]

    init(windows: [CEA708Window?]) {
        var visible: [CEA708VisibleWindow] = []
        for (id, window) in windows.enumerated() {
            guard let window, window.isVisible else { continue }
            visible.append(CEA708VisibleWindow(id: id, window: window))
        }
        self.windows = visible.sorted { ($0.priority, $0.id) < ($1.priority, $1.id) }
    }

    /// Whether nothing is shown (no visible window, or only empty ones with transparent fill).
    public var isEmpty: Bool { windows.allSatisfy { $0.isBlank } }

    /// One line per visible window and non-empty row, `w<id> r<row>: text`; for dumps and tests.
    public var lines: [String] {
        windows.flatMap { window in
            window.rows.indices.compactMap { row in
                let text = window.text(row: row)
                return text.isEmpty ? nil : "w\(window.id) r\(row): \(text)"
            }
        }
    }
}

/// A visible window: where it is, how it looks, and its rows of text.
public struct CEA708VisibleWindow: Hashable, Sendable {
    public let id: Int
    public let priority: UInt8
    /// The definition: anchor point, anchor position (grid or percent), counts, locks.
    public let definition: CEA708WindowDefinition
    /// Justification, print and scroll direction, fill colour and opacity, border.
    public let attributes: CEA708WindowAttributes
    /// The grid's size as the decoder holds it (at most 15 × 42).
    public let rowCount: Int
    public let columnCount: Int
    /// Each row of the grid, left to right, as runs of cells that share a pen.
    public let rows: [[CEA708TextRun]]

    init(id: Int, window: CEA708Window) {
        self.id = id
        priority = window.definition.priority
        definition = window.definition
        attributes = window.attributes
        rowCount = window.rows
        columnCount = window.columns
        rows = (0..<window.rows).map { row in
            var runs: [CEA708TextRun] = []
            for column in 0..<window.columns {
                let cell = window.cell(row: row, column: column)
                let shown = cell.character != nil && !cell.isTransparentSpace
                let pen = shown ? cell.pen : nil
                let color = shown ? cell.color : nil
                let scalar = cell.character ?? " "
                if let last = runs.last, last.pen == pen, last.color == color {
                    runs[runs.count - 1].text.unicodeScalars.append(scalar)
                } else {
                    runs.append(CEA708TextRun(text: String(Character(scalar)), pen: pen, color: color))
                }
            }
            return runs
        }
    }

    /// The characters of a row, trailing blanks left out.
    public func text(row: Int) -> String {
        guard rows.indices.contains(row) else { return "" }
        let text = rows[row].map(\.text).joined()
        return String(text.reversed().drop { $0 == " " }.reversed())
    }

    /// Whether the window shows nothing: no character and a transparent fill.
    public var isBlank: Bool {
        attributes.fillOpacity == .transparent && rows.indices.allSatisfy { text(row: $0).isEmpty }
    }

    /// The anchor position as fractions (0–1) of the safe-title area, horizontal then vertical.
    /// Absolute anchors are grid positions 0–74 down and 0–209 across (0–159 on 4:3, §8.4.4),
    /// the largest value the far edge; relative anchors are percentages. Which point of the window
    /// the anchor names is ``CEA708WindowDefinition/anchorPoint``. GStreamer's cc708overlay places
    /// windows by the same fractions (Specs/cea708.md, "Decisions").
    public func anchorFraction(wide: Bool = true) -> (x: Double, y: Double) {
        if definition.relativePositioning {
            return (min(Double(definition.anchorHorizontal) / 100, 1), min(Double(definition.anchorVertical) / 100, 1))
        }
        let lastColumn = Double((wide ? CEA708WindowDefinition.gridColumnsWide : 160) - 1)
        let lastRow = Double(CEA708WindowDefinition.gridRows - 1)
        return (
            min(Double(definition.anchorHorizontal) / lastColumn, 1),
            min(Double(definition.anchorVertical) / lastRow, 1)
        )
    }
}

/// Cells of a row that share a pen: the styled text a renderer draws.
public struct CEA708TextRun: Hashable, Sendable {
    /// The characters; cells nothing was written to are spaces.
    public var text: String
    /// The pen the characters were written with; `nil` for empty cells and transparent spaces,
    /// which show the window fill (or nothing).
    public var pen: CEA708PenAttributes?
    public var color: CEA708PenColor?
}
