import CaptionCore
import Render

/// A metric over time. Without a window it is the whole journey's profile, drawn once, with a
/// cursor at the frame's time; with a window of W seconds it shows the W seconds that end at the
/// frame, drawn again when a new sample comes into the window (the GPS rate, not the frame
/// rate). The vertical scale is the whole track's range, so it never jumps.
final class ChartWidget: DashboardWidget {
    let kind = WidgetKind.chart
    let rect: WidgetRect
    private let context: WidgetContext
    private let metric: DashboardMetric
    private let window: Double?
    private let label: String
    private let labelSize: Double
    private let plot: WidgetRect
    private let values: [Double?]
    private let times: [Double]
    private let range: (low: Double, high: Double)?
    private let convert: (Double) -> Double
    private var cached: (key: [Int], layers: [CaptionImage])?
    private(set) var displayed = ReadoutFormatter.missing

    init(spec: WidgetSpec, rect: WidgetRect, context: WidgetContext) throws(RenderError) {
        self.rect = rect
        self.context = context
        let metric = spec.metric ?? .altitude
        self.metric = metric
        window = spec.window
        let units = context.units
        let unit: String
        switch metric {
        case .speed:
            let u =
                spec.units.flatMap(SpeedUnit.init(rawValue:)) ?? (units.speed.isPace ? .kilometresPerHour : units.speed)
            convert = { u.convert($0) ?? 0 }
            unit = u.rawValue
        case .altitude:
            let u = spec.units.flatMap(AltitudeUnit.init(rawValue:)) ?? units.altitude
            convert = u.convert
            unit = u.rawValue
        case .distance:
            let u = spec.units.flatMap(DistanceUnit.init(rawValue:)) ?? units.distance
            convert = u.convert
            unit = u.rawValue
        case .temperature:
            let u = spec.units.flatMap(TemperatureUnit.init(rawValue:)) ?? units.temperature
            convert = u.convert
            unit = u.rawValue
        case .gradient: convert = { $0 }; unit = "%"
        case .heading: convert = { $0 }; unit = "°"
        case .heartRate: convert = { $0 }; unit = "bpm"
        case .cadence: convert = { $0 }; unit = "rpm"
        case .power: convert = { $0 }; unit = "W"
        }
        let name = spec.label ?? (WidgetKind(rawValue: metric.rawValue)?.defaultLabel ?? metric.rawValue.uppercased())
        label = name + " (\(unit))" + (window.map { " · \(Int($0)) s" } ?? "")
        let padding = max(1, Int((Double(min(rect.width, rect.height)) * 0.08).rounded()))
        labelSize = try context.text.fittingSize(
            for: label, width: rect.width - 2 * padding, maximum: max(1, Double(rect.height) * 0.16))
        let top = padding + Int((labelSize * 1.3).rounded(.up))
        plot = WidgetRect(
            x: rect.x + padding, y: rect.y + top, width: max(1, rect.width - 2 * padding),
            height: max(1, rect.height - top - padding))
        let convert = self.convert
        values = context.series.values(of: metric).map { $0.map(convert) }
        times = context.series.timeRanges.map { $0.start.seconds }
        let finite = values.compactMap { $0 }.filter(\.isFinite)
        if let lo = finite.min(), let hi = finite.max() {
            let pad = max((hi - lo) * 0.08, 0.5)
            range = (lo - pad, hi + pad)
        } else {
            range = nil
        }
    }

    private func y(_ v: Double) -> Double {
        guard let range else { return Double(plot.height) / 2 }
        return Double(plot.height) * (1 - (v - range.low) / (range.high - range.low))
    }

    /// The curve over `[start, end]` seconds, in plot pixels.
    private func curve(from start: Double, to end: Double) -> CaptionImage {
        var canvas = CoverageCanvas(width: plot.width, height: plot.height)
        let span = max(1e-6, end - start)
        var run: [(x: Double, y: Double)] = []
        let lineWidth = max(1.5, Double(plot.height) * 0.025)
        for (t, v) in zip(times, values) where t >= start - 1 && t <= end + 1 {
            guard let v, v.isFinite else {
                canvas.polyline(run, width: lineWidth)
                run = []
                continue
            }
            let p = (x: (t - start) / span * Double(plot.width), y: y(v))
            if let last = run.last, abs(last.x - p.x) < 0.5, abs(last.y - p.y) < 0.5 { continue }
            run.append(p)
        }
        canvas.polyline(run, width: lineWidth)
        return CaptionImage(content: .bitmap(canvas.bitmap), x: plot.x, y: plot.y, color: context.style.track)
    }

    func staticLayers() throws(RenderError) -> [CaptionImage] {
        var layers = [rect.panel(context.style.panel)]
        let t = try context.text.render(label, pixelSize: labelSize)
        layers.append(
            CaptionImage(
                content: .bitmap(t.bitmap), x: plot.x, y: rect.y + (plot.y - rect.y - t.height) / 2 + 1,
                color: context.style.label))
        if window == nil, let first = times.first, let last = times.last {
            layers.append(curve(from: first, to: last))
        }
        return layers
    }

    func dynamicLayers(_ v: DashboardValues?) throws(RenderError) -> [CaptionImage] {
        guard let v, let first = times.first, let last = times.last else {
            displayed = ReadoutFormatter.missing
            return []
        }
        let now = v.time.seconds
        let current = v.value(of: metric).map(convert)
        displayed = current.map { ReadoutFormatter.fixed($0, 1) } ?? ReadoutFormatter.missing
        let (start, end) = window.map { (now - $0, now) } ?? (first, last)
        let x = (now - start) / max(1e-6, end - start) * Double(plot.width)
        let key = [
            window == nil ? 0 : v.sampleIndex, Int((x * 2).rounded()), Int(((current.map(y) ?? -1) * 2).rounded()),
        ]
        if let cached, cached.key == key { return cached.layers }
        var layers: [CaptionImage] = []
        if window != nil { layers.append(curve(from: start, to: end)) }
        let r = max(2, Double(plot.height) * 0.05)
        let cx = min(Double(plot.width) - r, max(r, x))
        // A thin bar and a small dot: only their own pixels are visited when blending.
        let bar = max(1, Int((r * 0.4).rounded()))
        layers.append(
            CaptionImage(
                content: .rectangle(width: bar, height: plot.height), x: plot.x + Int(cx.rounded()) - bar / 2,
                y: plot.y,
                color: context.style.accent))
        if let current, current.isFinite {
            let cy = min(Double(plot.height) - r, max(r, y(current)))
            let size = Int((2 * r + 4).rounded(.up))
            let x0 = Int((cx - Double(size) / 2).rounded(.down)), y0 = Int((cy - Double(size) / 2).rounded(.down))
            var dot = CoverageCanvas(width: size, height: size)
            dot.disc(center: (cx - Double(x0), cy - Double(y0)), radius: r)
            layers.append(
                CaptionImage(content: .bitmap(dot.bitmap), x: plot.x + x0, y: plot.y + y0, color: context.style.accent))
        }
        cached = (key, layers)
        return layers
    }
}
