import CaptionCore

/// A dashboard's widgets, where each goes and how it shows its value: the model of a layout
/// file (Specs/dashboard-layout.md). A widget without a frame takes the place the default
/// layout gives its kind at the picture's size.
public struct DashboardLayout: Sendable, Hashable {
    public var widgets: [WidgetSpec]
    /// Units of widgets that name none; nil leaves the choice to the caller (`--units`).
    public var units: UnitSystem?
    public var style: DashboardStyle
    /// Whether a sensor widget (heart rate, cadence, power, temperature) is left out when no
    /// point of the ride has its value, the others moving up to close the gap: the default
    /// layout's way (issue 40: no "HEART RATE --" on a ride without a heart-rate strap). A
    /// layout file draws every widget it names.
    public var showsOnlyRecordedSensors = false

    public init(widgets: [WidgetSpec], units: UnitSystem? = nil, style: DashboardStyle = DashboardStyle()) {
        self.widgets = widgets
        self.units = units
        self.style = style
    }

    /// Every widget kind once, placed by ``DefaultLayout`` at any size, the chart showing the
    /// altitude profile of the whole journey; a sensor widget only where the ride has its data.
    public static let standard: DashboardLayout = {
        var layout = DashboardLayout(
            widgets: WidgetKind.allCases.map { kind in
                var w = WidgetSpec(kind: kind)
                if kind == .chart { w.metric = .altitude }
                return w
            })
        layout.showsOnlyRecordedSensors = true
        return layout
    }()
}

/// One widget of a layout.
public struct WidgetSpec: Sendable, Hashable {
    public var kind: WidgetKind
    /// Where it goes; nil for the default layout's place for its kind.
    public var frame: FrameSpec?
    /// A unit name (`km/h`, `mph`, `kn`, `min/km`, `m`, `ft`…); nil for the layout's system.
    public var units: String?
    public var label: String?
    /// What a chart shows.
    public var metric: DashboardMetric?
    /// A chart's window in seconds, ending at the frame; nil for the whole track.
    public var window: Double?
    /// A date-time widget's offset from UTC, minutes.
    public var utcOffsetMinutes: Int?

    public init(kind: WidgetKind, frame: FrameSpec? = nil) {
        self.kind = kind
        self.frame = frame
    }
}

/// A widget's box: each coordinate a fraction of the picture (`0.25`: x and width of its
/// width, y and height of its height) or pixels (`"120px"`); a negative x or y counts from the
/// right or bottom edge.
public struct FrameSpec: Sendable, Hashable {
    public enum Length: Sendable, Hashable {
        case fraction(Double)
        case pixels(Double)

        func resolve(_ extent: Int) -> Double {
            switch self {
            case .fraction(let f): return f * Double(extent)
            case .pixels(let p): return p
            }
        }
    }

    public var x, y, width, height: Length

    public init(x: Length, y: Length, width: Length, height: Length) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The box in pixels for a picture of `size`.
    public func rect(in width: Int, _ height: Int) -> WidgetRect {
        let w = self.width.resolve(width), h = self.height.resolve(height)
        var x = self.x.resolve(width), y = self.y.resolve(height)
        if x < 0 { x += Double(width) - w }
        if y < 0 { y += Double(height) - h }
        return WidgetRect(x: Int(x.rounded()), y: Int(y.rounded()), width: Int(w.rounded()), height: Int(h.rounded()))
    }
}

/// A box in picture pixels.
public struct WidgetRect: Sendable, Hashable, CustomStringConvertible {
    public var x, y, width, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func intersects(_ o: WidgetRect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }

    public func contains(_ o: WidgetRect) -> Bool { o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY }

    public var description: String { "\(width)x\(height) at (\(x), \(y))" }
}

/// Colours of the dashboard (sRGB with alpha).
public struct DashboardStyle: Sendable, Hashable {
    public var panel = CaptionColor(red: 0, green: 0, blue: 0, alpha: 140)
    public var text = CaptionColor.white
    public var label = CaptionColor(red: 200, green: 200, blue: 200)
    public var accent = CaptionColor(red: 255, green: 59, blue: 48)
    public var track = CaptionColor(red: 255, green: 255, blue: 255, alpha: 210)

    public init() {}
}
