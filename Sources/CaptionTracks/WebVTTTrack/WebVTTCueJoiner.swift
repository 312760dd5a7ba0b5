import CaptionCore

/// Puts a WebVTT track's cues back together from its samples. ISO/IEC 14496-30 cuts overlapping
/// cues at every start and end, so one cue lasts over several consecutive samples, one piece in
/// each; its pieces carry the same `vsid` source ID, or, written without one, the same cue (the
/// same identifier, settings and text; what GPAC's reader joins on). A piece continues a cue of
/// the sample just before it (ending where it starts) with the same source ID and the same cue;
/// anything else starts a cue. Pieces alike in one sample continue the earlier cues in order.
struct WebVTTCueJoiner {
    /// A cue put back together: its content (from its first piece), its times, the sample it
    /// started in and its order there.
    struct JoinedCue {
        var cue: WebVTTSample.Cue
        var start: MediaTime
        var end: MediaTime
        var firstSample: Int
        var position: Int
    }

    /// What makes two pieces one cue (`ctim` is left out: a writer may give each piece its own).
    private struct Key: Hashable {
        var sourceID: Int32?
        var identifier: String
        var settings: String
        var payload: String

        init(_ cue: WebVTTSample.Cue) {
            sourceID = cue.sourceID
            identifier = cue.identifier
            settings = cue.settings
            payload = cue.payload
        }
    }

    private var open: [JoinedCue] = []
    private var finished: [JoinedCue] = []

    /// Adds sample `index`, shown from `start` to `end`; `problems` gets a sentence for a source
    /// ID whose content changed from one sample to the next (its pieces are read as two cues).
    mutating func add(_ sample: WebVTTSample, index: Int, start: MediaTime, end: MediaTime, problems: inout [String]) {
        var waiting: [Key: [Int]] = [:]
        var sourceIDs: Set<Int32> = []
        if open.first?.end == start {
            for (i, cue) in open.enumerated().reversed() {
                waiting[Key(cue.cue), default: []].append(i)
                if let id = cue.cue.sourceID { sourceIDs.insert(id) }
            }
        }
        var continued = [Bool](repeating: false, count: open.count)
        var next: [JoinedCue] = []
        for (position, piece) in sample.cues.enumerated() {
            let key = Key(piece)
            if let i = waiting[key]?.popLast() {
                continued[i] = true
                var cue = open[i]
                cue.end = end
                next.append(cue)
                continue
            }
            if let id = piece.sourceID, sourceIDs.contains(id) {
                problems.append(
                    "the cue of source ID \(id) differs from its piece in the sample before (identifier, settings or text); read as a new cue"
                )
            }
            next.append(JoinedCue(cue: piece, start: start, end: end, firstSample: index, position: position))
        }
        for (i, cue) in open.enumerated() where !continued[i] { finished.append(cue) }
        open = next
    }

    /// Every cue, by start time, then in the order its first sample holds them.
    mutating func finish() -> [JoinedCue] {
        finished += open
        open = []
        return finished.sorted {
            $0.start != $1.start ? $0.start < $1.start : ($0.firstSample, $0.position) < ($1.firstSample, $1.position)
        }
    }
}
