import CaptionCore

/// Checks whether captions convert cleanly to a target format, like
/// `AVCaptionConversionValidator`, and suggests time adjustments where the CEA-608 bit budget
/// (two bytes a frame) or the CEA-708 one (the DTVCC constructs a frame leaves for the service)
/// cannot deliver a caption in time.
///
/// Create it with the captions and settings, call ``validateCaptionConversion(warningHandler:)``;
/// each finding arrives as a ``CaptionConversionWarning`` carrying a ``Diagnostic`` and, for
/// `excessMediaData`, the adjustments that make the document fit.
public final class CaptionConversionValidator: @unchecked Sendable {
    /// Where validation stands, like `AVCaptionConversionValidator.Status`.
    public enum Status: Sendable {
        case unknown, validating, completed, stopped
    }

    public let captions: [Caption]
    /// What the document holds beside its captions that the target may not
    /// (``CaptionCore/CaptionDocument/ttmlDocumentLosses``): named once each, at the file.
    public let documentLosses: [String]
    /// The range the captions are checked over (their union, or up to the video's end).
    public let timeRange: TimeRange
    public let settings: CaptionConversionSettings
    /// The file name used in diagnostics.
    public let fileName: String?
    public private(set) var status: Status = .unknown
    private var stopRequested = false

    public init(
        captions: [Caption], documentLosses: [String] = [], settings: CaptionConversionSettings = .init(),
        fileName: String? = nil
    ) {
        self.captions = captions
        self.documentLosses = documentLosses
        self.settings = settings
        self.fileName = fileName
        let span = CaptionDocument(captions: captions).timeRange
        if let end = settings.videoDuration {
            self.timeRange = TimeRange(start: .zero, end: .maximum(end, span.end))
        } else {
            self.timeRange = span
        }
    }

    /// The captions of `document` and what it holds beside them (TTML's regions shown with no
    /// caption in them), which a target that cannot show them reports.
    public convenience init(
        document: CaptionDocument, settings: CaptionConversionSettings = .init(), fileName: String? = nil
    ) {
        self.init(
            captions: document.captions, documentLosses: document.ttmlDocumentLosses, settings: settings,
            fileName: fileName)
    }

    /// Asks a running validation to stop after the current rule.
    public func stopValidating() { stopRequested = true }

    /// Runs every rule for the target, handing each warning to `warningHandler` in order.
    public func validateCaptionConversion(warningHandler: (CaptionConversionWarning) -> Void) {
        status = .validating
        stopRequested = false
        let steps: [() -> [CaptionConversionWarning]] = [
            timingWarnings,
            targetWarnings,
        ]
        for step in steps {
            if stopRequested {
                status = .stopped
                return
            }
            step().forEach(warningHandler)
        }
        status = .completed
    }

    /// Every warning, collected: the same warnings in the same order as
    /// ``validateCaptionConversion(warningHandler:)`` hands them over.
    ///
    /// The target's rules run first, the timing rules after, and their warnings are put back in
    /// order: a document of many short captions (a pathological SCC makes one a frame) has a
    /// timing warning for each, which would otherwise be held all through the CEA-608 bit-budget
    /// check, the step that needs the most memory (Specs/validation-rules.md, "Cost").
    public func warnings() -> [CaptionConversionWarning] {
        status = .validating
        stopRequested = false
        let target = targetWarnings()
        let timing = timingWarnings()
        // A stop asked for meanwhile ends it as one asked for during the timing rules does.
        if stopRequested {
            status = .stopped
            return timing
        }
        status = .completed
        return timing + target
    }

    /// The rules of the settings' target.
    func targetWarnings() -> [CaptionConversionWarning] {
        switch settings.target {
        case .scc: documentWarnings(.layout, "608") + cea608Warnings()
        case .itt: documentWarnings(.ittLayout, "iTT") + ittWarnings()
        case .cea708: documentWarnings(.cea708Layout, "708") + cea708Warnings()
        }
    }

    /// One finding of `rule` for each of ``documentLosses``, at the file and before the target's
    /// findings for captions (they cover no caption): none of the targets shows a region with no caption in
    /// it (47 CFR §15.119 has no region fill; a 708 window is defined for a caption's text,
    /// CTA-708-E §8.4; Apple's iTT profile has no region background), as their writers report.
    private func documentWarnings(_ rule: ValidationRule, _ target: String) -> [CaptionConversionWarning] {
        documentLosses.map { what in
            CaptionConversionWarning(
                warningType: .rule, rangeOfCaptions: 0..<0,
                diagnostic: rule.diagnostic(
                    "\(what) cannot be shown by \(target); left out", at: DiagnosticLocation(file: fileName),
                    fix: "put the region's fill behind a caption's text, or leave it out"))
        }
    }

    // MARK: - Rules for every target

    func timingWarnings() -> [CaptionConversionWarning] {
        var out: [CaptionConversionWarning] = []
        for (i, c) in captions.enumerated() {
            let r = c.timeRange
            let at = settings.location(r.start, file: fileName)
            if !r.start.isNumeric || !r.end.isNumeric || r.end < r.start {
                // Say which time is wrong: with a non-numeric start the end cannot be known from
                // the range (it is start + duration), so it is not shown as "invalid".
                let what =
                    !r.start.isNumeric
                    ? "has no numeric start (\(r.start))"
                    : !r.end.isNumeric
                        ? "has no numeric end (\(r.end))"
                        : "ends at \(settings.label(r.end)), before it starts at \(settings.label(r.start))"
                out.append(
                    warning(
                        .order, i, "caption \(i + 1) \(what)", at,
                        fix: "give it numeric times, the start before the end"))
                continue
            }
            if r.duration < settings.minimumDisplayDuration {
                let frames = settings.frameRate.frame(at: r.duration, rounding: .down) ?? 0
                let need = settings.frameRate.frame(at: settings.minimumDisplayDuration, rounding: .up) ?? 30
                out.append(
                    warning(
                        .shortDisplay, i, "caption \(i + 1) is on screen for \(frames) frames", at,
                        fix:
                            "keep it on screen for at least \(need) frames (extend its end to \(settings.label(r.start + settings.minimumDisplayDuration)))"
                    ))
            }
            if let end = settings.videoDuration, r.end > end {
                out.append(
                    warning(
                        .programmeEnd, i,
                        "caption \(i + 1) ends at \(settings.label(r.end)), after the video's end \(settings.label(end))",
                        at,
                        fix: r.start < end ? "end it at \(settings.label(end))" : "remove it or move it before the end")
                )
            }
        }
        return out
    }

    // MARK: - CEA-608 target

    func cea608Warnings() -> [CaptionConversionWarning] {
        var out: [CaptionConversionWarning] = []
        let conformer = CaptionFormatConformer(settings: settings)
        var log = ConformerChangeLog(settings: settings, file: fileName)
        // The captions themselves until one needs changing: a document of captions that conform
        // already (a pathological SCC makes one a frame) is not copied (validation-rules.md, Cost).
        var conformed = captions
        for (i, c) in captions.enumerated() {
            let (fixed, changes) = conformer.conformedCaption(c)
            if fixed != c { conformed[i] = fixed }
            log.record(changes, caption: i, at: c.timeRange.start)
            if case .rollUp(let rows) = c.region?.scroll, !(2...4).contains(rows) {
                out.append(
                    warning(
                        .rollUpRows, i, "caption \(i + 1) is in a roll-up region of \(rows) rows",
                        settings.location(c.timeRange.start, file: fileName), fix: "use 2, 3 or 4 rows (RU2, RU3, RU4)")
                )
            }
            let isPopOn =
                c.animation == .none
                && c.region.map { if case .rollUp = $0.scroll { return false } else { return true } } ?? true
            if isPopOn, c.timeRange.start.isNumeric, c.timeRange.start <= .zero {
                out.append(
                    warning(
                        .startAtZero, i,
                        "caption \(i + 1) starts at \(settings.label(c.timeRange.start)): its data cannot be loaded before it",
                        settings.location(c.timeRange.start, file: fileName),
                        fix:
                            "start it a few frames later, or give the programme a pre-roll (e.g. \(CaptionFormatOptions.ParameterWords.startTimecode) 00:59:58;00)"
                    ))
            }
        }
        for (d, index) in log.findings() {
            out.append(
                CaptionConversionWarning(warningType: .rule, rangeOfCaptions: index..<(index + 1), diagnostic: d))
        }
        out.append(contentsOf: transmittedOrNot(budgetWarnings(conformed: conformed)))
        return out.sorted { ($0.rangeOfCaptions.lowerBound, order($0)) < ($1.rangeOfCaptions.lowerBound, order($1)) }
    }

    private func order(_ w: CaptionConversionWarning) -> Int {
        ValidationRule.all.firstIndex { $0.id == w.diagnostic.ruleID } ?? Int.max
    }

    // MARK: - iTT target

    func ittWarnings() -> [CaptionConversionWarning] {
        var out: [CaptionConversionWarning] = []
        for (i, c) in captions.enumerated() {
            let at = settings.location(c.timeRange.start, file: fileName)
            if c.lines.count > 2 {
                out.append(
                    warning(
                        .lineCount, i, "caption \(i + 1) has \(c.lines.count) lines", at,
                        fix: "split it into captions of at most two lines"))
            }
            let rate = settings.frameRate
            if c.timeRange.start.isNumeric, c.timeRange.end.isNumeric,
                !rate.isOnFrameGrid(c.timeRange.start) || !rate.isOnFrameGrid(c.timeRange.end)
            {
                out.append(
                    warning(
                        .frameGrid, i, "caption \(i + 1) has times between frames at \(rate) fps", at,
                        fix: "round to \(settings.label(c.timeRange.start)); the iTT writer writes whole frames"))
            }
        }
        // Overlaps in the same region: sweep in start order.
        let order = captions.indices.filter { captions[$0].timeRange.isValid }
            .sorted { captions[$0].timeRange.start < captions[$1].timeRange.start }
        var lastInRegion: [String: Int] = [:]
        for i in order {
            let key = regionKey(captions[i].region)
            if let j = lastInRegion[key], captions[j].timeRange.end > captions[i].timeRange.start {
                let at = settings.location(captions[i].timeRange.start, file: fileName)
                out.append(
                    warning(
                        .overlap, i,
                        "caption \(i + 1) starts at \(settings.label(captions[i].timeRange.start)) while caption \(j + 1) is still shown in the same region (until \(settings.label(captions[j].timeRange.end)))",
                        at,
                        fix:
                            "end caption \(j + 1) at \(settings.label(captions[i].timeRange.start)) or put one of them in another region"
                    ))
            }
            if lastInRegion[key].map({ captions[$0].timeRange.end < captions[i].timeRange.end }) ?? true {
                lastInRegion[key] = i
            }
        }
        return out.sorted { $0.rangeOfCaptions.lowerBound < $1.rangeOfCaptions.lowerBound }
    }

    private func regionKey(_ r: CaptionRegion?) -> String {
        guard let r else { return "default" }
        if let id = r.identifier { return id }
        return "\(String(describing: r.origin)) \(String(describing: r.size))"
    }

    func warning(
        _ rule: ValidationRule, _ index: Int, _ message: String, _ at: DiagnosticLocation, fix: String?
    ) -> CaptionConversionWarning {
        CaptionConversionWarning(
            warningType: .rule, rangeOfCaptions: index..<(index + 1),
            diagnostic: rule.diagnostic(message, at: at, fix: fix))
    }
}
