import CaptionCore
import XML

/// Writes the caption model as a TTML document in one profile: IMSC 1.1 Text, EBU-TT-D, DFXP
/// (TTML1) or iTT (``ITTWriter``), through one writer core (Specs/ttml.md, "Writers").
///
/// The output is UTF-8 without a byte-order mark and deterministic. iTT gives SMPTE frame labels;
/// the other profiles the media time base with clock times to the millisecond. Styles are
/// referenced styles, every region a caption uses is defined, and a caption without a region is
/// written in the bottom region ``ITTStandardRegions/unplaced`` (where Apple's players show it),
/// which the reader gives back as no region. What the profile cannot hold is left out with a
/// diagnostic, never silently. The profile is declared so that ``TTMLReader`` detects it.
public struct TTMLWriter: Sendable {
    public var options: CaptionFormatOptions
    public var profile: TTMLProfile

    /// A writer for `profile`, which must be one of ``TTMLProfile/writable``.
    public init(options: CaptionFormatOptions = .init(), profile: TTMLProfile = .imsc11Text) {
        self.options = options
        self.profile = profile
    }

    public func write(_ document: CaptionDocument) throws(CaptionFormatError) -> CaptionWriteResult {
        try writeWithBackdrops(document).written
    }

    /// The write, and which of the document's region backdrops (by index) it holds: the others
    /// are reported as left out. A document cut into parts (an `stpp` track's samples) keeps only
    /// these, so that every part shows what the report says.
    public func writeWithBackdrops(_ document: CaptionDocument) throws(CaptionFormatError) -> (
        written: CaptionWriteResult, backdropsWritten: [Int]
    ) {
        guard TTMLProfile.writable.contains(profile) else { throw profile.notWritten(fileName: options.fileName) }
        var diagnostics: [Diagnostic] = []
        let file = options.fileName
        let prefix = profile.rulePrefix
        let timing = ITTWriter.timing(for: document, options: options)
        let rate = timing.rate
        var dropFrame = timing.dropFrame && profile.writesFrameLabels
        if dropFrame && !rate.supportsDropFrame {
            diagnostics.append(
                Diagnostic(
                    .warning, "itt.drop-frame",
                    "drop-frame timecode does not exist at \(rate) fps; non-drop labels are written",
                    at: .init(file: file)))
            dropFrame = false
        }
        var startFrame: Int64 = 0
        if let start = options.startTimecode {
            if profile.writesFrameLabels {
                do {
                    startFrame = try Timecode(start, rate: rate).frameCount(at: rate)
                } catch {
                    throw CaptionFormatError(
                        .cannotWrite, "start timecode \(start): \(error.reason)", at: .init(file: file))
                }
            } else {
                diagnostics.append(
                    Diagnostic(
                        .warning, "\(prefix).start-timecode",
                        "\(profile) times are media times from zero; the start timecode \(start) is not written",
                        at: .init(file: file)))
            }
        }
        var timecodes = ITTTimecodeFormatter(rate: rate, dropFrame: dropFrame, startFrame: startFrame)
        timecodes.clock = !profile.writesFrameLabels
        var styles = ITTStyleTable()
        var regions = regionTable(for: document)

        // Paragraphs first: they decide which styles and regions the head defines.
        var body = ""
        body.reserveCapacity(document.captions.count * 160)
        var paragraphs = ITTParagraphWriter(fileName: file, profile: profile)
        let backdropsWritten = paragraphs.defineBackdrops(of: document, timecodes: &timecodes, regions: &regions)
        for caption in document.captions {
            try paragraphs.append(caption, timecodes: &timecodes, styles: &styles, regions: &regions, to: &body)
        }
        diagnostics += paragraphs.diagnostics
        if timecodes.roundedTimes > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning, "itt.frame-grid",
                    "\(timecodes.roundedTimes) times were not on the \(rate) fps frame grid and were rounded to the nearest frame",
                    at: .init(file: file),
                    suggestedFix: "convert with \(CaptionFormatOptions.ParameterWords.frameRate) matching the video"))
        }
        if profile == .itt {
            diagnostics += ITTOverlapCheck.diagnostics(for: document.captions, regions: regions, fileName: file)
        }

        var document = document
        if let language = options.settings[ITTWriter.languageSetting] { document.language = language }
        if document.language?.isEmpty ?? true {
            let who =
                profile == .itt
                ? "Apple requires" : profile == .ebuttD ? "EBU Tech 3380 §4.1 requires" : "TTML1 §7.1.1 requires"
            diagnostics.append(
                Diagnostic(
                    .warning, "\(prefix).language",
                    "the document has no language; \(who) xml:lang, so xml:lang=\"\" is written",
                    at: .init(file: file),
                    suggestedFix: "give the document a language (CaptionDocument.language), e.g. "
                        + "\(CaptionFormatOptions.ParameterWords.setting(ITTWriter.languageSetting)) en-US"))
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out.reserveCapacity(body.utf8.count + 4096)
        writeRoot(document, rate: rate, dropFrame: dropFrame, to: &out, diagnostics: &diagnostics)
        out += "  <head>\n"
        writeMetadata(document, to: &out, diagnostics: &diagnostics)
        out += "    <styling>\n"
        for (id, style) in styles.entries {
            out += "      <style"
            appendAttributes(ITTStyleTable.attributes(of: style, id: id, profile: profile), to: &out)
            out += "/>\n"
        }
        out += "    </styling>\n    <layout>\n"
        // EBU Tech 3380's schema (ebutt_d.xsd) wants a region in layout (and a p in every div,
        // below): an empty document defines the bottom region.
        if profile == .ebuttD, regions.definitions.isEmpty { _ = regions.unplacedID() }
        for attributes in regions.definitions {
            out += "      <region"
            appendAttributes(attributes, to: &out)
            out += "/>\n"
        }
        out += "    </layout>\n  </head>\n"
        if profile == .ebuttD, body.isEmpty {
            // Nothing shown: no body (optional in ebutt_d.xsd, whose div needs a p).
            out += "</tt>\n"
            return (CaptionWriteResult(bytes: Array(out.utf8), diagnostics: diagnostics), backdropsWritten)
        }
        out += "  <body>\n"
        if startFrame > 0, let label = timecodes.label(ofFrame: startFrame) {
            // Apple maps programme timecode to media time zero with a negative div begin.
            out += "    <div begin=\"-\(label)\">\n"
        } else {
            out += "    <div>\n"
        }
        out += body
        out += "    </div>\n  </body>\n</tt>\n"
        return (CaptionWriteResult(bytes: Array(out.utf8), diagnostics: diagnostics), backdropsWritten)
    }
}

/// Appends ` name="value"` for each pair, escaping the values.
func appendAttributes(_ attributes: [(String, String)], to out: inout String) {
    for (name, value) in attributes {
        out += " "
        out += name
        out += "=\""
        XMLEscaping.appendAttribute(value, to: &out)
        out += "\""
    }
}
