import CaptionCore
import Render

/// A labelled number (speed, altitude, gradient, heart rate, cadence, power, temperature,
/// distance) or line of text (date and time, position, GPS lock and precision) on a panel.
/// The label and panel are drawn once; the value is drawn again only when its text changes.
final class ReadoutWidget: DashboardWidget {
    let kind: WidgetKind
    let rect: WidgetRect
    private let context: WidgetContext
    private let formatter: ReadoutFormatter
    private let label: String
    private let padding: Int
    private let labelSize: Double
    private let valueSize: Double
    private let unitSize: Double
    private var cached: (text: String, layers: [CaptionImage])?
    private(set) var displayed = ReadoutFormatter.missing

    init(spec: WidgetSpec, rect: WidgetRect, context: WidgetContext) throws(RenderError) {
        kind = spec.kind
        self.rect = rect
        self.context = context
        formatter = ReadoutFormatter(
            kind: spec.kind, units: context.units, unitName: spec.units, utcOffsetMinutes: spec.utcOffsetMinutes ?? 0)
        label =
            spec.label
            ?? (spec.kind == .datetime && (spec.utcOffsetMinutes ?? 0) != 0 ? "TIME" : spec.kind.defaultLabel)
        padding = max(1, Int((Double(min(rect.width, rect.height)) * 0.1).rounded()))
        let inner = rect.width - 2 * padding
        let h = Double(rect.height - 2 * padding)
        labelSize = try context.text.fittingSize(
            for: label.isEmpty ? "M" : label, width: inner, maximum: max(1, h * 0.3))
        let unitMax = max(1, h * 0.3)
        let unitWidth =
            formatter.unitText.isEmpty ? 0 : try context.text.render(" " + formatter.unitText, pixelSize: unitMax).width
        unitSize = unitMax
        valueSize = try context.text.fittingSize(
            for: formatter.sample, width: max(1, inner - unitWidth), maximum: max(1, h * 0.55))
    }

    func staticLayers() throws(RenderError) -> [CaptionImage] {
        var layers = [rect.panel(context.style.panel)]
        if !label.isEmpty {
            let t = try context.text.render(label, pixelSize: labelSize)
            layers.append(
                CaptionImage(
                    content: .bitmap(t.bitmap), x: rect.x + padding, y: rect.y + padding, color: context.style.label))
        }
        return layers
    }

    func dynamicLayers(_ values: DashboardValues?) throws(RenderError) -> [CaptionImage] {
        let text = formatter.text(values)
        if let cached, cached.text == text { return cached.layers }
        displayed = text
        let value = try context.text.render(text, pixelSize: valueSize)
        // The value sits on a baseline a padding above the bottom edge, the unit after it.
        let baselineY = rect.maxY - padding - Int((valueSize * 0.2).rounded())
        var layers = [
            CaptionImage(
                content: .bitmap(value.bitmap), x: rect.x + padding, y: baselineY - value.baseline,
                color: context.style.text)
        ]
        if !formatter.unitText.isEmpty, text != ReadoutFormatter.missing {
            let unit = try context.text.render(" " + formatter.unitText, pixelSize: unitSize)
            layers.append(
                CaptionImage(
                    content: .bitmap(unit.bitmap), x: rect.x + padding + value.width, y: baselineY - unit.baseline,
                    color: context.style.label))
        }
        cached = (text, layers)
        return layers
    }
}
