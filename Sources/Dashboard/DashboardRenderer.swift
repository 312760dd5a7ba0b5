import CaptionCore
import Metadata
import Render

/// Draws a dashboard for pictures of one size: the widgets of a layout at their boxes (the
/// layout's frames, or ``DefaultLayout``'s), fed by a ``GPSSeries``. The static layers of every
/// widget are drawn once, here; ``layers(for:)`` adds what the values change, reusing each
/// widget's last drawing when what it shows did not change.
public final class DashboardRenderer {
    public let width: Int
    public let height: Int
    public let series: GPSSeries
    private let widgets: [any DashboardWidget]
    private let staticByWidget: [[CaptionImage]]

    public init(
        layout: DashboardLayout, width: Int, height: Int, series: GPSSeries, units: UnitSystem,
        fonts: any FontProvider
    ) throws(RenderError) {
        guard RenderSize(width: width, height: height).isUsable else {
            throw .invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.series = series
        let specs =
            layout.showsOnlyRecordedSensors
            ? layout.widgets.filter { Self.isRecorded($0.kind, in: series) } : layout.widgets
        let placement = DefaultLayout(
            width: width, height: height,
            readouts: DefaultLayout.smallReadouts.filter { kind in specs.contains { $0.kind == kind } })
        let context = WidgetContext(
            text: try TextRasterizer(fonts: fonts), style: layout.style, units: layout.units ?? units, series: series)
        var widgets: [any DashboardWidget] = []
        for spec in specs {
            let rect = spec.frame?.rect(in: width, height) ?? placement.rect(for: spec.kind)
            guard rect.width > 0, rect.height > 0 else { continue }
            switch spec.kind {
            case .map: widgets.append(MapWidget(spec: spec, rect: rect, context: context))
            case .heading: widgets.append(try CompassWidget(spec: spec, rect: rect, context: context))
            case .chart: widgets.append(try ChartWidget(spec: spec, rect: rect, context: context))
            default: widgets.append(try ReadoutWidget(spec: spec, rect: rect, context: context))
            }
        }
        self.widgets = widgets
        var statics: [[CaptionImage]] = []
        for w in widgets { statics.append(try w.staticLayers()) }
        staticByWidget = statics
    }

    /// Whether `series` has a value for a sensor widget anywhere (other kinds: always). The 3 s
    /// power goes with power, the zone with a heart rate and `--max-hr`; elapsed and moving
    /// time with a ride from a head unit (a heart rate, cadence, power or temperature anywhere),
    /// so that a camera's own GPS keeps the dashboard it had.
    static func isRecorded(_ kind: WidgetKind, in series: GPSSeries) -> Bool {
        switch kind {
        case .heartRate: return series.points.contains { $0.heartRate != nil }
        case .cadence: return series.points.contains { $0.cadence != nil }
        case .power, .averagePower: return series.points.contains { $0.power != nil }
        case .temperature: return series.points.contains { $0.temperature != nil }
        case .heartRateZone: return series.metrics.heartRateZones.contains { $0 != nil }
        case .elapsedTime, .movingTime:
            return series.points.contains {
                $0.heartRate != nil || $0.cadence != nil || $0.power != nil || $0.temperature != nil
            }
        default: return true
        }
    }

    /// Each widget's kind and box, in layout order.
    public var placements: [(kind: WidgetKind, rect: WidgetRect)] { widgets.map { ($0.kind, $0.rect) } }

    /// The layers of every widget for `values` (nil: no GPS at this time), back to front.
    public func layers(for values: DashboardValues?) throws(RenderError) -> [CaptionImage] {
        var out: [CaptionImage] = []
        out.reserveCapacity(widgets.count * 4)
        for (i, w) in widgets.enumerated() {
            out.append(contentsOf: staticByWidget[i])
            out.append(contentsOf: try w.dynamicLayers(values))
        }
        return out
    }

    /// Every widget's static layers (drawn once, at set-up), back to front: a compositor turns
    /// them into one overlay for the frame format.
    public var staticLayers: [CaptionImage] { staticByWidget.flatMap { $0 } }

    /// What changes with `values`: each widget's dynamic layers (a widget whose shown value did
    /// not change gives back its previous layers without drawing).
    public func dynamicLayers(for values: DashboardValues?) throws(RenderError) -> [CaptionImage] {
        var out: [CaptionImage] = []
        for w in widgets { out.append(contentsOf: try w.dynamicLayers(values)) }
        return out
    }

    /// The layers of each widget separately (static then dynamic), for checking that each stays
    /// inside its box.
    public func layersByWidget(for values: DashboardValues?) throws(RenderError) -> [[CaptionImage]] {
        var out: [[CaptionImage]] = []
        for (i, w) in widgets.enumerated() { out.append(staticByWidget[i] + (try w.dynamicLayers(values))) }
        return out
    }

    /// What each widget shows after the last ``layers(for:)``, by kind (the first widget of
    /// each kind).
    public var readouts: [WidgetKind: String] {
        var out: [WidgetKind: String] = [:]
        for w in widgets where out[w.kind] == nil { out[w.kind] = w.displayed }
        return out
    }

    /// The map marker's centre in picture pixels after the last ``layers(for:)``.
    public var mapMarkerCentre: (x: Double, y: Double)? {
        widgets.lazy.compactMap { $0 as? MapWidget }.first?.markerCentre
    }

    /// The map's box and projection, to find where a position is drawn.
    public var mapProjection: (rect: WidgetRect, projection: MapProjection)? {
        guard let m = widgets.lazy.compactMap({ $0 as? MapWidget }).first, let p = m.projection else { return nil }
        return (m.rect, p)
    }
}
