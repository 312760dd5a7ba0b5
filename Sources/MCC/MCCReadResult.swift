import CaptionCore
import CaptionData

/// An MCC file as read: its header, one entry per data line, and what was found.
public struct MCCReadResult: Sendable {
    public var version: MCCFormat.Version
    public var header: MCCHeader
    /// The data lines in file order.
    public var frames: [MCCFrame]
    /// Every finding, located by file, line, column and time code.
    public var diagnostics: [Diagnostic]
    /// The name the file was read with, for messages.
    public var fileName: String?

    public init(
        version: MCCFormat.Version, header: MCCHeader, frames: [MCCFrame], diagnostics: [Diagnostic],
        fileName: String? = nil
    ) {
        self.fileName = fileName
        self.version = version
        self.header = header
        self.frames = frames
        self.diagnostics = diagnostics
    }
}

/// The header lines of an MCC file after the comment block, as the reader found them (made only by
/// ``MCCReader``, so its memberwise initialiser is Swift's own).
public struct MCCHeader: Sendable, Hashable {
    /// `UUID=`, as written.
    public var uuid: String?
    /// `Creation Program=`.
    public var creationProgram: String?
    /// `Creation Date=`, as written (e.g. "Thursday, June 04, 2015").
    public var creationDate: String?
    /// `Creation Time=`, as written (e.g. "13:48:25").
    public var creationTime: String?
    /// `Time Code Rate=`.
    public var timeCodeRate: MCCTimeCodeRate?
    /// Other `key=value` lines, in order.
    public var otherFields: [Field] = []

    public struct Field: Sendable, Hashable {
        public var key: String
        public var value: String
    }
}

/// One data line: its time code and the ancillary data packet it carries, a CDP as a rule.
public struct MCCFrame: Sendable, Hashable {
    /// The 1-based line number.
    public var line: Int
    /// The label as written (`00:00:01:02`, `00:00:01;02`), without a field suffix.
    public var label: String
    /// The label read at the header's rate (drop-frame when the rate is, whatever separator
    /// the line uses: Premiere writes 30DF labels with colons).
    public var timecode: Timecode
    /// V2.0's `.0`/`.1` suffix after the label (the field or frame of a pair), when present.
    public var fieldSuffix: Int?
    /// Frames since 00:00:00:00 at the header's rate.
    public var frame: Int64
    /// The start time of that frame.
    public var time: MediaTime
    /// The VANC DID and SDID: 0x61 0x01 for a CDP (SMPTE ST 334-1).
    public var did: UInt8
    public var sdid: UInt8
    /// The CDP's bytes as the line holds them (the ANC user data words), empty when the line
    /// carries no CDP.
    public var cdpBytes: [UInt8]
    /// The packet, when the line carries one that could be read.
    public var cdp: CDP?
    /// The CDP's `packet_checksum`: valid, wrong, or nil when it has none.
    public var cdpChecksumValid: Bool?
}
