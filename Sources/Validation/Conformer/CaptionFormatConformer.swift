import CaptionCore

/// Conforms captions to what CEA-608 can carry, like `AVCaptionFormatConformer`: substitutes
/// characters outside the 608 set, wraps text to 32 columns, places it on the 32 × 15 grid,
/// maps colours and drops what 608 cannot show, and snaps times to the frame grid. With
/// ``conformsCaptionsToTimeRange`` it also moves time ranges so every caption's data can be
/// transmitted in time (see ``CaptionConversionValidator``).
///
/// Every change is reported: one diagnostic per kind of change, naming how many captions it
/// touched and where the first one is.
public struct CaptionFormatConformer: Sendable {
    public var settings: CaptionConversionSettings
    /// Whether conforming may also change time ranges so the data fits the bit budget.
    public var conformsCaptionsToTimeRange: Bool

    public init(settings: CaptionConversionSettings = .init(), conformsCaptionsToTimeRange: Bool = false) {
        self.settings = settings
        self.conformsCaptionsToTimeRange = conformsCaptionsToTimeRange
    }

    /// One caption conformed to 608, and the changes made (not yet aggregated).
    public func conformedCaption(_ caption: Caption) -> (Caption, [ConformerChange]) {
        // TTML's layout has no 608 form: reported, and left out of what is sent.
        let layout = caption.ttmlLayoutLosses.map(ConformerChange.layout)
        if let rows = conformantRows(caption) {
            // Placed on the grid already (read from SCC, or written by us): more than four rows
            // is what CTA-608-E advises against, not something to change (it is sent as it is).
            return (caption, layout + (rows > 4 ? [.rows(rows)] : []))
        }
        var changes: [ConformerChange] = layout
        // 1. Characters and styles, character by character so runs survive wrapping.
        var lines: [[(Character, CaptionTextStyle)]] = [[]]
        for run in caption.runs {
            let (style, styleChanges) = CEA608StyleMapper.map(run.style)
            if styleChanges.contains(.textColor) || styleChanges.contains(.backgroundColor) {
                changes.append(.color(from: run.style.textColor ?? run.style.backgroundColor ?? .white))
            }
            if styleChanges.contains(.textAlpha) || styleChanges.contains(.backgroundAlpha) { changes.append(.alpha) }
            if styleChanges.contains(.bold) { changes.append(.bold) }
            if styleChanges.contains(.ruby), let r = run.style.ruby { changes.append(.ruby(r.text)) }
            if styleChanges.contains(.font) { changes.append(.font) }
            for c in run.text {
                if c == "\n" || c == "\r\n" {
                    lines.append([])
                } else if CharacterSubstitution.isEncodable(c) {
                    lines[lines.count - 1].append((c, style))
                } else {
                    let sub = CharacterSubstitution.substitute(for: c)
                    changes.append(.character(c, substitute: sub))
                    for s in sub { lines[lines.count - 1].append((s, style)) }
                }
            }
        }
        // 2. Wrap to 32 columns.
        let wrapper = TextWrapper(width: GridPlacement.columns)
        var rows: [[(Character, CaptionTextStyle)]] = []
        for line in lines {
            let ranges = wrapper.rows(line.map(\.0))
            if ranges.count > 1 { changes.append(.wrapped(columns: line.count)) }
            if ranges.isEmpty { rows.append([]) }
            for r in ranges { rows.append(Array(line[r])) }
        }
        // Blank rows at the ends carry nothing on a 608 screen.
        while rows.count > 1, rows.last?.isEmpty == true { rows.removeLast() }
        while rows.count > 1, rows.first?.isEmpty == true { rows.removeFirst() }
        if rows.count > 4 { changes.append(.rows(rows.count)) }
        if rows.count > GridPlacement.rows {
            changes.append(.tooManyRows(rows.count))
        }
        // 3. Placement.
        let kept = Array(rows.prefix(GridPlacement.rows))
        let placed = GridPlacement.place(
            rowWidths: kept.map(\.count), region: caption.region, alignment: caption.textAlignment)
        if case .unsupportedRegion(let why)? = placed.problem { changes.append(.region(why)) }
        var region = placed.region
        if case .rollUp(let n) = caption.region?.scroll { region.scroll = .rollUp(rows: min(max(n, 2), 4)) }
        // 4. Runs back from characters.
        var runs: [CaptionRun] = []
        for (i, row) in kept.enumerated() {
            if i > 0 {
                if runs.isEmpty { runs.append(CaptionRun("")) }
                runs[runs.count - 1].text.append("\n")
            }
            for (c, style) in row {
                if let last = runs.last, last.style == style {
                    runs[runs.count - 1].text.append(c)
                } else {
                    runs.append(CaptionRun(String(c), style: style))
                }
            }
        }
        // 5. Times on the frame grid.
        var range = caption.timeRange
        let rate = settings.frameRate
        if range.start.isNumeric, range.end.isNumeric,
            !rate.isOnFrameGrid(range.start) || !rate.isOnFrameGrid(range.end)
        {
            let s = rate.frame(at: range.start, rounding: .nearestOrAwayFromZero) ?? 0
            let e = max(s + 1, rate.frame(at: range.end, rounding: .nearestOrAwayFromZero) ?? s + 1)
            range = TimeRange(start: rate.time(ofFrame: s), end: rate.time(ofFrame: e))
            changes.append(.frameGrid)
        }
        var result = caption
        result.runs = runs.isEmpty ? [CaptionRun("")] : runs
        result.region = region
        result.textAlignment = placed.alignment
        result.timeRange = range
        result.forcedDisplay = false
        result.lineHeight = nil
        result.wrapsLines = true
        return (result, changes)
    }

    /// A pop-on caption of more than `maxRows` rows as consecutive captions of at most that many
    /// rows each (CTA-608-E guidance: 4), sharing its time range in whole frames, so no text is
    /// lost. Other captions, and time ranges too short to share, are returned as they are.
    func splitIntoPopOnScreens(_ caption: Caption, maxRows: Int = 4) -> [Caption] {
        let lines = caption.lines
        let maxRows = max(1, maxRows)
        guard lines.count > maxRows, caption.animation == .none,
            caption.region.map({ if case .rollUp = $0.scroll { return false } else { return true } }) ?? true
        else { return [caption] }
        let rate = settings.frameRate
        let parts = (lines.count + maxRows - 1) / maxRows
        guard let s = rate.frame(at: caption.timeRange.start, rounding: .nearestOrAwayFromZero),
            let e = rate.frame(at: caption.timeRange.end, rounding: .nearestOrAwayFromZero), e - s >= Int64(parts)
        else { return [caption] }
        // Split the runs at the row breaks after every fourth row.
        var screens: [[CaptionRun]] = [[]]
        var row = 0
        for run in caption.runs {
            var current = ""
            for c in run.text {
                if c == "\n" {
                    row += 1
                    if row % maxRows == 0 {
                        if !current.isEmpty { screens[screens.count - 1].append(CaptionRun(current, style: run.style)) }
                        current = ""
                        screens.append([])
                        continue
                    }
                }
                current.append(c)
            }
            if !current.isEmpty { screens[screens.count - 1].append(CaptionRun(current, style: run.style)) }
        }
        return screens.enumerated().map { k, runs in
            var part = caption
            part.runs = runs
            let from = s + (e - s) * Int64(k) / Int64(screens.count)
            let to = s + (e - s) * Int64(k + 1) / Int64(screens.count)
            part.timeRange = TimeRange(start: rate.time(ofFrame: from), end: rate.time(ofFrame: to))
            let rows = part.lines.count
            if let origin = part.region?.origin, origin.y.unit == .cells, let size = part.region?.size {
                // Keep the block's bottom row where it was.
                let bottom = origin.y.value + size.height.value
                part.region?.origin = CaptionPoint(x: origin.x, y: .cells(bottom - Double(rows)))
                part.region?.size = CaptionSize(width: size.width, height: .cells(Double(rows)))
            }
            return part
        }
    }

    /// Whether `caption` is already what 608 carries (as read from SCC, or written by us): a
    /// cells region on the grid, rows of at most 32 encodable characters, 608 styles, times on
    /// the frame grid. Such captions pass through untouched, which keeps SCC → SCC exact and fast.
    func isAlreadyConformant(_ caption: Caption) -> Bool { conformantRows(caption) != nil }

    /// The rows of a caption that ``isAlreadyConformant(_:)`` (its lines: a line break cannot
    /// join a character of the next run), or nil.
    func conformantRows(_ caption: Caption) -> Int? {
        guard let region = caption.region, let origin = region.origin, origin.x.unit == .cells, origin.y.unit == .cells,
            region.writingMode == .leftToRightAndTopToBottom,
            origin.y.value >= 0, origin.y.value < Double(GridPlacement.rows),
            origin.x.value >= 0, origin.x.value < Double(GridPlacement.columns)
        else { return nil }
        let rate = settings.frameRate
        guard rate.isOnFrameGrid(caption.timeRange.start), rate.isOnFrameGrid(caption.timeRange.end) else {
            return nil
        }
        var rows = 1
        var column = 0
        for run in caption.runs {
            let (mapped, changes) = CEA608StyleMapper.map(run.style)
            guard changes.isEmpty, mapped == run.style || (run.style.textColor == .white && mapped.textColor == nil)
            else {
                return nil
            }
            for c in run.text {
                if c == "\n" {
                    rows += 1
                    column = 0
                    continue
                }
                column += 1
                guard Int(origin.x.value) + column <= GridPlacement.columns, CharacterSubstitution.isEncodable(c)
                else { return nil }
            }
        }
        return Int(origin.y.value) + rows <= GridPlacement.rows ? rows : nil
    }

    /// The document conformed to 608, with one diagnostic per kind of change.
    public func conform(_ document: CaptionDocument, file: String? = nil) -> (CaptionDocument, [Diagnostic]) {
        var out = document
        var log = ConformerChangeLog(settings: settings, file: file)
        out.captions = document.captions.enumerated().flatMap { index, caption -> [Caption] in
            let (c, changes) = conformedCaption(caption)
            log.record(changes, caption: index, at: caption.timeRange.start)
            // A caption already placed on the 608 grid (as read from SCC) keeps its rows: a
            // 6-row pop-on caption is written as it is, with the warning above. Captions placed
            // here (from iTT) are split into screens of four rows, or of `maxRows` when given.
            if let maxRows = settings.maxRows { return splitIntoPopOnScreens(c, maxRows: maxRows) }
            return isAlreadyConformant(caption) ? [c] : splitIntoPopOnScreens(c)
        }
        out.frameRate = settings.frameRate
        out.dropFrame = settings.dropFrame
        out.timeBase = .smpte
        var notes = log.diagnostics()
        // TTML's regions shown with no caption in them: 608 has no region fill (47 CFR 15.119).
        out.regionBackdrops = []
        for what in document.ttmlDocumentLosses {
            notes.append(
                Diagnostic(
                    .warning, ValidationRule.layout.id, "\(what) cannot be shown by 608; left out",
                    at: DiagnosticLocation(file: file)))
        }
        if conformsCaptionsToTimeRange {
            // Like AVCaptionFormatConformer.conformsCaptionsToTimeRange: move time ranges by the
            // smallest amounts that let every caption's data arrive (see DeliveryFitter).
            let fitted = DeliveryFitter(settings: settings).fit(out.captions)
            for (i, (old, new)) in zip(out.captions, fitted.captions).enumerated() where old.timeRange != new.timeRange
            {
                let rate = settings.frameRate
                let ds =
                    rate.frame(at: new.timeRange.start - old.timeRange.start, rounding: .nearestOrAwayFromZero) ?? 0
                let de = rate.frame(at: new.timeRange.end - old.timeRange.end, rounding: .nearestOrAwayFromZero) ?? 0
                notes.append(
                    Diagnostic(
                        .info, "608.shift",
                        "caption \(i + 1) moved: start +\(ds) frames, end \(de >= 0 ? "+" : "")\(de) frames, so its data arrives in time",
                        at: settings.location(old.timeRange.start, file: file)))
            }
            if !fitted.deliverable {
                notes.append(
                    Diagnostic(
                        .error, ValidationRule.cannotFit.id, "some captions cannot be delivered even after moving them",
                        at: DiagnosticLocation(file: file),
                        suggestedFix: "shorten or merge the captions reported by captions validate"))
            }
            out.captions = fitted.captions
        }
        return (out, notes)
    }
}

/// One change the conformer made to one caption.
public enum ConformerChange: Sendable, Hashable {
    case character(Character, substitute: String)
    case wrapped(columns: Int)
    case rows(Int)
    case tooManyRows(Int)
    case color(from: CaptionColor)
    case alpha
    case bold
    case ruby(String)
    case font
    /// A part of TTML's layout, named (``Caption/ttmlLayoutLosses``).
    case layout(String)
    case region(String)
    case frameGrid
}
