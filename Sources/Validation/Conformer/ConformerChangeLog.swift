import CaptionCore

/// Aggregates the conformer's changes into one diagnostic per kind (per character for
/// substitutions), each naming the number of captions and the first place.
struct ConformerChangeLog {
    let settings: CaptionConversionSettings
    let file: String?
    private var entries:
        [String: (
            rule: ValidationRule, message: String, fix: String?, count: Int, first: MediaTime, caption: Int, order: Int
        )] = [:]
    private var seenInCaption = Set<String>()

    init(settings: CaptionConversionSettings, file: String?) {
        self.settings = settings
        self.file = file
    }

    mutating func record(_ changes: [ConformerChange], caption: Int, at time: MediaTime) {
        seenInCaption.removeAll(keepingCapacity: true)
        for change in changes {
            let (key, rule, message, fix) = describe(change)
            guard seenInCaption.insert(key).inserted else { continue }
            if let e = entries[key] {
                entries[key]?.count = e.count + 1
            } else {
                entries[key] = (rule, message, fix, 1, time, caption, entries.count)
            }
        }
    }

    /// One diagnostic per kind of change, in the order first seen.
    func diagnostics() -> [Diagnostic] { findings().map(\.diagnostic) }

    /// The diagnostics with the index of the first caption each concerns.
    func findings() -> [(diagnostic: Diagnostic, firstCaption: Int)] {
        entries.values.sorted { $0.order < $1.order }.map { e in
            let n = e.count == 1 ? "1 caption" : "\(e.count) captions"
            let d = e.rule.diagnostic(
                "\(e.message) (\(n), first at \(settings.label(e.first)))",
                at: settings.location(e.first, file: file), fix: e.fix)
            return (d, e.caption)
        }
    }

    private func describe(_ change: ConformerChange) -> (String, ValidationRule, String, String?) {
        switch change {
        case .character(let c, let sub):
            let code = c.unicodeScalars.map(HexText.codePoint).joined(
                separator: " ")
            return (
                "char \(c)", .characterSet,
                "\"\(c)\" (\(code)) is not in the CEA-608 character set; sent as \"\(sub)\"",
                "replace \"\(c)\" with \"\(sub)\" in the source"
            )
        case .wrapped:
            return (
                "wrap", .columns, "rows longer than 32 columns were wrapped at spaces",
                "break the lines yourself where they read best"
            )
        case .rows(let n):
            return (
                "rows", .popOnRows,
                "a caption takes \(n) rows; pop-on captions should use at most 4 (CTA-608-E guidance)",
                "split the caption, or convert with \(CaptionConversionSettings.maxRowsWords) 4"
            )
        case .tooManyRows(let n):
            return (
                "rows15", .screenRows, "a caption needs \(n) rows but the screen has 15; the rest is dropped",
                "split the caption"
            )
        case .color(let from):
            return (
                "color \(from)", .color, "colour \(from) is not one of the eight 608 colours; sent as the nearest",
                "use white, green, blue, cyan, red, yellow, magenta or black"
            )
        case .alpha:
            return (
                "alpha", .alpha,
                "alpha values were mapped: text is always opaque, backgrounds opaque, semi-transparent or transparent",
                nil
            )
        case .bold:
            return (
                "bold", .bold, "bold text is shown as regular text (608 has no bold)",
                "use italics or a colour for emphasis"
            )
        case .ruby:
            return (
                "ruby", .ruby, "ruby annotations are dropped (608 has no ruby)",
                "put the reading in parentheses in the text"
            )
        case .font:
            return ("font", .font, "font family, size and text-combine are dropped (608 has one font)", nil)
        case .layout(let what):
            return ("layout \(what)", .layout, "\(what) cannot be shown by 608; left out", nil)
        case .region(let why):
            return (
                "region \(why)", .position, "\(why) cannot be shown by 608; placed at the bottom rows",
                "use a horizontal top or bottom region"
            )
        case .frameGrid:
            return (
                "grid", .frameGrid,
                "times between frames were rounded to the nearest frame at \(settings.frameRate) fps", nil
            )
        }
    }
}
