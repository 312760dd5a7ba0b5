import CEA708
import CaptionCore

// The 708 target (Specs/validation-rules.md, "The 708 target"; Specs/cea708.md, "Validation"):
// what the 708 encoder (CEA708CaptionEncoder) and scheduler (CEA708Scheduler) would do with the
// document, said per caption before it is written. The limits are CTA-708-E's: eight windows a
// service (§8.4), 15 rows and 42 columns on 16:9 or 32 on 4:3 (§8.4, §8.10.5.2), the anchor grid
// (§8.4.4), the code sets G0–G3 (§7.1.6–9), the pen (§8.5), and the channel's 9,600 bit/s
// (§4.1; CEA708BudgetCheck.swift).

extension CaptionConversionValidator {
    func cea708Warnings() -> [CaptionConversionWarning] {
        let encoding = CEA708CaptionEncoder(wide: settings.wideAspect).encode(CaptionDocument(captions: captions))
        var out: [CaptionConversionWarning] = []
        for i in encoding.captionsWithoutWindow where captions.indices.contains(i) {
            out.append(
                captionWarning(
                    .cea708Windows, i,
                    "caption \(i + 1) would be a ninth window at \(settings.label(captions[i].timeRange.start)): eight windows already hold captions shown or being loaded (a service has eight); it is left out",
                    fix: "end an earlier caption before this one starts, or put captions shown together into one region"
                ))
        }
        for (i, caption) in captions.enumerated() {
            out += cea708Layout(caption, i)
            out += cea708Characters(caption, i)
            out += cea708Pen(caption, i)
            out += cea708CaptionRate(caption, i)
        }
        out += transmitted708OrNot(cea708BudgetWarnings(encoding: encoding))
        return out.sorted {
            ($0.rangeOfCaptions.lowerBound, cea708Order($0)) < ($1.rangeOfCaptions.lowerBound, cea708Order($1))
        }
    }

    /// A finding of `rule` for caption `i`, located at its start.
    func captionWarning(_ rule: ValidationRule, _ i: Int, _ message: String, fix: String) -> CaptionConversionWarning {
        warning(rule, i, message, settings.location(captions[i].timeRange.start, file: fileName), fix: fix)
    }

    private func cea708Order(_ w: CaptionConversionWarning) -> Int {
        ValidationRule.all.firstIndex { $0.id == w.diagnostic.ruleID } ?? Int.max
    }

    /// The columns a window holds on the service's grid (§8.4: 42 on 16:9, 32 on 4:3).
    var cea708Columns: Int { settings.wideAspect ? CEA708Window.maximumColumns : 32 }

    private var gridName: String { settings.wideAspect ? "16:9" : "4:3" }

    // MARK: - Rows, columns, anchors

    func cea708Layout(_ c: Caption, _ i: Int) -> [CaptionConversionWarning] {
        var out: [CaptionConversionWarning] = []
        let at = settings.location(c.timeRange.start, file: fileName)
        let lines = c.lines
        let maximumRows = CEA708Window.maximumRows
        if lines.count > maximumRows {
            out.append(
                warning(
                    .cea708Rows, i,
                    "caption \(i + 1) has \(lines.count) rows; a window holds \(maximumRows), rows \(maximumRows + 1)–\(lines.count) are left out",
                    at, fix: "split it into captions of at most \(maximumRows) rows"))
        }
        let widths = lines.map(\.unicodeScalars.count)
        for (n, width) in widths.enumerated() where width > cea708Columns {
            out.append(
                warning(
                    .cea708Columns, i,
                    "caption \(i + 1), row \(n + 1) has \(width) characters; a window holds \(cea708Columns) columns on the \(gridName) grid, columns \(cea708Columns + 1)–\(width) are clipped",
                    at, fix: "break the row at a space (at most \(cea708Columns) characters)"))
        }
        let rows = min(max(lines.count, 1), maximumRows)
        let columns = min(max(widths.max() ?? 1, 1), cea708Columns)
        if let problem = cea708Placement(c.region, rows: rows, columns: columns) {
            out.append(warning(.cea708Position, i, "caption \(i + 1): \(problem.message)", at, fix: problem.fix))
        }
        return out
    }

    /// Why a window of `rows` × `columns` at `region` does not fit the anchor grid, as the
    /// encoder places it (CEA708Regions): a region in cells on the 608-compatible 15 × 32 area,
    /// one in percent by relative anchors (0–99 % of the safe-title area, its central 80 %).
    func cea708Placement(_ region: CaptionRegion?, rows: Int, columns: Int) -> (message: String, fix: String)? {
        guard let region, let origin = region.origin else { return nil }
        guard origin.x.value.isFinite, origin.y.value.isFinite else {
            return (
                "the region's origin is not a finite number; the window is placed at the bottom centre",
                "give it a position"
            )
        }
        switch (origin.x.unit, origin.y.unit) {
        case (.cells, .cells):
            let row = Int(origin.y.value.rounded())
            let column = Int(origin.x.value.rounded())
            guard row < 0 || column < 0 || row + rows > 15 || column + columns > 32 else { return nil }
            let placedRow = min(max(row, 0), max(15 - rows, 0))
            let placedColumn = min(max(column, 0), max(32 - columns, 0))
            return (
                "a window of \(rows) × \(columns) at row \(row), column \(column) does not fit the 15 × 32 caption grid its anchor is on; it is placed at row \(placedRow), column \(placedColumn)",
                "move the region to row \(placedRow), column \(placedColumn) or make it smaller"
            )
        case (.percent, .percent):
            // Relative anchors are whole percents of the safe-title area, 0–99 (§8.4.4).
            let safe = 0.8
            let x = (origin.x.value / 100 - (1 - safe) / 2) / safe
            let y = (origin.y.value / 100 - (1 - safe) / 2) / safe
            let width = Double(columns) / Double(cea708Columns)
            let height = Double(rows) / 15
            // Within half a cell: the model's percents are rounded and a window's rows and
            // columns are whole cells, so no position says better.
            let (slackX, slackY) = (0.5 / Double(cea708Columns), 0.5 / 15)
            guard
                x < -slackX || y < -slackY || x > 0.99 + slackX || y > 0.99 + slackY || x + width > 1 + slackX
                    || y + height > 1 + slackY
            else { return nil }
            func percent(_ f: Double) -> String { String(Int((f * 100).rounded())) + " %" }
            return (
                "a window of \(rows) × \(columns) at \(percent(x)) across, \(percent(y)) down the safe-title area (the picture's central 80 %) does not fit inside it; relative anchors are 0–99 % and decoders move such windows",
                "move the region inside the central 80 % of the picture"
            )
        default:
            return (
                "a region positioned in \(origin.x.unit.rawValue) has no 708 anchor; the window is placed at the bottom centre",
                "give the region in cells or percent"
            )
        }
    }

    // MARK: - Characters and pens

    /// Every character no code set G0–G3 holds (§7.1.6–9), by row and column, with what the
    /// encoder sends instead.
    func cea708Characters(_ c: Caption, _ i: Int) -> [CaptionConversionWarning] {
        var out: [CaptionConversionWarning] = []
        for (n, line) in c.lines.enumerated() {
            for (k, scalar) in line.unicodeScalars.enumerated() where !CEA708CodeTables.canEncode(scalar) {
                let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
                out.append(
                    warning(
                        .cea708Charset, i,
                        "caption \(i + 1), row \(n + 1), column \(k + 1): \(String(scalar).debugDescription) (\(code)) has no code in G0–G3; \(CEA708CaptionEncoder.replacement(for: scalar).debugDescription) is sent",
                        settings.location(c.timeRange.start, file: fileName),
                        fix: "replace it with a character of G0–G3 (ASCII, Latin-1, or the G2 symbols)"))
            }
        }
        return out
    }

    /// Styles a pen cannot carry (§8.5): one finding a caption, naming them.
    func cea708Pen(_ c: Caption, _ i: Int) -> [CaptionConversionWarning] {
        var lost: [String] = []
        for run in c.runs where !run.text.isEmpty {
            for name in run.style.cea708Unmappable where !lost.contains(name) { lost.append(name) }
        }
        // TTML's layout: no pen or window attribute holds it (CTA-708-E §8.4, §8.5).
        for name in c.ttmlLayoutLosses where !lost.contains(name) { lost.append(name) }
        guard !lost.isEmpty else { return [] }
        return [
            warning(
                .cea708Pen, i, "caption \(i + 1): \(lost.joined(separator: ", ")) has no 708 pen attribute; left out",
                settings.location(c.timeRange.start, file: fileName),
                fix: "use italics, underline, the 64 colours, font tags 1–6 or pen sizes (80 %, 100 %, 120 %)")
        ]
    }

    // MARK: - Caption rate

    /// A caption on screen too briefly for its words at ``CaptionConversionSettings/maximumWordsPerMinute``,
    /// with the longer duration that reads at that rate when the next caption leaves room.
    /// Captions shorter than the minimum display time are `timing.short-display`'s.
    func cea708CaptionRate(_ c: Caption, _ i: Int) -> [CaptionConversionWarning] {
        let r = c.timeRange
        guard r.isValid, r.start.isNumeric, r.end.isNumeric, r.duration >= settings.minimumDisplayDuration,
            settings.maximumWordsPerMinute > 0
        else { return [] }
        let words = c.text.split(whereSeparator: { $0.isWhitespace }).count
        let rate = settings.frameRate
        let seconds = r.duration.seconds
        guard seconds > 0, Double(words) * 60 / seconds > Double(settings.maximumWordsPerMinute) else { return [] }
        let wpm = Int((Double(words) * 60 / seconds).rounded())
        // Frames needed: words × 60 / limit seconds at frames/seconds fps, rounded up.
        let numerator = Int64(words) * 60 * Int64(rate.frames)
        let denominator = Int64(settings.maximumWordsPerMinute) * Int64(rate.seconds)
        let needed = (numerator + denominator - 1) / denominator
        let newEnd = r.start + rate.time(ofFrame: needed)
        let nextStart = captions.indices.lazy.filter { $0 != i && self.captions[$0].timeRange.start >= r.start }
            .map { self.captions[$0].timeRange.start }.filter { $0 > r.start }.min()
        let at = settings.location(r.start, file: fileName)
        let message =
            "caption \(i + 1): \(words) words in \((seconds * 100).rounded() / 100) s is \(wpm) words a minute, above \(settings.maximumWordsPerMinute)"
        if let nextStart, newEnd > nextStart {
            return [
                warning(
                    .cea708CaptionRate, i, message, at,
                    fix:
                        "shorten the text or merge it with its neighbours: \(needed) frames are needed and caption \(captions.firstIndex { $0.timeRange.start == nextStart }.map { $0 + 1 } ?? i + 2) starts before"
                )
            ]
        }
        let adjustment = CaptionConversionTimeRangeAdjustment(startTimeOffset: .zero, durationOffset: newEnd - r.end)
        return [
            CaptionConversionWarning(
                warningType: .rule, rangeOfCaptions: i..<(i + 1), adjustments: [adjustment],
                diagnostic: ValidationRule.cea708CaptionRate.diagnostic(
                    message, at: at,
                    fix: "end it at \(settings.label(newEnd)) (\(needed) frames on screen), the adjustment below"))
        ]
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
