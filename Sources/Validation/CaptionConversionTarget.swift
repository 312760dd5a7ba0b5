import CaptionCore

/// What the validator checks a document against.
public struct CaptionConversionSettings: Sendable, Hashable {
    /// The format the captions are to be converted to.
    public enum Target: String, Sendable, Hashable, CaseIterable {
        /// Scenarist SCC / CEA-608 field 1.
        case scc
        /// iTunes Timed Text.
        case itt
        /// CEA-708 (DTVCC) service data, as MCC files, A/53 SEI and `c708` tracks carry it beside
        /// the 608 pairs (CTA-708-E). Named `708` on the command line; `cea708` is accepted too.
        case cea708 = "708"

        /// The target called `name`: a raw value, or an alias (`cea708`, `cea-708`; `608` and
        /// `cea608` for `scc`).
        public init?(named name: String) {
            switch name.lowercased() {
            case "708", "cea708", "cea-708", "cta708", "cta-708": self = .cea708
            case "608", "cea608", "cea-608", "cta608", "cta-608": self = .scc
            default: self.init(rawValue: name.lowercased())
            }
        }
    }

    public var target: Target
    /// The frame rate of the target's timecode (default 29.97).
    public var frameRate: FrameRate
    /// Drop-frame timecode labels in reports and output (default true at 29.97 and 59.94).
    public var dropFrame: Bool
    /// The end of the programme; captions must end by then.
    public var videoDuration: MediaTime?
    /// The least time on screen a viewer can read (default 1 s).
    public var minimumDisplayDuration: MediaTime
    /// Whether control codes may go out once where twice does not fit, as the SCC writer sends
    /// them (47 CFR 15.119(i): the second copy is for resilience). Off, every code counts twice.
    public var reducesRedundancy = true
    /// Whether the captions were read from CEA-608 data as transmitted (an SCC file): its words
    /// already arrive when they arrive, so what re-encoding the captions would need (the bit
    /// budget of the SCC writer) is reported as `608.re-encode` notes, not as errors.
    public var sourceIsTransmitted608 = false
    /// Pop-on captions of more rows are split into consecutive screens of at most this many
    /// (`--max-rows`). `nil`: captions placed by the conformer are split at 4 (CTA-608-E
    /// guidance); captions already on the 608 grid (read from SCC) are kept whole.
    public var maxRows: Int?

    /// For the 708 target: whether the service is 16:9 (window anchors 0–209 across, up to 42
    /// columns) or 4:3 (0–159, 32 columns); CTA-708-E §8.4.4 (`--aspect`). Default 16:9, as
    /// the writers encode.
    public var wideAspect = true
    /// For the 708 target: the caption rate (words per minute) above which a caption is reported
    /// as too fast to read (`708.caption-rate`): readability guidance, not a CTA-708 clause
    /// (Specs/validation-rules.md).
    public var maximumWordsPerMinute = 200
    /// For the 708 target: whether the captions were read from CEA-708 data as transmitted (an
    /// MCC file): what re-encoding them would need is reported as `708.re-encode` notes.
    public var sourceIsTransmitted708 = false

    /// How messages name ``maxRows``; the CLI's `--max-rows`.
    public static let maxRowsWords = "CaptionConversionSettings.maxRows"

    public init(
        target: Target = .scc, frameRate: FrameRate = .fps29_97, dropFrame: Bool? = nil,
        videoDuration: MediaTime? = nil, minimumDisplayDuration: MediaTime = MediaTime(value: 1, timescale: 1)
    ) {
        self.target = target
        self.frameRate = frameRate
        self.dropFrame = dropFrame ?? frameRate.supportsDropFrame
        self.videoDuration = videoDuration
        self.minimumDisplayDuration = minimumDisplayDuration
    }

    /// The timecode label of `time` on the nearest frame, as the writers round times, or its
    /// seconds when it is outside one day.
    func label(_ time: MediaTime) -> String {
        guard let frame = frameRate.frame(at: time, rounding: .nearestOrAwayFromZero),
            let timecode = try? Timecode(frameCount: frame, rate: frameRate, dropFrame: dropFrame)
        else { return time.description }
        return timecode.description
    }

    func location(_ time: MediaTime, file: String? = nil) -> DiagnosticLocation {
        DiagnosticLocation(file: file, timecode: label(time), time: time)
    }
}
