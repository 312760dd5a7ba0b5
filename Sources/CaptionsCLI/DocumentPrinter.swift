import CaptionKit

/// The human form of a document for `inspect`.
public struct DocumentPrinter {
    public init(document: CaptionDocument) { self.document = document }

    public let document: CaptionDocument

    public func text(file: String, format: String) -> String {
        var out: [String] = []
        var header = "\(file): \(format), \(document.captions.count) caption"
        if document.captions.count != 1 { header += "s" }
        if let rate = document.frameRate {
            header += ", \(rate) fps"
            if let df = document.dropFrame { header += df ? " drop-frame" : " non-drop" }
        }
        if let lang = document.language { header += ", language \(lang)" }
        out.append(header)
        for key in document.metadata.keys.sorted() {
            out.append("  \(key): \(document.metadata[key] ?? "")")
        }
        for (i, caption) in document.captions.enumerated() {
            var line = "\(i + 1)\t\(stamp(caption.timeRange.start)) --> \(stamp(caption.timeRange.end))"
            if let region = caption.region { line += "\t" + describe(region) }
            if caption.animation == .characterReveal { line += " paint-on" }
            out.append(line)
            for run in caption.normalizedRuns where run.style != .plain {
                out.append("\t  [\(describe(run.style))] \"\(run.text.replacingNewlines())\"")
            }
            for textLine in caption.lines { out.append("\t| \(textLine)") }
        }
        return out.joined(separator: "\n")
    }

    /// Timecode when the document has a frame rate, else seconds with milliseconds.
    public func stamp(_ t: MediaTime) -> String {
        if let rate = document.frameRate,
            let tc = try? Timecode(time: t, rate: rate, dropFrame: document.dropFrame ?? false),
            rate.isOnFrameGrid(t)
        {
            return tc.description
        }
        guard t.isNumeric else { return t.description }
        let ms = (try? t.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero).value) ?? 0
        let h = ms / 3_600_000
        let m = ms / 60_000 % 60
        let s = ms / 1000 % 60
        func pad(_ v: Int64, _ n: Int) -> String {
            let d = String(v)
            return String(repeating: "0", count: max(0, n - d.count)) + d
        }
        return "\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2)).\(pad(ms % 1000, 3))"
    }

    func describe(_ r: CaptionRegion) -> String {
        var parts: [String] = []
        if let id = r.identifier { parts.append(id) }
        if let o = r.origin { parts.append("at \(o.x),\(o.y)") }
        if let s = r.size { parts.append("size \(s.width)×\(s.height)") }
        if case .rollUp(let rows) = r.scroll { parts.append("roll-up \(rows)") }
        if r.writingMode == .topToBottomAndRightToLeft { parts.append("vertical") }
        return "region(" + parts.joined(separator: " ") + ")"
    }

    func describe(_ s: CaptionTextStyle) -> String {
        var parts: [String] = []
        if let c = s.textColor { parts.append("color \(c)") }
        if let c = s.backgroundColor { parts.append("background \(c)") }
        if s.italic { parts.append("italic") }
        if s.bold { parts.append("bold") }
        if s.underline { parts.append("underline") }
        if s.flash { parts.append("flash") }
        if let r = s.ruby { parts.append("ruby \"\(r.text)\"") }
        if let f = s.fontFamily { parts.append("font \(f)") }
        return parts.joined(separator: ", ")
    }
}

extension String {
    func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
    }
}
