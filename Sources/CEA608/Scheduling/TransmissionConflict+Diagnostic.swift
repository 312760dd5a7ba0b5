// Reporting conflicts as diagnostics, shared by the SCC writer and the validator.
import CaptionCore

extension TransmissionConflict {
    /// The rule ID of transmission conflicts (the validator's `excessMediaData`).
    public static let ruleID = "608.excess-media-data"

    /// The conflict as an error-level diagnostic; `label` turns a frame into a timecode.
    public func diagnostic(label: (Int64) -> String, time: MediaTime? = nil) -> Diagnostic {
        let subject = CaptionNumbers.subject(captionIndices)
        let message: String
        switch kind {
        case .preloadTooLate where framesNeeded > framesAvailable:
            message =
                "\(subject): \(framesNeeded) frames of data must be sent before the start, "
                + "but only \(framesAvailable) are free"
        case .preloadTooLate:
            // Nothing (or little) to send beforehand, but the caption before it is still sending
            // its own words when this one must start.
            message = "\(subject): its words would start while the caption before is still sending its own"
        case .collidesWithErase:
            // The end code is EDM, or the CR that rolls a roll-up line out ahead of the next
            // line, which the words of the line before must also not run past.
            message =
                "\(subject): its words would land on, or run past, the frames of an earlier caption's end code "
                + "(EDM, or the CR that rolls a roll-up line out)"
        case .displayTooShort:
            message = "\(subject): its \(framesNeeded) frames of words do not finish before its end"
        }
        let fix: String
        if let framesLate, remedies.isEmpty {
            fix = "delay the start by \(framesLate) frame\(framesLate == 1 ? "" : "s")"
        } else {
            fix = remedies.map(\.description).joined(separator: "; or ")
        }
        return Diagnostic(
            .error, Self.ruleID, message,
            at: DiagnosticLocation(timecode: label(startFrame), time: time), suggestedFix: fix)
    }
}
