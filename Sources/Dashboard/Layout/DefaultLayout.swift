/// Where each widget goes when the layout does not say: computed from the picture's size and
/// orientation, not from a table of resolutions. Sizes scale with the shorter side `u`, so a
/// widget looks the same on 848×480 as on 3840×2160, and the arrangement follows the shape:
///
/// - landscape: date-time, position and GPS along the top left; the map in the top-right
///   corner with the compass under it; along the bottom, the speed and the chart in a row with
///   the small readouts in one row above;
/// - portrait: the top row across the width; the compass and the map side by side under it;
///   the small readouts in rows of three above the bottom row of speed and chart.
///
/// Each block is placed after the ones above it, so boxes never overlap; on very narrow or very
/// flat pictures the map and compass shrink to the room left.
public struct DefaultLayout: Sendable {
    public let width: Int
    public let height: Int
    public private(set) var rects: [WidgetKind: WidgetRect] = [:]

    public static let smallReadouts: [WidgetKind] = [
        .altitude, .gradient, .distance, .heartRate, .cadence, .power, .temperature, .averagePower, .heartRateZone,
        .elapsedTime, .movingTime,
    ]
    /// The most small readouts in one landscape row; more take a second row.
    static let landscapeColumns = 7

    /// The boxes at `width` × `height`, the small `readouts` (a subset of ``smallReadouts``, in
    /// that order) in their rows: fewer readouts take the room the others leave.
    public init(width: Int, height: Int, readouts: [WidgetKind] = DefaultLayout.smallReadouts) {
        self.width = width
        self.height = height
        let w = Double(width), h = Double(height)
        let u = min(w, h)
        let margin = (0.03 * u).rounded(), gap = (0.015 * u).rounded()
        let tile = (0.1 * u).rounded()
        let landscape = w >= h
        var r: [WidgetKind: WidgetRect] = [:]
        func rect(_ x: Double, _ y: Double, _ rw: Double, _ rh: Double) -> WidgetRect {
            WidgetRect(x: Int(x), y: Int(y), width: max(1, Int(rw)), height: max(1, Int(rh)))
        }
        // Bottom block, from the bottom edge up.
        let bottomY = h - margin - 2 * tile
        let inner = w - 2 * margin
        let speedWidth = (landscape ? 0.22 * inner : 0.4 * inner).rounded()
        r[.speed] = rect(margin, bottomY, speedWidth, 2 * tile)
        r[.chart] = rect(margin + speedWidth + gap, bottomY, inner - speedWidth - gap, 2 * tile)
        let columns = max(1, landscape ? min(readouts.count, Self.landscapeColumns) : 3)
        let rows = (readouts.count + columns - 1) / columns
        let cellWidth = ((inner - Double(columns - 1) * gap) / Double(columns)).rounded(.down)
        let readoutsTop = bottomY - Double(rows) * (tile + gap)
        for (i, kind) in readouts.enumerated() {
            let row = i / columns, column = i % columns
            r[kind] = rect(
                margin + Double(column) * (cellWidth + gap), readoutsTop + Double(row) * (tile + gap), cellWidth, tile)
        }
        // Top block.
        let room = readoutsTop - gap - margin  // height free above the readouts
        if landscape {
            let side = max(1, min((0.38 * h).rounded(), (room - tile - gap) * 0.62, 0.3 * w))
            let compass = max(1, min((0.22 * h).rounded(), room - side - gap))
            r[.map] = rect(w - margin - side, margin, side, side)
            r[.heading] = rect(w - margin - side + (side - compass) / 2, margin + side + gap, compass, compass)
            let topWidth = w - 2 * margin - side - gap
            var x = margin
            for (kind, share) in [(WidgetKind.datetime, 0.42), (.coordinates, 0.38), (.gps, 0.2)] {
                let cw = (share * topWidth - gap).rounded(.down)
                r[kind] = rect(x, margin, cw, tile)
                x += cw + gap
            }
        } else {
            var x = margin
            for (kind, share) in [(WidgetKind.datetime, 0.42), (.coordinates, 0.38), (.gps, 0.2)] {
                let cw = (share * (inner + gap) - gap).rounded(.down)
                r[kind] = rect(x, margin, cw, tile)
                x += cw + gap
            }
            let top = margin + tile + gap
            let free = max(1, room - tile - gap)
            let side = max(1, min((0.5 * w).rounded(), free))
            let compass = max(1, min((0.32 * w).rounded(), side, inner - side - gap))
            r[.map] = rect(w - margin - side, top, side, side)
            r[.heading] = rect(margin, top, compass, compass)
        }
        rects = r
    }

    /// The box of `kind`.
    public func rect(for kind: WidgetKind) -> WidgetRect {
        rects[kind] ?? WidgetRect(x: 0, y: 0, width: 1, height: 1)
    }
}
