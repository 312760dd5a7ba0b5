import CaptionCore

// Captions → one service's data (Specs/cea708.md, "From captions to windows"). Each pop-on
// caption gets a window of its own size at its region, prepared hidden (DFx, CLW, SWA, SPL, SPA,
// SPC, text; CTA-708-E §8.10.5) before it starts, shown by DSW at its start and hidden by HDW at
// its end (§8.10.5.3); a paint-on caption of one line is prepared the same way, then shown empty
// and written at its start. Roll-up captions (`Scroll.rollUp`) share a visible window of that many rows
// with predefined window style 2 (transparent fill, §8.4): each line is a CR and its text at
// the caption's start, as 608 roll-up is (47 CFR 15.119(f)(1)); a line that ends before it would
// scroll out ends with CLW. Windows are reused least recently freed first; at most eight are
// defined at once (§8.4).

/// Turns a caption document into one service's data, as chunks for ``CEA708Scheduler``.
public struct CEA708CaptionEncoder: Sendable {
    /// Whether the service is 16:9 (anchors 0–209 across, windows up to 42 columns) or 4:3.
    public var wide: Bool

    public init(wide: Bool = true) {
        self.wide = wide
    }

    /// What the encoder sends for a character no code set holds (`-` for dashes, `'`, `"`, a
    /// space for a tab, else `?`).
    public static func replacement(for scalar: Unicode.Scalar) -> String {
        CEA708EncoderState.replacement(for: scalar)
    }

    /// `document` with each region in percent where this encoder's window puts it: its origin on
    /// the grid of relative anchors (hundredths of the safe-title area, CTA-708-E §8.4.4), as a
    /// decoder reads it back. What a file carrying the captions in another form beside 708 (MCC's
    /// CEA-608 half) is made from, so that both halves place them alike.
    public static func anchored(_ document: CaptionDocument) -> CaptionDocument {
        var document = document
        for i in document.captions.indices {
            document.captions[i].region = document.captions[i].region.map(CEA708Regions.anchored)
        }
        return document
    }

    /// The chunks of `document`'s captions, by time, and what 708 could not hold.
    public func encode(_ document: CaptionDocument) -> CEA708ServiceEncoding {
        var state = CEA708EncoderState(wide: wide)
        let order = document.captions.indices.sorted {
            (document.captions[$0].timeRange.start, $0) < (document.captions[$1].timeRange.start, $1)
        }
        var sessionDone = Set<Int>()
        for (position, index) in order.enumerated() where !sessionDone.contains(index) {
            let caption = document.captions[index]
            guard caption.timeRange.isValid, caption.timeRange.start.isNumeric, caption.timeRange.end.isNumeric,
                caption.timeRange.duration > .zero
            else {
                state.report(
                    .warning, "708.encode.time", "caption \(index + 1) has no usable time range; left out",
                    at: caption.timeRange.start)
                continue
            }
            if case .rollUp(let rows) = caption.region?.scroll, let region = caption.region {
                // The session: this and the following roll-up captions in the same window.
                let key = CEA708EncoderState.sessionKey(region, rows: rows)
                var members = [index]
                for next in order[(position + 1)...] {
                    let other = document.captions[next]
                    guard case .rollUp(let r) = other.region?.scroll, let o = other.region,
                        CEA708EncoderState.sessionKey(o, rows: r) == key
                    else {
                        if case .rollUp = other.region?.scroll { break }
                        continue
                    }
                    members.append(next)
                }
                sessionDone.formUnion(members)
                state.encodeRollUp(members.map { ($0, document.captions[$0]) }, rows: rows, region: region)
            } else {
                state.encodePopOn(caption, index: index)
            }
        }
        return state.result()
    }
}

/// The encoder's memory of the windows it defined and the chunks it made.
struct CEA708EncoderState {
    /// Show, hide and clear commands due at one time, sent together.
    struct Cue {
        var hide = Set<Int>()
        var clear = Set<Int>()
        var show = Set<Int>()
        var captions: [Int] = []
    }

    let wide: Bool
    var chunks: [(id: Int, chunk: CEA708ServiceChunk, dependsOnCue: MediaTime?)] = []
    var cues: [MediaTime: Cue] = [:]
    var diagnostics: [Diagnostic] = []
    var captionsWithoutWindow: [Int] = []
    var reported = Set<String>()
    /// Captions whose replaced characters were reported (once a caption).
    var charactersReported = Set<Int>()
    var definitions = [CEA708WindowDefinition?](repeating: nil, count: 8)
    var attributes = [CEA708WindowAttributes?](repeating: nil, count: 8)
    var pens = [CEA708PenAttributes?](repeating: nil, count: 8)
    var penColors = [CEA708PenColor?](repeating: nil, count: 8)
    var freeAt = [MediaTime](repeating: .negativeInfinity, count: 8)

    init(wide: Bool) { self.wide = wide }

    var maximumColumns: Int { wide ? CEA708Window.maximumColumns : CEA708Regions.columns }

    static func sessionKey(_ region: CaptionRegion, rows: Int) -> String {
        "\(region.origin?.y.description ?? "-") \(region.size?.height.description ?? "-") \(rows)"
            + (region.origin?.x.unit == .percent ? " \(region.origin?.x.description ?? "")" : "")
    }

    // MARK: - Pop-on

    /// A pop-on caption (its window filled while hidden, shown at its start), or a paint-on one
    /// (`.characterReveal`) of one line: its window is shown empty at its start and written while
    /// it shows, so that the characters appear as they arrive (§8.10.5.3; the builder reads a
    /// window written to while shown as paint-on lines). A paint-on caption of several lines is
    /// sent as a pop-on window: in one window of several rows the builder would read its last
    /// line as roll-up (Specs/cea708.md).
    mutating func encodePopOn(_ caption: Caption, index: Int) {
        let start = caption.timeRange.start
        var lines = Self.lines(caption.runs)
        let paintOn = caption.animation == .characterReveal && lines.count == 1
        if caption.animation == .characterReveal && !paintOn {
            note(
                .info, "708.encode.animation",
                "paint-on captions of several lines are sent as pop-on windows (whole at their start)", start)
        }
        guard let window = allocate(by: start, index: index) else { return }
        if lines.count > CEA708Window.maximumRows {
            report(
                .warning, "708.encode.size",
                "caption \(index + 1) has \(lines.count) lines; a window holds 15 (§8.4), the rest is left out",
                at: start)
            lines = Array(lines.prefix(CEA708Window.maximumRows))
        }
        let longest = lines.map { $0.reduce(0) { $0 + $1.text.unicodeScalars.count } }.max() ?? 0
        var columns = longest
        if let width = caption.region?.size?.width, width.unit == .cells, width.value.isFinite {
            columns = max(columns, width.value.roundedClamped(to: 0...1000))  // clipped to a window below
        }
        let alignment = caption.textAlignment
        let centered = alignment == .center
        if centered, caption.region?.origin?.x.unit == .cells { columns = max(columns, CEA708Regions.columns) }
        if columns > maximumColumns {
            if longest > maximumColumns {
                report(
                    .warning, "708.encode.size",
                    "caption \(index + 1) has a line of \(longest) characters; a window holds \(maximumColumns) (§8.4), the rest is clipped",
                    at: start)
            }
            columns = maximumColumns
        }
        var region = caption.region
        if centered, region?.origin?.x.unit == .cells { region?.origin?.x = .cells(0) }
        let definition = CEA708Regions.definition(
            window: window, region: region, rows: max(lines.count, 1), columns: max(columns, 1), wide: wide,
            visible: false)
        reportMove(region, rows: max(lines.count, 1), columns: max(columns, 1), caption: index, at: start)
        var commands = define(definition)
        commands.append(.clearWindows(CEA708WindowSet([window])))
        var wanted = CEA708PredefinedStyles.window(CEA708Regions.windowStyle) ?? .init()
        switch alignment {
        case .center: wanted.justify = .center
        case .right, .end: wanted.justify = .right
        default: break
        }
        wanted = CEA708Regions.attributes(wanted, for: caption.region)
        if attributes[window] != wanted {
            commands.append(.setWindowAttributes(wanted))
            attributes[window] = wanted
        }
        // Paint-on: the window prepared hidden as for pop-on, then shown and written at its start
        // (CWx, DSW, the text): the fewest bytes before the first character, so that it arrives
        // in the start frame.
        var written: [CEA708Command] =
            paintOn ? [.setCurrentWindow(window), .displayWindows(CEA708WindowSet([window]))] : []
        for (row, line) in lines.enumerated() {
            let length = line.reduce(0) { $0 + $1.text.unicodeScalars.count }
            var column = 0
            if wanted.justify == .center { column = max(0, (columns - length) / 2) }
            if wanted.justify == .right { column = max(0, columns - length) }
            written.append(.setPenLocation(row: row, column: column))
            written += text(line, window: window, caption: index, at: start)
        }
        if !paintOn { commands += written }
        let previousEnd = freeAt[window]
        chunks.append(
            (
                chunks.count,
                CEA708ServiceChunk(
                    kind: .preload, time: start, release: previousEnd.isNumeric ? previousEnd : .negativeInfinity,
                    window: window,
                    commands: commands, captionIndices: [index]),
                previousEnd.isNumeric ? previousEnd : nil
            ))
        if paintOn {
            // Seen from its start, as a roll-up line is: a cue, after the window cues of that time.
            chunks.append(
                (
                    chunks.count,
                    CEA708ServiceChunk(
                        kind: .cue, time: start, window: window, commands: written, captionIndices: [index]),
                    nil
                ))
        } else {
            cues[start, default: Cue()].show.insert(window)
            cues[start, default: Cue()].captions.append(index)
        }
        cues[caption.timeRange.end, default: Cue()].hide.insert(window)
        cues[caption.timeRange.end, default: Cue()].captions.append(index)
        freeAt[window] = caption.timeRange.end
    }

    // MARK: - Windows, pens, text

    /// A warning when the window cannot be where the caption's region is (off the screen).
    mutating func reportMove(_ region: CaptionRegion?, rows: Int, columns: Int, caption: Int, at time: MediaTime) {
        guard CEA708Regions.moves(region, rows: rows, columns: columns) else { return }
        report(
            .warning, "708.encode.position",
            "caption \(caption + 1)'s region is partly off the screen (outside the safe-title area or the grid); its window is moved to the edge (§8.4)",
            at: time)
    }

    /// The least recently freed window that is free by `time`.
    mutating func allocate(by time: MediaTime, index: Int) -> Int? {
        // Strictly before: the window's preload goes between its HDW and the new DSW.
        let free = (0..<8).filter { freeAt[$0] < time }
        guard let window = free.min(by: { (freeAt[$0], $0) < (freeAt[$1], $1) }) else {
            captionsWithoutWindow.append(index)
            report(
                .error, "708.encode.windows",
                "caption \(index + 1) would be the ninth window on screen or in preparation at once; a service has eight (§8.4); left out",
                at: time)
            return nil
        }
        return window
    }

    /// DFx, or CWx when the window already has this definition (a repeated DefineWindow changes
    /// nothing, and costs seven bytes). A new or changed definition resets the pen to style 1 and
    /// the attributes to the window style.
    mutating func define(_ definition: CEA708WindowDefinition) -> [CEA708Command] {
        let window = definition.window
        if definitions[window] == definition { return [.setCurrentWindow(window)] }
        definitions[window] = definition
        attributes[window] = CEA708PredefinedStyles.window(definition.windowStyle)
        let pen = CEA708PredefinedStyles.pen(definition.penStyle)
        pens[window] = pen?.attributes
        penColors[window] = pen?.color
        return [.defineWindow(definition)]
    }

    /// The pen changes and characters of a line's runs.
    mutating func text(_ line: [CaptionRun], window: Int, caption: Int, at time: MediaTime) -> [CEA708Command] {
        var commands: [CEA708Command] = []
        var replaced: [Character] = []
        for run in line {
            let (pen, color, lost) = run.style.cea708Pen()
            for name in lost {
                note(.info, "708.encode.style", "\(name) has no place in CTA-708 pen attributes; left out", time)
            }
            if pens[window] != pen {
                commands.append(.setPenAttributes(pen))
                pens[window] = pen
            }
            if penColors[window] != color {
                commands.append(.setPenColor(color))
                penColors[window] = color
            }
            var basic = ""
            func flush() {
                if !basic.isEmpty { commands.append(.text(basic)) }
                basic = ""
            }
            for scalar in run.text.unicodeScalars {
                if scalar == "\u{A0}" {
                    // A cell showing the picture, as 608's transparent space: NBTSP (G2 0x21).
                    flush()
                    commands.append(.extendedCharacter(0x21))
                } else if CEA708CodeTables.basicByte(for: scalar) != nil {
                    basic.unicodeScalars.append(scalar)
                } else if let code = CEA708CodeTables.extendedCode(for: scalar) {
                    flush()
                    commands.append(.extendedCharacter(code))
                } else {
                    replaced.append(Character(scalar))
                    basic += Self.replacement(for: scalar)
                }
            }
            flush()
        }
        if !replaced.isEmpty, charactersReported.insert(caption).inserted {
            report(
                .warning, "708.encode.character",
                "caption \(caption + 1): \(String(replaced).debugDescription) not in the 708 character sets G0–G3 (§7.1); replaced",
                at: time)
        }
        return commands
    }

    static func replacement(for scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\t": " "
        case "–", "—", "‐", "‑", "−": "-"
        case "`", "´", "′": "'"
        case "″": "\""
        default: "?"
        }
    }

    /// The runs of each line ("\n" ends a line).
    static func lines(_ runs: [CaptionRun]) -> [[CaptionRun]] {
        var lines: [[CaptionRun]] = [[]]
        for run in runs {
            let parts = run.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (n, part) in parts.enumerated() {
                if n > 0 { lines.append([]) }
                if !part.isEmpty { lines[lines.count - 1].append(CaptionRun(String(part), style: run.style)) }
            }
        }
        return lines
    }

    static func clip(_ line: [CaptionRun], to count: Int) -> [CaptionRun] {
        var left = count
        var result: [CaptionRun] = []
        for run in line where left > 0 {
            let scalars = run.text.unicodeScalars.prefix(left)
            left -= scalars.count
            result.append(CaptionRun(String(String.UnicodeScalarView(scalars)), style: run.style))
        }
        return result
    }

    // MARK: - Result

    mutating func result() -> CEA708ServiceEncoding {
        var all = chunks
        var cueIDs: [MediaTime: Int] = [:]
        for (time, cue) in cues {
            var commands: [CEA708Command] = []
            if !cue.hide.isEmpty { commands.append(.hideWindows(CEA708WindowSet(Array(cue.hide)))) }
            if !cue.clear.isEmpty { commands.append(.clearWindows(CEA708WindowSet(Array(cue.clear)))) }
            if !cue.show.isEmpty { commands.append(.displayWindows(CEA708WindowSet(Array(cue.show)))) }
            let id = all.count
            cueIDs[time] = id
            all.append(
                (
                    id,
                    CEA708ServiceChunk(
                        kind: .cue, time: time, window: nil, commands: commands,
                        captionIndices: Array(Set(cue.captions)).sorted()), nil
                ))
        }
        // By time; at one time the preloads due then, then the window cue, then roll-up lines.
        func rank(_ entry: (id: Int, chunk: CEA708ServiceChunk, dependsOnCue: MediaTime?)) -> Int {
            if entry.chunk.kind == .preload { return 0 }
            // Erases (window cues, HCR) before the roll-up lines that start at the same time.
            if entry.chunk.window == nil || entry.chunk.commands.last == .horizontalCarriageReturn { return 1 }
            return 2
        }
        all.sort { ($0.chunk.time, rank($0), $0.id) < ($1.chunk.time, rank($1), $1.id) }
        let position = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.id, $0) })
        let ordered = all.map { entry in
            var chunk = entry.chunk
            if let time = entry.dependsOnCue, let id = cueIDs[time] { chunk.after = position[id] }
            return chunk
        }
        var encoding = CEA708ServiceEncoding(chunks: ordered, diagnostics: diagnostics)
        encoding.captionsWithoutWindow = captionsWithoutWindow
        return encoding
    }

    mutating func note(_ severity: Diagnostic.Severity, _ rule: String, _ message: String, _ time: MediaTime) {
        guard reported.insert(rule + message).inserted else { return }
        report(severity, rule, message, at: time)
    }

    mutating func report(_ severity: Diagnostic.Severity, _ rule: String, _ message: String, at time: MediaTime) {
        diagnostics.append(Diagnostic(severity, rule, message, at: DiagnosticLocation(time: time)))
    }
}
