import CaptionCore
import XML

/// Writes the caption model as iTunes Timed Text the way Apple's tools write it.
///
/// The output is UTF-8 without a byte-order mark and deterministic: the same document always
/// gives the same bytes. Times are SMPTE frame labels (`ttp:timeBase="smpte"`) at
/// ``CaptionFormatOptions/frameRate``, else the document's rate, else 29.97 fps; styles are
/// referenced styles; every region a caption uses is defined in the layout beside Apple's top
/// and bottom regions. What iTT cannot express is dropped with a diagnostic. See Specs/itt.md.
public struct ITTWriter: Sendable {
    public var options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = .init()) {
        self.options = options
    }

    /// The frame rate used when neither the options nor the document name one.
    public static let defaultFrameRate = FrameRate.fps29_97

    /// The setting (``CaptionFormatOptions/settings``) whose value replaces the document's
    /// language (`xml:lang`).
    public static let languageSetting = "language"

    /// The frame rate and timecode counting a document is written at: the options', else the
    /// document's, else 29.97 non-drop (drop-frame only where the rate has it). The validator
    /// uses the same (CaptionKit's conversion settings).
    public static func timing(for document: CaptionDocument, options: CaptionFormatOptions) -> (
        rate: FrameRate, dropFrame: Bool
    ) {
        let rate = options.frameRate ?? document.frameRate ?? defaultFrameRate
        return (rate, options.dropFrame ?? document.dropFrame ?? false)
    }

    public func write(_ document: CaptionDocument) throws(CaptionFormatError) -> CaptionWriteResult {
        var diagnostics: [Diagnostic] = []
        let file = options.fileName
        let timing = Self.timing(for: document, options: options)
        let rate = timing.rate
        var dropFrame = timing.dropFrame
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
            do {
                startFrame = try Timecode(start, rate: rate).frameCount(at: rate)
            } catch {
                throw CaptionFormatError(
                    .cannotWrite, "start timecode \(start): \(error.reason)", at: .init(file: file))
            }
        }
        var timecodes = ITTTimecodeFormatter(rate: rate, dropFrame: dropFrame, startFrame: startFrame)
        var styles = ITTStyleTable()
        // Regions in cells (608's grid, from SCC) are written in percent of the frame, as Apple's
        // iTT documents give them, unless the document declares its own cell grid.
        var regions = ITTRegionTable(cellsAsPercent: document.metadata["itt.cellResolution"] == nil)

        // Paragraphs first: they decide which styles and regions the head defines.
        var body = ""
        body.reserveCapacity(document.captions.count * 160)
        var paragraphs = ITTParagraphWriter(fileName: file)
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
        diagnostics += ITTOverlapCheck.diagnostics(for: document.captions, regions: regions, fileName: file)

        var document = document
        if let language = options.settings[Self.languageSetting] { document.language = language }
        if document.language?.isEmpty ?? true {
            diagnostics.append(
                Diagnostic(
                    .warning, "itt.language",
                    "the document has no language; Apple requires xml:lang, so xml:lang=\"\" is written",
                    at: .init(file: file),
                    suggestedFix: "give the document a language (CaptionDocument.language), e.g. "
                        + "\(CaptionFormatOptions.ParameterWords.setting(Self.languageSetting)) en-US"))
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out.reserveCapacity(body.utf8.count + 4096)
        writeRoot(document, rate: rate, dropFrame: dropFrame, to: &out, diagnostics: &diagnostics)
        out += "  <head>\n"
        writeMetadata(document, to: &out, diagnostics: &diagnostics)
        out += "    <styling>\n"
        for (id, style) in styles.entries {
            out += "      <style"
            appendAttributes(ITTStyleTable.attributes(of: style, id: id), to: &out)
            out += "/>\n"
        }
        out += "    </styling>\n    <layout>\n"
        for attributes in regions.definitions {
            out += "      <region"
            appendAttributes(attributes, to: &out)
            out += "/>\n"
        }
        out += "    </layout>\n  </head>\n  <body>\n"
        if startFrame > 0, let label = timecodes.label(ofFrame: startFrame) {
            // Apple maps programme timecode to media time zero with a negative div begin.
            out += "    <div begin=\"-\(label)\">\n"
        } else {
            out += "    <div>\n"
        }
        out += body
        out += "    </div>\n  </body>\n</tt>\n"
        return CaptionWriteResult(bytes: Array(out.utf8), diagnostics: diagnostics)
    }

    /// The root element with the namespace declarations and parameters in the order Apple's
    /// tools write them, then the document-level attributes kept as metadata.
    private func writeRoot(
        _ document: CaptionDocument, rate: FrameRate, dropFrame: Bool, to out: inout String,
        diagnostics: inout [Diagnostic]
    ) {
        // TTML1 §6.2.4, §6.2.5: nominal integer rate × multiplier = the exact rate.
        let nominal = Int64(rate.nominal)
        let num = Int64(rate.frames)
        let den = Int64(rate.seconds) * nominal
        let g = TTMLTimingParameters.gcd(num, den)
        out += "<tt xmlns:vt=\"\(TTMLNamespace.appleVertical)\" xmlns:ttp=\"\(TTMLNamespace.parameter)\""
        out += " xmlns:ittp=\"\(TTMLNamespace.ittParameter)\" xmlns:tt_feature=\"\(TTMLNamespace.feature)\""
        out += " xmlns:ebutts=\"\(TTMLNamespace.ebuStyling)\" xmlns:tts=\"\(TTMLNamespace.styling)\""
        out += " xmlns:tt_extension=\"\(TTMLNamespace.extension_)\" xmlns:tt_profile=\"\(TTMLNamespace.profile)\""
        out += " xmlns:ttm=\"\(TTMLNamespace.metadata)\" xmlns:ry=\"\(TTMLNamespace.appleRuby)\""
        out += " xmlns:itts=\"\(TTMLNamespace.ittStyling)\" xmlns=\"\(TTMLNamespace.tt)\""
        var attributes: [(String, String)] = [
            ("xml:lang", document.language ?? ""),
            ("ttp:dropMode", dropFrame ? TTMLDropMode.dropNTSC.rawValue : TTMLDropMode.nonDrop.rawValue),
            ("ttp:frameRate", String(nominal)),
            ("ttp:frameRateMultiplier", "\(num / g) \(den / g)"),
            ("ttp:timeBase", "smpte"),
        ]
        if let v = document.metadata["itt.cellResolution"] { attributes.append(("ttp:cellResolution", v)) }
        if let v = document.metadata["itt.extent"] { attributes.append(("tts:extent", v)) }
        if let v = document.metadata["itt.aspectRatio"] { attributes.append(("ittp:aspectRatio", v)) }
        appendAttributes(attributes, to: &out)
        out += " xmlns:tt=\"\(TTMLNamespace.tt)\" xmlns:xsi=\"\(TTMLNamespace.xsi)\">\n"
    }

    /// TTML1 §12.1 `ttm:title`, `ttm:desc`, `ttm:copyright` from the document's metadata.
    private func writeMetadata(_ document: CaptionDocument, to out: inout String, diagnostics: inout [Diagnostic]) {
        let known = [("title", "ttm:title"), ("description", "ttm:desc"), ("copyright", "ttm:copyright")]
        let present = known.filter { document.metadata[$0.0] != nil }
        if !present.isEmpty {
            out += "    <metadata>\n"
            for (key, element) in present {
                out += "      <\(element)>"
                XMLEscaping.appendText(document.metadata[key] ?? "", to: &out)
                out += "</\(element)>\n"
            }
            out += "    </metadata>\n"
        }
        let written = Set(known.map(\.0) + ["itt.cellResolution", "itt.extent", "itt.aspectRatio"])
        let dropped = document.metadata.keys.filter { !written.contains($0) }.sorted()
        if !dropped.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .info, "itt.metadata",
                    "iTT has no place for the metadata \(dropped.joined(separator: ", ")); not written",
                    at: .init(file: options.fileName)))
        }
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
