import CaptionCore
import LocatedJSON

/// Reads a layout file (Specs/dashboard-layout.md). Unknown members, wrong types, unknown widget
/// types and units, and frames outside sensible bounds are errors with the file, line, column
/// and JSON path of the bad value.
public struct DashboardLayoutReader {
    /// The name used in messages.
    public var fileName: String

    public init(fileName: String) {
        self.fileName = fileName
    }

    public func read(_ bytes: [UInt8]) throws(DashboardLayoutError) -> DashboardLayout {
        let root: LocatedJSON
        do throws(JSONError) {
            root = try LocatedJSON.parse(bytes)
        } catch {
            throw located(error.offset, "", "JSON syntax: " + error.message, bytes)
        }
        return try Decoding(reader: self, bytes: bytes).layout(root)
    }

    func located(_ offset: Int, _ path: String, _ message: String, _ bytes: [UInt8]) -> DashboardLayoutError {
        let (line, column) = TextPosition.lineAndColumn(of: offset, in: bytes)
        return DashboardLayoutError(file: fileName, line: line, column: column, path: path, message: message)
    }

    private struct Decoding: LocatedJSONDecoding {
        let reader: DashboardLayoutReader
        let bytes: [UInt8]

        func failure(at offset: Int, _ path: String, _ message: String) -> DashboardLayoutError {
            reader.located(offset, path, message, bytes)
        }

        func oneOf(_ v: LocatedJSON, _ path: String, _ choices: [String]) throws(DashboardLayoutError) -> String {
            let s = try string(v, path)
            guard choices.contains(s) else {
                throw fail(v, path, "expected one of \(choices.joined(separator: ", ")), not \"\(s)\"")
            }
            return s
        }

        func layout(_ root: LocatedJSON) throws(DashboardLayoutError) -> DashboardLayout {
            let m = try members(root, "", allowed: ["version", "units", "style", "widgets"])
            if let v = m["version"] {
                guard try number(v, "version", in: 1...1) == 1 else { throw fail(v, "version", "expected 1") }
            }
            var layout = DashboardLayout(widgets: [])
            if let u = m["units"] {
                layout.units = UnitSystem(rawValue: try oneOf(u, "units", UnitSystem.allCases.map(\.rawValue)))
            }
            if let s = m["style"] { layout.style = try style(s) }
            guard let w = m["widgets"] else {
                throw fail(root, "", "a layout needs \"widgets\": an array of widgets")
            }
            guard case .array(let items, _) = w else {
                throw fail(w, "widgets", "expected an array, found \(w.kindName)")
            }
            for (i, item) in items.enumerated() { layout.widgets.append(try widget(item, "widgets[\(i)]")) }
            return layout
        }

        func style(_ v: LocatedJSON) throws(DashboardLayoutError) -> DashboardStyle {
            let m = try members(v, "style", allowed: ["panel", "text", "label", "accent", "track"])
            var s = DashboardStyle()
            func colour(_ key: String) throws(DashboardLayoutError) -> CaptionColor? {
                guard let c = m[key] else { return nil }
                let text = try string(c, "style.\(key)")
                guard let parsed = Self.hexColour(text) else {
                    throw fail(c, "style.\(key)", "expected a colour #RRGGBB or #RRGGBBAA, not \"\(text)\"")
                }
                return parsed
            }
            if let c = try colour("panel") { s.panel = c }
            if let c = try colour("text") { s.text = c }
            if let c = try colour("label") { s.label = c }
            if let c = try colour("accent") { s.accent = c }
            if let c = try colour("track") { s.track = c }
            return s
        }

        static func hexColour(_ text: String) -> CaptionColor? {
            guard text.hasPrefix("#"), text.count == 7 || text.count == 9, let v = UInt32(text.dropFirst(), radix: 16)
            else { return nil }
            let rgba = text.count == 7 ? (v << 8) | 0xFF : v
            return CaptionColor(
                red: UInt8(rgba >> 24), green: UInt8((rgba >> 16) & 0xFF), blue: UInt8((rgba >> 8) & 0xFF),
                alpha: UInt8(rgba & 0xFF))
        }

        func widget(_ v: LocatedJSON, _ path: String) throws(DashboardLayoutError) -> WidgetSpec {
            let m = try members(
                v, path, allowed: ["type", "frame", "units", "label", "metric", "window", "utcOffsetMinutes"])
            guard let t = m["type"] else { throw fail(v, path, "a widget needs a \"type\"") }
            guard let kind = WidgetKind(rawValue: try oneOf(t, "\(path).type", WidgetKind.allCases.map(\.rawValue)))
            else { throw fail(t, "\(path).type", "unknown widget type") }
            var w = WidgetSpec(kind: kind)
            if let f = m["frame"] { w.frame = try frame(f, "\(path).frame") }
            if let l = m["label"] { w.label = try string(l, "\(path).label") }
            if let mt = m["metric"] {
                guard kind == .chart else { throw fail(mt, "\(path).metric", "only a chart has a metric") }
                w.metric = DashboardMetric(
                    rawValue: try oneOf(mt, "\(path).metric", DashboardMetric.allCases.map(\.rawValue)))
            }
            if kind == .chart, w.metric == nil { throw fail(v, path, "a chart needs a \"metric\"") }
            if let win = m["window"] {
                guard kind == .chart else { throw fail(win, "\(path).window", "only a chart has a window") }
                w.window = try number(win, "\(path).window", in: 1...86_400)
            }
            if let off = m["utcOffsetMinutes"] {
                guard kind == .datetime else {
                    throw fail(off, "\(path).utcOffsetMinutes", "only a date-time widget has a UTC offset")
                }
                w.utcOffsetMinutes = Int(try number(off, "\(path).utcOffsetMinutes", in: -1440...1440))
            }
            if let u = m["units"] {
                let accepted = Self.units(for: kind, metric: w.metric)
                guard !accepted.isEmpty else {
                    throw fail(u, "\(path).units", "a \(kind.rawValue) widget has no units to choose")
                }
                w.units = try oneOf(u, "\(path).units", accepted)
            }
            return w
        }

        static func units(for kind: WidgetKind, metric: DashboardMetric?) -> [String] {
            guard kind == .chart else { return kind.acceptedUnits }
            switch metric {
            case .speed: return SpeedUnit.allCases.filter { !$0.isPace }.map(\.rawValue)
            case .altitude: return AltitudeUnit.allCases.map(\.rawValue)
            case .distance: return DistanceUnit.allCases.map(\.rawValue)
            case .temperature: return TemperatureUnit.allCases.map(\.rawValue)
            default: return []
            }
        }

        func frame(_ v: LocatedJSON, _ path: String) throws(DashboardLayoutError) -> FrameSpec {
            let m = try members(v, path, allowed: ["x", "y", "width", "height"])
            func length(_ key: String, size: Bool) throws(DashboardLayoutError) -> FrameSpec.Length {
                guard let l = m[key] else { throw fail(v, path, "a frame needs \"\(key)\"") }
                let p = "\(path).\(key)"
                switch l {
                case .number(let n, _):
                    let range: ClosedRange<Double> = size ? 0.001...1 : -1...1
                    guard range.contains(n) else {
                        throw fail(
                            l, p, "a fraction of the picture from \(range.lowerBound) to \(range.upperBound), not \(n)")
                    }
                    return .fraction(n)
                case .string(let s, _):
                    guard s.hasSuffix("px"), let n = Double(s.dropLast(2)), n.isFinite,
                        size ? (n >= 1 && n <= 16384) : abs(n) <= 16384
                    else {
                        throw fail(l, p, "expected a fraction (0.25) or pixels (\"120px\"), not \"\(s)\"")
                    }
                    return .pixels(n)
                default:
                    throw fail(l, p, "expected a fraction (0.25) or pixels (\"120px\"), found \(l.kindName)")
                }
            }
            return FrameSpec(
                x: try length("x", size: false), y: try length("y", size: false),
                width: try length("width", size: true), height: try length("height", size: true))
        }
    }
}
