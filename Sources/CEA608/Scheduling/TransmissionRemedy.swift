// Remedies for captions whose data cannot be delivered by delaying them. See Specs/scc.md,
// "Transmission scheduling".

/// A change to the captions, other than a time shift, that lets a plan's data arrive in time.
public enum TransmissionRemedy: Sendable, Hashable {
    /// Send this many fewer words before the start: about two characters per word.
    case shortenText(byWords: Int)
    /// Show the caption together with the previous one, so one load carries both.
    case mergeWithPrevious
    /// Use roll-up, whose words go out while it is on screen and need no time before it.
    case switchToRollUp
    /// Show the caption this many frames longer, so its own words finish before its end.
    case lengthen(byFrames: Int)

    /// A sentence for reports.
    public var description: String {
        switch self {
        case .shortenText(let words):
            "shorten the text by about \(words * 2) characters (\(words) words of two bytes)"
        case .mergeWithPrevious: "merge it with the previous caption"
        case .switchToRollUp: "switch it to roll-up, which needs no time before the caption"
        case .lengthen(let frames): "show it \(frames) frame\(frames == 1 ? "" : "s") longer"
        }
    }
}
