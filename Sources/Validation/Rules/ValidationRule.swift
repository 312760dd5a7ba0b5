import CaptionCore

/// A rule of the conversion validator: a stable ID, its severity, the clause it enforces.
/// The catalogue is mirrored in Specs/validation-rules.md (a test keeps the two equal).
public struct ValidationRule: Sendable, Hashable {
    public let id: String
    public let severity: Diagnostic.Severity
    /// The specification clause (see Specs/references.md).
    public let clause: String
    public let summary: String

    init(_ id: String, _ severity: Diagnostic.Severity, _ clause: String, _ summary: String) {
        self.id = id
        self.severity = severity
        self.clause = clause
        self.summary = summary
    }

    /// A diagnostic for this rule.
    func diagnostic(_ message: String, at location: DiagnosticLocation, fix: String? = nil) -> Diagnostic {
        Diagnostic(severity, id, message, at: location, suggestedFix: fix)
    }
}

extension ValidationRule {
    // MARK: - Bit budget (CEA-608 transmission)
    public static let excessMediaData = ValidationRule(
        "608.excess-media-data", .error, "47 CFR §15.119(i); CTA-608-E §4.1 (two bytes per frame, field 1)",
        "a caption's data cannot be transmitted before its start time")
    public static let cannotFit = ValidationRule(
        "608.cannot-fit", .error, "47 CFR §15.119(i)",
        "a caption's data does not fit even with a shift: shorten, merge or use roll-up")
    public static let singleCodes = ValidationRule(
        "608.single-codes", .info, "47 CFR §15.119(i) (the second copy of a control code is for resilience)",
        "a caption's control codes go out once instead of twice so its data arrives in time")
    public static let reEncode = ValidationRule(
        "608.re-encode", .info, "47 CFR §15.119(i) (as 608.excess-media-data, for captions read from SCC)",
        "what re-encoding captions read from an SCC file would need; the file's own words are judged as sent")
    public static let startAtZero = ValidationRule(
        "608.start-at-zero", .warning, "47 CFR §15.119(f)(1) (pop-on data is loaded before display)",
        "a pop-on caption starts at time 0, leaving no time to load its data")
    public static let programmeEnd = ValidationRule(
        "608.past-video-end", .error, "delivery: captions must end within the programme",
        "a caption starts or ends after the end of the video")

    // MARK: - Grid, characters, styles
    public static let characterSet = ValidationRule(
        "608.charset", .warning, "47 CFR §15.119(g); CTA-608-E §6.4.2",
        "a character outside the CEA-608 character set")
    public static let columns = ValidationRule(
        "608.columns", .warning, "47 CFR §15.119(e) (32 columns)",
        "a row longer than 32 columns (the conformer wraps it)")
    public static let popOnRows = ValidationRule(
        "608.rows", .warning, "CTA-608-E caption guidelines (at most 4 rows of pop-on captions)",
        "a pop-on caption of more than 4 rows")
    public static let screenRows = ValidationRule(
        "608.rows-max", .error, "47 CFR §15.119(e) (15 rows)", "a caption needs more than the 15 rows of the screen")
    public static let rollUpRows = ValidationRule(
        "608.roll-up-rows", .error, "47 CFR §15.119(f)(2) (RU2, RU3, RU4)",
        "a roll-up region of other than 2, 3 or 4 rows")
    public static let color = ValidationRule(
        "608.color", .warning, "47 CFR §15.119(h)(1) (eight foreground colours)",
        "a text or background colour outside the 608 colours")
    public static let alpha = ValidationRule(
        "608.alpha", .warning,
        "47 CFR §15.119(h); CTA-608-E §6.2 (opaque text; opaque, semi-transparent or transparent background)",
        "an alpha value 608 cannot carry")
    public static let bold = ValidationRule(
        "608.bold", .warning, "47 CFR §15.119(h)(1) (no bold attribute)", "bold text, which 608 cannot show")
    public static let ruby = ValidationRule(
        "608.ruby", .warning, "47 CFR §15.119 (no ruby)", "ruby annotations, which 608 cannot show")
    public static let font = ValidationRule(
        "608.font", .info, "47 CFR §15.119 (one built-in font)", "font family, size or text-combine, which 608 ignores")
    public static let layout = ValidationRule(
        "608.layout", .warning, "47 CFR §15.119(e) (fixed rows of one font on the 32 × 15 grid)",
        "TTML line or region layout (line height, no-wrap lines, padding, opacity, clipping, line-through, outline thickness, regions shown with no caption in them), which 608 cannot show"
    )
    public static let position = ValidationRule(
        "608.position", .error, "47 CFR §15.119(e) (32 × 15 grid)", "a region outside the 608 grid")

    // MARK: - Timing
    public static let frameGrid = ValidationRule(
        "timing.frame-grid", .warning, "SMPTE ST 12-1 §4 (whole frames)",
        "a time that falls between frames of the target rate")
    public static let order = ValidationRule(
        "timing.order", .error, "model: end after start", "a caption that ends before it starts or has no numeric time")
    public static let shortDisplay = ValidationRule(
        "timing.short-display", .warning, "readability: at least 1 s (30 frames) on screen",
        "a caption shown for fewer frames than a viewer can read")

    // MARK: - iTT target
    public static let overlap = ValidationRule(
        "itt.overlap", .warning, "iTT profile (one caption per region at a time)",
        "captions overlapping in time in the same region")
    public static let lineCount = ValidationRule(
        "itt.lines", .warning, "iTT profile (at most two lines per caption)", "a caption of more than two lines")
    public static let ittLayout = ValidationRule(
        "itt.layout", .warning, "iTT profile (no region background)",
        "TTML's regions shown with no caption in them, which iTT cannot fill")

    // MARK: - SCC as transmitted (found by the SCC reader and the CEA-608 decoder)
    public static let sccOverrun = ValidationRule(
        "scc.words-overlap", .warning, "47 CFR §15.119(i) (one byte pair per frame)",
        "a line's words run past the next line's timecode, by so many frames")
    public static let sccNeverDisplayed = ValidationRule(
        "608.never-displayed", .warning, "47 CFR §15.119(f)(2) (EOC displays the loaded caption)",
        "a caption loaded into non-displayed memory but never displayed")
    public static let sccEmptyEOC = ValidationRule(
        "608.empty-eoc", .info, "47 CFR §15.119(f)(2)", "an End Of Caption with nothing loaded")
    public static let sccParity = ValidationRule(
        "608.parity", .warning, "47 CFR §15.119(b) (odd parity)", "a byte pair with a parity error, dropped")
    public static let sccUnknownCode = ValidationRule(
        "608.undefined-code", .warning, "47 CFR §15.119", "a control code that CEA-608 does not define")

    // MARK: - CEA-708 target (Specs/cea708.md, "Validation")
    public static let cea708Bandwidth = ValidationRule(
        "708.bandwidth", .error,
        "CTA-708-E §4.1 (9,600 bit/s), §5, §6.2 (≤ 31 bytes a service block); cc_count a frame (A/53)",
        "a caption's service data cannot arrive by its start in the constructs a frame leaves for the service")
    public static let cea708CannotFit = ValidationRule(
        "708.cannot-fit", .error, "CTA-708-E §6.2, §7.1 (a command is never split across service blocks)",
        "a caption's data cannot be delivered by any shift: a command longer than a frame's room, or no delay found")
    public static let cea708ReEncode = ValidationRule(
        "708.re-encode", .info, "CTA-708-E §4.1 (as 708.bandwidth, for captions read from an MCC file)",
        "what re-encoding captions read from an MCC file would need; the file's own data is judged as sent")
    public static let cea708Windows = ValidationRule(
        "708.windows", .error, "CTA-708-E §8.4 (eight windows a service)",
        "a caption that would be a ninth window shown or in preparation at once")
    public static let cea708Rows = ValidationRule(
        "708.rows", .error, "CTA-708-E §8.4, §8.10.5.2 (row count ≤ 15)", "a caption of more rows than a window holds")
    public static let cea708Columns = ValidationRule(
        "708.columns", .error, "CTA-708-E §8.4, §8.10.5.2 (42 columns on 16:9, 32 on 4:3)",
        "a row longer than a window holds on the service's grid (the rest is clipped)")
    public static let cea708Position = ValidationRule(
        "708.position", .warning, "CTA-708-E §8.4.4 (anchors: 75 × 210 grid on 16:9, 75 × 160 on 4:3; relative 0–99 %)",
        "a region whose window does not fit the anchor grid; it is moved inside")
    public static let cea708Pen = ValidationRule(
        "708.pen", .info, "CTA-708-E §8.5, §8.10.5.6–7 (pen attributes and colours)",
        "a style a 708 pen cannot carry (bold, ruby, text-combine, a font or size it has no value for)")
    public static let cea708Layout = ValidationRule(
        "708.layout", .warning, "CTA-708-E §8.4 (a window is defined for a caption's text)",
        "TTML's regions shown with no caption in them, which the 708 encoder leaves out")
    public static let cea708Charset = ValidationRule(
        "708.charset", .warning, "CTA-708-E §7.1.6–9 (G0, G1, G2, G3)",
        "a character no 708 code set can encode, with the replacement sent instead")
    public static let cea708CaptionRate = ValidationRule(
        "708.caption-rate", .warning,
        "readability guidance (presentation rate in words a minute; not a CTA-708 clause)",
        "a caption shown too briefly for its words at the settings' caption rate")

    // MARK: - MCC files as transmitted (checked with the 708 target)
    public static let mccChecksum = ValidationRule(
        "mcc.cdp-checksum", .error, "SMPTE ST 334-2 (packet_checksum: byte sum 0 mod 256)",
        "a CDP whose checksum does not match its bytes: a receiver discards it")
    public static let mccSequenceGap = ValidationRule(
        "mcc.cdp-sequence-gap", .warning, "SMPTE ST 334-2 (cdp_hdr_sequence_cntr: one more each packet, mod 65,536)",
        "a CDP counter that is not the previous one plus one: packets lost, reordered or counted otherwise")
    public static let mccSequenceRepeat = ValidationRule(
        "mcc.cdp-sequence-repeat", .warning, "SMPTE ST 334-2 (cdp_hdr_sequence_cntr)",
        "a CDP counter equal to the previous one: a packet sent twice")
    public static let mccTimecodeOrder = ValidationRule(
        "mcc.timecode-order", .error, "SMPTE ST 12-1; MCC (one line a frame, in time order)",
        "a line whose time code is earlier than the line before's")
    public static let mccTimecodeRepeat = ValidationRule(
        "mcc.timecode-repeat", .warning, "MCC (one CDP a frame; V2.0 pairs carry .0/.1)",
        "a line with the same time code as the line before, not a .0/.1 pair")
    public static let mccTimecodeGap = ValidationRule(
        "mcc.timecode-gap", .warning, "SMPTE ST 334-2 (one CDP a frame)",
        "frames without a line between two lines of a file")
    public static let cea708ChannelBandwidth = ValidationRule(
        "708.channel-bandwidth", .error, "CTA-708-E §4.1 (9,600 bit/s: cc_count a frame at each rate)",
        "a CDP with more constructs than the caption channel carries at its frame rate")

    /// Every rule, in report order.
    public static let all: [ValidationRule] = [
        excessMediaData, cannotFit, singleCodes, reEncode, startAtZero, programmeEnd, characterSet, columns, popOnRows,
        screenRows,
        rollUpRows, color, alpha, bold, ruby, font, layout, position, frameGrid, order, shortDisplay, overlap,
        lineCount, ittLayout,
        sccOverrun, sccNeverDisplayed, sccEmptyEOC, sccParity, sccUnknownCode,
        cea708Bandwidth, cea708CannotFit, cea708ReEncode, cea708Windows, cea708Rows, cea708Columns, cea708Position,
        cea708Pen, cea708Layout, cea708Charset, cea708CaptionRate, cea708ChannelBandwidth,
        mccChecksum, mccSequenceGap, mccSequenceRepeat, mccTimecodeOrder, mccTimecodeRepeat, mccTimecodeGap,
    ]
}
