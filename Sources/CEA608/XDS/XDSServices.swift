// Audio and caption services and program type keywords in XDS. Source: CTA-608-E §9.5.1.6
// (Table 24 audio services, Table 25 languages, Table 26 audio types), §9.5.1.7 (Table 27 and
// Table 28 caption services) and §9.5.1.4 (Table 17 program type keywords, in
// Specs/cea608/xds-program-types.tsv).

/// A language of Table 25.
public enum XDSLanguage: Int, CaseIterable, Sendable {
    case unknown, english, spanish, french, german, italian, other, none

    public var name: String {
        ["unknown", "English", "Spanish", "French", "German", "Italian", "other", "none"][rawValue]
    }
}

/// One audio program: its language and type (Table 24–26).
public struct XDSAudioService: Hashable, Sendable, CustomStringConvertible {
    public var language: XDSLanguage
    /// T2–T0; the names differ between the main and the second audio program (Table 26).
    public var type: Int
    /// Whether this is the second audio program (SAP).
    public var isSecond: Bool

    /// The service in character `b6 L2 L1 L0 T2 T1 T0`.
    public init(character: UInt8, second: Bool) {
        language = XDSLanguage(rawValue: Int(character >> 3 & 0x07)) ?? .unknown
        type = Int(character & 0x07)
        isSecond = second
    }

    /// The type's name in Table 26.
    public var typeName: String {
        isSecond
            ? [
                "unknown", "mono", "video descriptions", "non-program audio", "special effects", "data service",
                "other", "none",
            ][type]
            : [
                "unknown", "mono", "simulated stereo", "true stereo", "stereo surround", "data service", "other",
                "none",
            ][type]
    }

    public var description: String { "\(language.name) \(typeName)" }
}

/// One caption or text service announced by the Caption Services packet (Table 27, Table 28).
public struct XDSCaptionService: Hashable, Sendable, CustomStringConvertible {
    public var language: XDSLanguage
    /// The field, 1 or 2 (F).
    public var field: Int
    /// The data channel, 1 or 2 (C).
    public var dataChannel: Int
    /// Whether it is a text service rather than captioning (T).
    public var isText: Bool

    public init(language: XDSLanguage, field: Int, dataChannel: Int, isText: Bool) {
        self.language = language
        self.field = field
        self.dataChannel = dataChannel
        self.isText = isText
    }

    /// `CC3` or `T1`: the service's name in CTA-608-E Table 1.
    public var name: String {
        (isText ? "T" : "CC") + String((field - 1) * 2 + dataChannel)
    }

    public var description: String { "\(name) \(language.name)" }

    /// 2 to 8 characters `b6 L2 L1 L0 F C T`, one per service; a null pads an odd count.
    static func decoding(_ reader: XDSCharacters) -> Result<[XDSCaptionService], XDSCharacters.Problem> {
        let sent = reader.characters.count
        let characters =
            sent > 0 && reader.characters.last == 0 ? Array(reader.characters.dropLast()) : reader.characters
        guard (1...8).contains(characters.count) else { return .failure(.length(sent, expected: "2 to 8")) }
        return XDSCharacters(characters).binary(count: characters.count).map { services in
            services.map {
                XDSCaptionService(
                    language: XDSLanguage(rawValue: Int($0 >> 3 & 0x07)) ?? .unknown, field: $0 & 0x04 != 0 ? 2 : 1,
                    dataChannel: $0 & 0x02 != 0 ? 2 : 1, isText: $0 & 0x01 != 0)
            }
        }
    }
}

/// A program type keyword (Table 17): 0x20–0x26 the Basic group, 0x27–0x7F the Detail group.
public struct XDSProgramKeyword: Hashable, Sendable {
    public var code: UInt8
    public var name: String

    public init?(code: UInt8) {
        guard (0x20...0x7F).contains(code) else { return nil }
        self.code = code
        name = Self.names[Int(code) - 0x20]
    }

    /// Whether the keyword is of the Basic group, which comes before the Detail group.
    public var isBasic: Bool { code <= 0x26 }

    /// 2 to 32 keyword characters; nulls pad.
    static func decoding(_ reader: XDSCharacters) -> Result<[XDSProgramKeyword], XDSCharacters.Problem> {
        guard reader.characters.count >= 2 else {
            return .failure(.length(reader.characters.count, expected: "2 to 32"))
        }
        var keywords: [XDSProgramKeyword] = []
        for code in reader.characters where code != 0 {
            guard let keyword = XDSProgramKeyword(code: code) else { return .failure(.notText(code)) }
            keywords.append(keyword)
        }
        return .success(keywords)
    }

    /// The keywords of Table 17 for 0x20–0x7F, in code order (Specs/cea608/xds-program-types.tsv).
    static let names: [String] = [
        "Education", "Entertainment", "Movie", "News", "Religious", "Sports", "OTHER", "Action",
        "Advertisement", "Animated", "Anthology", "Automobile", "Awards", "Baseball", "Basketball", "Bulletin",
        "Business", "Classical", "College", "Combat", "Comedy", "Commentary", "Concert", "Consumer",
        "Contemporary", "Crime", "Dance", "Documentary", "Drama", "Elementary", "Erotica", "Exercise",
        "Fantasy", "Farm", "Fashion", "Fiction", "Food", "Football", "Foreign", "Fund Raiser",
        "Game/Quiz", "Garden", "Golf", "Government", "Health", "High School", "History", "Hobby",
        "Hockey", "Home", "Horror", "Information", "Instruction", "International", "Interview", "Language",
        "Legal", "Live", "Local", "Math", "Medical", "Meeting", "Military", "Miniseries",
        "Music", "Mystery", "National", "Nature", "Police", "Politics", "Premier", "Prerecorded",
        "Product", "Professional", "Public", "Racing", "Reading", "Repair", "Repeat", "Review",
        "Romance", "Science", "Series", "Service", "Shopping", "Soap Opera", "Special", "Suspense",
        "Talk", "Technical", "Tennis", "Travel", "Variety", "Video", "Weather", "Western",
    ]
}
