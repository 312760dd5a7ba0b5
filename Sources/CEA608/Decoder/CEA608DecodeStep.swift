import CaptionCore

/// What decoding one byte pair did: its meaning, whether it was for the selected channel, and
/// any change of the screen.
public struct CEA608DecodeStep: Sendable {
    /// A finding about the pair, kept small: a step is made for every frame, and a file written
    /// without parity bits fails the parity check on most of them (its reading may be thrown
    /// away), so the parity message is only written when asked for.
    private enum Finding: Sendable {
        case none
        case parity(UInt8, UInt8)
        /// A character pair with a byte that failed parity, decoded with the block in its place.
        case parityBlock(UInt8, UInt8)
        indirect case other(Diagnostic)
    }

    /// The meaning of the pair.
    public var code: CEA608DecodedCode
    /// The service a control code addressed, or that characters belong to; `nil` for padding,
    /// parity errors and XDS.
    public var channel: CaptionChannel?
    /// Whether the pair acted on the decoder's channel.
    public var accepted: Bool
    /// Set when the displayed memory changed.
    public var screenChange: CEA608ScreenChange?
    private var finding: Finding

    /// Something the user should know (parity error, XDS skipped, undefined code …), without a
    /// location: the caller knows the file line.
    public var diagnostic: Diagnostic? {
        get {
            switch finding {
            case .none: nil
            case .parity(let first, let second): Self.parityDiagnostic(first, second)
            case .parityBlock(let first, let second): Self.parityBlockDiagnostic(first, second)
            case .other(let diagnostic): diagnostic
            }
        }
        set { finding = newValue.map { .other($0) } ?? .none }
    }

    /// Whether a byte of the pair failed the odd parity check (47 CFR 15.119(b)), whether the
    /// pair was dropped (a control code) or decoded with a solid block (a character pair).
    public var failedParity: Bool {
        switch finding {
        case .parity, .parityBlock: true
        default: false
        }
    }

    /// Whether there is a ``diagnostic``, without building it.
    public var hasDiagnostic: Bool {
        if case .none = finding { return false }
        return true
    }

    public init(
        code: CEA608DecodedCode, channel: CaptionChannel? = nil, accepted: Bool = false,
        screenChange: CEA608ScreenChange? = nil, diagnostic: Diagnostic? = nil
    ) {
        self.code = code
        self.channel = channel
        self.accepted = accepted
        self.screenChange = screenChange
        self.finding = diagnostic.map { .other($0) } ?? .none
    }

    /// A pair that failed the odd parity check (47 CFR 15.119(b)), as received.
    static func parityError(_ first: UInt8, _ second: UInt8) -> CEA608DecodeStep {
        var step = CEA608DecodeStep(code: .parityError)
        step.finding = .parity(first, second)
        return step
    }

    /// Marks a character pair decoded with 0x7F in place of a byte that failed parity.
    mutating func noteParityFailure(_ first: UInt8, _ second: UInt8) {
        finding = .parityBlock(first, second)
    }

    private static func parityBlockDiagnostic(_ first: UInt8, _ second: UInt8) -> Diagnostic {
        var parts: [String] = []
        for byte in [first, second] where !Parity.hasOddParity(byte) {
            let value = byte & 0x7F
            parts.append(
                value >= 0x20
                    ? "0x\(HexText.byte(value)) (\"\(Character(Unicode.Scalar(value)))\") shows as a solid block (█)"
                    : "0x\(HexText.byte(value)) is not a character and shows nothing")
        }
        return Diagnostic(
            .warning, "608.parity",
            "byte pair \(HexText.pair(first, second)) fails the odd parity check: \(parts.joined(separator: "; ")); the other cells keep their places",
            suggestedFix: "check the file for corrupted words")
    }

    private static func parityDiagnostic(_ first: UInt8, _ second: UInt8) -> Diagnostic {
        Diagnostic(
            .warning, "608.parity", "control pair \(HexText.pair(first, second)) fails the odd parity check; dropped",
            suggestedFix: "check the file for corrupted words")
    }
}
