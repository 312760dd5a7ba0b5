// What one displayed caption needs on line 21. Timing: one byte pair per frame (47 CFR
// 15.119(b), now 47 CFR 79.101). See Specs/scc.md, "Transmission scheduling".

/// The words one display unit (a pop-on scene, a roll-up line or a paint-on caption) needs, and
/// the frames they are tied to.
///
/// - ``preload`` goes out before ``startFrame``, in free frames after the previous plan's
///   ``anchored`` words: a pop-on caption's RCL, ENM, PACs and text (loaded into non-displayed
///   memory while the previous caption is on screen); a paint-on caption's RDC.
/// - ``anchored`` goes out in consecutive frames from ``blockStartFrame`` =
///   ``startFrame`` − ``anchorOffset``: the word on ``startFrame`` is the one that starts the
///   caption (a pop-on EOC; the CR, RU or PAC that opens a roll-up line or paint-on caption,
///   followed by its text), and an EDM before it (``anchorOffset`` 2) clears the screen first.
///   Whatever was on screen leaves with the EOC, EDM or CR among them (see
///   ``End/replaced(byPlan:)``).
/// - ``end`` says how the unit leaves the screen: its own EDM at a fixed frame, another plan's
///   EDM, or the start of a later plan that replaces it (an EOC, or the CR that rolls it out).
public struct CaptionTransmissionPlan: Sendable, Hashable {
    /// How a plan leaves the screen.
    public enum End: Sendable, Hashable {
        /// This plan sends its ``CaptionTransmissionPlan/endWord`` (EDM, or the CR that rolls a
        /// roll-up line out ahead of the next line) from this frame (twice, or once:
        /// ``CaptionTransmissionPlan/eraseCount``).
        case erase(atFrame: Int64)
        /// Another plan's EDM at this frame erases this one too.
        case erased(atFrame: Int64, byPlan: Int)
        /// One of a later plan's anchored words (its EOC, EDM or CR) removes this one; if that
        /// plan is delayed, this one stays on screen until then.
        case replaced(byPlan: Int)
    }

    /// The document's captions this plan shows (several for a pop-on scene).
    public var captionIndices: [Int]
    public var mode: CEA608CaptionMode
    /// The frame the first anchored word must land on: where the caption appears.
    public var startFrame: Int64
    public var end: End
    /// Words sent before the start, in order, in any free frames after the previous plan's
    /// anchored words.
    public var preload: [TransmissionUnit]
    /// Words sent in consecutive frames from ``blockStartFrame``.
    public var anchored: [TransmissionUnit]
    /// Frames of anchored words sent before ``startFrame``.
    public var anchorOffset: Int
    /// The word (channel and parity applied) sent by ``End/erase(atFrame:)``: EDM, or CR for a
    /// roll-up line that leaves from the window's top before the lines below it and before the
    /// next line starts: the CR at its end rolls it out and leaves the base row empty for the
    /// next line, which then needs no CR (15.119(f)(1); Specs/scc.md, "Roll-up").
    public var endWord: UInt16
    /// How many times that word goes out: 2, or 1 where the next caption's words need the
    /// second frame (``RedundancyReducer``).
    public var eraseCount: Int = 2
    /// A word sent twice in the two frames before ``endWord``, or `nil`: the RU of the window's
    /// own depth before a CR that follows another CR with nothing between (15.119(f)(1): it
    /// changes nothing on screen). Decoders that ignore any control code equal to the last one
    /// received, as FFmpeg does, would otherwise take the second CR for the first one's repeat;
    /// live roll-up sends RU before every CR for the same reason (Specs/scc.md, "Roll-up").
    public var endLeadWord: UInt16?
    /// The frame by which the anchored words must be sent, when a later line's CR goes out
    /// there ahead of its text (see ``endWord``): that CR must find this plan's words sent, or
    /// it would roll the window before they arrive.
    public var anchoredDeadline: Int64?
    /// Preload units a decoder in its start state does not need (the first caption's RCL, and
    /// its PAC to row 15, column 1 in white), in order; ``RedundancyReducer`` leaves them out as
    /// a last resort, after sending every code once.
    public var startStateUnits: [Int] = []
    /// For a paint-on caption over one that leaves: anchored words that paint only the cells
    /// that change (clearing with the transparent space what the new text leaves behind, so no
    /// EDM), which ``RedundancyReducer`` uses when the whole rows do not fit. They start on the
    /// start frame (no words before it).
    public var leanAnchored: [TransmissionUnit]?
    /// For a roll-up line with gaps of up to three cells: anchored words that jump them with a
    /// tab offset (before text in the pen's style) or a PAC (before text in a PAC's style)
    /// instead of sending transparent spaces (which FFmpeg and ttconv show as spaces; ttconv
    /// shows nothing for a jump), which ``RedundancyReducer`` uses when the line does not fit.
    public var tabbedAnchored: [TransmissionUnit]?

    /// The same for a pop-on caption's preload.
    public var tabbedPreload: [TransmissionUnit]?

    public init(
        captionIndices: [Int], mode: CEA608CaptionMode, startFrame: Int64, end: End,
        preload: [TransmissionUnit], anchored: [TransmissionUnit], anchorOffset: Int = 0,
        endWord: UInt16
    ) {
        self.captionIndices = captionIndices
        self.mode = mode
        self.startFrame = startFrame
        self.end = end
        self.preload = preload
        self.anchored = anchored
        self.anchorOffset = anchorOffset
        self.endWord = endWord
    }

    /// Frames the preload takes.
    public var preloadFrames: Int { preload.reduce(0) { $0 + $1.count } }

    /// The frame of the first anchored word.
    public var blockStartFrame: Int64 { startFrame - Int64(anchorOffset) }

    /// Frames the anchored words take.
    public var anchoredFrames: Int { anchored.reduce(0) { $0 + $1.count } }

    /// Frames ``endLeadWord`` takes before the end frame: 2, or 0 without one.
    public var endLeadFrames: Int { endLeadWord == nil ? 0 : 2 }

    /// Whether `jumped` (a form of `units` with short gaps jumped) is worth taking when `units`
    /// do not fit: fewer frames as they are, or fewer once every code that may goes once (a
    /// code beside an identical word stays doubled, as ``RedundancyReducer`` keeps it: two
    /// transparent spaces side by side take four frames however tight the time).
    static func jumpsShorter(_ jumped: [TransmissionUnit], than units: [TransmissionUnit]) -> Bool {
        func frames(_ units: [TransmissionUnit]) -> Int { units.reduce(0) { $0 + $1.count } }
        func leastFrames(_ units: [TransmissionUnit]) -> Int {
            var total = 0
            for (index, unit) in units.enumerated() {
                let besideSame =
                    (index > 0 && units[index - 1].word == unit.word)
                    || (index + 1 < units.count && units[index + 1].word == unit.word)
                total += unit.count == 2 && !besideSame ? 1 : unit.count
            }
            return total
        }
        return frames(jumped) < frames(units) || leastFrames(jumped) < leastFrames(units)
    }

    /// The frame the anchored words must end by: the plan's own end (before its
    /// ``endLeadWord``), or an earlier ``anchoredDeadline``.
    var latestAnchoredEnd: Int64? {
        // Before the RU that leads this plan's own CR, if any.
        let ownEnd = endFrame.map { $0 - Int64(endLeadFrames) }
        return switch (ownEnd, anchoredDeadline) {
        case (let end?, let deadline?): min(end, deadline)
        case (let end, let deadline): end ?? deadline
        }
    }

    /// The frame this plan leaves the screen when no plan is shifted.
    public var endFrame: Int64? {
        switch end {
        case .erase(let frame), .erased(let frame, _): frame
        case .replaced: nil
        }
    }
}
