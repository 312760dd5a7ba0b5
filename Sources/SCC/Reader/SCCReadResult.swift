import CEA608
import CaptionCore

/// What reading an SCC file produced: the captions, the text-mode rows, the XDS packets and the
/// findings.
public struct SCCReadResult: Sendable {
    /// The captions of the chosen channel.
    public var document: CaptionDocument
    /// Text-mode rows (T1–T4, CEA-608-B §7.4) of the chosen data channel, apart from captions.
    public var textLines: [SCCTextLine]
    /// The XDS packets of a field-2 reading (`channel` 3 or 4; CTA-608-E §9) that passed their
    /// checksum, at most ``CEA608Decoder/maximumXDSPackets``; their frames are counted from
    /// the label 00:00:00:00 at the reading rate (``time(ofFrame:)`` gives their media time).
    public var xdsPackets: [XDSPacket]
    /// What the reader tolerated or noticed, each with its line.
    public var diagnostics: [Diagnostic]
    /// The frame of media time zero (the start timecode's).
    public var startFrame: Int64

    public init(
        document: CaptionDocument, textLines: [SCCTextLine] = [], xdsPackets: [XDSPacket] = [],
        diagnostics: [Diagnostic] = [], startFrame: Int64 = 0
    ) {
        self.document = document
        self.textLines = textLines
        self.xdsPackets = xdsPackets
        self.diagnostics = diagnostics
        self.startFrame = startFrame
    }

    /// The media time of a frame counted as ``xdsPackets`` count them.
    public func time(ofFrame frame: Int64) -> MediaTime {
        (document.frameRate ?? .fps29_97).time(ofFrame: frame - startFrame)
    }
}
