import CaptionCore

extension CaptionDimension {
    /// Parses a TTML1 `<length>` (§8.3.9) in `px`, `c` or `%`; nil for anything else (`em` has
    /// no counterpart in the model).
    init?(ttml text: Substring) {
        let units: [(String, Unit)] = [("px", .pixels), ("%", .percent), ("c", .cells)]
        for (suffix, unit) in units where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count)
            guard !number.isEmpty,
                number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
                let value = Double(number), value.isFinite
            else { return nil }
            self.init(value, unit)
            return
        }
        return nil
    }

    /// `12.5%`, `1c`, `640px`: the shortest exact decimal.
    var ttmlDescription: String { description }

    /// Parses two space-separated lengths (`tts:origin`, `tts:extent`).
    static func pair(ttml text: String) -> (CaptionDimension, CaptionDimension)? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, let a = CaptionDimension(ttml: parts[0]), let b = CaptionDimension(ttml: parts[1])
        else { return nil }
        return (a, b)
    }
}
