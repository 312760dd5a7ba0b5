// A caption window of the decoder's memory, CTA-708-E §8.4: its definition (§8.10.5.2), its
// attributes (§8.10.5.5), the pen (§8.5, §8.10.5.6–8) and a rows × columns grid of cells.

/// One of a service's eight windows, as the decoder holds it.
public struct CEA708Window: Hashable, Sendable {
    /// The largest grid a window may have (§8.4.5: 15 rows; 42 columns on 16:9).
    public static let maximumRows = 15
    public static let maximumColumns = 42

    /// The last DefineWindow for this window (its row and column counts as sent).
    public internal(set) var definition: CEA708WindowDefinition
    public internal(set) var attributes: CEA708WindowAttributes
    public internal(set) var isVisible: Bool
    /// The pen's attributes and colours for the next character.
    public internal(set) var pen: CEA708PenAttributes
    public internal(set) var penColor: CEA708PenColor
    /// The pen's row and column. Either may stand one past the grid's edge in the print
    /// direction (`columns` or −1, `rows` or −1): the next character is then wrapped or clipped.
    public internal(set) var penRow = 0
    public internal(set) var penColumn = 0
    /// Rows and columns of the grid: the definition's counts, at most 15 × 42.
    public private(set) var rows: Int
    public private(set) var columns: Int
    private var cells: [CEA708Cell]

    init(definition: CEA708WindowDefinition) {
        self.definition = definition
        rows = min(definition.rowCount, Self.maximumRows)
        columns = min(definition.columnCount, Self.maximumColumns)
        cells = Array(repeating: .empty, count: rows * columns)
        // A new window takes style 1 for style 0 (§8.10.5.2).
        attributes = CEA708PredefinedStyles.window(definition.windowStyle == 0 ? 1 : definition.windowStyle) ?? .init()
        let style = CEA708PredefinedStyles.pen(definition.penStyle == 0 ? 1 : definition.penStyle)
        pen = style?.attributes ?? .init()
        penColor = style?.color ?? .init()
        isVisible = definition.visible
    }

    /// The cell at a 0-based row and column; empty outside the grid.
    public func cell(row: Int, column: Int) -> CEA708Cell {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return .empty }
        return cells[row * columns + column]
    }

    /// The characters of a row, empty cells as spaces, trailing empty cells left out.
    public func text(row: Int) -> String {
        guard (0..<rows).contains(row) else { return "" }
        let base = row * columns
        guard let last = (0..<columns).last(where: { cells[base + $0].character != nil }) else { return "" }
        var scalars = String.UnicodeScalarView()
        for column in 0...last { scalars.append(cells[base + column].character ?? " ") }
        return String(scalars)
    }

    /// Whether no cell holds a character.
    public var isEmpty: Bool { !cells.contains { $0.character != nil } }

    // MARK: - Changes (the decoder's)

    mutating func set(_ cell: CEA708Cell, row: Int, column: Int) {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return }
        cells[row * columns + column] = cell
    }

    mutating func clear() {
        for index in cells.indices { cells[index] = .empty }
    }

    /// Changes the grid's size, keeping the cells that still fit (top left anchored) and the pen
    /// inside the new grid.
    mutating func resize(rows newRows: Int, columns newColumns: Int) {
        let r = min(max(newRows, 1), Self.maximumRows)
        let c = min(max(newColumns, 1), Self.maximumColumns)
        guard r != rows || c != columns else { return }
        var grid = Array(repeating: CEA708Cell.empty, count: r * c)
        for row in 0..<min(r, rows) {
            for column in 0..<min(c, columns) { grid[row * c + column] = cells[row * columns + column] }
        }
        rows = r
        columns = c
        cells = grid
        penRow = min(max(penRow, 0), rows - 1)
        penColumn = min(max(penColumn, 0), columns - 1)
    }

    /// Erases one line: a row when text runs along rows, a column otherwise.
    mutating func clearLine(row: Int, column: Int) {
        if attributes.printDirection.isHorizontal {
            for c in 0..<columns { set(.empty, row: row, column: c) }
        } else {
            for r in 0..<rows { set(.empty, row: r, column: column) }
        }
    }

    /// Moves every line one step in the scroll direction, the line that leaves the window lost and
    /// the new line empty (§8.4.x scroll direction).
    mutating func scroll() {
        switch attributes.scrollDirection {
        case .bottomToTop:
            for row in 0..<rows { for c in 0..<columns { set(cell(row: row + 1, column: c), row: row, column: c) } }
        case .topToBottom:
            for row in stride(from: rows - 1, through: 0, by: -1) {
                for c in 0..<columns { set(cell(row: row - 1, column: c), row: row, column: c) }
            }
        case .rightToLeft:
            for c in 0..<columns { for row in 0..<rows { set(cell(row: row, column: c + 1), row: row, column: c) } }
        default:
            for c in stride(from: columns - 1, through: 0, by: -1) {
                for row in 0..<rows { set(cell(row: row, column: c - 1), row: row, column: c) }
            }
        }
    }
}
