// DefineWindow's six parameter bytes, CTA-708-E §8.10.5.2 (DF0–DF7, Figure 19):
//   byte 1: 0 0 | visible | row lock | column lock | priority(3)
//   byte 2: relative positioning | anchor vertical(7)
//   byte 3: anchor horizontal(8)
//   byte 4: anchor point(4) | row count(4)        (rows − 1)
//   byte 5: 0 0 | column count(6)                 (columns − 1)
//   byte 6: 0 0 | window style(3) | pen style(3)

/// The parameters of a DefineWindow command (DF0–DF7).
public struct CEA708WindowDefinition: Hashable, Sendable {
    /// The window, 0–7 (the command's low three bits).
    public var window: Int
    /// 0 is the highest priority (§8.4.2).
    public var priority: UInt8
    public var anchorPoint: CEA708AnchorPoint
    /// Whether the anchor is a percentage (0–99) rather than a grid position (§8.4.4).
    public var relativePositioning: Bool
    /// Grid row 0–74, or percent 0–99 when relative.
    public var anchorVertical: UInt8
    /// Grid column 0–209 (16:9) or 0–159 (4:3), or percent 0–99 when relative.
    public var anchorHorizontal: UInt8
    /// Rows of text, 1–15 (sent as rows − 1; 16 is out of range).
    public var rowCount: Int
    /// Columns of text, 1–42 on 16:9, 1–32 on 4:3 (sent as columns − 1).
    public var columnCount: Int
    public var rowLock: Bool
    public var columnLock: Bool
    public var visible: Bool
    /// Predefined window style 1–7, or 0 ("style 1 for a new window, no change otherwise").
    public var windowStyle: UInt8
    /// Predefined pen style 1–7, or 0, as for `windowStyle`.
    public var penStyle: UInt8

    public init(
        window: Int, priority: UInt8 = 0, anchorPoint: CEA708AnchorPoint = .topLeft, relativePositioning: Bool = false,
        anchorVertical: UInt8 = 0, anchorHorizontal: UInt8 = 0, rowCount: Int = 1, columnCount: Int = 32,
        rowLock: Bool = true, columnLock: Bool = true, visible: Bool = false, windowStyle: UInt8 = 0,
        penStyle: UInt8 = 0
    ) {
        self.window = window & 7
        self.priority = priority & 7
        self.anchorPoint = anchorPoint
        self.relativePositioning = relativePositioning
        self.anchorVertical = anchorVertical & 0x7F
        self.anchorHorizontal = anchorHorizontal
        self.rowCount = min(max(rowCount, 1), 16)
        self.columnCount = min(max(columnCount, 1), 64)
        self.rowLock = rowLock
        self.columnLock = columnLock
        self.visible = visible
        self.windowStyle = windowStyle & 7
        self.penStyle = penStyle & 7
    }

    /// Decodes the command byte (0x98–0x9F) and its six parameters.
    init(command: UInt8, _ p: ArraySlice<UInt8>) {
        let b = CEA708Parameters(p)
        self.init(
            window: Int(command & 7), priority: b[0] & 7, anchorPoint: CEA708AnchorPoint(rawValue: b[3] >> 4),
            relativePositioning: b[1] & 0x80 != 0, anchorVertical: b[1] & 0x7F, anchorHorizontal: b[2],
            rowCount: Int(b[3] & 0x0F) + 1, columnCount: Int(b[4] & 0x3F) + 1, rowLock: b[0] & 0x10 != 0,
            columnLock: b[0] & 0x08 != 0, visible: b[0] & 0x20 != 0, windowStyle: b[5] >> 3 & 7, penStyle: b[5] & 7)
    }

    /// The command byte and six parameters.
    var bytes: [UInt8] {
        [
            0x98 | UInt8(window & 7),
            (visible ? 0x20 : 0) | (rowLock ? 0x10 : 0) | (columnLock ? 0x08 : 0) | priority & 7,
            (relativePositioning ? 0x80 : 0) | anchorVertical & 0x7F,
            anchorHorizontal,
            anchorPoint.rawValue << 4 | UInt8((rowCount - 1) & 0x0F),
            UInt8((columnCount - 1) & 0x3F),
            (windowStyle & 7) << 3 | penStyle & 7,
        ]
    }

    /// Grid limits of §8.4.4 and §8.4.6: 75 rows × 210 columns (16:9; 160 on 4:3), or 100 %.
    static let gridRows = 75
    static let gridColumnsWide = 210
    static let maximumRows = 15
    static let maximumColumnsWide = 42

    /// What is out of range, in words (empty when every field is valid). `wide` is a 16:9 service.
    func problems(wide: Bool = true) -> [String] {
        var found: [String] = []
        if rowCount > Self.maximumRows { found.append("row count \(rowCount) > 15") }
        let columns = wide ? Self.maximumColumnsWide : 32
        if columnCount > columns { found.append("column count \(columnCount) > \(columns)") }
        if !anchorPoint.isDefined { found.append("anchor point \(anchorPoint.rawValue) is reserved (0–8)") }
        if relativePositioning {
            if anchorVertical > 99 { found.append("relative anchor vertical \(anchorVertical) > 99") }
            if anchorHorizontal > 99 { found.append("relative anchor horizontal \(anchorHorizontal) > 99") }
        } else {
            if Int(anchorVertical) >= Self.gridRows { found.append("anchor vertical \(anchorVertical) > 74") }
            let gridColumns = wide ? Self.gridColumnsWide : 160
            if Int(anchorHorizontal) >= gridColumns {
                found.append("anchor horizontal \(anchorHorizontal) > \(gridColumns - 1)")
            }
        }
        return found
    }
}
