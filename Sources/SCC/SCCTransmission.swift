import CEA608
import CaptionCore

// An SCC file as a word stream: the words on the frames the file sends them in, and a file that
// sends given words on given frames. Used by the caption tracks of movies (c608 tracks, A/53
// cc_data), which carry the same byte pairs frame by frame (Specs/caption-tracks.md).

/// The words of an SCC file on their frames, exactly as the file sends them.
public struct SCCTransmission: Sendable {
    /// Every word in file order, each on its absolute frame (frames since 00:00:00:00 at the
    /// rate read with): a line's words take consecutive frames from its label, and a line whose
    /// label falls while the line before is still being sent starts after it (Specs/scc.md).
    public var words: [SCCWord]
    /// Whether the first label was drop-frame (nil for a file without labels).
    public var dropFrame: Bool?
    /// What the scanner noticed (labels out of order, bad words…), each with its line.
    public var diagnostics: [Diagnostic]

    /// Scans `bytes` at `options.frameRate` (default 29.97); `options.strict` turns findings
    /// into errors and `options.fileName` names the file in them. No word is decoded.
    public init(scanning bytes: [UInt8], options: CaptionFormatOptions = CaptionFormatOptions())
        throws(CaptionFormatError)
    {
        var scanner = SCCScanner(
            rate: options.frameRate ?? .fps29_97, strict: options.strict, fileName: options.fileName)
        var words: [SCCWord] = []
        try scanner.scan(bytes) { words.append($0) }
        self.words = words
        dropFrame = scanner.firstLabelDropFrame
        diagnostics = scanner.diagnostics
    }

    /// The bytes of an SCC file that sends every word on its frame, unchanged: lines of
    /// consecutive frames under the label of their first frame (`frame + startFrame` at `rate`).
    public static func file(
        sending words: [ScheduledWord], rate: FrameRate = .fps29_97, dropFrame: Bool, startFrame: Int64 = 0,
        fileName: String? = nil
    ) throws(CaptionFormatError) -> [UInt8] {
        try SCCWriter.render(
            words, rate: rate, dropFrame: dropFrame && rate.supportsDropFrame, offset: startFrame,
            location: DiagnosticLocation(file: fileName))
    }
}
