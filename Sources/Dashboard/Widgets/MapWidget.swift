import CaptionCore
import Render

/// The journey map: the whole track drawn once from its own positions (``MapProjection``), and
/// a marker at the interpolated current position, drawn on every frame where it moves.
final class MapWidget: DashboardWidget {
    let kind = WidgetKind.map
    let rect: WidgetRect
    private let context: WidgetContext
    let projection: MapProjection?
    private let markerRadius: Double
    private var cached: (key: [Int], layers: [CaptionImage])?
    private(set) var displayed = ReadoutFormatter.missing
    /// Where the marker's centre was last drawn, in picture pixels.
    private(set) var markerCentre: (x: Double, y: Double)?

    init(spec: WidgetSpec, rect: WidgetRect, context: WidgetContext) {
        self.rect = rect
        self.context = context
        markerRadius = max(2, Double(min(rect.width, rect.height)) * 0.035)
        let positions = context.series.points.map { (latitude: $0.latitude, longitude: $0.longitude) }
        projection = MapProjection(
            positions: positions, boxWidth: rect.width, boxHeight: rect.height, margin: markerRadius * 2 + 2)
    }

    func staticLayers() throws(RenderError) -> [CaptionImage] {
        var layers = [rect.panel(context.style.panel)]
        guard let projection else { return layers }
        var points: [(x: Double, y: Double)] = []
        for s in context.series.points where s.hasPosition {
            let p = projection.point(latitude: s.latitude, longitude: s.longitude)
            // Points closer than half a pixel add nothing but time.
            if let last = points.last, abs(last.x - p.x) < 0.5, abs(last.y - p.y) < 0.5 { continue }
            points.append(p)
        }
        var track = CoverageCanvas(width: rect.width, height: rect.height)
        track.polyline(points, width: max(1.5, Double(min(rect.width, rect.height)) * 0.012))
        layers.append(CaptionImage(content: .bitmap(track.bitmap), x: rect.x, y: rect.y, color: context.style.track))
        return layers
    }

    func dynamicLayers(_ values: DashboardValues?) throws(RenderError) -> [CaptionImage] {
        guard let projection, let lat = values?.latitude, let lon = values?.longitude, lat.isFinite, lon.isFinite
        else {
            markerCentre = nil
            displayed = ReadoutFormatter.missing
            return []
        }
        let p = projection.point(latitude: lat, longitude: lon)
        // Quarter-pixel steps: the marker glides without being redrawn for invisible moves.
        let key = [Int((p.x * 4).rounded()), Int((p.y * 4).rounded())]
        markerCentre = (Double(rect.x) + p.x, Double(rect.y) + p.y)
        displayed = ReadoutFormatter.fixed(lat, 5) + " " + ReadoutFormatter.fixed(lon, 5)
        if let cached, cached.key == key { return cached.layers }
        let r = markerRadius
        let size = Int((2 * r + 6).rounded(.up))
        let x0 = Int((p.x - Double(size) / 2).rounded(.down)), y0 = Int((p.y - Double(size) / 2).rounded(.down))
        let local = (x: p.x - Double(x0), y: p.y - Double(y0))
        var halo = CoverageCanvas(width: size, height: size)
        halo.disc(center: local, radius: r + 1.5)
        var dot = CoverageCanvas(width: size, height: size)
        dot.disc(center: local, radius: r)
        let layers = [
            CaptionImage(content: .bitmap(halo.bitmap), x: rect.x + x0, y: rect.y + y0, color: .white),
            CaptionImage(content: .bitmap(dot.bitmap), x: rect.x + x0, y: rect.y + y0, color: context.style.accent),
        ]
        cached = (key, layers)
        return layers
    }
}
