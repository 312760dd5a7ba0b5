/// One profile of a file format, such as TTML's IMSC 1.1 Text or EBU-TT-D: a constrained form of
/// the format that a reader detects and a writer is told to write (the format's setting
/// ``CaptionFormat/profileSetting``, `captions convert --profile NAME`).
public struct CaptionFormatProfile: Sendable, Hashable {
    /// The name the writer's setting takes, e.g. `imsc1.1-text`.
    public let name: String
    /// The names that choose it too, e.g. `imsc1.1`; the first is the one shown (it may be the
    /// name itself).
    public let aliases: [String]
    /// A human title, e.g. "IMSC 1.1 Text".
    public let title: String
    /// Whether documents of this profile are read.
    public let reads: Bool
    /// Whether documents are written in this profile.
    public let writes: Bool

    public init(name: String, aliases: [String] = [], title: String, reads: Bool, writes: Bool) {
        self.name = name
        self.aliases = aliases
        self.title = title
        self.reads = reads
        self.writes = writes
    }

    /// Whether `text` names this profile: its name or an alias, in any case.
    public func isNamed(_ text: String) -> Bool {
        let t = text.lowercased()
        return name.lowercased() == t || aliases.contains { $0.lowercased() == t }
    }
}

extension CaptionFormat {
    /// The setting (``CaptionFormatOptions/settings``) that chooses the profile written.
    public static let profileSetting = "profile"

    /// The profile `text` names (``CaptionFormatProfile/isNamed(_:)``), if the format has it.
    public func profile(named text: String) -> CaptionFormatProfile? {
        profiles.first { $0.isNamed(text) }
    }
}
