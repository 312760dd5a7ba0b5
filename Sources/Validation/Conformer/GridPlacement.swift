import CaptionCore

/// Where a block of rows goes on the CEA-608 grid (32 columns × 15 rows, 47 CFR §15.119(e)).
///
/// The result is a cells region: `origin` is the block's top-left cell (zero-based), `size` its
/// rows × columns, and the caption's text alignment says how each row sits in it: left (nil)
/// at the region's column, `.center` centred in the region, `.right` against its right edge.
/// The SCC encoder puts each row at that column with a PAC and tab offsets.
struct GridPlacement {
    static let columns = 32
    static let rows = 15

    enum Problem: Equatable {
        /// Vertical writing or a pixel region with no known video size: placed at the bottom.
        case unsupportedRegion(String)
    }

    /// Places `widths.count` rows (their lengths in `widths`) for `region` and `alignment`.
    static func place(rowWidths widths: [Int], region: CaptionRegion?, alignment: CaptionTextAlignment?)
        -> (region: CaptionRegion, alignment: CaptionTextAlignment?, problem: Problem?)
    {
        let n = max(1, min(widths.count, rows))
        let widest = min(columns, widths.max() ?? 0)
        var problem: Problem?
        var top = rows - n  // default: bottom rows 12–15 (608 numbering)
        var horizontal: (left: Double, right: Double)?  // fraction of the width

        if let region {
            if region.writingMode != .leftToRightAndTopToBottom {
                problem = .unsupportedRegion("vertical writing")
            } else if let origin = region.origin, origin.y.unit == .cells {
                top = origin.y.value.roundedClamped(to: 0...rows)
                let col = origin.x.value.roundedClamped(to: 0...columns)
                let w = region.size.map { $0.width.value.roundedClamped(to: 1...columns) } ?? widest
                return finish(top: top, n: n, left: col, width: max(w, widest), alignment: alignment, problem: nil)
            } else if let id = region.identifier, region.origin == nil {
                switch id {
                case "top": top = 0
                case "bottom": top = rows - n
                default: break
                }
            } else if let origin = region.origin, origin.y.unit == .percent {
                let y = origin.y.value / 100
                let h = region.size.map { $0.height.unit == .percent ? $0.height.value / 100 : 0 } ?? 0
                let firstRow = (y * Double(rows)).roundedClamped(to: 0...rows)
                let lastRow = h > 0 ? ((y + h) * Double(rows)).roundedClamped(to: 1...rows) - 1 : firstRow + n - 1
                switch region.displayAlignment ?? .before {
                case .before: top = firstRow
                case .after: top = lastRow - n + 1
                case .center: top = (firstRow + lastRow + 1 - n) / 2
                }
                if origin.x.unit == .percent {
                    let x = origin.x.value / 100
                    let w = region.size.map { $0.width.unit == .percent ? $0.width.value / 100 : 1 - x } ?? (1 - x)
                    horizontal = (x, x + w)
                }
            } else if region.origin?.y.unit == .pixels {
                problem = .unsupportedRegion("a region in pixels")
            }
        }
        let span = horizontal ?? (0, 1)
        var left = (span.left * Double(columns)).roundedClamped(to: 0...columns)
        var right = (span.right * Double(columns)).roundedClamped(to: 0...columns)
        left = max(0, min(left, columns))
        right = max(left, min(right, columns))
        return finish(
            top: top, n: n, left: left, width: right - left, alignment: alignment ?? .center, problem: problem)
    }

    private static func finish(
        top: Int, n: Int, left: Int, width: Int, alignment: CaptionTextAlignment?, problem: Problem?
    ) -> (region: CaptionRegion, alignment: CaptionTextAlignment?, problem: Problem?) {
        let row = max(0, min(top, rows - n))
        var w = max(1, min(width, columns))
        var col = max(0, min(left, columns - 1))
        if col + w > columns { col = max(0, columns - w) }
        w = min(w, columns - col)
        let align: CaptionTextAlignment? = {
            switch alignment {
            case .center: return .center
            case .right, .end: return .right
            default: return nil
            }
        }()
        return (.cells(row: row, column: col, rows: n, columns: w), align, problem)
    }
}
