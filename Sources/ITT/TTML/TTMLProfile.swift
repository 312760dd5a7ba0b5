import CaptionCore

/// The TTML profiles the reader tells apart (TTML2 §5.2 profile designators, IMSC, EBU Tech
/// 3380, SMPTE ST 2052-1, Apple's iTT): which one a document declares decides the constraints
/// its reading checks (Specs/ttml.md, "Profiles").
public enum TTMLProfile: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Apple's iTunes Timed Text.
    case itt
    /// TTML1 without a narrower profile (`dfxp-full`, `-presentation`, `-transformation`, or none).
    case dfxp
    /// TTML2 without a narrower profile.
    case ttml2
    case imsc1Text = "imsc1-text"
    case imsc1Image = "imsc1-image"
    case imsc11Text = "imsc1.1-text"
    case imsc11Image = "imsc1.1-image"
    case imsc12Text = "imsc1.2-text"
    case imsc13Text = "imsc1.3-text"
    /// EBU-TT-D (EBU Tech 3380).
    case ebuttD = "ebu-tt-d"
    /// SMPTE-TT (SMPTE ST 2052-1).
    case smpteTT = "smpte-tt"

    public var description: String {
        switch self {
        case .itt: return "iTT"
        case .dfxp: return "DFXP (TTML1)"
        case .ttml2: return "TTML2"
        case .imsc1Text: return "IMSC 1.0.1 Text"
        case .imsc1Image: return "IMSC 1.0.1 Image"
        case .imsc11Text: return "IMSC 1.1 Text"
        case .imsc11Image: return "IMSC 1.1 Image"
        case .imsc12Text: return "IMSC 1.2 Text"
        case .imsc13Text: return "IMSC 1.3 Text"
        case .ebuttD: return "EBU-TT-D"
        case .smpteTT: return "SMPTE-TT"
        }
    }

    /// The key of ``CaptionDocument/metadata`` that holds the profile a document was read in
    /// (its raw value).
    public static let metadataKey = CaptionDocument.ttmlProfileKey

    /// Whether the profile carries subtitles as images (which the caption model cannot hold).
    public var isImage: Bool { self == .imsc1Image || self == .imsc11Image }

    /// Whether the profile is one of IMSC's text profiles.
    public var isIMSCText: Bool { [.imsc1Text, .imsc11Text, .imsc12Text, .imsc13Text].contains(self) }

    /// Whether the profile is built on TTML2 (IMSC 1.1 and later; TTML2 itself).
    var isTTML2: Bool { [.ttml2, .imsc11Text, .imsc11Image, .imsc12Text, .imsc13Text].contains(self) }

    /// The prefix of the rule IDs of the diagnostics a read under this profile gives: `itt` for
    /// iTT (as before the TTML core), `ttml` for every other profile.
    var rulePrefix: String { self == .itt ? "itt" : "ttml" }

    /// The profile a designator names (TTML1 §5.2 Table 2 and §F; IMSC 1.0.1 §5.2; IMSC 1.1 §5.2
    /// and §6.2; IMSC 1.2 and 1.3 §5.2; EBU Tech 3380 `ebuttm:conformsToStandard`; SMPTE ST
    /// 2052-1 §5.4 profile designators). Nil for a designator we do not know.
    public init?(designator: String) {
        let d = designator.trimmingCharacters(in: " ")
        switch d {
        case "http://www.w3.org/ns/ttml/profile/imsc1/text": self = .imsc1Text
        case "http://www.w3.org/ns/ttml/profile/imsc1/image": self = .imsc1Image
        case "http://www.w3.org/ns/ttml/profile/imsc1.1/text": self = .imsc11Text
        case "http://www.w3.org/ns/ttml/profile/imsc1.1/image": self = .imsc11Image
        case "http://www.w3.org/ns/ttml/profile/imsc1.2/text": self = .imsc12Text
        case "http://www.w3.org/ns/ttml/profile/imsc1.3/text": self = .imsc13Text
        case "http://www.w3.org/ns/ttml/profile/dfxp-full", "http://www.w3.org/ns/ttml/profile/dfxp-presentation",
            "http://www.w3.org/ns/ttml/profile/dfxp-transformation", "http://www.w3.org/ns/ttml/profile/dfxp":
            self = .dfxp
        case "http://www.w3.org/ns/ttml/profile/ttml2-full", "http://www.w3.org/ns/ttml/profile/ttml2-presentation",
            "http://www.w3.org/ns/ttml/profile/ttml2-transformation":
            self = .ttml2
        case "urn:ebu:tt:distribution:2014-01", "urn:ebu:tt:distribution:2018-04": self = .ebuttD
        default:
            if d.hasPrefix("http://www.smpte-ra.org/schemas/2052-1/") { self = .smpteTT } else { return nil }
        }
    }
}
