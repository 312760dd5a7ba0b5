import CaptionCore

/// One caption as the page sends it back on save (and for the overlays of unsaved edits): its
/// index in the document, its start and end as frame numbers at the track's rate (the page edits
/// by frame), its text (lines joined by "\n"), and where it goes: the top row of a caption on
/// the CEA-608 grid (1–15), or the name of a region another caption of the document is in.
struct ReviewEdit: Sendable, Hashable, Codable {
    var index: Int
    var startFrame: Int64
    var endFrame: Int64
    var text: String
    /// The caption's top row, 1–15, for a caption placed in grid cells (none: the row it has).
    var row: Int?
    /// A region identifier of the document (none: the region it has).
    var region: String?

    init(index: Int, startFrame: Int64, endFrame: Int64, text: String, row: Int? = nil, region: String? = nil) {
        self.index = index
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.text = text
        self.row = row
        self.region = region
    }

    /// The top row (1–15) of a caption placed in grid cells, as the page shows and edits it.
    static func row(of caption: Caption) -> Int? {
        guard let origin = caption.region?.origin, origin.y.unit == .cells, origin.y.value.isFinite,
            abs(origin.y.value) < 100
        else { return nil }
        return Int(origin.y.value.rounded()) + 1
    }

    /// Why an edit is refused (400, nothing written).
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// The frame a time falls on (rounded to the nearest: times read from a file at this rate
    /// are on its grid, others are shown where they would be written).
    static func frame(of time: MediaTime, rate: FrameRate) -> Int64 {
        rate.frame(at: time, rounding: .nearestOrAwayFromZero) ?? 0
    }

    /// `captions` with `edits` applied. A caption whose frames and text are those it has keeps
    /// its exact times and styled runs; an edited text becomes one run in the style of the
    /// caption's first run. Every caption must be sent once, in order (the page adds and
    /// removes none), with `0 ≤ start < end` and a bounded text.
    static func apply(_ edits: [ReviewEdit], to captions: [Caption], rate: FrameRate, maximumTextBytes: Int = 4096)
        throws -> [Caption]
    {
        guard edits.count == captions.count else {
            throw Refusal(description: "the save sends \(edits.count) captions; the document has \(captions.count)")
        }
        var result = captions
        for (position, edit) in edits.enumerated() {
            guard edit.index == position else {
                throw Refusal(description: "caption \(position): the save sends index \(edit.index) in its place")
            }
            guard edit.startFrame >= 0, edit.startFrame < edit.endFrame, edit.endFrame <= 1 << 32 else {
                throw Refusal(
                    description: "caption \(position): frames \(edit.startFrame)–\(edit.endFrame) are not a range"
                        + " from frame 0 on with its end after its start")
            }
            guard edit.text.utf8.count <= maximumTextBytes, !edit.text.isEmpty else {
                throw Refusal(description: "caption \(position): the text must have 1 to \(maximumTextBytes) bytes")
            }
            var caption = captions[position]
            let start = frame(of: caption.timeRange.start, rate: rate)
            let end = frame(of: caption.timeRange.end, rate: rate)
            if edit.startFrame != start || edit.endFrame != end {
                caption.timeRange = TimeRange(
                    start: rate.time(ofFrame: edit.startFrame), end: rate.time(ofFrame: edit.endFrame))
            }
            if edit.text != caption.text {
                caption.runs = [CaptionRun(edit.text, style: caption.runs.first?.style ?? .plain)]
            }
            if let name = edit.region, name != caption.region?.identifier {
                // The whole region of a caption already in it: its place, size and look.
                guard let region = captions.lazy.compactMap(\.region).first(where: { $0.identifier == name }) else {
                    throw Refusal(description: "caption \(position): the document has no region \"\(name)\"")
                }
                caption.region = region
            }
            if let row = edit.row, row != Self.row(of: caption) {
                try Self.move(&caption, toRow: row, position: position)
            }
            result[position] = caption
        }
        return result
    }

    /// Moves a caption placed in grid cells so that its region's top row is `row` (1–15): the
    /// region keeps its column, size and roll-up depth (CTA-608-E: 15 rows; a roll-up window
    /// moves with its base row).
    private static func move(_ caption: inout Caption, toRow row: Int, position: Int) throws {
        guard var region = caption.region, let origin = region.origin, Self.row(of: caption) != nil else {
            throw Refusal(description: "caption \(position): it is not placed on rows, so it has no row to change")
        }
        var rows = 1
        if let height = region.size?.height, height.unit == .cells, height.value.isFinite, height.value >= 1 {
            rows = Int(min(15, height.value.rounded()))
        }
        guard row >= 1, row + rows - 1 <= 15 else {
            throw Refusal(
                description: "caption \(position): its \(rows) row(s) from row \(row) do not fit in rows 1–15")
        }
        region.origin = CaptionPoint(x: origin.x, y: .cells(Double(row - 1)))
        caption.region = region
    }
}
