import CaptionCore

// A window's place (DefineWindow, CTA-708-E §8.10.5.2; anchor positions §8.4.4) ↔ the model's
// region. Two forms (Specs/cea708.md, "Regions"):
// - a window on the CEA-608 grid — absolute anchor at its top left, on a multiple of 5 grid rows
//   (75 rows / 15 caption rows) and of 5 grid columns from column 25 on 16:9 (the 4:3 area of
//   160 columns centred in 210) or from 0 on 4:3, no wider than the 32 columns left — is a region
//   in cells (row, column, rows × columns), as the SCC reader's regions are;
// - any other window is a region in percent of the video, the safe-title area taken as its
//   central 80 % (the renderer's default, Specs/cea608-look.md).

enum CEA708Regions {
    /// Grid rows per caption row and grid columns per 608 column (§8.4.4: 75 × 210, 75 × 160).
    static let gridStep = 5
    /// The first grid column of the 4:3 area on a 16:9 grid: (210 − 160) / 2.
    static let wideGridOffset = 25
    /// The 608 grid (47 CFR 15.119: 15 rows, 32 columns).
    static let rows = 15
    static let columns = 32
    /// The safe-title area as a fraction of the picture, centred.
    static let safeArea = 0.8

    /// Where a window is as a 608 cell position, if it is on the 608 grid (see the file's comment).
    static func cells(_ definition: CEA708WindowDefinition, columns: Int, wide: Bool) -> (row: Int, column: Int)? {
        guard !definition.relativePositioning, definition.anchorPoint == .topLeft else { return nil }
        let vertical = Int(definition.anchorVertical)
        let horizontal = Int(definition.anchorHorizontal) - (wide ? wideGridOffset : 0)
        guard vertical % gridStep == 0, horizontal >= 0, horizontal % gridStep == 0 else { return nil }
        let row = vertical / gridStep
        let column = horizontal / gridStep
        guard row < rows, column + columns <= Self.columns else { return nil }
        return (row, column)
    }

    /// The percent of the picture of a fraction (0–1) of the safe-title area.
    static func percent(_ fraction: Double) -> Double {
        ((1 - safeArea) / 2 + safeArea * fraction) * 100
    }

    /// The fraction of the safe-title area of a percent of the picture.
    static func fraction(_ percent: Double) -> Double {
        (percent / 100 - (1 - safeArea) / 2) / safeArea
    }

    /// A caption row's height and a window column's width in percent of the picture.
    static func cellPercent(wide: Bool) -> (width: Double, height: Double) {
        (safeArea * 100 / Double(wide ? CEA708Window.maximumColumns : columns), safeArea * 100 / Double(rows))
    }

    /// The region of `lines` rows × `width` columns of a window, starting at its row `top` and
    /// column `left`.
    static func region(
        of window: CEA708VisibleWindow, top: Int, left: Int, rows lineCount: Int, columns width: Int, wide: Bool,
        scroll: CaptionRegion.Scroll = .none
    ) -> CaptionRegion {
        if let cell = cells(window.definition, columns: window.columnCount, wide: wide) {
            return .cells(
                row: cell.row + top, column: cell.column + left, rows: lineCount, columns: width, scroll: scroll)
        }
        let anchor = window.anchorFraction(wide: wide)
        let cell = cellPercent(wide: wide)
        let windowWidth = Double(window.columnCount) * cell.width
        let windowHeight = Double(window.rowCount) * cell.height
        let x = percent(anchor.x) - Double(window.definition.anchorPoint.horizontalThird) / 2 * windowWidth
        let y = percent(anchor.y) - Double(window.definition.anchorPoint.verticalThird) / 2 * windowHeight
        return CaptionRegion(
            origin: CaptionPoint(
                x: .percent(rounded(x + Double(left) * cell.width)), y: .percent(rounded(y + Double(top) * cell.height))
            ),
            size: CaptionSize(
                width: .percent(rounded(Double(width) * cell.width)),
                height: .percent(rounded(Double(lineCount) * cell.height))),
            scroll: scroll)
    }

    /// Two decimals: the 708 grid is coarser than that.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// Where a region asks its window to be and where the window can be (§8.4: absolute anchors
    /// on the screen, relative ones 0–99 of the safe-title area): a 608 cell for a region in cells,
    /// relative anchors (hundredths of the safe-title area) for one in percent; nil for no origin
    /// or one in other units. The numbers come from files: rounded and bounded, never trapping.
    struct Place: Equatable {
        var onGrid: Bool
        var down: Int
        var across: Int
    }

    static func place(of region: CaptionRegion?, rows: Int, columns: Int) -> (asked: Place, kept: Place)? {
        guard let origin = region?.origin, origin.x.value.isFinite, origin.y.value.isFinite else { return nil }
        if origin.x.unit == .cells, origin.y.unit == .cells {
            let asked = Place(
                onGrid: true, down: origin.y.value.roundedClamped(to: -1000...1000),
                across: origin.x.value.roundedClamped(to: -1000...1000))
            let kept = Place(
                onGrid: true, down: min(max(asked.down, 0), rows <= Self.rows ? Self.rows - rows : 0),
                across: min(max(asked.across, 0), max(Self.columns - columns, 0)))
            return (asked, kept)
        }
        guard origin.x.unit == .percent, origin.y.unit == .percent else { return nil }
        let asked = Place(
            onGrid: false, down: (fraction(origin.y.value) * 100).roundedClamped(to: -1000...1000),
            across: (fraction(origin.x.value) * 100).roundedClamped(to: -1000...1000))
        let kept = Place(onGrid: false, down: min(max(asked.down, 0), 99), across: min(max(asked.across, 0), 99))
        return (asked, kept)
    }

    /// `region` with a percent origin moved to where its window's relative anchor is (hundredths
    /// of the safe-title area, §8.4.4, kept on the screen), as ``region(of:top:left:rows:columns:wide:scroll:)``
    /// reads a window's first line back; any other region as it is.
    static func anchored(_ region: CaptionRegion) -> CaptionRegion {
        guard let kept = place(of: region, rows: 1, columns: 1)?.kept, !kept.onGrid else { return region }
        var region = region
        region.origin = CaptionPoint(
            x: .percent(rounded(percent(Double(kept.across) / 100))),
            y: .percent(rounded(percent(Double(kept.down) / 100))))
        return region
    }

    /// The DefineWindow placing a window of `rows` × `columns` at a region: on the 608 grid for a
    /// region in cells, by relative positioning (percent of the safe-title area, §8.4.4) for one in
    /// percent, at the bottom centre of the safe-title area without a region. A place no anchor
    /// gives (``moves(_:rows:columns:)``) is kept on the screen at its nearest edge.
    static func definition(
        window: Int, region: CaptionRegion?, rows: Int, columns: Int, wide: Bool, visible: Bool
    ) -> CEA708WindowDefinition {
        var definition = CEA708WindowDefinition(
            window: window, rowCount: rows, columnCount: columns, visible: visible, windowStyle: windowStyle,
            penStyle: 1)
        switch place(of: region, rows: rows, columns: columns)?.kept {
        case let kept? where kept.onGrid:
            definition.anchorVertical = UInt8(kept.down * gridStep)
            definition.anchorHorizontal = UInt8(kept.across * gridStep + (wide ? wideGridOffset : 0))
        case let kept?:
            definition.relativePositioning = true
            definition.anchorVertical = UInt8(kept.down)
            definition.anchorHorizontal = UInt8(kept.across)
        case nil:
            // Bottom centre of the safe-title area (grid row 74, the middle column).
            definition.anchorPoint = .bottomCenter
            definition.anchorVertical = UInt8(CEA708WindowDefinition.gridRows - 1)
            definition.anchorHorizontal = UInt8(((wide ? CEA708WindowDefinition.gridColumnsWide : 160) - 1) / 2)
        }
        return definition
    }

    /// Whether ``definition(window:region:rows:columns:wide:visible:)`` moves `region` to keep
    /// its window on the screen: an origin left of or above the grid or the safe-title area, or
    /// so far right or down that the window would leave it.
    static func moves(_ region: CaptionRegion?, rows: Int, columns: Int) -> Bool {
        guard let place = place(of: region, rows: rows, columns: columns) else { return false }
        return place.asked != place.kept
    }

    /// `region` with the fill and border of window attributes `a` (SetWindowAttributes,
    /// CTA-708-E §8.10.5.5): a transparent fill and no border leave it bare; a flashing fill is
    /// kept solid; a reserved border type (6, 7) is not kept (the decoder warns of it).
    static func decorated(_ region: CaptionRegion, by a: CEA708WindowAttributes) -> CaptionRegion {
        var region = region
        if a.fillOpacity != .transparent { region.background = CaptionColor(a.fillColor, opacity: a.fillOpacity) }
        if a.borderType != .none, let kind = CharacterEdge(a.borderType) {
            region.border = CaptionEdge(kind, color: CaptionColor(a.borderColor, opacity: .solid))
        }
        return region
    }

    /// `a` with the fill and border `region` asks for; a region with neither keeps `a`'s own
    /// (window style 2's transparent fill, no border).
    static func attributes(_ a: CEA708WindowAttributes, for region: CaptionRegion?) -> CEA708WindowAttributes {
        var a = a
        if let background = region?.background { (a.fillColor, a.fillOpacity) = background.cea708 }
        if let border = region?.border {
            a.borderType = border.kind.cea708
            a.borderColor = border.color.cea708.color
        }
        return a
    }

    /// Predefined window style 2: transparent fill, left justified, no word wrap (§8.4 table), so that
    /// only the pen's background shows, as in 608.
    static let windowStyle: UInt8 = 2
}
