import CaptionCore

/// What each profile the TTML writer writes can hold, and how it is declared (Specs/ttml.md,
/// "Writers").
extension TTMLProfile {
    /// The profiles ``TTMLWriter`` writes: IMSC 1.1 Text (the default for `.ttml`), IMSC 1.2
    /// and 1.0.1 Text, EBU-TT-D, DFXP, SMPTE-TT (text) and iTT. The image profiles are refused
    /// (the caption model holds text); IMSC 1.3 (a Candidate Recommendation) and plain TTML2 are
    /// read only.
    public static let writable: [TTMLProfile] = [.imsc11Text, .imsc12Text, .imsc1Text, .ebuttD, .dfxp, .smpteTT, .itt]

    /// The setting (``CaptionFormatOptions/settings``) that chooses the
    /// profile a TTML file is written in.
    public static let profileSetting = CaptionFormat.profileSetting

    /// The short names a profile is chosen by besides its raw value (`captions convert --profile
    /// NAME`), the first of each the one shown.
    public var aliases: [String] {
        switch self {
        case .imsc11Text: return ["imsc1.1", "imsc", "imsc11"]
        case .imsc12Text: return ["imsc1.2", "imsc12"]
        case .imsc13Text: return ["imsc1.3", "imsc13"]
        case .imsc1Text: return ["imsc1", "imsc1.0.1", "imsc101"]
        case .imsc1Image: return ["imsc1-image"]
        case .imsc11Image: return ["imsc1.1-image"]
        case .ebuttD: return ["ebu-tt-d", "ebuttd", "ebu"]
        case .dfxp: return ["dfxp", "ttml1"]
        case .smpteTT: return ["smpte-tt", "smptett", "smpte"]
        case .ttml2: return ["ttml2"]
        case .itt: return ["itt"]
        }
    }

    /// The profile a `profile` setting names: a raw value (`imsc1.1-text`, `ebu-tt-d`…) or one of
    /// its ``aliases`` (`imsc1.1`, `imsc1`, `ebuttd`, `smpte-tt`…), in any case. Nil for others.
    public init?(settingValue: String) {
        let v = settingValue.lowercased()
        guard let p = TTMLProfile.allCases.first(where: { $0.rawValue == v || $0.aliases.contains(v) }) else {
            return nil
        }
        self = p
    }

    /// The profile `name` chooses for writing (``init(settingValue:)``), or an error that says
    /// why not and lists the profiles written: an unknown name, an image profile, a profile read
    /// only.
    public static func forWriting(named name: String, fileName: String? = nil) throws(CaptionFormatError)
        -> TTMLProfile
    {
        let choices = "; write one of " + writable.map(\.choice).joined(separator: ", ")
        guard let p = TTMLProfile(settingValue: name) else {
            throw CaptionFormatError(.cannotWrite, "no TTML profile \"\(name)\"" + choices, at: .init(file: fileName))
        }
        guard writable.contains(p) else { throw p.notWritten(fileName: fileName) }
        return p
    }

    /// `imsc1.1 (imsc1.1-text)`: the short name and the raw value, as choices are listed.
    var choice: String {
        guard let alias = aliases.first, alias != rawValue else { return rawValue }
        return "\(alias) (\(rawValue))"
    }

    /// Why this profile is not written: image profiles hold images, which the caption model does
    /// not (IMSC 1.0.1 §5.2, IMSC 1.1 §5.2; SMPTE ST 2052-1 §5.5 `smpte:image` likewise);
    /// IMSC 1.3 and plain TTML2 are read only.
    func notWritten(fileName: String?) -> CaptionFormatError {
        let choices = "; write one of " + TTMLProfile.writable.map(\.choice).joined(separator: ", ")
        let why =
            isImage
            ? "\(self) carries subtitles as images and the caption model holds text only; it is not written"
            : "\(self) is read, not written"
        return CaptionFormatError(.cannotWrite, why + choices, at: .init(file: fileName))
    }

    /// The profile a file is written in: the `profile` setting, else DFXP for a `.dfxp` file
    /// name, else IMSC 1.1 Text.
    public static func forWriting(options: CaptionFormatOptions) throws(CaptionFormatError) -> TTMLProfile {
        if let value = options.settings[profileSetting] {
            return try forWriting(named: value, fileName: options.fileName)
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

    /// Whether a region's `tts:backgroundColor` (its area's fill, TTML1 §8.2.2) is written: every
    /// TTML profile has it; Apple's iTT profile names no region style but geometry and alignment.
    var holdsRegionBackground: Bool { self != .itt }

    /// Whether a region may have `begin` and `end` (TTML1 §9.1.2 region timing): TTML1 and TTML2,
    /// SMPTE-TT (TTML1's full vocabulary) and IMSC 1.1 on (its #region-timing); IMSC 1.0.1,
    /// EBU-TT-D and iTT time content only.
    var holdsRegionTiming: Bool { isTTML2 || self == .dfxp || self == .smpteTT }

    /// Whether TTML1's line and region layout styles are written (§8.2: `tts:textDecoration`
    /// lineThrough, `tts:lineHeight`, `tts:wrapOption`, `tts:padding`, `tts:overflow`): every
    /// profile but Apple's iTT, which names none of them.
    var holdsTTMLLayout: Bool { self != .itt }

    /// Whether `tts:opacity` (§8.2.13) and `tts:textOutline` (§8.2.20) are written: TTML1 and the
    /// IMSC profiles; EBU Tech 3380 §4.4 lists neither for EBU-TT-D, and iTT has neither.
    var holdsOpacityAndOutline: Bool { self != .itt && self != .ebuttD }

    /// Whether `tts:textShadow` (TTML2 §10.2.43) and `tts:rubyReserve` (§10.2.35) are written:
    /// the TTML2-based profiles (IMSC 1.1 and later, TTML2); TTML1, IMSC 1.0.1, EBU-TT-D and iTT
    /// have neither.
    var holdsShadowsAndRubyReserve: Bool { isTTML2 }

    /// Whether `tts:shear` (TTML2 §10.2.38) and `tts:textEmphasis` (§10.2.44) are written: the
    /// TTML2-based profiles.
    var holdsShearAndEmphasis: Bool { isTTML2 }

    /// Whether `itts:fillLineGap` is written: IMSC 1.1 §8.5.2 defines it, for 1.1 and later.
    var holdsFillLineGap: Bool { isIMSCText && self != .imsc1Text }

    /// Whether `ebutts:linePadding` and `ebutts:multiRowAlign` are written: EBU-TT-D (EBU Tech
    /// 3380 §4.4) and the IMSC text profiles, which take them from it (IMSC 1.0.1 §8.4).
    var holdsLinePaddingAndMultiRowAlign: Bool { self == .ebuttD || isIMSCText }

    /// The most shadows one span may have: IMSC 1.1 §8.4.11 allows 4.
    var maximumShadows: Int { isIMSCText ? 4 : CaptionShadow.maximumCount }

    /// Whether text combination exists: Apple's `vt:combine`, TTML2's `tts:textCombine`.
    var holdsTextCombine: Bool { self == .itt || isTTML2 }

    /// Whether a write in this profile keeps the document's metadata `key` (``TTMLWriter``):
    /// `ttm:title`, `ttm:desc` and `ttm:copyright` (none in EBU-TT-D, whose metadata is
    /// `ebuttm:`), the cell grid, the root extent (not in EBU-TT-D), `ittp:aspectRatio` (iTT and
    /// IMSC), and the profile, which becomes the one written. Anything else is left out with an
    /// info finding `…metadata`.
    public func holdsMetadata(_ key: String) -> Bool {
        switch key {
        case "title", "description", "copyright", "itt.extent": return self != .ebuttD
        case "itt.cellResolution", TTMLProfile.metadataKey: return true
        case "itt.aspectRatio": return self == .itt || isIMSCText
        case "itt.activeArea": return isIMSCText
        default: return false
        }
    }
}
