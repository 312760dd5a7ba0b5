import CEA608
import CaptionCore

// From screen changes to captions (Specs/scc.md "From the screen to captions"). Pop-on captions
// live from the EOC that shows them (47 CFR 15.119(f)(2), now 47 CFR 79.101) to the change that
// removes them; roll-up captions are one per line (15.119(f)(1)); paint-on captions grow while
// characters are only added (15.119(f)(3)). A roll-up line or paint-on caption starts with the
// codes that prepare it (Specs/scc.md "Start of a roll-up line or paint-on caption").

/// Turns the decoder's screen changes into captions: one caption per on-screen block.
///
/// A block is a run of consecutive rows whose first visible character is in the same column;
/// rows at other columns make their own captions even when they share a time range. In roll-up
/// every row is its own caption, followed by its line identifier as it scrolls.
struct SCCCaptionBuilder {
    /// How a caption reached the screen.
    enum Kind: Equatable {
        case popOn
        case paintOn
        case rollUp(rows: Int, windowTop: Int, windowRows: Int)
    }

    /// A caption on screen now, not finished yet.
    struct OpenCaption {
        var kind: Kind
        var top: Int
        var bottom: Int
        var column: Int
        var lineID: Int32
        var startFrame: Int64
        /// Paint-on: per row, bit `c` set when column `c` was written since the caption began.
        var painted: [UInt32] = []
        /// Pop-on rows each centred on the grid at different columns: one centred caption.
        var centered = false
        /// Paint-on: the run of words that painted it (``SCCCaptionBuilder/run``).
        var run = 0
    }

    /// A finished caption and the keys it is sorted by.
    struct Finished {
        var startFrame: Int64
        var row: Int
        var column: Int
        var caption: Caption
    }

    static let rows = CEA608Memory.rows
    static let columns = CEA608Memory.columns

    /// Converts a frame number to media time.
    let time: (Int64) -> MediaTime
    /// The most captions kept (``SCCReader/maximumCaptions``); past it none is made.
    let captionLimit: Int
    /// The start frame of the first caption past ``captionLimit``.
    private(set) var firstPastLimit: Int64?

    /// The displayed memory as it was before the change being applied.
    var mirror = [CEA608Cell](repeating: .empty, count: rows * columns)
    var mirrorIDs = [Int32](repeating: 0, count: rows)
    /// First and last visible column of each mirror row; -1 when the row shows nothing.
    var first = [Int](repeating: -1, count: rows)
    var last = [Int](repeating: -1, count: rows)
    var newFirst = [Int](repeating: -1, count: rows)
    var newLast = [Int](repeating: -1, count: rows)
    /// Per row, the columns whose cell the change being applied altered (paint-on only).
    var changedCells = [UInt32](repeating: 0, count: rows)
    /// The line identifiers of the memory being applied.
    var newIDs = [Int32](repeating: 0, count: rows)
    var open: [OpenCaption] = []
    private(set) var finished: [Finished] = []
    /// The start of the next roll-up line or paint-on caption: the frame of the first code that
    /// prepared it (CR, RU, PAC, tab offset) in the run of words ending with its first character.
    var cue: Int64?
    /// The frame of the last word this channel received: a frame without one ends the run.
    private var lastWordFrame: Int64 = .min
    /// Counts runs of words: a new one begins after a frame without a word for the channel and
    /// at a code that prepares new text (PAC, tab offset, RU, CR) after text was shown. A
    /// paint-on caption is what one run paints: later text, even on its row, is a new caption
    /// from the moment it is sent (15.119(f)(3): characters appear as they arrive).
    var run = 0
    /// The frame of the code that began the current run (its first PAC, TO or RU), kept when a
    /// change in the run resets ``cue``; `nil` for a run begun by text.
    var runStart: Int64?
    /// Whether a paint-on caption has opened in the current run: only the first starts at
    /// ``runStart`` (a paint-on caption is what one run paints).
    var runOpened = false

    /// The UTF-8 of the run being built by ``makeCaption(_:endFrame:)``, kept between captions
    /// so that its storage is allocated once.
    var scratch: [UInt8] = []

    init(time: @escaping (Int64) -> MediaTime, captionLimit: Int = SCCReader.maximumCaptions) {
        self.time = time
        self.captionLimit = captionLimit
        open.reserveCapacity(8)
        finished.reserveCapacity(256)
        scratch.reserveCapacity(128)
    }

    // MARK: - Following the codes

    /// Notes a word the decoder took for the channel, before its screen change is applied: a
    /// frame without a word since the last one ends the run that prepares a caption.
    mutating func receive(frame: Int64) {
        if frame != lastWordFrame &+ 1 {
            cue = nil
            run += 1
            runStart = nil
            runOpened = false
        }
        lastWordFrame = frame
    }

    /// Notes what a code did for the next caption, after its screen change is applied.
    ///
    /// A CR starts the next roll-up line where it rolls the window (the roll is what the viewer
    /// sees first); RU, a PAC or a tab offset in roll-up or paint-on mode start it unless an
    /// earlier code of the run did; EDM ends the run (the caption after it starts after it).
    mutating func prepare(_ code: CEA608DecodedCode, frame: Int64, mode: CEA608CaptionMode) {
        guard mode != .popOn else {
            cue = nil
            return
        }
        switch code {
        case .command(.carriageReturn):
            if case .rollUp = mode {
                if cue == nil { beginRun(at: frame) }
                cue = frame
            }
        case .command(.rollUp2), .command(.rollUp3), .command(.rollUp4), .preambleAddress,
            .command(.tabOffset1), .command(.tabOffset2), .command(.tabOffset3):
            if cue == nil {
                cue = frame
                beginRun(at: frame)
            }
        case .command(.eraseDisplayedMemory):
            cue = nil
        default:
            break
        }
    }

    private mutating func beginRun(at frame: Int64) {
        run += 1
        runStart = frame
        runOpened = false
    }

    // MARK: - Applying a change

    /// Applies one change of the displayed memory; `memory` is the displayed memory after it.
    mutating func apply(
        _ change: CEA608ScreenChange, memory: CEA608Memory, mode: CEA608CaptionMode, baseRow: Int
    ) {
        // Only changed rows are looked at: for the others the new state is the mirror's
        // (newFirst, newLast and newIDs always equal first, last and mirrorIDs there).
        var changed = change.rows & 0x7FFF
        // Which cells changed matters only to paint-on captions.
        let paintOn = mode == .paintOn
        // Whether the change touched a row that shows text, before or after it.
        var touchesText = false
        // Paint-on: whether a changed cell is text, before or after, or lies within a row's text
        // (where a space's style shows in the caption's runs).
        var showsChange = !paintOn
        var alteredAny = false
        var pending = changed
        while pending != 0 {
            let row = pending.trailingZeroBitCount
            pending &= pending - 1
            let id = memory.lineID(row: row)
            if mirrorIDs[row] == 0 && id == 0 {
                // Empty before and after: nothing to compare or copy.
                changed &= ~(1 << UInt16(row))
                continue
            }
            newIDs[row] = id
            var firstColumn = -1
            var lastColumn = -1
            var altered: UInt32 = 0
            let base = row * Self.columns
            let cells = memory.cells(row: row)
            var column = 0
            for index in cells.indices {
                let character = cells[index].character
                // Spaces show only their background, the transparent space (U+00A0) not even
                // that: neither starts or ends the row's text.
                if character != nil && character != " " && character != "\u{A0}" {
                    if firstColumn < 0 { firstColumn = column }
                    lastColumn = column
                }
                if paintOn && cells[index] != mirror[base + column] {
                    altered |= 1 << UInt32(column)
                    if Self.isText(character) || Self.isText(mirror[base + column].character) { showsChange = true }
                }
                column += 1
            }
            if altered != 0 { alteredAny = true }
            if altered != 0 && !showsChange {
                for (low, high) in [(first[row], last[row]), (firstColumn, lastColumn)] where low >= 0 {
                    let span = (UInt32.max >> UInt32(31 - (high - low))) << UInt32(low)
                    if altered & span != 0 { showsChange = true }
                }
            }
            newFirst[row] = firstColumn
            newLast[row] = lastColumn
            if firstColumn >= 0 || first[row] >= 0 { touchesText = true }
            changedCells[row] = altered
        }
        // A paint-on change that writes only spaces outside the rows' text (a mid-row code's cell
        // before the first character) changes no caption: the one on screen goes on, and so does
        // the run that prepares the next. (Characters painted again as they were still start a
        // caption in the new run, as the writer sends them.)
        let invisible = paintOn && alteredAny && !showsChange
        if !invisible { closeChangedCaptions(change, memory: memory, mode: mode, baseRow: baseRow) }
        // The mirror now takes the new state of the changed rows.
        pending = changed
        while pending != 0 {
            let row = pending.trailingZeroBitCount
            pending &= pending - 1
            let base = row * Self.columns
            mirror.replaceSubrange(base..<base + Self.columns, with: memory.cells(row: row))
            mirrorIDs[row] = newIDs[row]
            first[row] = newFirst[row]
            last[row] = newLast[row]
        }
        if !invisible { openNewCaptions(change, mode: mode, baseRow: baseRow) }
        // A roll keeps the run going (the line it makes room for is still to come), and so do
        // spaces written where nothing shows: a mid-row code before a line's first character, or
        // a background or foreground attribute code (CEA-608-B §6.2) replacing the standard
        // space sent before it; anything else shown or erased ends it.
        let spacing = change.cause == .paint || change.cause == .replace
        if change.cause != .roll && (!spacing || touchesText) && !invisible { cue = nil }
        pending = changed
        while pending != 0 {
            let row = pending.trailingZeroBitCount
            pending &= pending - 1
            changedCells[row] = 0
        }
    }

    /// Whether a cell's character is text: not empty, a space or the transparent space.
    private static func isText(_ character: Unicode.Scalar?) -> Bool {
        character != nil && character != " " && character != "\u{A0}"
    }

    /// Closes every open caption at `frame` (the end of the data).
    mutating func finish(at frame: Int64) {
        for caption in open { close(caption, at: frame) }
        open.removeAll()
    }

    /// The captions in order of start time, then row, then column (then the order they ended).
    func captions() -> [Caption] {
        func precedes(_ x: Finished, _ y: Finished) -> Bool {
            if x.startFrame != y.startFrame { return x.startFrame < y.startFrame }
            if x.row != y.row { return x.row < y.row }
            return x.column < y.column
        }
        // Usually already in order (pop-on captions end in the order they start): no sort, and
        // no copies of whole captions while sorting.
        if zip(finished, finished.dropFirst()).allSatisfy({ !precedes($1, $0) }) {
            return finished.map(\.caption)
        }
        let order = finished.indices.sorted { a, b in
            precedes(finished[a], finished[b]) || (!precedes(finished[b], finished[a]) && a < b)
        }
        return order.map { finished[$0].caption }
    }

    // MARK: - Closing

    mutating func close(_ caption: OpenCaption, at frame: Int64) {
        guard finished.count < captionLimit else {
            if firstPastLimit == nil { firstPastLimit = caption.startFrame }
            return
        }
        guard let made = makeCaption(caption, endFrame: frame) else { return }
        finished.append(
            Finished(startFrame: caption.startFrame, row: caption.top, column: caption.column, caption: made))
    }
}
