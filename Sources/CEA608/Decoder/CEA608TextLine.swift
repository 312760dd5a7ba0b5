// Text mode (T1–T4): TR and RTD select it, CR ends a row. Source: 47 CFR 15.119(c) (optional
// Text mode, now 47 CFR 79.101) and CEA-608-B §7.4.

/// One row of text-mode data (TR/RTD), kept apart from the captions.
public struct CEA608TextLine: Hashable, Sendable {
    /// The frame of the first character of the row.
    public let startFrame: Int64
    /// The frame of the CR, TR or caption command that ended the row.
    public let endFrame: Int64
    /// The characters of the row.
    public let text: String

    public init(startFrame: Int64, endFrame: Int64, text: String) {
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.text = text
    }
}
