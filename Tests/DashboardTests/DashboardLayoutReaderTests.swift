import Dashboard
import Testing

/// Layout files: a good one is read as written; a bad one gets an error with the file, line,
/// column and JSON path of the bad value, and what was expected.
@Suite struct DashboardLayoutReaderTests {
    static func read(_ text: String) throws(DashboardLayoutError) -> DashboardLayout {
        try DashboardLayoutReader(fileName: "dash.json").read(Array(text.utf8))
    }

    @Test func aLayoutIsReadAsWritten() throws {
        let layout = try Self.read(
            """
            {
              "version": 1,
              "units": "imperial",
              "style": {"panel": "#00000080", "accent": "#00FF00"},
              "widgets": [
                {"type": "speed", "units": "kn", "frame": {"x": 0.05, "y": -0.05, "width": 0.2, "height": "120px"}},
                {"type": "chart", "metric": "speed", "window": 30, "units": "mph"},
                {"type": "date-time", "utcOffsetMinutes": -480, "label": "PST"},
                {"type": "map"}
              ]
            }
            """)
        #expect(layout.units == .imperial)
        #expect(layout.style.panel.alpha == 0x80 && layout.style.accent.green == 255)
        #expect(layout.widgets.map(\.kind) == [.speed, .chart, .datetime, .map])
        #expect(layout.widgets[0].units == "kn")
        #expect(layout.widgets[0].frame?.height == .pixels(120))
        // y = -0.05: 5% of the height from the bottom edge (1080 − 54 − 120).
        #expect(layout.widgets[0].frame?.rect(in: 1920, 1080) == WidgetRect(x: 96, y: 906, width: 384, height: 120))
        #expect(layout.widgets[1].window == 30 && layout.widgets[1].metric == .speed)
        #expect(layout.widgets[2].utcOffsetMinutes == -480 && layout.widgets[2].label == "PST")
        #expect(layout.widgets[3].frame == nil, "placed by the default layout")
    }

    /// (file text, line, column, path, words the message must hold).
    static let bad: [(String, Int, Int, String, String)] = [
        ("{\"widgets\": [\n  {\"type\": \"speed\", \"units\": \"furlongs\"}\n]}", 2, 30, "widgets[0].units", "km/h"),
        ("{\"widgets\": [\n  {\"type\": \"sped\"}\n]}", 2, 12, "widgets[0].type", "expected one of"),
        (
            "{\"widgets\": [\n  {\"type\": \"map\",\n   \"frame\": {\"x\": 2, \"y\": 0, \"width\": 0.1, \"height\": 0.1}}\n]}",
            3, 19,
            "widgets[0].frame.x", "fraction"
        ),
        ("{\"widgets\": [\n  {\"type\": \"chart\"}\n]}", 2, 3, "widgets[0]", "metric"),
        ("{\"widgets\": [\n  {\"type\": \"speed\", \"colour\": 1}\n]}", 2, 21, "widgets[0].colour", "unknown member"),
        ("{\"widgets\": [\n  {\"type\": \"speed\",}\n]}", 2, 20, "", "JSON syntax"),
        ("{\"widgets\": {}}", 1, 13, "widgets", "an array"),
        ("{\"style\": {\"text\": \"white\"}, \"widgets\": []}", 1, 20, "style.text", "#RRGGBB"),
        (
            "{\"widgets\": [{\"type\": \"map\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": \"10pt\", \"height\": 0.2}}]}",
            1, 65,
            "widgets[0].frame.width", "pixels"
        ),
    ]

    @Test(arguments: bad.indices)
    func aBadLayoutHasALocatedError(index: Int) {
        let (text, line, column, path, words) = Self.bad[index]
        do {
            _ = try Self.read(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.file == "dash.json")
            #expect((error.line, error.column) == (line, column), "\(error)")
            #expect(error.path == path, "\(error)")
            #expect(error.message.contains(words), "\(error)")
            #expect(error.description.hasPrefix("dash.json:\(line):\(column): "))
        }
    }
}
