import CaptionCore

/// The referenced styles the writer defines in `<styling>`: Apple's "normal" style, then one
/// style per distinct run style in order of first use, so the same document always gives the
/// same names.
struct ITTStyleTable {
    /// Apple's default style, written first as Apple's tools do.
    static let normalID = "normal"
    static let normal = CaptionTextStyle(textColor: .white, fontFamily: "sansSerif", fontSize: .percent(100))

    private(set) var entries: [(id: String, style: CaptionTextStyle)] = [(normalID, normal)]
    private var ids: [CaptionTextStyle: String] = [normal: normalID]

    /// The id of `style` (ruby removed), defining it on first use; nil for the plain style,
    /// which needs no reference.
    mutating func id(for style: CaptionTextStyle) -> String? {
        var s = style
        s.ruby = nil
        s.flash = false
        if s == .plain { return nil }
        if let id = ids[s] { return id }
        let id = "s\(entries.count)"
        entries.append((id, s))
        ids[s] = id
        return id
    }

    /// The style's attributes as `(qualified name, value)`, sorted by name. Normal weight and
    /// style are written only for Apple's "normal" style, where Apple writes them.
    /// EBU-TT-D writes colours as `#rrggbb[aa]` only (EBU Tech 3380 §4.5, tts:color) and font
    /// sizes in percent (cells become percent: 1c is 100 %); the paragraph writer has already
    /// taken out what the profile cannot hold.
    /// A colour as `profile` writes it: `#rrggbb[aa]` in EBU-TT-D (EBU Tech 3380 §4.5), else the
    /// TTML form.
    static func colorText(_ c: CaptionColor, profile: TTMLProfile) -> String {
        guard profile == .ebuttD else { return c.ttmlDescription }
        let hex = c.description.lowercased()
        return c.alpha == 255 ? String(hex.prefix(7)) : hex
    }

    static func attributes(of style: CaptionTextStyle, id: String, profile: TTMLProfile = .itt) -> [(String, String)] {
        var a: [(String, String)] = [("xml:id", id)]
        func color(_ c: CaptionColor) -> String { colorText(c, profile: profile) }
        if let c = style.textColor { a.append(("tts:color", color(c))) }
        if let c = style.backgroundColor { a.append(("tts:backgroundColor", color(c))) }
        if let f = style.fontFamily { a.append(("tts:fontFamily", f)) }
        if var s = style.fontSize {
            if profile == .ebuttD && s.unit == .cells { s = .percent(s.value * 100) }
            a.append(("tts:fontSize", s.ttmlDescription))
        }
        if style.italic {
            a.append(("tts:fontStyle", "italic"))
        } else if id == normalID {
            a.append(("tts:fontStyle", "normal"))
        }
        if style.bold {
            a.append(("tts:fontWeight", "bold"))
        } else if id == normalID {
            a.append(("tts:fontWeight", "normal"))
        }
        let decorations = [style.underline ? "underline" : nil, style.lineThrough ? "lineThrough" : nil].compactMap {
            $0
        }
        if !decorations.isEmpty { a.append(("tts:textDecoration", decorations.joined(separator: " "))) }
        if let e = style.edge, let width = e.width {
            // TTML1 §8.2.20: colour and thickness; the paragraph writer keeps only uniform edges.
            a.append(("tts:textOutline", "\(color(e.color)) \(width.ttmlDescription)"))
        }
        if !style.shadows.isEmpty {
            // TTML2 §10.2.43: offsets, blur radius and colour, shadows separated by commas. The
            // blur is written even when zero, and no space follows a comma (TTML2 allows both
            // forms): ttconv 1.2's reader fails on a shadow of two lengths and on the space.
            let shadows = style.shadows.map { s in
                [s.offsetX, s.offsetY, s.blur ?? .pixels(0)].map(\.ttmlDescription).joined(separator: " ")
                    + (s.color.map { " " + color($0) } ?? "")
            }
            a.append(("tts:textShadow", shadows.joined(separator: ",")))
        }
        if let e = style.emphasis {
            // TTML2 §10.2.44: style (auto, fill and shape, or a quoted mark), colour, position.
            var parts: [String] = []
            switch e.shape {
            case nil: parts.append(e.filled ? "auto" : "open")
            case .character(let mark): parts.append(mark.contains("\"") ? "'\(mark)'" : "\"\(mark)\"")
            case let shape?: parts += [e.filled ? "filled" : "open", shape.name]
            }
            if let c = e.color { parts.append(color(c)) }
            // No position would read as `outside` (TTML2 §10.2.44): the model's none is `auto`.
            parts.append(e.position?.rawValue ?? "auto")
            a.append(("tts:textEmphasis", parts.joined(separator: " ")))
        }
        if let b = style.bidi {
            // TTML1 §8.2.21 with the span's §8.2.4 direction.
            a.append(("tts:direction", b.direction.rawValue))
            a.append(("tts:unicodeBidi", b.kind.rawValue))
        }
        if style.textCombine { a.append(profile == .itt ? ("vt:combine", "all") : ("tts:textCombine", "all")) }
        return a.sorted { $0.0 < $1.0 }
    }
}
