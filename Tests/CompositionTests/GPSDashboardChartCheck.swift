import Dashboard
import Foundation
import Testing

/// The standard layout's altitude chart (the whole journey, a cursor at the frame's time) in the
/// decoded pictures of GPSDashboardOverlayTests, against gpmf-parser's altitudes and times. By
/// Specs/dashboard-layout.md ("The map and the chart") the curve is linear in time across and in
/// altitude down, from the first sample at its left end to the last at its right, the lowest at
/// its foot and the highest at its top; so where the cursor and its dot must be is worked from
/// the drawn curve's box and gpmf-parser's values, not by our chart code.
extension GPSDashboardOverlayTests {
    static let pictureWidth = 848

    static func rgb(_ picture: [UInt8], _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * pictureWidth + x) * 3
        return (Int(picture[i]), Int(picture[i + 1]), Int(picture[i + 2]))
    }

    /// The accent colour (#FF3B30, opaque) as decoded.
    static func isAccent(_ p: (Int, Int, Int)) -> Bool { p.0 > 170 && p.1 < 130 && p.2 < 130 && p.0 - p.1 > 90 }

    /// The curve's white at alpha 210 over the panel: each channel above 205 and grey; the
    /// label's (200, 200, 200), opaque, stays below.
    static func isCurve(_ p: (Int, Int, Int)) -> Bool {
        min(p.0, p.1, p.2) > 205 && max(p.0, p.1, p.2) - min(p.0, p.1, p.2) < 30
    }

    static func checkAltitudeChart(_ rect: WidgetRect, pictures: [[UInt8]], times: [Double], points: [Point]) throws {
        let (first, last) = (try #require(points.first), try #require(points.last))
        let lowest = try #require(points.map(\.altitude).min()), highest = try #require(points.map(\.altitude).max())
        // The cursor: a bar of the accent colour the plot's height, and on it a dot 2 radii
        // wide (the bar is 0.4 of a radius): across, the middle of the accent columns' span; down,
        // the mean row of the accent pixels outside the bar's columns (those lit over most of the
        // chart's height), above and below the dot's centre alike.
        func cursor(_ picture: [UInt8]) -> (x: Double, dotY: Double)? {
            var columns: [Int: [Int]] = [:]
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX where isAccent(rgb(picture, x, y)) { columns[x, default: []].append(y) }
            }
            let dot = columns.filter { $0.value.count < rect.height / 2 }.flatMap(\.value)
            guard let left = columns.keys.min(), let right = columns.keys.max(),
                columns.values.contains(where: { $0.count >= rect.height / 2 }), dot.count >= 4
            else { return nil }
            return (Double(left + right + 1) / 2, dot.map { Double($0) + 0.5 }.reduce(0, +) / Double(dot.count))
        }
        // The curve's box on the last frame, the columns near the cursor left out.
        let end = try #require(cursor(pictures[pictures.count - 1]), "the chart's cursor on the last frame")
        var box: (minX: Double, maxX: Double, minY: Double, maxY: Double)?
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where isCurve(rgb(pictures[pictures.count - 1], x, y)) {
                let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                if abs(cx - end.x) < 12 { continue }
                box =
                    box.map { (min($0.minX, cx), max($0.maxX, cx), min($0.minY, cy), max($0.maxY, cy)) } ?? (
                        cx, cx, cy, cy
                    )
            }
        }
        let drawn = try #require(box, "the altitude curve is drawn")
        // The line's half width (2.5 % of the plot's height, at least 0.75 px) lies outside the
        // extreme samples' centres; the plot is the box's height with 8 % of the range as pad
        // above and below, so that half width is 1.25 % of (drawn height ÷ 0.84 + line).
        let half = max(0.75, (drawn.maxY - drawn.minY) / 0.84 * 0.0125)
        let inner = (minX: drawn.minX + half, maxX: drawn.maxX - half, minY: drawn.minY + half, maxY: drawn.maxY - half)
        #expect(inner.maxX - inner.minX > Double(rect.width) * 0.7, "the curve spans the chart: \(drawn) in \(rect)")
        for k in [15, 45, 75, pictures.count - 1] {
            let seen = try #require(cursor(pictures[k]), "the chart's cursor in frame \(k)")
            let e = try #require(expected(at: times[k], in: points))
            let x = inner.minX + (times[k] - first.time) / (last.time - first.time) * (inner.maxX - inner.minX)
            let y = inner.maxY - (e.altitude - lowest) / (highest - lowest) * (inner.maxY - inner.minY)
            #expect(abs(seen.x - x) < 2, "frame \(k): the cursor at x \(seen.x), gpmf-parser's time puts it at \(x)")
            #expect(
                abs(seen.dotY - y) < 2,
                "frame \(k): the dot at y \(seen.dotY), gpmf-parser's altitude \(e.altitude) m puts it at \(y)")
        }
    }
}
