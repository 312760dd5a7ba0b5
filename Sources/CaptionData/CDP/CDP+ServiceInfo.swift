extension CDP {
    /// The `ccsvcinfo_section` (0x73): the caption services the programme carries, each as an
    /// ATSC A/65 caption_service_descriptor entry (Table 6.26), after a byte of flags and count.
    public struct ServiceInfo: Sendable, Hashable {
        /// `svc_info_start`: this packet begins a complete set of entries.
        public var start: Bool
        /// `svc_info_change`: the set differs from the one sent before.
        public var change: Bool
        /// `svc_info_complete`: this packet ends the set.
        public var complete: Bool
        /// At most 15 (`svc_count` is 4 bits).
        public var services: [Service]

        public init(start: Bool = true, change: Bool = false, complete: Bool = true, services: [Service]) {
            self.start = start
            self.change = change
            self.complete = complete
            self.services = services
        }

        /// The most entries one section holds.
        public static let maximumServices = 15
    }

    /// One service entry: seven bytes.
    public struct Service: Sendable, Hashable {
        /// What the entry describes: a CEA-608 field (`digital_cc` 0, `line21_field`) or a
        /// CEA-708 service (`digital_cc` 1, `caption_service_number` 1–63).
        public enum Kind: Sendable, Hashable {
            case line21(CaptionField)
            case digital(service: Int)
        }

        /// The caption service number in the entry's first byte (0 or the field's for line-21
        /// entries as writers do it).
        public var entryNumber: Int
        /// ISO 639-2/B code, three Latin-1 letters ("eng", "spa").
        public var language: String
        public var kind: Kind
        /// `easy_reader`: captions written for beginning readers.
        public var easyReader: Bool
        /// `wide_aspect_ratio`: formatted for 16:9.
        public var wideAspectRatio: Bool

        public init(
            entryNumber: Int? = nil, language: String, kind: Kind, easyReader: Bool = false,
            wideAspectRatio: Bool = false
        ) {
            switch kind {
            case .digital(let service): self.entryNumber = entryNumber ?? service
            case .line21(let field): self.entryNumber = entryNumber ?? (field == .one ? 0 : 1)
            }
            self.language = language
            self.kind = kind
            self.easyReader = easyReader
            self.wideAspectRatio = wideAspectRatio
        }
    }
}
