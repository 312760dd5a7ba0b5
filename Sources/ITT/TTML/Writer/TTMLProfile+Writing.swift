import CaptionCore

/// What each profile the TTML writer writes can hold, and how it is declared (Specs/ttml.md,
/// "Writers").
extension TTMLProfile {
    /// The profiles ``TTMLWriter`` writes: iTT, IMSC 1.1 Text (the default for `.ttml`),
    /// EBU-TT-D and DFXP.
    public static let writable: [TTMLProfile] = [.imsc11Text, .ebuttD, .dfxp, .itt]

    /// The setting (``CaptionFormatOptions/settings``) that chooses the
    /// profile a TTML file is written in.
    public static let profileSetting = "profile"

    /// The profile a `profile` setting names: a raw value (`imsc1.1-text`, `ebu-tt-d`,
    /// `dfxp`, `itt`) or a short name (`imsc1.1`, `imsc`, `ebuttd`, `ttml1`). Nil for others.
    public init?(settingValue: String) {
        let v = settingValue.lowercased()
        switch v {
        case "imsc", "imsc1.1", "imsc11", "imsc1.1-text": self = .imsc11Text
        case "ebu-tt-d", "ebuttd", "ebu": self = .ebuttD
        case "dfxp", "ttml1": self = .dfxp
        case "itt": self = .itt
        default: return nil
        }
    }

    /// The profile a file is written in: the `profile` setting, else DFXP for a `.dfxp` file
    /// name, else IMSC 1.1 Text.
    public static func forWriting(options: CaptionFormatOptions) throws(CaptionFormatError) -> TTMLProfile {
        if let value = options.settings[profileSetting] {
            guard let p = TTMLProfile(settingValue: value), writable.contains(p) else {
                throw CaptionFormatError(
                    .cannotWrite,
                    "no TTML profile \"\(value)\" to write; choose one of "
                        + writable.map(\.rawValue).joined(separator: ", "),
                    at: .init(file: options.fileName))
            }
            return p
        }
        if options.fileName?.lowercased().hasSuffix(".dfxp") == true { return .dfxp }
        return .imsc11Text
    }

    /// Whether times are SMPTE frame labels (iTT) rather than media clock times.
    var writesFrameLabels: Bool { self == .itt }

    /// How ruby is written: Apple's `ry:` markup for iTT, TTML2's `tts:ruby` for IMSC 1.1, not at
    /// all (a diagnostic) for TTML1 profiles.
    var rubyMarkup: RubyMarkup {
        switch self {
        case .itt: return .apple
        case .imsc11Text, .imsc12Text, .imsc13Text, .ttml2: return .ttml2
        default: return .none
        }
    }

    enum RubyMarkup { case apple, ttml2, none }

    /// Whether `itts:forcedDisplay` (IMSC 1.0.1 §7.7.1, which Apple's iTT uses too) exists.
    var holdsForcedDisplay: Bool { self == .itt || isIMSCText }

    /// Whether text combination exists: Apple's `vt:combine`, TTML2's `tts:textCombine`.
    var holdsTextCombine: Bool { self == .itt || isTTML2 }
}
