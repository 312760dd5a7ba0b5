import CaptionCore
import Render
import Validation

/// What the page is told of a track (`GET /tracks/N/state`): the frame rate, the captions with
/// their frames, the scenes whose overlays it asks for, and the validator's findings with their
/// suggested shifts in frames.
struct ReviewTrackState: Encodable, Sendable {
    struct Rate: Encodable, Sendable {
        var frames: Int32
        var seconds: Int32
    }
    struct CaptionRow: Encodable, Sendable {
        var index: Int
        var startFrame: Int64
        var endFrame: Int64
        var start: Double
        var end: Double
        var text: String
        var region: String?
        /// The top row (1–15) of a caption placed on the grid, which the page can change.
        var row: Int?
        /// The caption's region identifier, one of ``ReviewTrackState/regions``.
        var regionID: String?
    }
    struct Scene: Encodable, Sendable {
        var index: Int
        var start: Double
        var end: Double
        var hasCaptions: Bool
    }
    struct Shift: Encodable, Sendable {
        var index: Int
        var startFrames: Int64
        var durationFrames: Int64
    }
    struct Finding: Encodable, Sendable {
        var rule: String
        var severity: String
        var message: String
        var suggestion: String?
        var time: Double?
        var captions: [Int]
        var shifts: [Shift]
    }

    var file: String
    var format: String
    var revision: Int
    var rate: Rate
    var captions: [CaptionRow]
    var scenes: [Scene]
    var findings: [Finding]
    /// The named regions of the document, which a caption can be moved to.
    var regions: [String]

    init(_ track: ReviewTrack) {
        let rate = track.frameRate
        func frames(_ time: MediaTime) -> Int64 { ReviewEdit.frame(of: time, rate: rate) }
        file = track.path
        format = track.format.name
        revision = track.revision
        self.rate = Rate(frames: rate.frames, seconds: rate.seconds)
        let captions = track.document.captions
        self.captions = captions.enumerated().map { index, caption in
            CaptionRow(
                index: index, startFrame: frames(caption.timeRange.start), endFrame: frames(caption.timeRange.end),
                start: caption.timeRange.start.seconds, end: caption.timeRange.end.seconds, text: caption.text,
                region: caption.region.map(Self.describe), row: ReviewEdit.row(of: caption),
                regionID: caption.region?.identifier)
        }
        var named: [String] = []
        for id in captions.compactMap(\.region?.identifier) where !named.contains(id) { named.append(id) }
        regions = named
        scenes = Self.scenes(track.scenes)
        findings =
            (track.readDiagnostics.map { (diagnostic: $0, range: 0..<0, adjustments: []) }
            + track.findings.map { ($0.diagnostic, $0.rangeOfCaptions, $0.adjustments) })
            .map { diagnostic, range, adjustments in
                let indices = Array(range.clamped(to: 0..<captions.count))
                let shifts = zip(indices, adjustments).compactMap { index, adjustment -> Shift? in
                    let start = frames(adjustment.startTimeOffset)
                    let duration = frames(adjustment.durationOffset)
                    return start == 0 && duration == 0
                        ? nil : Shift(index: index, startFrames: start, durationFrames: duration)
                }
                let time =
                    diagnostic.location.time?.seconds ?? indices.first.map { captions[$0].timeRange.start.seconds }
                return Finding(
                    rule: diagnostic.ruleID, severity: diagnostic.severity.rawValue, message: diagnostic.message,
                    suggestion: diagnostic.suggestedFix, time: time, captions: indices, shifts: shifts)
            }
    }

    static func scenes(_ scenes: [CaptionRendererScene]) -> [Scene] {
        scenes.enumerated().map { index, scene in
            Scene(
                index: index, start: scene.timeRange.start.seconds, end: scene.timeRange.end.seconds,
                hasCaptions: scene.hasActiveCaptions)
        }
    }

    /// A region in a few words: its name, else its origin (a CEA-608 cell's row 1–15 and
    /// column), and its roll-up depth.
    private static func describe(_ region: CaptionRegion) -> String {
        var words: [String] = []
        if let name = region.identifier {
            words.append(name)
        } else if let origin = region.origin {
            if origin.y.unit == .cells, origin.x.unit == .cells {
                words.append("row \(Int(origin.y.value) + 1), column \(Int(origin.x.value))")
            } else {
                words.append("at \(origin.x), \(origin.y)")
            }
        }
        if case .rollUp(let rows) = region.scroll { words.append("roll-up \(rows)") }
        return words.joined(separator: ", ")
    }
}

/// `POST /tracks/N/draft`'s answer: the draft number of the unsaved edits (nil when they are the
/// saved document's) and the scenes whose overlays the page asks for under it.
struct ReviewDraftState: Encodable, Sendable {
    var draft: Int?
    var scenes: [ReviewTrackState.Scene]

    enum CodingKeys: String, CodingKey { case draft, scenes }

    /// `"draft": null` said, not left out, when there is none.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(draft, forKey: .draft)
        try c.encode(scenes, forKey: .scenes)
    }
}
