import CaptionCore

/// Writes a caption document as a WebVTT file (Specs/webvtt.md, "Writing").
///
/// Times are written to the millisecond (rounded to nearest, reported once when any time was
/// not a whole millisecond). Identified regions in percent (iTT's) become `REGION` blocks; other
/// regions become `line`/`position`/`size` settings; vertical text `vertical:rl`. Paint-on runs
/// of captions (each one extending the last) become one cue with timestamp tags. What WebVTT
/// cannot carry (other colours, flash, fonts, pixel regions, roll-up outside a region) is reported
/// once per kind, naming the captions.
public struct WebVTTWriter: Sendable {
    public var options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = .init()) {
        self.options = options
    }

    /// One cue as the writer lays it out: what a `.vtt` file holds of it, and which captions it
    /// shows (several for a paint-on run, the last one's text with a timestamp tag at each reveal).
    public struct Cue: Sendable, Hashable {
        /// The cue identifier; nil when the caption has none that WebVTT can hold.
        public var identifier: String?
        public var startMilliseconds: Int64
        public var endMilliseconds: Int64
        /// The cue settings, without the leading space; empty for none.
        public var settings: String
        /// The cue text (WebVTT §4.2.2 cue text): escaped, tagged, no empty line.
        public var text: String
        /// The indices of the captions it shows, in the document.
        public var captions: ClosedRange<Int>
    }

    /// What the writer puts in a file, before it is joined into text: the header (the `WEBVTT`
    /// line, `Language:`, `STYLE` and `REGION` blocks, ending with the blank line before the
    /// first cue) and the cues. ISO/IEC 14496-30 keeps the same parts apart in a movie's WebVTT
    /// track (CaptionTracks): the header in `vttC`, each cue's parts in its own boxes.
    public struct Layout: Sendable, Hashable {
        public var header: String
        public var cues: [Cue]
        public var diagnostics: [Diagnostic]
    }

    public func write(_ document: CaptionDocument) throws(CaptionFormatError) -> CaptionWriteResult {
        let layout = try self.layout(document)
        var out = layout.header
        for cue in layout.cues {
            if let id = cue.identifier { out += id + "\n" }
            out +=
                WebVTTTimestamp.text(milliseconds: cue.startMilliseconds) + " --> "
                + WebVTTTimestamp.text(milliseconds: cue.endMilliseconds)
            if !cue.settings.isEmpty { out += " " + cue.settings }
            out += "\n" + cue.text + "\n\n"
        }
        return CaptionWriteResult(bytes: Array(out.utf8), diagnostics: layout.diagnostics)
    }

    /// A WebVTT timestamp, `hh:mm:ss.ttt` (WebVTT §4.5), as the writer prints cue times.
    public static func timestamp(milliseconds: Int64) -> String { WebVTTTimestamp.text(milliseconds: milliseconds) }

    /// The file's parts (see ``Layout``) and what WebVTT could not carry.
    public func layout(_ document: CaptionDocument) throws(CaptionFormatError) -> Layout {
        var diagnostics: [Diagnostic] = []
        var out = "WEBVTT\n"
        if let language = document.language, !language.contains("\n") { out += "Language: \(language)\n" }
        out += "\n"
        let styleKeys = document.metadata.keys.filter { $0.hasPrefix("webvtt.style.") }
            .sorted { (Int($0.dropFirst(13)) ?? 0) < (Int($1.dropFirst(13)) ?? 0) }
        for key in styleKeys {
            guard let sheet = document.metadata[key], !sheet.contains("-->") else { continue }
            let lines = String(decoding: ByteScan.lineFeedsOnly(Array(sheet.utf8)), as: UTF8.self)
            out += "STYLE\n" + WebVTTCueTextWriter.withoutEmptyLines(lines) + "\n\n"
        }
        let regionIDs = regionTable(document.captions)
        var movedRegions: Set<CaptionRegion> = []
        for (region, id) in regionIDs.ordered {
            let (settings, moved) = regionSettings(region, id: id)
            out += "REGION\n" + settings + "\n\n"
            if moved { movedRegions.insert(region) }
        }
        var textWriter = WebVTTCueTextWriter()
        var cues: [Cue] = []
        var losses: [String: [Int]] = [:]  // left out of the file
        var rewrites: [String: [Int]] = [:]  // written another way: the description says how
        var rounded = false
        var index = 0
        let captions = document.captions
        while index < captions.count {
            let last = paintOnRunEnd(from: index, in: captions)
            let first = captions[index]
            let final = captions[last]
            let start = try milliseconds(first.timeRange.start, caption: index, rounded: &rounded)
            let end = try milliseconds(final.timeRange.end, caption: last, rounded: &rounded)
            var reveals: [(offset: Int, milliseconds: Int64)] = []
            for k in index..<last {
                let time = try milliseconds(captions[k].timeRange.end, caption: k, rounded: &rounded)
                reveals.append((captions[k].text.utf8.count, time))
            }
            var identifier: String?
            if let id = first.id, !id.isEmpty, !id.contains("-->"), !id.contains("\n") { identifier = id }
            let (settings, loss) = WebVTTCueSettingsWriter.settings(
                for: final, regionID: final.region.flatMap { regionIDs.ids[$0] })
            switch loss {
            case .pixels?: losses["a region in pixels (no video size known)", default: []].append(index)
            case .rollUp?: losses["roll-up outside a named region", default: []].append(index)
            case nil: break
            }
            if let region = final.region, movedRegions.contains(region) {
                rewrites["a region reaching outside the video (moved inside)", default: []].append(index)
            }
            cues.append(
                Cue(
                    identifier: identifier, startMilliseconds: start, endMilliseconds: end, settings: settings,
                    text: textWriter.text(final.runs, reveals: reveals), captions: index...last))
            for l in textWriter.losses {
                if Self.isRewrite(l) {
                    rewrites[Self.describe(l), default: []].append(index)
                } else {
                    losses[Self.describe(l), default: []].append(index)
                }
            }
            if first.forcedDisplay { losses["forced display", default: []].append(index) }
            for k in index...last {
                for name in captions[k].ttmlLayoutLosses where losses[name]?.last != index {
                    losses[name, default: []].append(index)
                }
            }
            // A reveal needs a time strictly inside its cue (§4.2.2), so a paint-on caption with
            // no neighbour to join is shown whole from its start.
            if last == index, first.animation == .characterReveal {
                rewrites["paint-on (written as pop-on)", default: []].append(index)
            }
            index = last + 1
        }
        if rounded {
            diagnostics.append(
                Diagnostic(
                    .info, "webvtt.rounding", "times rounded to the nearest millisecond (WebVTT's precision)",
                    at: DiagnosticLocation(file: options.fileName)))
        }
        let found = losses.map { ($0.key, $0.value, "dropped from ") } + rewrites.map { ($0.key, $0.value, "in ") }
        for (what, indices, fate) in found.sorted(by: { $0.0 < $1.0 }) {
            diagnostics.append(
                Diagnostic(
                    .warning, "webvtt.style",
                    "WebVTT cannot carry \(what): \(fate)\(CaptionNumbers.subject(indices, atMost: 10))",
                    at: DiagnosticLocation(file: options.fileName)))
        }
        for what in document.ttmlDocumentLosses {
            diagnostics.append(
                Diagnostic(
                    .warning, "webvtt.style", "WebVTT cannot carry \(what): left out",
                    at: DiagnosticLocation(file: options.fileName)))
        }
        return Layout(header: out, cues: cues, diagnostics: diagnostics)
    }

    /// Whether the text writer wrote this another way (a space, a line feed) rather than leaving
    /// it out.
    private static func isRewrite(_ loss: WebVTTCueTextWriter.Loss) -> Bool {
        switch loss {
        case .emptyLine, .carriageReturn: return true
        case .color, .background, .flash, .font, .textCombine, .rubyPosition, .rubyAlignment: return false
        }
    }

    private static func describe(_ loss: WebVTTCueTextWriter.Loss) -> String {
        switch loss {
        case .color: return "a text colour outside WebVTT's eight colour classes"
        case .background: return "a background colour outside WebVTT's eight bg_ classes"
        case .flash: return "flashing text"
        case .font: return "font family or size"
        case .textCombine: return "text-combine (horizontal in vertical)"
        case .emptyLine: return "empty lines in the text (a blank line ends a cue: written as a space)"
        case .carriageReturn: return "carriage returns in the text (written as line breaks)"
        case .rubyPosition: return "ruby after its base text (WebVTT draws ruby before it)"
        case .rubyAlignment: return "ruby alignment other than centred"
        }
    }

    /// The last index of a paint-on run starting at `start`: captions revealed one after the
    /// other, each extending (or keeping) the text of the one before, with the same place. A
    /// caption with an id of its own starts a cue: a cue has one identifier.
    private func paintOnRunEnd(from start: Int, in captions: [Caption]) -> Int {
        var last = start
        while last + 1 < captions.count {
            let a = captions[last]
            let b = captions[last + 1]
            guard a.animation == .characterReveal, b.animation == .characterReveal, a.region == b.region,
                a.textAlignment == b.textAlignment, a.timeRange.end == b.timeRange.start,
                b.timeRange.duration > .zero, a.timeRange.duration > .zero, (b.id ?? "").isEmpty,
                runsExtend(a.normalizedRuns, b.normalizedRuns)
            else { break }
            last += 1
        }
        return last
    }

    /// Whether `b` is `a` with text added at the end, or nothing added (the same styles on the
    /// shared text). An empty `a` is text revealed from nothing: `<00:00:01.500>text`; the same
    /// text is a reveal of nothing: `text<00:00:01.500>`. Both read back as the same captions.
    private func runsExtend(_ a: [CaptionRun], _ b: [CaptionRun]) -> Bool {
        guard a.count <= b.count else { return false }
        for (i, run) in a.enumerated() {
            let other = b[i]
            guard run.style == other.style else { return false }
            if i == a.count - 1 {
                guard other.text.hasPrefix(run.text) else { return false }
            } else {
                guard run.text == other.text else { return false }
            }
        }
        return true
    }

    private func milliseconds(_ time: MediaTime, caption: Int, rounded: inout Bool) throws(CaptionFormatError) -> Int64
    {
        guard time.isNumeric, time >= .zero else {
            throw CaptionFormatError(
                .cannotWrite,
                "\(CaptionNumbers.subject([caption])): time \(time) cannot be written in WebVTT (it needs a time from zero on)",
                at: DiagnosticLocation(file: options.fileName))
        }
        do {
            let ms = try time.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero)
            if ms != time { rounded = true }
            return ms.value
        } catch {
            throw CaptionFormatError(
                .cannotWrite, "\(CaptionNumbers.subject([caption])): time \(time) is out of range",
                at: DiagnosticLocation(file: options.fileName))
        }
    }

    // MARK: - Regions

    private struct RegionTable {
        var ids: [CaptionRegion: String] = [:]
        var ordered: [(CaptionRegion, String)] = []
    }

    /// The regions written as `REGION` blocks: named, horizontal, in percent; one id each.
    private func regionTable(_ captions: [Caption]) -> RegionTable {
        var table = RegionTable()
        var used: Set<String> = []
        for caption in captions {
            guard let region = caption.region, table.ids[region] == nil, let name = region.identifier,
                region.writingMode == .leftToRightAndTopToBottom, let origin = region.origin, let size = region.size,
                [origin.x.unit, origin.y.unit, size.width.unit, size.height.unit].allSatisfy({ $0 == .percent })
            else { continue }
            // An identifier is any text without spaces or "-->" (WebVTT §4.3); clashes get a suffix.
            var base = String(name.map { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == ">" ? "_" : $0 })
            if base.isEmpty { base = "region" }
            var id = base
            var n = 2
            while used.contains(id) {
                id = "\(base)-\(n)"
                n += 1
            }
            used.insert(id)
            table.ids[region] = id
            table.ordered.append((region, id))
        }
        return table
    }

    /// The settings lines of a `REGION` block (WebVTT §4.3): the region's box as width, lines and
    /// anchors at one of its corners: the bottom-left when its text sits at the bottom (display
    /// alignment after), so that the edge the text keeps to stays where it was when the height is
    /// rounded to whole lines of 6vh, else the top-left. A corner outside the video cannot be a
    /// viewport anchor (0–100%, §4.3), so the opposite corner is used on that axis; `moved` when
    /// neither corner is inside and the box had to be moved into the video.
    private func regionSettings(_ region: CaptionRegion, id: String) -> (text: String, moved: Bool) {
        let origin = region.origin ?? CaptionPoint(x: .percent(0), y: .percent(0))
        let size = region.size ?? CaptionSize(width: .percent(100), height: .percent(18))
        let height = size.height.value.isFinite ? min(max(size.height.value, 0), 100) : 18
        let width = size.width.value.isFinite ? min(max(size.width.value, 0), 100) : 100
        var lines = Int((height / WebVTTPlacement.regionLineHeight).rounded())
        if case .rollUp(let rows) = region.scroll { lines = rows }
        // A region of no height is written as one (lines:0 is valid, §4.3); a sliver of one
        // rounds up to one line rather than vanish.
        lines = height == 0 ? 0 : max(1, lines)
        let x = Self.anchor(start: origin.x.value, length: width, preferEnd: false)
        let y = Self.anchor(start: origin.y.value, length: height, preferEnd: region.displayAlignment == .after)
        var text = "id:\(id)\nwidth:\(WebVTTNumber.percent(width))\nlines:\(lines)\n"
        text += "regionanchor:\(x.region),\(y.region)\n"
        text += "viewportanchor:\(WebVTTNumber.percent(x.viewport)),\(WebVTTNumber.percent(y.viewport))"
        if case .rollUp = region.scroll { text += "\nscroll:up" }
        return (text, x.moved || y.moved)
    }

    /// One axis of a region's anchors for a box from `start`, `length` long: its end corner
    /// (region anchor 100%) when preferred and inside the video, else its start corner (0%),
    /// else its end corner; `moved` when neither lies within 0–100% and the start is clamped.
    static func anchor(start: Double, length: Double, preferEnd: Bool) -> (
        region: String, viewport: Double, moved: Bool
    ) {
        let start = start.isFinite ? start : 0
        let end = start + length
        let inside = { (v: Double) in v >= 0 && v <= 100 }
        if preferEnd && inside(end) { return ("100%", end, false) }
        if inside(start) { return ("0%", start, false) }
        if inside(end) { return ("100%", end, false) }
        return ("0%", min(max(start, 0), 100), true)
    }
}
