import CaptionCore
import LocatedJSON

/// Style runs, ruby, regions and the typed strings they hold (times, lengths, colours, names).
extension JSONCaptionReader {
    mutating func readRun() throws(JSONError) -> CaptionRun {
        let objectStart = scanner.valueStart()
        var text: String?
        var s = CaptionTextStyle()
        try readObject { key, r throws(JSONError) in
            switch key {
            case "text": text = try r.readString()
            case "color": s.textColor = try r.readColor()
            case "backgroundColor": s.backgroundColor = try r.readColor()
            case "italic": s.italic = try r.readBool() ?? false
            case "bold": s.bold = try r.readBool() ?? false
            case "underline": s.underline = try r.readBool() ?? false
            case "lineThrough": s.lineThrough = try r.readBool() ?? false
            case "flash": s.flash = try r.readBool() ?? false
            case "textCombine": s.textCombine = try r.readBool() ?? false
            case "fontFamily": s.fontFamily = try r.readString()
            case "fontSize": s.fontSize = try r.readDimension()
            case "ruby": s.ruby = try r.readRuby()
            case "edge": s.edge = try r.readEdge()
            case "emphasis": s.emphasis = try r.readEmphasis()
            case "bidi": s.bidi = try r.readBidi()
            case "shadows":
                let at = r.scanner.valueStart()
                s.shadows = try r.readArray { r throws(JSONError) in try r.readShadow() } ?? []
                guard s.shadows.count <= CaptionShadow.maximumCount else {
                    throw r.failure(
                        "a run has \(s.shadows.count) shadows, more than the limit of \(CaptionShadow.maximumCount)"
                            + " (Specs/limits.md)", at: at)
                }
            default: try r.skipValue()
            }
        }
        guard let text else { throw failure("missing key \"text\" in a style run", at: objectStart) }
        return CaptionRun(text, style: s)
    }

    mutating func readRuby() throws(JSONError) -> CaptionRuby? {
        if try readNull() { return nil }
        let objectStart = scanner.valueStart()
        var text: String?
        var position: CaptionRuby.Position?
        var alignment: CaptionRuby.Alignment?
        try readObject { key, r throws(JSONError) in
            switch key {
            case "text": text = try r.readString()
            case "position": position = try r.readEnum(CaptionRuby.Position.self)
            case "alignment": alignment = try r.readEnum(CaptionRuby.Alignment.self)
            default: try r.skipValue()
            }
        }
        guard let text, let position, let alignment else {
            throw failure("ruby needs \"text\", \"position\" and \"alignment\"", at: objectStart)
        }
        return CaptionRuby(text: text, position: position, alignment: alignment)
    }

    mutating func readRegion() throws(JSONError) -> CaptionRegion? {
        if try readNull() { return nil }
        var region = CaptionRegion()
        try readObject { key, r throws(JSONError) in
            switch key {
            case "id": region.identifier = try r.readString()
            case "origin":
                if let (x, y) = try r.readPair("x", "y") { region.origin = CaptionPoint(x: x, y: y) }
            case "size":
                if let (w, h) = try r.readPair("width", "height") { region.size = CaptionSize(width: w, height: h) }
            case "displayAlignment": region.displayAlignment = try r.readEnum(CaptionRegion.DisplayAlignment.self)
            case "writingMode":
                region.writingMode = try r.readEnum(CaptionRegion.WritingMode.self) ?? .leftToRightAndTopToBottom
            case "background": region.background = try r.readColor()
            case "border": region.border = try r.readEdge()
            case "padding": region.padding = try r.readPadding()
            case "opacity":
                let at = r.scanner.valueStart()
                if let v = try r.readNumber() {
                    guard (0...1).contains(v) else { throw r.failure("opacity \(v) is not between 0 and 1", at: at) }
                    region.opacity = v
                }
            case "overflow": region.overflow = try r.readEnum(CaptionRegion.Overflow.self)
            case "rollUpRows":
                let at = r.scanner.valueStart()
                if let n = try r.readInteger() {
                    guard let rows = Int(exactly: n) else { throw r.failure("rollUpRows out of range", at: at) }
                    region.scroll = .rollUp(rows: rows)
                }
            default: try r.skipValue()
            }
        }
        return region
    }

    /// A character edge or region border, e.g. `{"kind": "uniform", "color": "#000000FF"}`; the
    /// colour is black when left out.
    mutating func readEdge() throws(JSONError) -> CaptionEdge? {
        if try readNull() { return nil }
        let objectStart = scanner.valueStart()
        var kind: CharacterEdge?
        var color = CaptionColor.black
        var width: CaptionDimension?
        try readObject { key, r throws(JSONError) in
            switch key {
            case "kind": kind = try r.readEnum(CharacterEdge.self)
            case "color": color = try r.readColor() ?? .black
            case "width": width = try r.readDimension()
            default: try r.skipValue()
            }
        }
        guard let kind else {
            throw failure(
                "an edge needs \"kind\" (\(CharacterEdge.allCases.map(\.rawValue).joined(separator: ", ")))",
                at: objectStart)
        }
        return CaptionEdge(kind, color: color, width: width)
    }

    /// A drop shadow, e.g. `{"x": "5%", "y": "5%", "blur": "2%", "color": "#000000FF"}`; the
    /// offsets are required, the blur and colour (the text's) optional.
    mutating func readShadow() throws(JSONError) -> CaptionShadow {
        let objectStart = scanner.valueStart()
        var x: CaptionDimension?
        var y: CaptionDimension?
        var blur: CaptionDimension?
        var color: CaptionColor?
        try readObject { key, r throws(JSONError) in
            switch key {
            case "x": x = try r.readDimension()
            case "y": y = try r.readDimension()
            case "blur": blur = try r.readDimension()
            case "color": color = try r.readColor()
            default: try r.skipValue()
            }
        }
        guard let x, let y else { throw failure("a shadow needs \"x\" and \"y\" offsets", at: objectStart) }
        if let blur, blur.value < 0 { throw failure("a shadow's blur \(blur) is negative", at: objectStart) }
        return CaptionShadow(offsetX: x, offsetY: y, blur: blur, color: color)
    }

    /// Emphasis marks, e.g. `{"shape": "sesame", "filled": false, "position": "after"}` or
    /// `{"shape": {"character": "※"}}`; every key optional (`{}` is TTML2's `auto`).
    mutating func readEmphasis() throws(JSONError) -> CaptionEmphasis? {
        if try readNull() { return nil }
        var emphasis = CaptionEmphasis()
        try readObject { key, r throws(JSONError) in
            switch key {
            case "shape": emphasis.shape = try r.readEmphasisShape()
            case "filled": emphasis.filled = try r.readBool() ?? true
            case "color": emphasis.color = try r.readColor()
            case "position": emphasis.position = try r.readEnum(CaptionEmphasis.Position.self)
            default: try r.skipValue()
            }
        }
        return emphasis
    }

    /// A run's embedding, e.g. `{"kind": "bidiOverride", "direction": "rtl"}`; both keys needed.
    mutating func readBidi() throws(JSONError) -> CaptionBidi? {
        let objectStart = scanner.valueStart()
        if try readNull() { return nil }
        var kind: CaptionBidi.Kind?
        var direction: CaptionTextDirection?
        try readObject { key, r throws(JSONError) in
            switch key {
            case "kind": kind = try r.readEnum(CaptionBidi.Kind.self)
            case "direction": direction = try r.readEnum(CaptionTextDirection.self)
            default: try r.skipValue()
            }
        }
        guard let kind, let direction else {
            throw failure(
                "bidi needs \"kind\" (embed, bidiOverride, isolate) and \"direction\" (ltr, rtl)", at: objectStart)
        }
        return CaptionBidi(kind, direction)
    }

    /// `"circle"`, `"dot"`, `"sesame"` or `{"character": "※"}` (one grapheme).
    mutating func readEmphasisShape() throws(JSONError) -> CaptionEmphasis.Shape? {
        let at = scanner.valueStart()
        if try readNull() { return nil }
        if scanner.peek() == UInt8(ascii: "{") {
            var character: String?
            try readObject { key, r throws(JSONError) in
                if key == "character" { character = try r.readString() } else { try r.skipValue() }
            }
            guard let character, character.count == 1 else {
                throw failure("an emphasis mark's \"character\" must be one character", at: at)
            }
            return .character(character)
        }
        let shapes: [String: CaptionEmphasis.Shape] = ["circle": .circle, "dot": .dot, "sesame": .sesame]
        return try readText({ shapes[$0] }) { "expected circle, dot, sesame or {\"character\": …}, got \"\($0)\"" }
    }

    /// A paragraph's ruby reserve, e.g. `{"position": "outside", "length": "50%"}`.
    mutating func readRubyReserve() throws(JSONError) -> CaptionRubyReserve? {
        if try readNull() { return nil }
        let objectStart = scanner.valueStart()
        var position: CaptionRubyReserve.Position?
        var length: CaptionDimension?
        try readObject { key, r throws(JSONError) in
            switch key {
            case "position": position = try r.readEnum(CaptionRubyReserve.Position.self)
            case "length": length = try r.readDimension()
            default: try r.skipValue()
            }
        }
        guard let position else {
            throw failure("a ruby reserve needs \"position\" (both, before, after, outside)", at: objectStart)
        }
        if let length, length.value < 0 {
            throw failure("a ruby reserve's length \(length) is negative", at: objectStart)
        }
        return CaptionRubyReserve(position: position, length: length)
    }

    /// A region's padding, e.g. `{"top": "0c", "right": "1c", "bottom": "0c", "left": "1c"}`;
    /// every edge is required.
    mutating func readPadding() throws(JSONError) -> CaptionPadding? {
        if try readNull() { return nil }
        let objectStart = scanner.valueStart()
        var edges: [String: CaptionDimension] = [:]
        try readObject { key, r throws(JSONError) in
            switch key {
            case "top", "right", "bottom", "left": edges[key] = try r.readDimension()
            default: try r.skipValue()
            }
        }
        guard let top = edges["top"], let right = edges["right"], let bottom = edges["bottom"],
            let left = edges["left"]
        else { throw failure("padding needs \"top\", \"right\", \"bottom\" and \"left\"", at: objectStart) }
        return CaptionPadding(top: top, right: right, bottom: bottom, left: left)
    }

    /// An object of two lengths, e.g. `{"x": "4c", "y": "14c"}`; both are required.
    mutating func readPair(_ a: String, _ b: String) throws(JSONError) -> (CaptionDimension, CaptionDimension)? {
        if try readNull() { return nil }
        let objectStart = scanner.valueStart()
        var first: CaptionDimension?
        var second: CaptionDimension?
        try readObject { key, r throws(JSONError) in
            if key == a {
                first = try r.readDimension()
            } else if key == b {
                second = try r.readDimension()
            } else {
                try r.skipValue()
            }
        }
        guard let first, let second else { throw failure("expected both \"\(a)\" and \"\(b)\"", at: objectStart) }
        return (first, second)
    }

    mutating func readTime() throws(JSONError) -> MediaTime? {
        try readText(MediaTime.init) { "expected a rational time like \"1001/30000\", got \"\($0)\"" }
    }

    mutating func readDimension() throws(JSONError) -> CaptionDimension? {
        try readText(CaptionDimension.init) { "expected a length like \"4c\", \"85%\" or \"12px\", got \"\($0)\"" }
    }

    mutating func readColor() throws(JSONError) -> CaptionColor? {
        try readText(CaptionColor.init(hex:)) { "expected a colour like \"#FFFFFFFF\", got \"\($0)\"" }
    }

    mutating func readEnum<E: RawRepresentable>(_: E.Type) throws(JSONError) -> E? where E.RawValue == String {
        try readText(E.init(rawValue:)) { "unknown value \"\($0)\"" }
    }

    /// A string that `parse` reads, or nil for `null`; an error at the value when `parse` fails,
    /// saying what was `expected` of the text.
    mutating func readText<T>(_ parse: (String) -> T?, _ expected: (String) -> String) throws(JSONError) -> T? {
        let at = scanner.valueStart()
        guard let text = try readString() else { return nil }
        guard let value = parse(text) else { throw failure(expected(text), at: at) }
        return value
    }
}
