import CaptionCore
import Render

/// One widget of a dashboard at a fixed box. What never changes (its panel, label, a map's
/// track) is drawn once by ``staticLayers()``; ``dynamicLayers(_:)`` draws what the values
/// change, and widgets keep the last result to give it back unchanged when what they show is
/// the same (most readouts change a few times a second, not every frame).
protocol DashboardWidget: AnyObject {
    var kind: WidgetKind { get }
    var rect: WidgetRect { get }
    /// What the widget shows now, as text (the readout; for tests and reports).
    var displayed: String { get }
    func staticLayers() throws(RenderError) -> [CaptionImage]
    func dynamicLayers(_ values: DashboardValues?) throws(RenderError) -> [CaptionImage]
}

/// What every widget draws with.
struct WidgetContext {
    let text: TextRasterizer
    let style: DashboardStyle
    let units: UnitSystem
    let series: GPSSeries
}

extension WidgetRect {
    /// The panel behind a widget: a rounded rectangle filling the box.
    func panel(_ colour: CaptionColor) -> CaptionImage {
        var canvas = CoverageCanvas(width: width, height: height)
        canvas.roundedRectangle(
            x: 0, y: 0, width: Double(width), height: Double(height), radius: Double(min(width, height)) * 0.12)
        return CaptionImage(content: .bitmap(canvas.bitmap), x: x, y: y, color: colour)
    }
}

extension TextRasterizer {
    /// The largest size up to `maximum` at which `sample` fits in `width` pixels (the widest
    /// text a widget will show, so that its size does not jump as values change).
    func fittingSize(for sample: String, width: Int, maximum: Double) throws(RenderError) -> Double {
        guard width > 0, maximum >= 1 else { return 1 }
        let measured = try render(sample, pixelSize: maximum).width
        guard measured > width else { return maximum }
        return max(1, (maximum * Double(width) / Double(measured) * 0.98).rounded(.down))
    }
}
