import CaptionCore

// SCC file syntax and word timing (Specs/scc.md): a "Scenarist_SCC V1.0" header, then lines of
// a timecode label, a tab or spaces, and 4-digit hex words. Each word is one byte pair sent in
// one frame (47 CFR 15.119(b): one pair per frame on line 21, now 47 CFR 79.101), so a line's
// words take consecutive frames from its label.

/// Reads the lines of an SCC file and hands out its words with their frames.
///
/// Problems a reader can get past (a bad word, a label out of order) become diagnostics in
/// lenient mode and errors in strict mode; every message names the file and line.
struct SCCScanner {
    /// The header line every SCC file starts with.
    static let header: [UInt8] = Array("Scenarist_SCC V1.0".utf8)
    /// The longest line read (Specs/limits.md): 1 MiB, about 210,000 words, nearly two hours of
    /// a word in every frame; SCC files give each caption a line of a few hundred bytes.
    static let maximumLineBytes = 1 << 20

    let rate: FrameRate
    let strict: Bool
    let fileName: String?
    /// Findings so far.
    var diagnostics: [Diagnostic] = []
    /// The most findings kept (`captions scc dump` keeps a bounded number, so a damaged file of
    /// any size needs bounded memory); the rest are counted in ``droppedFindings``.
    var findingLimit = Int.max
    /// Findings past ``findingLimit``, counted and not kept.
    private(set) var droppedFindings = 0
    /// Whether the first label was drop-frame.
    private(set) var firstLabelDropFrame: Bool?
    /// The frame after the last word.
    private(set) var endFrame: Int64 = 0
    /// Whether any word was read.
    private(set) var sawWord = false

    init(rate: FrameRate, strict: Bool, fileName: String?) {
        self.rate = rate
        self.strict = strict
        self.fileName = fileName
    }

    // MARK: - Scanning

    /// Whether the first timecode label of `bytes` is drop-frame; `nil` without any.
    static func firstLabelDropFrame(in bytes: [UInt8]) -> Bool? {
        var index = 0
        while index < bytes.count {
            var end = index
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
            var start = index
            while start < end && isSpace(bytes[start]) { start += 1 }
            if let (label, _) = SCCLabel.parse(bytes, from: start, end: end) { return label.dropFrame }
            index = end + 1
        }
        return nil
    }

    /// Calls `body` for each word in file order.
    mutating func scan(_ bytes: [UInt8], _ body: (SCCWord) -> Void) throws(CaptionFormatError) {
        var index = 0
        // A UTF-8 byte order mark is tolerated.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        var lineNumber = 0
        var previousLabelFrame: Int64?
        var nextFreeFrame: Int64 = .min
        var headerChecked = false
        while index < bytes.count || (lineNumber == 0 && !headerChecked) {
            lineNumber += 1
            let lineStart = index
            while index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
            let lineEnd = index
            if lineEnd - lineStart > Self.maximumLineBytes {
                throw CaptionFormatError(
                    .unreadable,
                    "line \(lineNumber) is \(SCCReader.grouped(lineEnd - lineStart)) bytes long, more than the SCC "
                        + "reader's limit of \(SCCReader.grouped(Self.maximumLineBytes)) bytes a line (Specs/limits.md); "
                        + "SCC files give each caption a line of a few hundred bytes, so this is not one",
                    at: DiagnosticLocation(file: fileName, line: lineNumber), diagnostics: diagnostics)
            }
            if index < bytes.count {
                if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                    index += 2
                } else {
                    index += 1
                }
            }
            if !headerChecked {
                headerChecked = true
                if try checkHeader(bytes, lineStart, lineEnd, line: lineNumber) { continue }
            }
            try scanLine(
                bytes, lineStart, lineEnd, line: lineNumber, previousLabelFrame: &previousLabelFrame,
                nextFreeFrame: &nextFreeFrame, body)
        }
    }

    /// Returns whether the line was the header (and so is consumed).
    private mutating func checkHeader(_ bytes: [UInt8], _ start: Int, _ end: Int, line: Int)
        throws(CaptionFormatError) -> Bool
    {
        var last = end
        while last > start && Self.isSpace(bytes[last - 1]) { last -= 1 }
        if last - start == Self.header.count && bytes[start..<last].elementsEqual(Self.header) {
            return true
        }
        let text = bytes[start..<last]
        let mentionsHeader =
            text.count >= 13
            && (0...(text.count - 13)).contains { offset in
                text.dropFirst(offset).prefix(13).elementsEqual("Scenarist_SCC".utf8)
            }
        if mentionsHeader {
            try report(
                .warning, "scc.header",
                "the header is \"\(String(decoding: text, as: UTF8.self))\", not \"Scenarist_SCC V1.0\"",
                line: line, column: 1, fix: "make the first line exactly Scenarist_SCC V1.0")
            return true
        }
        try report(
            .warning, "scc.header", "the file does not start with the header \"Scenarist_SCC V1.0\"",
            line: line, column: 1, fix: "add the line Scenarist_SCC V1.0 at the top")
        return false
    }

    private mutating func scanLine(
        _ bytes: [UInt8], _ lineStart: Int, _ lineEnd: Int, line: Int,
        previousLabelFrame: inout Int64?, nextFreeFrame: inout Int64, _ body: (SCCWord) -> Void
    ) throws(CaptionFormatError) {
        var index = lineStart
        while index < lineEnd && Self.isSpace(bytes[index]) { index += 1 }
        guard index < lineEnd else { return }
        let labelColumn = index - lineStart + 1
        guard let (label, afterLabel) = SCCLabel.parse(bytes, from: index, end: lineEnd),
            afterLabel == lineEnd || Self.isSpace(bytes[afterLabel])
        else {
            let shown = String(decoding: bytes[index..<min(lineEnd, index + 20)], as: UTF8.self)
            try report(
                .error, "scc.timecode",
                "expected a timecode such as 00:00:01:00 or 00:00:01;00 at the start of the line, found \"\(shown)\"; line skipped",
                line: line, column: labelColumn, recoverable: true)
            return
        }
        guard var labelFrame = try frameCount(of: label, line: line, column: labelColumn) else { return }
        if firstLabelDropFrame == nil { firstLabelDropFrame = label.dropFrame }
        if let previous = previousLabelFrame, labelFrame < previous {
            try report(
                .warning, "scc.timecode-order",
                "timecode \(label.text) is earlier than the line before; its words are sent after the earlier line's",
                line: line, column: labelColumn, fix: "sort the lines by timecode")
        } else if labelFrame < nextFreeFrame {
            let late = nextFreeFrame - labelFrame
            try report(
                .warning, "scc.words-overlap",
                "timecode \(label.text) falls while the line before is still being sent: the previous line overruns by \(late) frame\(late == 1 ? "" : "s"), so these words start \(late) frame\(late == 1 ? "" : "s") late",
                line: line, column: labelColumn, timecode: label.text,
                fix:
                    "move this line's timecode \(late) frame\(late == 1 ? "" : "s") later, or send fewer words on the line before"
            )
        }
        previousLabelFrame = labelFrame
        labelFrame = max(labelFrame, nextFreeFrame)
        var frame = labelFrame
        index = afterLabel
        while true {
            while index < lineEnd && Self.isSpace(bytes[index]) { index += 1 }
            guard index < lineEnd else { break }
            let wordStart = index
            while index < lineEnd && !Self.isSpace(bytes[index]) { index += 1 }
            if index - wordStart == 4, let high = Self.hexByte(bytes[wordStart], bytes[wordStart + 1]),
                let low = Self.hexByte(bytes[wordStart + 2], bytes[wordStart + 3])
            {
                body(
                    SCCWord(
                        frame: frame, first: high, second: low, line: line, column: wordStart - lineStart + 1,
                        dropFrame: label.dropFrame && rate.supportsDropFrame))
                sawWord = true
            } else {
                let shown = String(decoding: bytes[wordStart..<min(index, wordStart + 16)], as: UTF8.self)
                try report(
                    .error, "scc.hex",
                    "\"\(shown)\" is not a word of four hex digits; skipped (it still takes a frame)",
                    line: line, column: wordStart - lineStart + 1, recoverable: true)
            }
            frame += 1
        }
        nextFreeFrame = frame
        endFrame = max(endFrame, frame)
    }

    // MARK: - Labels

    /// The frame count of a label, or `nil` when the line must be skipped.
    private mutating func frameCount(of label: SCCLabel, line: Int, column: Int)
        throws(CaptionFormatError) -> Int64?
    {
        guard label.hours < 24, label.minutes < 60, label.seconds < 60 else {
            try report(
                .error, "scc.timecode",
                "timecode \(label.text): hours must be below 24, minutes and seconds below 60; line skipped",
                line: line, column: column, recoverable: true)
            return nil
        }
        var dropFrame = label.dropFrame
        if dropFrame && !rate.supportsDropFrame {
            try report(
                .warning, "scc.drop-frame-rate",
                "timecode \(label.text) is drop-frame, which \(rate) fps does not have; read as non-drop",
                line: line, column: column,
                fix: "use ':' before the frames, or \(CaptionFormatOptions.ParameterWords.frameRate) 29.97")
            dropFrame = false
        }
        var frames = label.frames
        var carry = 0
        if frames >= rate.nominal {
            try report(
                .warning, "scc.frame-range",
                "timecode \(label.text): frame \(frames) is not below \(rate.nominal); counted on from second \(label.seconds)",
                line: line, column: column, fix: "write frames 00–\(rate.nominal - 1)")
            carry = frames
            frames = 0
        } else if dropFrame && label.minutes % 10 != 0 && label.seconds == 0
            && frames < rate.droppedLabelsPerMinute
        {
            let next = rate.droppedLabelsPerMinute
            try report(
                .warning, "scc.drop-frame-label",
                "timecode \(label.text) does not exist in drop-frame counting; read as frame \(next < 10 ? "0" : "")\(next)",
                line: line, column: column, fix: "drop-frame skips frames 00 and 01 of minutes not divisible by ten")
            frames = next
        }
        let timecode = Timecode(
            hours: label.hours, minutes: label.minutes, seconds: label.seconds, frames: frames,
            dropFrame: dropFrame)
        return timecode.frameCount(at: rate) + Int64(carry)
    }

    // MARK: - Reporting

    /// Records a finding, or throws in strict mode when it is at warning level or above.
    mutating func report(
        _ severity: Diagnostic.Severity, _ rule: String, _ message: String, line: Int, column: Int,
        timecode: String? = nil, fix: String? = nil, recoverable: Bool = true
    ) throws(CaptionFormatError) {
        let where_ = location(line: line, column: column, timecode: timecode)
        if strict && severity >= .warning || !recoverable {
            throw CaptionFormatError(.unreadable, message, at: where_, diagnostics: diagnostics)
        }
        guard diagnostics.count < findingLimit else {
            droppedFindings += 1
            return
        }
        diagnostics.append(Diagnostic(severity, rule, message, at: where_, suggestedFix: fix))
    }

    func location(line: Int, column: Int, timecode: String?) -> DiagnosticLocation {
        DiagnosticLocation(file: fileName, line: line, column: column, timecode: timecode)
    }

    // MARK: - Bytes

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    @inline(__always)
    static func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let h = HexText.value(ofDigit: high), let l = HexText.value(ofDigit: low) else { return nil }
        return h << 4 | l
    }
}
