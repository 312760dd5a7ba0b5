import CaptionCore

/// The `Time Code Rate=` of an MCC header: the rate its labels count at and whether they are
/// drop-frame. MacCaption's header lists 24, 25, 30, 30DF, 50, 60 and 60DF; GStreamer's and
/// FFmpeg's readers take any whole number with an optional `DF` (Specs/mcc.md).
public struct MCCTimeCodeRate: Sendable, Hashable, CustomStringConvertible {
    /// The frame rate of the labels: 30DF is 29.97 fps and 60DF 59.94; whole rates are exact.
    public var frameRate: FrameRate
    public var dropFrame: Bool

    public init?(frameRate: FrameRate, dropFrame: Bool) {
        if dropFrame && !frameRate.supportsDropFrame { return nil }
        self.frameRate = frameRate
        self.dropFrame = dropFrame
    }

    /// Parses `24`, `30DF`, …; nil for anything else.
    public init?(_ text: String) {
        var digits = Substring(text)
        let drop = digits.hasSuffix("DF")
        if drop { digits = digits.dropLast(2) }
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCII), let n = Int32(digits), n > 0 else {
            return nil
        }
        if drop {
            switch n {
            case 30: frameRate = .fps29_97
            case 60: frameRate = .fps59_94
            default: return nil
            }
        } else {
            guard let rate = FrameRate(frames: n, seconds: 1) else { return nil }
            frameRate = rate
        }
        dropFrame = drop
    }

    /// As the header writes it: `30DF`, `24`.
    public var description: String { "\(frameRate.nominal)\(dropFrame ? "DF" : "")" }
}
