import CaptionCore
import Foundation

@testable import ITT

/// Our captions against ttconv's ISDs: at every ISD time of either side, the same paragraphs
/// (region and text), and for each the same computed styles character by character.
struct TTMLISDComparison {
    var document: CaptionDocument
    var isds: [TTMLConformancePeer.ISD]

    /// The root container's cell grid (`ttp:cellResolution`, TTML1 §6.2.1 default 32 × 15) and
    /// pixel size (`tts:extent` on `tt`), to express our lengths as ttconv's rw/rh.
    var cells: (columns: Double, rows: Double) {
        let parts = (document.metadata["itt.cellResolution"] ?? "").split(separator: " ").compactMap { Double($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : (32, 15)
    }
    var pixels: (width: Double, height: Double)? {
        let parts = (document.metadata["itt.extent"] ?? "").split(separator: " ").compactMap {
            Double($0.replacingOccurrences(of: "px", with: ""))
        }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// A length as a percentage of the root container's width (`horizontal`) or height.
    func percent(_ d: CaptionDimension, horizontal: Bool) -> Double? {
        switch d.unit {
        case .percent: return d.value
        case .cells: return d.value * 100 / (horizontal ? cells.columns : cells.rows)
        case .pixels: return pixels.map { d.value * 100 / (horizontal ? $0.width : $0.height) }
        }
    }

    /// Our font size in rh: TTML's initial value is 1c (TTML1 §8.2.9); a percentage with no
    /// absolute size above it is a percentage of that.
    func fontSize(_ d: CaptionDimension?) -> Double? {
        guard let d else { return 100 / cells.rows }
        if d.unit == .percent { return d.value / cells.rows }
        return percent(d, horizontal: false)
    }

    /// Each kind of difference found, with one example.
    func differences() -> [String: String] {
        var found: [String: String] = [:]
        var times = Set(isds.map(\.seconds))
        for c in document.captions {
            for t in [c.timeRange.start.seconds, c.timeRange.end.seconds] where t.isFinite && t >= 0 { times.insert(t) }
        }
        for t in times.sorted() {
            let isd = isds.last { $0.seconds <= t + 1e-9 }
            var theirs: [(key: String, paragraph: TTMLConformancePeer.Paragraph, region: TTMLConformancePeer.Region)] =
                []
            for region in isd?.regions ?? [] {
                for p in region.ps {
                    var visible = p
                    visible.runs.removeAll { $0.visibility == "hidden" }
                    if visible.runs.count != p.runs.count { found["visibility", default: "at \(t)"] = "at \(t)" }
                    guard !visible.text.isEmpty else { continue }
                    theirs.append((region.id + "\u{0}" + visible.text, visible, region))
                }
            }
            let ours = document.captions.filter {
                $0.timeRange.start.seconds <= t + 1e-9 && t + 1e-9 < $0.timeRange.end.seconds
            }.map { (key: ($0.region?.identifier ?? "default_region") + "\u{0}" + $0.text, caption: $0) }
            let a = theirs.map(\.key).sorted()
            let b = ours.map(\.key).sorted()
            guard a == b else {
                found["text/time/region", default: ""] =
                    "at \(t): ttconv \(a.map { $0.debugDescription }) ≠ ours \(b.map { $0.debugDescription })"
                continue
            }
            for (mine, their) in zip(ours.sorted { $0.key < $1.key }, theirs.sorted { $0.key < $1.key }) {
                compare(mine.caption, their.paragraph, their.region, at: t, into: &found)
            }
        }
        return found
    }

    private func compare(
        _ caption: Caption, _ p: TTMLConformancePeer.Paragraph, _ region: TTMLConformancePeer.Region, at t: Double,
        into found: inout [String: String]
    ) {
        func note(_ kind: String, _ what: String) { if found[kind] == nil { found[kind] = "at \(t): \(what)" } }
        // Character by character, white space left out (runs are cut differently).
        var mine: [(Character, CaptionTextStyle)] = []
        for run in caption.runs { for ch in run.text where !ch.isWhitespace { mine.append((ch, run.style)) } }
        var their: [(Character, TTMLConformancePeer.Run)] = []
        for run in p.runs { for ch in run.text where !ch.isWhitespace { their.append((ch, run)) } }
        guard mine.count == their.count else { return note("text/time/region", "characters differ") }
        for ((ch, style), (_, run)) in zip(mine, their) {
            let color = (style.textColor ?? .white).description
            if let c = run.color, c != color { note("color", "\(ch): ttconv \(c), ours \(color)") }
            // The peer gives the nearest background of the span, p, div or body: ours is the run's,
            // else its paragraph's block fill.
            let background = (style.backgroundColor ?? caption.blockBackground).flatMap {
                $0.alpha == 0 ? nil : $0.description
            }
            if run.background != background {
                note("background", "\(ch): ttconv \(run.background ?? "none"), ours \(background ?? "none")")
            }
            if let size = run.fontSize, size.unit == "rh" {
                if let ours = fontSize(style.fontSize) {
                    if abs(ours - size.value) > 0.01 {
                        note("fontSize", "\(ch): ttconv \(size.value)rh, ours \(ours)rh")
                    }
                } else {
                    note("fontSize", "\(ch): ttconv \(size.value)rh, ours \(style.fontSize.map { "\($0)" } ?? "-")")
                }
            }
        }
        // ttconv gives left and right as start and end (left-to-right text); the model keeps
        // the written value.
        let written = caption.textAlignment?.rawValue ?? "start"
        let align = written == "left" ? "start" : written == "right" ? "end" : written
        if let a = p.textAlign, a != align { note("textAlign", "ttconv \(a), ours \(align)") }
        let display = caption.region?.displayAlignment?.rawValue ?? "before"
        if let d = region.displayAlign, d != display { note("displayAlign", "ttconv \(d), ours \(display)") }
        let mode = caption.region?.writingMode == .topToBottomAndRightToLeft ? "tbrl" : "lrtb"
        if let w = region.writingMode, w != mode { note("writingMode", "ttconv \(w), ours \(mode)") }
        // The region's fill (TTML1 §8.2.2); a transparent one is none.
        let fill = region.background.flatMap { $0.hasSuffix("00") ? nil : $0 }
        if fill != caption.region?.background?.description {
            note(
                "region background",
                "ttconv \(fill ?? "none"), ours \(caption.region?.background?.description ?? "none")")
        }
        for (theirs, ours) in [
            (region.origin, caption.region?.origin.map { [$0.x, $0.y] }),
            (region.extent, caption.region?.size.map { [$0.width, $0.height] }),
        ] {
            guard let theirs, theirs.count == 2 else { continue }
            guard let ours else {
                note("region geometry", "ttconv \(theirs.map { "\($0.value)\($0.unit)" }), ours none")
                continue
            }
            let values = [percent(ours[0], horizontal: true), percent(ours[1], horizontal: false)]
            for (v, l) in zip(values, theirs) where v.map({ abs($0 - l.value) > 0.01 }) ?? true {
                note("region geometry", "ttconv \(theirs.map { "\($0.value)\($0.unit)" }), ours \(ours)")
            }
        }
    }
}
