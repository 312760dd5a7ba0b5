import CaptionCore

/// Turns a paragraph's segments into runs, applying TTML1 §7.2.3 `xml:space`.
///
/// With `default`, XSL-FO's white-space handling applies (linefeed-treatment="treat-as-space",
/// white-space-collapse="true", suppress-at-line-break="auto"): each run of XML white space
/// becomes one space, and spaces at the start and end of a line are removed. With `preserve`,
/// white space is kept and a line feed is a line break.
enum TTMLWhitespace {
    static func runs(from segments: [TTMLSegment]) -> [CaptionRun] {
        var builder = RunBuilder()
        for segment in segments {
            switch segment.kind {
            case .lineBreak:
                builder.pendingSpace = nil
                builder.append("\n", style: segment.style)
            case .ruby(let base, let annotation):
                builder.flushPendingSpace()
                var style = segment.style
                style.ruby = annotation
                builder.append(Substring(base), style: style)
            case .text(let text) where segment.preservesSpace:
                builder.flushPendingSpace()
                // XML has already turned CR LF into LF; a lone CR left by a character
                // reference is a line end too.
                builder.append(
                    Substring(text.contains("\r") ? text.replacingCarriageReturns() : text), style: segment.style)
            case .text(let text):
                builder.appendCollapsing(text, style: segment.style)
            }
        }
        return builder.runs
    }

    /// A ruby base or annotation under default handling: each run of XML white space (space,
    /// tab, line feed, carriage return) becomes one space, and none is left at either end, as
    /// for a line of text (a ruby span holds no line break).
    static func collapsed(_ text: String) -> String {
        text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }

    /// Accumulates runs, merging neighbours of equal style, and tracks the state white-space
    /// collapsing needs across segment boundaries.
    private struct RunBuilder {
        var runs: [CaptionRun] = []
        /// A collapsible space seen but not yet written, with the style of its first character.
        var pendingSpace: CaptionTextStyle?
        var atLineStart = true
        var endsWithSpace = false

        mutating func append(_ text: Substring, style: CaptionTextStyle) {
            guard let last = text.last else { return }
            if !runs.isEmpty && runs[runs.count - 1].style == style {
                runs[runs.count - 1].text += text
            } else {
                runs.append(CaptionRun(String(text), style: style))
            }
            atLineStart = last == "\n"
            endsWithSpace = last == " "
        }

        mutating func flushPendingSpace() {
            if let style = pendingSpace {
                pendingSpace = nil
                append(" ", style: style)
            }
        }

        /// Default handling: white-space runs become one pending space, written only when more
        /// text follows on the same line. The segment's text is collected into one string and
        /// appended once.
        mutating func appendCollapsing(_ text: String, style: CaptionTextStyle) {
            let utf8 = text.utf8
            if pendingSpace == nil, Self.isCollapsed(utf8) {
                append(Substring(text), style: style)
                return
            }
            var out = ""
            var pendingIsOurs = false
            var i = utf8.startIndex
            while i != utf8.endIndex {
                if Self.isSpace(utf8[i]) {
                    if pendingSpace == nil && !atLineStart && !endsWithSpace {
                        pendingSpace = style
                        pendingIsOurs = true
                    }
                    i = utf8.index(after: i)
                    continue
                }
                var j = i
                while j != utf8.endIndex && !Self.isSpace(utf8[j]) { j = utf8.index(after: j) }
                if pendingSpace != nil {
                    if pendingIsOurs {
                        out += " "
                        pendingSpace = nil
                    } else {
                        // A space left by an earlier segment keeps that segment's style.
                        flushPendingSpace()
                    }
                }
                out += Substring(utf8[i..<j])
                atLineStart = false
                endsWithSpace = false
                i = j
            }
            if !out.isEmpty {
                // `pendingSpace` may hold a trailing space; `append` must not clear it.
                let pending = pendingSpace
                append(Substring(out), style: style)
                pendingSpace = pending
            }
        }

        /// Whether default handling leaves `utf8` unchanged: no white space at either end, no
        /// tab or line end, no two spaces in a row.
        private static func isCollapsed(_ utf8: String.UTF8View) -> Bool {
            guard let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20 else { return false }
            var previous: UInt8 = 0
            for b in utf8 {
                if b == 0x09 || b == 0x0A || b == 0x0D || (b == 0x20 && previous == 0x20) { return false }
                previous = b
            }
            return true
        }

        private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    }
}

extension String {
    fileprivate func replacingCarriageReturns() -> String {
        String(unicodeScalars.map { $0 == "\r" ? "\n" : Character($0) })
    }
}
