/// The setting parsers of WebVTT §6.2 (region settings) and §6.3 (cue timings and settings), with
/// "parse a percentage string" and HTML's rules for parsing floating-point number values.
enum WebVTTSettingsParser {
    /// "Collect WebVTT cue timings and settings" (§6.3) from `line` into `cue`; false on failure.
    static func collectTimingsAndSettings(
        _ line: ArraySlice<UInt8>, regions: [WebVTTRegion], into cue: inout WebVTTCue
    ) -> Bool {
        var position = line.startIndex
        let end = line.endIndex
        func skipWhitespace() { while position < end, WebVTTBytes.isWhitespace(line[position]) { position += 1 } }
        skipWhitespace()
        guard let start = WebVTTTimestamp.collect(line, &position) else { return false }
        cue.startMilliseconds = start
        skipWhitespace()
        for expected: UInt8 in [0x2D, 0x2D, 0x3E] {  // "-->"
            guard position < end, line[position] == expected else { return false }
            position += 1
        }
        skipWhitespace()
        guard let endTime = WebVTTTimestamp.collect(line, &position) else { return false }
        cue.endMilliseconds = endTime
        parseCueSettings(line[position...], regions: regions, into: &cue)
        return true
    }

    /// "Parse the WebVTT cue settings" (§6.3): each `name:value` token in order; a token that
    /// does not parse is skipped ("next setting").
    static func parseCueSettings(_ input: ArraySlice<UInt8>, regions: [WebVTTRegion], into cue: inout WebVTTCue) {
        for setting in WebVTTBytes.splitOnSpaces(input) {
            guard let (name, value) = nameAndValue(setting) else { continue }
            switch name {
            case "region":
                cue.region = regions.lastIndex { $0.identifier == value }
            case "vertical":
                if value == "rl" {
                    cue.vertical = .growingLeft
                } else if value == "lr" {
                    cue.vertical = .growingRight
                }
                // There are no vertical regions.
                if cue.vertical != .horizontal { cue.region = nil }
            case "line":
                parseLine(value, into: &cue)
            case "position":
                let (colpos, colalign) = splitAtComma(value)
                guard let number = percentage(colpos) else { continue }
                switch colalign {
                case nil: break
                case "line-left": cue.positionAlignment = .lineLeft
                case "center": cue.positionAlignment = .center
                case "line-right": cue.positionAlignment = .lineRight
                default: continue
                }
                cue.position = number
            case "size":
                guard let number = percentage(value) else { continue }
                cue.size = number
                if number != 100 { cue.region = nil }
            case "align":
                if let alignment = WebVTTCue.TextAlignment(rawValue: value) { cue.textAlignment = alignment }
            default:
                continue
            }
        }
    }

    /// The `line` setting of §6.3.
    private static func parseLine(_ value: String, into cue: inout WebVTTCue) {
        let (linepos, linealign) = splitAtComma(value)
        guard linepos.utf8.contains(where: WebVTTBytes.isDigit) else { return }
        let number: Double
        if linepos.hasSuffix("%") {
            guard let p = percentage(linepos) else { return }
            number = p
        } else {
            let bytes = Array(linepos.utf8)
            guard bytes.allSatisfy({ WebVTTBytes.isDigit($0) || $0 == 0x2D || $0 == 0x2E }) else { return }
            guard !bytes.dropFirst().contains(0x2D) else { return }
            let dots = bytes.indices.filter { bytes[$0] == 0x2E }
            guard dots.count <= 1 else { return }
            if let dot = dots.first {
                guard dot > 0, dot < bytes.count - 1, WebVTTBytes.isDigit(bytes[dot - 1]),
                    WebVTTBytes.isDigit(bytes[dot + 1])
                else { return }
            }
            guard let n = floatingPointNumber(linepos) else { return }
            number = n
        }
        switch linealign {
        case nil: break
        case "start": cue.lineAlignment = .start
        case "center": cue.lineAlignment = .center
        case "end": cue.lineAlignment = .end
        default: return
        }
        cue.line = number
        cue.snapToLines = !linepos.hasSuffix("%")
        // An explicit line offset takes the cue out of its region.
        cue.region = nil
    }

    /// "Collect WebVTT region settings" (§6.2) from the block's text into `region`.
    static func collectRegionSettings(_ input: ArraySlice<UInt8>, into region: inout WebVTTRegion) {
        for setting in WebVTTBytes.splitOnSpaces(input) {
            guard let (name, value) = nameAndValue(setting) else { continue }
            switch name {
            case "id":
                region.identifier = value
            case "width":
                if let p = percentage(value) { region.width = p }
            case "lines":
                guard !value.isEmpty, value.utf8.allSatisfy(WebVTTBytes.isDigit), let n = Double(value) else {
                    continue
                }
                region.lines = n
            case "regionanchor", "viewportanchor":
                guard value.contains(",") else { continue }
                let (x, y) = splitAtComma(value)
                guard let px = percentage(x), let y, let py = percentage(y) else { continue }
                if name == "regionanchor" {
                    (region.regionAnchorX, region.regionAnchorY) = (px, py)
                } else {
                    (region.viewportAnchorX, region.viewportAnchorY) = (px, py)
                }
            case "scroll":
                if value == "up" { region.scrollUp = true }
            default:
                continue
            }
        }
    }

    /// "Parse a percentage string" (§6.2): a WebVTT percentage (digits, optionally a dot and
    /// digits, then `%`) from 0 to 100.
    static func percentage(_ text: String) -> Double? {
        let b = Array(text.utf8)
        guard b.count >= 2, b.last == 0x25 else { return nil }
        let number = b.dropLast()
        var i = number.startIndex
        while i < number.endIndex, WebVTTBytes.isDigit(number[i]) { i += 1 }
        guard i > number.startIndex else { return nil }
        if i < number.endIndex {
            guard number[i] == 0x2E else { return nil }
            let fraction = number[(i + 1)...]
            guard !fraction.isEmpty, fraction.allSatisfy(WebVTTBytes.isDigit) else { return nil }
        }
        guard let value = floatingPointNumber(String(decoding: number, as: UTF8.self)), value >= 0, value <= 100
        else { return nil }
        return value
    }

    /// HTML's rules for parsing floating-point number values, for text already checked to be
    /// `-?digits(.digits)?`: the closest double, an error when it rounds past the largest finite
    /// one, and −0 as 0.
    static func floatingPointNumber(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value == 0 ? 0 : value
    }

    /// `name` and `value` of a `name:value` token, or nil when the first colon is the token's
    /// first or last character or there is none.
    private static func nameAndValue(_ setting: ArraySlice<UInt8>) -> (String, String)? {
        guard let colon = setting.firstIndex(of: 0x3A), colon != setting.startIndex,
            colon != setting.index(before: setting.endIndex)
        else { return nil }
        return (WebVTTBytes.string(setting[..<colon]), WebVTTBytes.string(setting[(colon + 1)...]))
    }

    private static func splitAtComma(_ value: String) -> (String, String?) {
        guard let comma = value.firstIndex(of: ",") else { return (value, nil) }
        return (String(value[..<comma]), String(value[value.index(after: comma)...]))
    }
}
