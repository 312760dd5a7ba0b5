// Captions leave the screen by EDM (erases everything shown), by a later caption replacing
// them (EOC swaps the memories), or by CR rolling them out of a roll-up window: 47 CFR
// 15.119(f) (now 47 CFR 79.101).
import CaptionCore

/// How shown captions leave, and the findings when they leave early or late.
extension EncoderState {
    /// Sends EDM for captions that end before `frame`: one EDM at the earliest end erases
    /// everything on screen, so captions meant to stay longer are reported.
    ///
    /// An EDM that would fall while the newest caption's words are still being sent
    /// (``newestWordsSent``), a caption meant to stay until they are out that it erases early,
    /// waits for them (when both its frames still come before `frame`): the captions that end
    /// there stay a few frames longer (reported, `608.late-end`), where the EDM among those
    /// words could deliver neither them nor any shift of them. The newest caption's own end is
    /// not moved: words that do not fit before it stay a conflict, for which the writer
    /// suggests lengthening it.
    ///
    /// With `rollLimit`, a roll-up line at the top of the window that leaves first rolls out with
    /// a CR at its end instead, where that CR can go by `rollLimit`
    /// (``rollOutTop(endingAt:limit:)``): the lines below it stay.
    mutating func eraseEnded(before frame: Int64, rollLimit: Int64? = nil) {
        while let earliest = shown.min(by: { $0.end < $1.end })?.end, earliest < frame {
            if let rollLimit, rollOutTop(endingAt: earliest, limit: rollLimit) { continue }
            var eraser = shown[0].plan
            for item in shown where item.end == earliest { eraser = max(eraser, item.plan) }
            var at = earliest
            let newest = plans.count - 1
            let sent = newestWordsSent
            if newest >= 0, sent > earliest, sent <= frame - 2,
                shown.contains(where: { $0.plan == newest && $0.end >= sent })
            {
                at = sent
            }
            for item in shown {
                if item.plan == eraser {
                    ends[item.plan] = .erase(atFrame: at)
                } else {
                    ends[item.plan] = .erased(atFrame: at, byPlan: eraser)
                }
                if item.end > at {
                    warnEarly(
                        item.plan, leaves: at, meant: item.end,
                        when: "the EDM that ends \(CaptionNumbers.subject(plans[eraser].captionIndices)) erases the "
                            + "screen (an EDM erases every caption shown)",
                        fix: "end the captions shown together at the same frame")
                } else if item.end < at {
                    let captions = plans[item.plan].captionIndices
                    diagnostics.append(
                        Diagnostic(
                            .warning, "608.late-end",
                            "\(CaptionNumbers.subject(captions)) \(captions.count == 1 ? "stays" : "stay") on "
                                + "screen \(at - item.end) frame(s) past \(captions.count == 1 ? "its" : "their") end, "
                                + "until the words of \(CaptionNumbers.subject(plans[newest].captionIndices)) are "
                                + "sent: an EDM among them would cut them off",
                            at: location(ofFrame: item.end),
                            suggestedFix: "end the caption after the next caption's words are sent"))
                }
            }
            shown.removeAll()
        }
    }

    /// Why captions leave when the EDM sent just before the next caption (a new roll-up window,
    /// a paint-on caption) erases them.
    static let erasedBeforeNext =
        "the EDM before the next caption erases the screen (an EDM erases every caption shown)"

    /// Everything on screen leaves at `frame`, the first anchored word of plan `index`.
    /// Captions meant to last past that plan's start are reported, saying what takes them off
    /// (`reason`: an EDM, a caption replacing them, rows painted over).
    mutating func replaceShown(by index: Int, at frame: Int64, start: Int64, when reason: String) {
        takeOff(shown.count, by: index, at: frame, meantAfter: start, when: reason)
    }

    /// Takes the first `count` captions shown off the screen at `frame`, where plan `index`'s
    /// words remove them; those meant to stay past `meantAfter` (`frame` when nil) are reported
    /// with `reason`.
    mutating func takeOff(
        _ count: Int, by index: Int, at frame: Int64, meantAfter: Int64? = nil, when reason: String,
        fix: String = "end the caption when the next one starts, or show both in one caption"
    ) {
        for item in shown.prefix(count) {
            ends[item.plan] = .replaced(byPlan: index)
            if item.end > meantAfter ?? frame {
                warnEarly(item.plan, leaves: frame, meant: item.end, when: reason, fix: fix)
            }
        }
        shown.removeFirst(count)
    }

    /// A CR at `frame` rolls the window for the line starting at `start`: every line moves up a
    /// row and those that leave the window's top go (reported when meant to stay, or when meant
    /// to leave earlier); lines meant to leave by then but still inside the window stay until
    /// they roll out, which is reported.
    mutating func rollOut(
        by index: Int, windowRows: Int, at frame: Int64, start: Int64, location: DiagnosticLocation
    ) {
        moveWindowRows(by: -1)
        // A window deeper than the rows above its base row reaches the screen's top row.
        let top = max(1, windowBase - windowRows + 1)
        let leaving = shown.prefix { $0.rows.contains { $0.row < top } }.count
        for item in shown.prefix(leaving) {
            ends[item.plan] = .replaced(byPlan: index)
            if item.end > start {
                warnEarly(
                    item.plan, leaves: frame, meant: item.end,
                    when: "the next line rolls it out of the \(windowRows)-row roll-up window",
                    fix: "end roll-up lines when a later line pushes them out, or use a deeper window")
            } else if item.end < frame {
                // Too close to this line for a CR of its own (which would run into its words).
                diagnostics.append(
                    Diagnostic(
                        .warning, "608.roll-up-end",
                        "roll-up line \(CaptionNumbers.list(plans[item.plan].captionIndices)) stays on screen "
                            + "\(frame - item.end) frame(s) past its end, until the next line rolls it out",
                        at: self.location(ofFrame: item.end),
                        suggestedFix: "end roll-up lines when the next line starts, or a few frames before it"))
            }
        }
        shown.removeFirst(leaving)
        keepUntilRolledOut(start: start, location: location)
    }

    /// Lines meant to leave by `start` that are still inside the window stay until they roll
    /// out (an EDM would also erase the lines below them), which is reported.
    mutating func keepUntilRolledOut(start: Int64, location: DiagnosticLocation) {
        for position in shown.indices where shown[position].end <= start {
            diagnostics.append(
                Diagnostic(
                    .warning, "608.roll-up-end",
                    "roll-up line \(CaptionNumbers.list(plans[shown[position].plan].captionIndices)) stays on "
                        + "screen until it rolls out of the window; an EDM would also erase the lines below it",
                    at: location, suggestedFix: "end roll-up lines when a later line pushes them out"))
            shown[position].end = .max
        }
    }

    /// Where a finding about `frame` is: its time (the writer adds the timecode label).
    func location(ofFrame frame: Int64) -> DiagnosticLocation {
        DiagnosticLocation(time: rate.time(ofFrame: frame))
    }

    /// Reports `plan` leaving at `frame`, before its `end`; `reason` says what takes it off
    /// ("the next caption replaces it").
    mutating func warnEarly(
        _ plan: Int, leaves frame: Int64, meant end: Int64, when reason: String,
        fix: String = "end the caption when the next one starts, or show both in one caption"
    ) {
        // A roll-up line kept until it rolls out (end .max, ``rollOut``) is past its end already,
        // and 608.roll-up-end said so: it leaves late, not early (the message once gave
        // 9223372036854775330 frames).
        guard end < .max else { return }
        let captions = plans[plan].captionIndices
        diagnostics.append(
            Diagnostic(
                .warning, "608.overlap",
                "\(CaptionNumbers.subject(captions)) \(captions.count == 1 ? "leaves" : "leave") the screen "
                    + "\(end - frame) frame(s) early, when \(reason)",
                at: location(ofFrame: frame),
                suggestedFix: fix))
    }
}
