// A caption memory: the 15 rows × 32 columns of 47 CFR 15.119(d) (now 47 CFR 79.101).
// Pop-on captions are built in non-displayed memory and swapped in by EOC (15.119(f)(2)).

/// One caption memory (displayed or non-displayed): 15 rows of 32 cells.
///
/// Rows and columns are 0-based here (row 0 is the rule's row 1). Each non-empty row also
/// carries a *line identifier*: a number given to the row when its first character is
/// written, which moves with the text when roll-up scrolls it, and is cleared when the row
/// becomes empty. Readers use it to follow a line across scrolls.
public struct CEA608Memory: Hashable, Sendable {
    /// Rows on the caption grid.
    public static let rows = 15
    /// Columns on the caption grid.
    public static let columns = 32

    /// Row-major cells, `rows × columns`.
    private(set) var cells: [CEA608Cell]
    /// The line identifier of each row; 0 when the row is empty.
    private(set) var lineIDs: [Int32]

    /// An erased memory.
    public init() {
        cells = Array(repeating: .empty, count: Self.rows * Self.columns)
        lineIDs = Array(repeating: 0, count: Self.rows)
    }

    /// The cell at a 0-based row and column; an empty cell outside the grid.
    public func cell(row: Int, column: Int) -> CEA608Cell {
        guard (0..<Self.rows).contains(row), (0..<Self.columns).contains(column) else {
            return .empty
        }
        return cells[row * Self.columns + column]
    }

    /// The 32 cells of a 0-based row, left to right; empty outside the grid.
    public func cells(row: Int) -> ArraySlice<CEA608Cell> {
        guard (0..<Self.rows).contains(row) else { return [] }
        return cells[row * Self.columns..<(row + 1) * Self.columns]
    }

    /// The line identifier of a row: non-zero while the row shows something.
    public func lineID(row: Int) -> Int32 {
        (0..<Self.rows).contains(row) ? lineIDs[row] : 0
    }

    /// Whether a row shows nothing.
    public func isRowEmpty(_ row: Int) -> Bool { lineID(row: row) == 0 }

    /// Whether every row is empty.
    public var isEmpty: Bool { !lineIDs.contains { $0 != 0 } }

    /// The characters of a row from its first to its last written cell, empty cells shown as
    /// spaces; for tests and disassembly.
    public func text(row: Int) -> String {
        guard !isRowEmpty(row) else { return "" }
        let base = row * Self.columns
        var first = Self.columns
        var last = -1
        for column in 0..<Self.columns where cells[base + column].character != nil {
            first = min(first, column)
            last = column
        }
        guard last >= first else { return "" }
        var scalars = String.UnicodeScalarView()
        for column in first...last {
            scalars.append(cells[base + column].character ?? " ")
        }
        return String(scalars)
    }

    // MARK: - Changes (used by the decoder)

    /// Writes a cell; gives the row a line identifier from `nextLineID` if it had none.
    mutating func write(_ cell: CEA608Cell, row: Int, column: Int, nextLineID: inout Int32) {
        guard (0..<Self.rows).contains(row), (0..<Self.columns).contains(column) else { return }
        cells[row * Self.columns + column] = cell
        if lineIDs[row] == 0 {
            nextLineID &+= 1
            if nextLineID <= 0 { nextLineID = 1 }
            lineIDs[row] = nextLineID
        }
    }

    /// Erases cells `from..<to` of a row; clears the row's identifier if nothing is left.
    mutating func erase(row: Int, from: Int, to: Int = CEA608Memory.columns) {
        guard (0..<Self.rows).contains(row) else { return }
        let lower = max(0, from)
        let upper = min(Self.columns, to)
        guard lower < upper else { return }
        let base = row * Self.columns
        for column in lower..<upper { cells[base + column] = .empty }
        if !(0..<Self.columns).contains(where: { cells[base + $0].character != nil }) {
            lineIDs[row] = 0
        }
    }

    /// Erases a whole row.
    mutating func eraseRow(_ row: Int) {
        erase(row: row, from: 0)
    }

    /// Erases every row.
    mutating func eraseAll() {
        // Rows without a line identifier are empty already.
        for row in 0..<Self.rows where lineIDs[row] != 0 {
            let base = row * Self.columns
            cells.replaceSubrange(base..<base + Self.columns, with: Self.emptyRow)
            lineIDs[row] = 0
        }
    }

    /// One row of erased cells.
    private static let emptyRow = [CEA608Cell](repeating: .empty, count: columns)

    /// Moves row `source` onto row `destination` (which is overwritten) and erases `source`.
    mutating func moveRow(_ source: Int, to destination: Int) {
        guard source != destination, (0..<Self.rows).contains(source),
            (0..<Self.rows).contains(destination)
        else { return }
        let from = source * Self.columns
        let to = destination * Self.columns
        for column in 0..<Self.columns { cells[to + column] = cells[from + column] }
        lineIDs[destination] = lineIDs[source]
        eraseRow(source)
    }
}
