import CaptionCore

/// One caption as the page sends it back on save: its index in the document, its start and end
/// as frame numbers at the track's rate (the page edits by frame), and its text (lines joined
/// by "\n").
struct ReviewEdit: Sendable, Hashable, Codable {
    var index: Int
    var startFrame: Int64
    var endFrame: Int64
    var text: String

    init(index: Int, startFrame: Int64, endFrame: Int64, text: String) {
        self.index = index
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.text = text
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
            result[position] = caption
        }
        return result
    }
}
