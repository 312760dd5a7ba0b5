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

    /// Every rule, in report order.
    public static let all: [ValidationRule] = [
        excessMediaData, cannotFit, singleCodes, reEncode, startAtZero, programmeEnd, characterSet, columns, popOnRows, screenRows,
        rollUpRows, color, alpha, bold, ruby, font, position, frameGrid, order, shortDisplay, overlap, lineCount,
        sccOverrun, sccNeverDisplayed, sccEmptyEOC, sccParity, sccUnknownCode,
    ]
}
