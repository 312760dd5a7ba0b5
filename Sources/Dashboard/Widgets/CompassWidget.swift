import CaptionCore
import Render

#if canImport(Glibc)
    import Glibc
#endif

/// A compass dial: the ring and the N, E, S, W letters drawn once; a pointer on the ring at the
/// course and the course in degrees in the middle, drawn again when the course moves by half a
/// degree or more.
final class CompassWidget: DashboardWidget {
    let kind = WidgetKind.heading
    let rect: WidgetRect
    private let context: WidgetContext
    private let formatter: ReadoutFormatter
    private let radius: Double
    private let centre: (x: Double, y: Double)
    private let valueSize: Double
    private var cached: (key: CompassKey, layers: [CaptionImage])?
    private(set) var displayed = ReadoutFormatter.missing

    init(spec: WidgetSpec, rect: WidgetRect, context: WidgetContext) throws(RenderError) {
        self.rect = rect
        self.context = context
        formatter = ReadoutFormatter(kind: .heading, units: context.units, unitName: nil, utcOffsetMinutes: 0)
        let side = Double(min(rect.width, rect.height))
        radius = side / 2
        centre = (Double(rect.width) / 2, Double(rect.height) / 2)
        valueSize = try context.text.fittingSize(for: "888°", width: Int(side * 0.45), maximum: max(1, side * 0.2))
    }

    func staticLayers() throws(RenderError) -> [CaptionImage] {
        var disc = CoverageCanvas(width: rect.width, height: rect.height)
        disc.disc(center: centre, radius: radius - 0.5)
        var ring = CoverageCanvas(width: rect.width, height: rect.height)
        ring.ring(center: centre, radius: radius * 0.8, width: max(1, radius * 0.04))
        var layers = [
            CaptionImage(content: .bitmap(disc.bitmap), x: rect.x, y: rect.y, color: context.style.panel),
            CaptionImage(content: .bitmap(ring.bitmap), x: rect.x, y: rect.y, color: context.style.label),
        ]
        let letterSize = max(1, radius * 0.22)
        for (letter, angle) in [("N", 0.0), ("E", 90.0), ("S", 180.0), ("W", 270.0)] {
            let t = try context.text.render(letter, pixelSize: letterSize)
            let p = point(angle, radius * 0.62)
            layers.append(
                CaptionImage(
                    content: .bitmap(t.bitmap), x: rect.x + Int(p.x) - t.width / 2, y: rect.y + Int(p.y) - t.height / 2,
                    color: letter == "N" ? context.style.accent : context.style.text))
        }
        return layers
    }

    /// A point at `degrees` clockwise from north, `distance` from the centre (box pixels).
    private func point(_ degrees: Double, _ distance: Double) -> (x: Double, y: Double) {
        let a = degrees * Double.pi / 180
        return (centre.x + distance * sin(a), centre.y - distance * cos(a))
    }

    func dynamicLayers(_ values: DashboardValues?) throws(RenderError) -> [CaptionImage] {
        let course = values?.course
        // The pointer is redrawn every half degree and the text whenever its rounding changes:
        // on the half-degree key alone, 18.68° reused the picture of 18.4° and showed "18"
        // (found by DashboardPeerReadoutTests against gpxpy).
        let text = formatter.text(values)
        let key = CompassKey(halfDegrees: course.map { Int(($0 * 2).rounded()) } ?? -1, text: text)
        if let cached, cached.key == key { return cached.layers }
        displayed = text
        var layers: [CaptionImage] = []
        if let course {
            let corners = [
                point(course, radius * 0.97), point(course - 9, radius * 0.72), point(course + 9, radius * 0.72),
            ]
            // Only the pointer's own box is drawn and blended.
            let x0 = Int((corners.map(\.x).min() ?? 0).rounded(.down)) - 1
            let y0 = Int((corners.map(\.y).min() ?? 0).rounded(.down)) - 1
            let x1 = Int((corners.map(\.x).max() ?? 0).rounded(.up)) + 1
            let y1 = Int((corners.map(\.y).max() ?? 0).rounded(.up)) + 1
            var pointer = CoverageCanvas(width: x1 - x0, height: y1 - y0)
            pointer.polygon(corners.map { (x: $0.x - Double(x0), y: $0.y - Double(y0)) })
            layers.append(
                CaptionImage(
                    content: .bitmap(pointer.bitmap), x: rect.x + x0, y: rect.y + y0, color: context.style.accent))
        }
        let label = displayed == ReadoutFormatter.missing ? displayed : displayed + "°"
        let t = try context.text.render(label, pixelSize: valueSize)
        layers.append(
            CaptionImage(
                content: .bitmap(t.bitmap), x: rect.x + Int(centre.x) - t.width / 2,
                y: rect.y + Int(centre.y) - t.height / 2, color: context.style.text))
        cached = (key, layers)
        return layers
    }
}

/// What a compass picture depends on: the pointer's angle to half a degree and the text shown.
private struct CompassKey: Equatable {
    var halfDegrees: Int
    var text: String
}
