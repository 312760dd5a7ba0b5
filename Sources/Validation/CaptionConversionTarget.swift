import CaptionCore

/// What the validator checks a document against.
public struct CaptionConversionSettings: Sendable, Hashable {
    /// The format the captions are to be converted to.
    public enum Target: String, Sendable, Hashable, CaseIterable {
        /// Scenarist SCC / CEA-608 field 1.
        case scc
        /// iTunes Timed Text.
        case itt
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

    /// The timecode label of `time`, or its seconds when it is outside one day.
    func label(_ time: MediaTime) -> String {
        (try? Timecode(time: time, rate: frameRate, dropFrame: dropFrame).description) ?? time.description
    }

    func location(_ time: MediaTime, file: String? = nil) -> DiagnosticLocation {
        DiagnosticLocation(file: file, timecode: label(time), time: time)
    }
}
