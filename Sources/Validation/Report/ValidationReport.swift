import CaptionCore

/// Everything `captions validate` found in one file: the reader's diagnostics and the
/// validator's warnings, in time order, printable for people and encodable for machines.
public struct ValidationReport: Sendable, Encodable {
    /// One finding with the captions it concerns and any suggested adjustment.
    public struct Finding: Sendable, Encodable {
        public var diagnostic: Diagnostic
        /// Indices (zero-based) of the captions concerned, if any. Encoded as caption numbers,
        /// `[first, last]`, counted from 1 like the messages.
        public var captions: Range<Int>?
        public var adjustments: [CaptionConversionTimeRangeAdjustment]

        enum CodingKeys: String, CodingKey {
            case ruleID, severity, file, line, column, timecode, time, message, suggestedFix, captions, adjustments
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(diagnostic.ruleID, forKey: .ruleID)
            try c.encode(diagnostic.severity, forKey: .severity)
            try c.encodeIfPresent(diagnostic.location.file, forKey: .file)
            try c.encodeIfPresent(diagnostic.location.line, forKey: .line)
            try c.encodeIfPresent(diagnostic.location.column, forKey: .column)
            try c.encodeIfPresent(diagnostic.location.timecode, forKey: .timecode)
            try c.encodeIfPresent(diagnostic.location.time, forKey: .time)
            try c.encode(diagnostic.message, forKey: .message)
            try c.encodeIfPresent(diagnostic.suggestedFix, forKey: .suggestedFix)
            // Caption numbers as the text report and every message give them: counted from 1,
            // first and last included (Specs/validation-rules.md "Caption numbers").
            if let r = captions, !r.isEmpty { try c.encode([r.lowerBound + 1, r.upperBound], forKey: .captions) }
            if !adjustments.isEmpty { try c.encode(adjustments, forKey: .adjustments) }
        }
    }

    public var file: String
    public var target: String
    public var frameRate: String
    public var captionCount: Int
    public var findings: [Finding]
    private let rate: FrameRate

    public init(
        file: String, settings: CaptionConversionSettings, captionCount: Int,
        readerDiagnostics: [Diagnostic], warnings: [CaptionConversionWarning]
    ) {
        self.file = file
        self.target = settings.target.rawValue
        self.frameRate = settings.frameRate.description + (settings.dropFrame ? " DF" : " NDF")
        self.captionCount = captionCount
        self.rate = settings.frameRate
        // Stable order: by time where known (reader findings without time keep their line order
        // first). The positions are sorted, not the findings, which are made once, in order: a
        // finding a frame (a pathological SCC) made three copies of the list before
        // (validation-rules.md, Cost).
        let readerCount = readerDiagnostics.count
        let times =
            readerDiagnostics.map { $0.location.time ?? .negativeInfinity }
            + warnings.map { $0.diagnostic.location.time ?? .negativeInfinity }
        var order = Array(times.indices)
        order.sort { a, b in times[a] == times[b] ? a < b : times[a] < times[b] }
        self.findings = order.map { position in
            if position < readerCount {
                return Finding(diagnostic: readerDiagnostics[position], captions: nil, adjustments: [])
            }
            let warning = warnings[position - readerCount]
            return Finding(
                diagnostic: warning.diagnostic, captions: warning.rangeOfCaptions, adjustments: warning.adjustments)
        }
    }

    public func count(_ severity: Diagnostic.Severity) -> Int {
        // Counted, not filtered into a copy of the findings.
        findings.reduce(0) { $0 + ($1.diagnostic.severity == severity ? 1 : 0) }
    }

    public var hasErrors: Bool { count(.error) > 0 }

    /// The human report: one block per finding, then a summary line.
    public var text: String {
        // One string, appended to: a report of a finding a frame (a pathological SCC) would
        // otherwise hold every line twice, as an array and joined (validation-rules.md, Cost).
        var text = "\(file): \(captionCount) caption\(captionCount == 1 ? "" : "s"), target \(target) at \(frameRate)"
        for f in findings {
            let d = f.diagnostic
            var where_ = d.location.timecode ?? ""
            if let line = d.location.line { where_ += where_.isEmpty ? "line \(line)" : " (line \(line))" }
            if where_.isEmpty { where_ = "-" }
            // Appended piece by piece: no line is made as a string of its own first.
            text += "\n"
            text += where_
            text += "  "
            text += d.severity.rawValue
            text += "  "
            text += d.ruleID
            text += "  "
            text += d.message
            if let fix = d.suggestedFix {
                text += "\n    suggestion: "
                text += fix
            }
            for (k, a) in f.adjustments.enumerated() where a != .none {
                let index = (f.captions?.lowerBound ?? 0) + k
                text +=
                    "\n    adjust caption \(index + 1): start \(signed(a.startTimeOffset)), duration \(signed(a.durationOffset))"
            }
        }
        text += "\n\(count(.error)) errors, \(count(.warning)) warnings, \(count(.info)) notes"
        return text
    }

    /// "+10 frames (0.334 s)".
    private func signed(_ t: MediaTime) -> String {
        let frames = rate.frame(at: t, rounding: .nearestOrAwayFromZero) ?? 0
        let ms = (try? t.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero).value) ?? 0
        let sign = frames >= 0 ? "+" : "−"
        return "\(sign)\(abs(frames)) frame\(abs(frames) == 1 ? "" : "s") (\(sign)\(Double(abs(ms)) / 1000) s)"
    }

    enum CodingKeys: String, CodingKey { case file, target, frameRate, captionCount, errors, warnings, notes, findings }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(target, forKey: .target)
        try c.encode(frameRate, forKey: .frameRate)
        try c.encode(captionCount, forKey: .captionCount)
        try c.encode(count(.error), forKey: .errors)
        try c.encode(count(.warning), forKey: .warnings)
        try c.encode(count(.info), forKey: .notes)
        try c.encode(findings, forKey: .findings)
    }
}
