import CaptionCore

/// Writes styled runs as WebVTT cue text (WebVTT §4.2.2 "cue text"): `<c.class>`, `<i>`, `<b>`,
/// `<u>`, `<ruby>`/`<rt>`, timestamp tags at reveal points, `&amp;` `&lt;` `&gt;` escapes.
struct WebVTTCueTextWriter {
    enum Loss: Hashable {
        case color, background, flash, font, textCombine, emptyLine, carriageReturn
        /// Ruby after its base: WebVTT's `<ruby>` takes CSS's initial `ruby-position: over`
        /// (WebVTT §4.2.2, §7.4 "applying CSS properties"), so it is drawn before the base, as an
        /// `outside` ruby is on a paragraph's first line but not on its later ones.
        case rubyPosition
        /// Ruby spread other than centred over its base (the reader reads every ruby centred).
        case rubyAlignment
    }

    /// What the last ``text(_:reveals:)`` could not write.
    private(set) var losses: Set<Loss> = []

    /// The cue text for `runs`, with a timestamp tag at each reveal point (a UTF-8 offset into
    /// the plain text, and its time in milliseconds).
    mutating func text(_ runs: [CaptionRun], reveals: [(offset: Int, milliseconds: Int64)] = []) -> String {
        losses = []
        var out: [UInt8] = []
        var open: [String] = []  // tag names open, outermost first
        var openTags: [UInt8]?  // the start tags written for them
        var offset = 0
        var pending = reveals.sorted { $0.offset < $1.offset }[...]
        func flushReveals(upTo offset: Int) {
            while let r = pending.first, r.offset <= offset {
                out += Array("<\(WebVTTTimestamp.text(milliseconds: r.milliseconds))>".utf8)
                pending.removeFirst()
            }
        }
        flushReveals(upTo: 0)
        var afterLineBreak = false  // whether a line break came before this run
        for run in runs where !run.text.isEmpty {
            defer { afterLineBreak = afterLineBreak || run.text.contains("\n") }
            var style = run.style
            let ruby = style.ruby
            style.ruby = nil
            // Runs whose start tags are the same stay in one element: a style attribute WebVTT
            // cannot carry (a font, flashing) would otherwise split them, and an empty line where
            // one ends and the next starts would be written as "</b><b>", not blank, unreported,
            // and changed into a space at the next write once the runs read back as one.
            var tags: [UInt8] = []
            let names = self.open(style, into: &tags)
            if tags != openTags {
                close(&open, into: &out)
                out += tags
                open = names
                openTags = tags
            }
            let bytes = Array(run.text.utf8)
            if let ruby {
                if ruby.position == .after || (ruby.position == .outside && afterLineBreak) {
                    losses.insert(.rubyPosition)
                }
                if ruby.alignment != .center { losses.insert(.rubyAlignment) }
                out += Array("<ruby>".utf8)
                escape(bytes[...], into: &out)
                out += Array("<rt>".utf8)
                escape(Array(ruby.text.utf8)[...], into: &out)
                out += Array("</rt></ruby>".utf8)
                offset += bytes.count
                flushReveals(upTo: offset)
                continue
            }
            var start = 0
            while start < bytes.count {
                var stop = bytes.count
                if let r = pending.first, r.offset > offset + start, r.offset < offset + bytes.count {
                    stop = r.offset - offset
                }
                escape(bytes[start..<stop], into: &out)
                start = stop
                flushReveals(upTo: offset + start)
            }
            offset += bytes.count
        }
        flushReveals(upTo: Int.max)
        close(&open, into: &out)
        // A cue without text is a timing line and the blank line after it (WebVTT §6.1): a space
        // there would read back as text.
        if out.isEmpty { return "" }
        // A CR in the text (from JSON, or a WebVTT character reference such as `&#xd`) cannot be
        // written: a parser reads it as a line break (§6.1), and HTML allows no reference to it
        // (HTML §13.1.4, "character references"), so it is written as a line feed, and reported.
        // One scan in the usual case (no CR): the rewrite runs only when there is one.
        var lines = out
        if ByteScan.firstIndex(of: 0x0D, in: out) != nil {
            losses.insert(.carriageReturn)
            lines = ByteScan.lineFeedsOnly(out)
        }
        let text = String(decoding: lines, as: UTF8.self)
        let written = Self.withoutEmptyLines(text)
        if written != text { losses.insert(.emptyLine) }
        return written
    }

    private mutating func open(_ style: CaptionTextStyle, into out: inout [UInt8]) -> [String] {
        var tags: [String] = []
        var classes: [String] = []
        if let color = style.textColor {
            if let name = WebVTTColorClasses.name(of: color) { classes.append(name) } else { losses.insert(.color) }
        }
        if let color = style.backgroundColor {
            if let name = WebVTTColorClasses.name(of: color) {
                classes.append("bg_" + name)
            } else {
                losses.insert(.background)
            }
        }
        if style.flash { losses.insert(.flash) }
        if style.fontFamily != nil || style.fontSize != nil { losses.insert(.font) }
        if style.textCombine { losses.insert(.textCombine) }
        if !classes.isEmpty {
            out += Array(("<c." + classes.joined(separator: ".") + ">").utf8)
            tags.append("c")
        }
        for (on, name) in [(style.italic, "i"), (style.bold, "b"), (style.underline, "u")] where on {
            out += Array("<\(name)>".utf8)
            tags.append(name)
        }
        return tags
    }

    private func close(_ open: inout [String], into out: inout [UInt8]) {
        for name in open.reversed() { out += Array("</\(name)>".utf8) }
        open.removeAll()
    }

    private func escape(_ bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
        for b in bytes {
            switch b {
            case 0x26: out += Array("&amp;".utf8)
            case 0x3C: out += Array("&lt;".utf8)
            case 0x3E: out += Array("&gt;".utf8)
            default: out.append(b)
            }
        }
    }

    /// A blank line would end the cue (WebVTT §6.1): empty lines get one space. `text` holds no
    /// CR: a WebVTT parser reads CR LF and a lone CR as LF, so "a\r\n\nb" would be an empty line
    /// that ends the cue, and the writer makes them LF first (`ByteScan.lineFeedsOnly`). A line
    /// feed is then a character of its own, and the test is on bytes (a line feed after a line
    /// feed, first or last): the generic `contains` of a string took 13% of a WebVTT write.
    static func withoutEmptyLines(_ text: String) -> String {
        guard hasEmptyLine(text) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? " " : String($0) }.joined(separator: "\n")
    }

    private static func hasEmptyLine(_ text: String) -> Bool {
        var previous: UInt8 = 0x0A
        for byte in text.utf8 {
            if byte == 0x0A && previous == 0x0A { return true }
            previous = byte
        }
        return previous == 0x0A
    }
}
