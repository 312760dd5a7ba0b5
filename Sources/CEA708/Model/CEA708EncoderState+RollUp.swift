import CaptionCore

// Roll-up captions as a scroll-up window written line by line with CR (Specs/cea708.md, "Into
// and out of the caption model").

extension CEA708EncoderState {
    mutating func encodeRollUp(_ captions: [(index: Int, caption: Caption)], rows: Int, region: CaptionRegion) {
        let first = captions[0].caption.timeRange.start
        guard let window = allocate(by: first, index: captions[0].index) else { return }
        var windowRows = rows
        if let height = region.size?.height, height.unit == .cells, height.value.isFinite {
            windowRows = height.value.roundedClamped(to: 1...CEA708Window.maximumRows)
        }
        windowRows = min(max(windowRows, 1), CEA708Window.maximumRows)
        var windowRegion = region
        let onGrid = region.origin?.x.unit == .cells
        if onGrid { windowRegion.origin?.x = .cells(0) }
        let columns = onGrid ? CEA708Regions.columns : maximumColumns
        var definition = CEA708Regions.definition(
            window: window, region: windowRegion, rows: windowRows, columns: columns, wide: wide, visible: true)
        definition.rowLock = true
        reportMove(windowRegion, rows: windowRows, columns: columns, caption: captions[0].index, at: first)
        // A line that ends before it would scroll out (the start of the line `windowRows` later)
        // is erased then: CLW when it is the last on screen, else HCR on its row (§7.1.4).
        var ends: [MediaTime] = []
        for (position, member) in captions.enumerated() {
            let later = position + windowRows
            let natural = later < captions.count ? captions[later].caption.timeRange.start : nil
            var end = member.caption.timeRange.end
            if let natural, end > natural {
                note(
                    .warning, "708.encode.roll-up",
                    "a roll-up line stays after the window of \(windowRows) rows would have scrolled it out; it ends then",
                    member.caption.timeRange.start)
                end = natural
            }
            ends.append(end)
        }
        var clears: [MediaTime] = []
        for (position, member) in captions.enumerated() {
            let later = position + windowRows
            let natural = later < captions.count ? captions[later].caption.timeRange.start : nil
            let end = ends[position]
            guard end != natural else { continue }
            let shown = captions.indices.filter { captions[$0].caption.timeRange.start < end && ends[$0] >= end }
            if shown.allSatisfy({ ends[$0] == end }) {
                clears.append(end)
                continue
            }
            // Each line started after it and before its end has scrolled it up one row.
            let row = windowRows - 1 - captions[(position + 1)...].filter { $0.caption.timeRange.start < end }.count
            guard row >= 0 else { continue }
            chunks.append(
                (
                    chunks.count,
                    CEA708ServiceChunk(
                        kind: .cue, time: end, window: window,
                        commands: [
                            .setCurrentWindow(window), .setPenLocation(row: row, column: 0), .horizontalCarriageReturn,
                        ],
                        captionIndices: [member.index]),
                    nil
                ))
        }
        var defined = false
        var previousStart = MediaTime.negativeInfinity
        var lastEnd = first
        for (index, caption) in captions {
            let start = caption.timeRange.start
            let cleared = clears.contains { $0 > previousStart && $0 <= start }
            var commands: [CEA708Command] = []
            if !defined {
                commands = define(definition) + [.clearWindows(CEA708WindowSet([window]))]
                // The first line's region gives the window its fill and border (§8.10.5.5).
                let wanted = CEA708Regions.attributes(
                    CEA708PredefinedStyles.window(CEA708Regions.windowStyle) ?? .init(), for: caption.region)
                if attributes[window] != wanted {
                    commands.append(.setWindowAttributes(wanted))
                    attributes[window] = wanted
                }
                defined = true
            } else {
                // The pen back on the last row (an HCR may have moved it), then CR scrolls.
                commands = [.setCurrentWindow(window), .setPenLocation(row: windowRows - 1, column: 0)]
                if !cleared { commands.append(.carriageReturn) }
            }
            var line = Self.lines(caption.runs).first ?? []
            if Self.lines(caption.runs).count > 1 {
                report(
                    .warning, "708.encode.size",
                    "roll-up caption \(index + 1) has several lines; only the first is sent",
                    at: start)
            }
            var length = line.reduce(0) { $0 + $1.text.unicodeScalars.count }
            if length > columns {
                report(
                    .warning, "708.encode.size",
                    "roll-up caption \(index + 1) has \(length) characters; the window holds \(columns)", at: start)
                line = Self.clip(line, to: columns)
                length = columns
            }
            var column = 0
            if onGrid, let x = caption.region?.origin?.x, x.value.isFinite {
                column = x.value.roundedClamped(to: 0...max(columns - length, 0))
            }
            commands.append(.setPenLocation(row: windowRows - 1, column: column))
            commands += text(line, window: window, caption: index, at: start)
            chunks.append(
                (
                    chunks.count,
                    CEA708ServiceChunk(
                        kind: .cue, time: start, window: window, commands: commands, captionIndices: [index]),
                    nil
                ))
            previousStart = start
            lastEnd = max(lastEnd, caption.timeRange.end)
        }
        for end in Set(clears) {
            cues[end, default: Cue()].clear.insert(window)
        }
        freeAt[window] = lastEnd
    }
}
