import CaptionCore

/// The WebVTT parser algorithm of WebVTT §6.1, as written: the signature check, the header
/// block, then "collect a WebVTT block" until the end, giving cues, regions and style sheets.
///
/// The parser never fails after the signature: what it cannot use it skips, as the algorithm
/// does, and records a diagnostic with the line so the user learns what was dropped.
public struct WebVTTParser: Sendable {
    public var fileName: String?

    public init(fileName: String? = nil) {
        self.fileName = fileName
    }

    /// Parses the bytes of a file. Throws when the file does not start with the WebVTT
    /// signature (§6.1 steps 4–6), the one case where the algorithm aborts without a result.
    public func parse(_ raw: some Collection<UInt8>) throws(CaptionFormatError) -> (WebVTTFile, [Diagnostic]) {
        let input = WebVTTInput(raw)
        var state = State(input: input.bytes, fileName: fileName)
        if input.hadInvalidUTF8 {
            state.note(.warning, "webvtt.encoding", "bytes that are not UTF-8 were replaced by U+FFFD", line: nil)
        }
        if input.nullCount > 0 {
            state.note(.warning, "webvtt.null", "\(input.nullCount) U+0000 character(s) replaced by U+FFFD", line: nil)
        }
        try state.checkSignature()
        state.run()
        return (state.file, state.diagnostics)
    }

    /// The parser's variables: |input|, |position|, |seen cue|, |regions| and the results.
    private struct State {
        let input: [UInt8]
        let fileName: String?
        var position = 0
        /// The 1-based line number at `position`.
        var lineNumber = 1
        var seenCue = false
        var file = WebVTTFile()
        var diagnostics: [Diagnostic] = []

        init(input: [UInt8], fileName: String?) {
            self.input = input
            self.fileName = fileName
        }

        mutating func note(_ severity: Diagnostic.Severity, _ rule: String, _ message: String, line: Int?) {
            diagnostics.append(Diagnostic(severity, rule, message, at: DiagnosticLocation(file: fileName, line: line)))
        }

        /// Steps 4–6: at least "WEBVTT", followed by nothing, a space, a tab or a line feed.
        mutating func checkSignature() throws(CaptionFormatError) {
            let signature = Array("WEBVTT".utf8)
            let ok: Bool
            if input.count < 6 {
                ok = false
            } else if !input.starts(with: signature) {
                ok = false
            } else if input.count == 6 {
                ok = true
            } else {
                ok = [0x20, 0x09, 0x0A].contains(input[6])
            }
            guard ok else {
                let head = String(decoding: input.prefix(20).prefix { $0 != 0x0A }, as: UTF8.self)
                throw CaptionFormatError(
                    .unreadable,
                    "not a WebVTT file: the first line must be \"WEBVTT\", alone or followed by a space or tab"
                        + (head.isEmpty ? " (the file is empty)" : ", not \"\(head)\""),
                    at: DiagnosticLocation(file: fileName, line: 1, column: 1))
            }
        }

        /// Steps 7 onwards.
        mutating func run() {
            let firstLine = collectLine()
            file.header = WebVTTBytes.string(input[6..<firstLine.endIndex]).trimmingLeadingWhitespace()
            guard position < input.count else { return }
            advancePastLineFeed()
            guard position < input.count else { return }
            // Header: a block of header lines unless the next line is empty.
            if input[position] != WebVTTBytes.lf {
                let headerLines = collectBlock(inHeader: true)
                if !headerLines.isEmpty {
                    file.header += (file.header.isEmpty ? "" : "\n") + headerLines
                }
            } else {
                advancePastLineFeed()
            }
            skipLineFeeds()
            // Block loop.
            while position < input.count {
                _ = collectBlock(inHeader: false)
                skipLineFeeds()
            }
        }

        /// Collects code points that are not LF; returns their range.
        mutating func collectLine() -> Range<Int> {
            let start = position
            position = ByteScan.firstIndex(of: WebVTTBytes.lf, in: input, from: start) ?? input.count
            return start..<position
        }

        mutating func advancePastLineFeed() {
            position += 1
            lineNumber += 1
        }

        mutating func skipLineFeeds() {
            while position < input.count, input[position] == WebVTTBytes.lf { advancePastLineFeed() }
        }

        /// "Collect a WebVTT block" (§6.1). Adds what it finds to `file`; returns the buffer's
        /// text when in the header.
        mutating func collectBlock(inHeader: Bool) -> String {
            var lineCount = 0
            var previousPosition = position
            var previousLineNumber = lineNumber
            var buffer: [UInt8] = []
            var seenArrow = false
            var cue: WebVTTCue?
            var isStyleSheet = false
            var region: WebVTTRegion?
            let blockLine = lineNumber
            var failedTimings: Int?
            while true {
                let lineStartNumber = lineNumber
                let line = input[collectLine()]
                lineCount += 1
                let seenEOF = position >= input.count
                if !seenEOF { advancePastLineFeed() }
                if containsArrow(line) {
                    if !inHeader && (lineCount == 1 || (lineCount == 2 && !seenArrow)) {
                        seenArrow = true
                        previousPosition = position
                        previousLineNumber = lineNumber
                        // Cue creation: the defaults are WebVTTCue's.
                        var newCue = WebVTTCue(identifier: WebVTTBytes.string(buffer[...]), sourceLine: lineStartNumber)
                        if WebVTTSettingsParser.collectTimingsAndSettings(line, regions: file.regions, into: &newCue) {
                            cue = newCue
                            buffer.removeAll(keepingCapacity: true)
                            seenCue = true
                        } else {
                            cue = nil
                            failedTimings = lineStartNumber
                        }
                    } else {
                        position = previousPosition
                        lineNumber = previousLineNumber
                        break
                    }
                } else if line.isEmpty {
                    break
                } else {
                    if !inHeader && lineCount == 2 {
                        if !seenCue && startsWithKeyword(buffer, "STYLE") {
                            isStyleSheet = true
                            buffer.removeAll()
                        } else if !seenCue && startsWithKeyword(buffer, "REGION") {
                            region = WebVTTRegion()
                            buffer.removeAll()
                        }
                    }
                    if !buffer.isEmpty { buffer.append(WebVTTBytes.lf) }
                    buffer.append(contentsOf: line)
                    previousPosition = position
                    previousLineNumber = lineNumber
                }
                if seenEOF { break }
            }
            if inHeader { return WebVTTBytes.string(buffer[...]) }
            if var cue {
                cue.text = WebVTTBytes.string(buffer[...])
                file.cues.append(cue)
            } else if isStyleSheet {
                file.styleSheets.append(WebVTTBytes.string(buffer[...]))
            } else if var region {
                WebVTTSettingsParser.collectRegionSettings(buffer[...], into: &region)
                file.regions.append(region)
            } else if let failedTimings {
                note(
                    .warning, "webvtt.timings",
                    "cue timings not understood (expected \"hh:mm:ss.ttt --> hh:mm:ss.ttt\" and settings); the block is skipped",
                    line: failedTimings)
            } else if startsWithKeyword(buffer, "NOTE") {
                file.notes.append(WebVTTBytes.string(buffer.dropFirst(4)).trimmingLeadingWhitespace())
            } else if startsWithKeyword(buffer, "STYLE") || startsWithKeyword(buffer, "REGION") {
                note(
                    .warning, "webvtt.block", "a STYLE or REGION block after the first cue is ignored (WebVTT §6.1)",
                    line: blockLine)
            } else if !buffer.isEmpty {
                note(.warning, "webvtt.block", "a block without cue timings is ignored", line: blockLine)
            }
            return ""
        }

        private func containsArrow(_ line: ArraySlice<UInt8>) -> Bool {
            var from = line.startIndex
            while let gt = ByteScan.firstIndex(of: 0x3E, in: line, from: from) {
                if gt - 2 >= line.startIndex, line[gt - 1] == 0x2D, line[gt - 2] == 0x2D { return true }
                from = gt + 1
            }
            return false
        }

        /// `buffer` starts with `keyword` and the rest (the rest of its first line, for NOTE) is
        /// ASCII whitespace; for NOTE, any text may follow a space, tab or line feed.
        private func startsWithKeyword(_ buffer: [UInt8], _ keyword: String) -> Bool {
            let k = Array(keyword.utf8)
            guard buffer.starts(with: k) else { return false }
            let rest = buffer.dropFirst(k.count)
            if keyword == "NOTE" { return rest.first.map(WebVTTBytes.isWhitespace) ?? true }
            return rest.allSatisfy(WebVTTBytes.isWhitespace)
        }
    }
}

extension String {
    func trimmingLeadingWhitespace() -> String {
        String(decoding: utf8.drop(while: WebVTTBytes.isWhitespace), as: UTF8.self)
    }
}
