import CaptionCore

/// A SMPTE ST 334-2 caption distribution packet (CDP): the caption data of one video frame as
/// VANC (DID 0x61, SDID 0x01), MCC files and QuickTime `ccdp` samples carry it. A header
/// (identifier 0x9669, length, frame rate, flags, sequence counter), optional sections — time
/// code (0x71), `cc_data` (0x72), caption service information (0x73), future sections
/// (0x75–0xEF) — and a footer (0x74) that repeats the counter and ends with a checksum that
/// makes the byte sum 0 mod 256. Layout from public implementations: Specs/cdp.md.
public struct CDP: Sendable, Hashable {
    public static let identifier: UInt16 = 0x9669

    /// `cdp_frame_rate`, 4 bits: 1 = 23.976, 2 = 24, 3 = 25, 4 = 29.97, 5 = 30, 6 = 50,
    /// 7 = 59.94, 8 = 60; other values are reserved.
    public var frameRateCode: UInt8
    /// `caption_service_active`: the captions of at least one service are in progress.
    public var captionServiceActive: Bool
    /// `cdp_hdr_sequence_cntr`, which the footer repeats; one more each packet (mod 65536).
    public var sequenceCounter: UInt16
    /// The time code section, when present.
    public var timeCode: TimeCode?
    /// The `cc_data` section's constructs; nil when the packet has no such section.
    public var ccData: [CCData.Construct]?
    /// The `ccsvcinfo` section, when present.
    public var serviceInfo: ServiceInfo?
    /// Sections with identifiers 0x75–0xEF, kept as they came.
    public var futureSections: [FutureSection]

    public init(
        frameRateCode: UInt8, captionServiceActive: Bool = false, sequenceCounter: UInt16,
        timeCode: TimeCode? = nil, ccData: [CCData.Construct]? = nil, serviceInfo: ServiceInfo? = nil,
        futureSections: [FutureSection] = []
    ) {
        self.frameRateCode = frameRateCode
        self.captionServiceActive = captionServiceActive
        self.sequenceCounter = sequenceCounter
        self.timeCode = timeCode
        self.ccData = ccData
        self.serviceInfo = serviceInfo
        self.futureSections = futureSections
    }

    /// The rates of `cdp_frame_rate` 1–8.
    public static let frameRates: [FrameRate] = [
        .fps23_976, .fps24, .fps25, .fps29_97, .fps30, .fps50, .fps59_94, .fps60,
    ]

    /// The frame rate `frameRateCode` names; nil for a reserved code.
    public var frameRate: FrameRate? {
        (1...8).contains(frameRateCode) ? Self.frameRates[Int(frameRateCode) - 1] : nil
    }

    /// The `cdp_frame_rate` of `rate`; nil for a rate without one.
    public static func frameRateCode(for rate: FrameRate) -> UInt8? {
        frameRates.firstIndex(of: rate).map { UInt8($0 + 1) }
    }

    /// The time code section (0x71): a SMPTE ST 12-1 label in BCD with the field and
    /// drop-frame flags.
    public struct TimeCode: Sendable, Hashable {
        public var timecode: Timecode
        /// `tc_field_flag`: the label is that of the second field.
        public var field: Bool

        public init(timecode: Timecode, field: Bool = false) {
            self.timecode = timecode
            self.field = field
        }
    }

    /// A section this reader does not interpret (identifiers 0x75–0xEF, `future_section`):
    /// identifier, length byte, data.
    public struct FutureSection: Sendable, Hashable {
        public var id: UInt8
        public var data: [UInt8]

        public init(id: UInt8, data: [UInt8]) {
            self.id = id
            self.data = data
        }
    }
}
