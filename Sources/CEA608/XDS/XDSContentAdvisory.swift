// The Content Advisory packet (Current class type 0x05). Source: CTA-608-E §9.5.1.5, Table 18
// (character 1: b5 D/a2, b4 a1, b3 a0, b2–b0 r2–r0; character 2: b5 (F)V, b4 S, b3 L/a3, b2–b0
// g2–g0), Table 19 (systems by a3–a0), Table 20 (MPA), Table 21 (U.S. TV Parental Guidelines),
// Table 22 (Canadian English) and Table 23 (Canadian French; levels past the table are invalid).

/// A program's rating: one of four systems, never more (§9.5.1.5).
public enum XDSContentAdvisory: Hashable, Sendable, CustomStringConvertible {
    /// Motion picture rating (systems 0 and 2).
    case mpa(MPARating)
    /// U.S. TV Parental Guidelines (system 1).
    case usTV(USTVRating)
    /// Canadian English Language rating (system 3).
    case canadianEnglish(CanadianEnglishRating)
    /// Canadian French Language rating (system 4).
    case canadianFrench(CanadianFrenchRating)
    /// A system reserved for non-U.S., non-Canadian ratings (5 or 6): the two characters as sent.
    case reserved(system: Int, characters: [UInt8])

    /// Table 20.
    public enum MPARating: Int, CaseIterable, Sendable {
        case notApplicable, g, pg, pg13, r, nc17, x, notRated

        public var label: String {
            ["N/A", "G", "PG", "PG-13", "R", "NC-17", "X", "Not Rated"][rawValue]
        }
    }

    /// Table 21: an age rating and the content flags sent with it (FV for TV-Y7; V, S, L, D for
    /// TV-PG and TV-14; V, S, L for TV-MA).
    public struct USTVRating: Hashable, Sendable {
        public enum Age: Int, CaseIterable, Sendable {
            case none, tvY, tvY7, tvG, tvPG, tv14, tvMA, noneBlocked

            public var label: String {
                ["None", "TV-Y", "TV-Y7", "TV-G", "TV-PG", "TV-14", "TV-MA", "None"][rawValue]
            }
        }

        public var age: Age
        public var fantasyViolence = false
        public var violence = false
        public var sexualSituations = false
        public var adultLanguage = false
        public var suggestiveDialogue = false

        public init(
            age: Age, fantasyViolence: Bool = false, violence: Bool = false, sexualSituations: Bool = false,
            adultLanguage: Bool = false, suggestiveDialogue: Bool = false
        ) {
            self.age = age
            self.fantasyViolence = fantasyViolence
            self.violence = violence
            self.sexualSituations = sexualSituations
            self.adultLanguage = adultLanguage
            self.suggestiveDialogue = suggestiveDialogue
        }

        /// `TV-14-DLSV`, `TV-Y7-FV`: the age, then the flags in the order D, L, S, V.
        public var label: String {
            var flags = ""
            if suggestiveDialogue { flags += "D" }
            if adultLanguage { flags += "L" }
            if sexualSituations { flags += "S" }
            if violence { flags += "V" }
            if fantasyViolence { flags += "FV" }
            return flags.isEmpty ? age.label : age.label + "-" + flags
        }
    }

    /// Table 22; level 7 is an invalid packet.
    public enum CanadianEnglishRating: Int, CaseIterable, Sendable {
        case exempt, children, children8, general, parentalGuidance, fourteen, adult

        public var label: String { ["E", "C", "C8+", "G", "PG", "14+", "18+"][rawValue] }
    }

    /// Table 23; levels 6 and 7 are invalid packets.
    public enum CanadianFrenchRating: Int, CaseIterable, Sendable {
        case exempt, general, eight, thirteen, sixteen, eighteen

        public var label: String { ["E", "G", "8 ans +", "13 ans +", "16 ans +", "18 ans +"][rawValue] }
    }

    /// `MPA PG-13`, `TV-PG-LV`, `Canadian English 14+`, `Canadian French 13 ans +`.
    public var description: String {
        switch self {
        case .mpa(let rating): "MPA \(rating.label)"
        case .usTV(let rating): rating.label
        case .canadianEnglish(let rating): "Canadian English \(rating.label)"
        case .canadianFrench(let rating): "Canadian French \(rating.label)"
        case .reserved(let system, _): "reserved system \(system)"
        }
    }

    /// Two binary characters; the system from a1 a0 (and a3 a2 when both are set).
    static func decoding(_ reader: XDSCharacters) -> Result<XDSContentAdvisory, XDSCharacters.Problem> {
        reader.binary(count: 2).flatMap { characters in
            let first = characters[0]
            let second = characters[1]
            let a1a0 = first >> 3 & 0x03
            let level = Int(second & 0x07)
            switch a1a0 {
            case 0, 2:
                return .success(.mpa(MPARating(rawValue: Int(first & 0x07)) ?? .notApplicable))
            case 1:
                let age = USTVRating.Age(rawValue: level) ?? .none
                let v = second & 0x20 != 0
                return .success(
                    .usTV(
                        USTVRating(
                            age: age, fantasyViolence: age == .tvY7 && v, violence: age != .tvY7 && v,
                            sexualSituations: second & 0x10 != 0, adultLanguage: second & 0x08 != 0,
                            suggestiveDialogue: first & 0x20 != 0)))
            default:
                // a1 a0 = 1 1: a3 (character 2 b3) and a2 (character 1 b5) pick the system.
                let a3a2 = (second >> 3 & 0x01) << 1 | (first >> 5 & 0x01)
                switch a3a2 {
                case 0:
                    guard let rating = CanadianEnglishRating(rawValue: level) else {
                        return .failure(.value("Canadian English level \(level)"))
                    }
                    return .success(.canadianEnglish(rating))
                case 1:
                    guard let rating = CanadianFrenchRating(rawValue: level) else {
                        return .failure(.value("Canadian French level \(level)"))
                    }
                    return .success(.canadianFrench(rating))
                default:
                    return .success(.reserved(system: Int(a3a2) + 3, characters: characters))
                }
            }
        }
    }
}
