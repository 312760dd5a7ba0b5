import CEA608
import CaptionCore

// Reading Scenarist SCC files: Specs/scc.md. Syntax and timing in SCCScanner, CEA-608 decoding in
// CEA608Decoder (47 CFR 15.119, now 47 CFR 79.101; CTA-608-E), captions in SCCCaptionBuilder.

/// Reads a Scenarist SCC file into captions.
///
/// Options used: ``CaptionFormatOptions/frameRate`` (default 29.97; 24, 25 and 30 for files at
/// those rates), ``CaptionFormatOptions/channel`` (1–4, default 1; 3 and 4 read the file as
/// field 2 data), ``CaptionFormatOptions/strict`` (problems become errors),
/// ``CaptionFormatOptions/startTimecode`` (the label of media time zero) and
/// ``CaptionFormatOptions/fileName`` (for messages).
public struct SCCReader: Sendable {
    /// The alpha of a semi-transparent background (BxS codes, CEA-608-B §6.2), about 50 %.
    public static let semiTransparentAlpha: UInt8 = 128
    /// How long a caption still on screen when the data ends stays up after the last word.
    public static let endOfDataHoldSeconds = 2

    /// The most captions a document read from SCC may hold (Specs/limits.md): a 20-hour feature
    /// has about 18,000.
    public static let maximumCaptions = 1_000_000

    /// The rule of the error-level finding of a file that sends words and gives no caption,
    /// which says why (only filler, another channel's data, only XDS, never displayed).
    public static let noCaptionsRule = "scc.no-captions"

    /// The options read with (see the type's description).
    public let options: CaptionFormatOptions
    /// ``maximumCaptions`` unless a test asks for fewer.
    var captionLimit = SCCReader.maximumCaptions

    public init(options: CaptionFormatOptions = CaptionFormatOptions()) {
        self.options = options
    }

    /// Reads the bytes of an SCC file.
    ///
    /// A file saved as UTF-16 (some Windows editors do) is read as the text it holds, with the
    /// warning `scc.encoding`; with `strict` it is refused with the same hint.
    public func read(_ bytes: [UInt8]) throws(CaptionFormatError) -> SCCReadResult {
        if let utf16 = SCCEncoding.utf16(bytes) {
            let note = Diagnostic(
                .warning, "scc.encoding",
                "the file is UTF-16 (\(utf16.name)); Scenarist SCC is ASCII text, so it was read as the text it holds",
                at: DiagnosticLocation(file: options.fileName),
                suggestedFix: "save it as ASCII or UTF-8, e.g. iconv -f UTF-16 -t UTF-8 in.scc > out.scc")
            guard !options.strict else {
                throw CaptionFormatError(.unreadable, note.message, at: note.location, diagnostics: [note])
            }
            var result = try read(utf16.bytes)
            result.diagnostics.insert(note, at: 0)
            return result
        }
        let rate = options.frameRate ?? .fps29_97
        let (pass, state, notes) = try SCCDecodingPass.decode(
            bytes, options: options, rate: rate,
            initial: { [captionLimit] in
                (builder: SCCCaptionBuilder(time: $0.time, captionLimit: captionLimit), use: SCCChannelUse())
            }
        ) { state, word, step, decoder in
            state.use.count(step, channel: decoder.channel)
            // Words for the channel in consecutive frames prepare a roll-up line or paint-on
            // caption; its start is the first code of that run (SCCCaptionBuilder.prepare).
            if step.accepted { state.builder.receive(frame: word.frame) }
            if let change = step.screenChange {
                state.builder.apply(
                    change, memory: decoder.displayedMemory, mode: decoder.mode, baseRow: decoder.baseRow)
            }
            if step.accepted { state.builder.prepare(step.code, frame: word.frame, mode: decoder.mode) }
        }
        let builder = state.builder
        if options.strict {
            let found = pass.decoderDiagnostics
            if let problem = found.first(where: { $0.severity >= .warning }) {
                throw CaptionFormatError(
                    .unreadable, problem.message, at: problem.location, diagnostics: pass.scanner.diagnostics + found)
            }
        }
        var finishing = Finishing(pass: pass, builder: builder, use: state.use)
        let result = finishing.finish(notes: notes)
        if let frame = finishing.builder.firstPastLimit {
            let dropFrame = pass.scanner.firstLabelDropFrame ?? rate.supportsDropFrame
            throw CaptionFormatError(
                .unreadable,
                "more than \(SCCReader.grouped(captionLimit)) captions, the SCC reader's limit (Specs/limits.md): "
                    + "the caption starting here is one too many; a 20-hour feature has about 18,000",
                at: DiagnosticLocation(
                    file: options.fileName, timecode: SCCReader.label(frame, rate: rate, dropFrame: dropFrame),
                    time: pass.time(frame)))
        }
        return result
    }

    /// The end of a reading: captions still on screen, text-mode rows, the document.
    private struct Finishing {
        var pass: SCCDecodingPass
        var builder: SCCCaptionBuilder
        var use: SCCChannelUse
        var options: CaptionFormatOptions { pass.options }
        var rate: FrameRate { pass.rate }
        var scanner: SCCScanner { pass.scanner }
        var time: @Sendable (Int64) -> MediaTime { pass.time }

        mutating func finish(notes: [Diagnostic]) -> SCCReadResult {
            var diagnostics = scanner.diagnostics + notes + pass.decoderDiagnostics
            let dropFrame = scanner.firstLabelDropFrame ?? rate.supportsDropFrame
            // Captions still on screen when the data ends: Specs/scc.md "End of data".
            let hold = Int64(SCCReader.endOfDataHoldSeconds * rate.nominal)
            let end = scanner.endFrame + hold
            for var d in pass.decoder.finish(frame: scanner.endFrame) {
                d.location = DiagnosticLocation(
                    file: options.fileName,
                    timecode: SCCReader.label(scanner.endFrame, rate: rate, dropFrame: dropFrame),
                    time: self.time(scanner.endFrame))
                diagnostics.append(d)
            }
            let before = builder.finished.count
            builder.finish(at: end)
            if builder.finished.count > before {
                diagnostics.append(
                    Diagnostic(
                        .warning, "scc.open-at-end",
                        "\(builder.finished.count - before) caption(s) still on screen when the data ends; "
                            + "ended \(SCCReader.endOfDataHoldSeconds) s after the last word",
                        at: DiagnosticLocation(
                            file: options.fileName, timecode: SCCReader.label(end, rate: rate, dropFrame: dropFrame),
                            time: self.time(end)),
                        suggestedFix: "end the last caption with an EDM (942c)"))
            }
            let time = self.time
            let textLines = pass.decoder.textLines.map {
                SCCTextLine(start: time($0.startFrame), end: time($0.endFrame), text: $0.text)
            }
            var metadata: [String: String] = [:]
            if !textLines.isEmpty {
                metadata["cea608.textMode"] = textLines.map(\.text).joined(separator: "\n")
                diagnostics.append(
                    Diagnostic(
                        .info, "scc.text-mode",
                        "\(textLines.count) row(s) of text-mode data (TR/RTD) kept apart from the captions",
                        at: DiagnosticLocation(file: options.fileName)))
            }
            if let note = SCCReader.xdsSummary(pass.decoder, fileName: options.fileName) { diagnostics.append(note) }
            let document = CaptionDocument(
                captions: builder.captions(), frameRate: rate, dropFrame: scanner.firstLabelDropFrame,
                timeBase: .smpte, metadata: metadata)
            if document.captions.isEmpty,
                let why = use.whyNothing(
                    channel: pass.decoder.channel, xdsPackets: pass.decoder.xdsPacketCount, textRows: textLines.count,
                    neverDisplayed: diagnostics.contains { $0.ruleID == "608.never-displayed" })
            {
                diagnostics.append(
                    Diagnostic(
                        .error, SCCChannelUse.rule, why, at: DiagnosticLocation(file: options.fileName),
                        suggestedFix: use.suggestion(channel: pass.decoder.channel)))
            }
            return SCCReadResult(
                document: document, textLines: textLines, xdsPackets: pass.decoder.xdsPackets,
                diagnostics: diagnostics, startFrame: pass.startFrame)
        }
    }

    /// `n` with thousands separated by commas, as limits are written in messages (1,000,000).
    static func grouped(_ n: Int) -> String {
        var digits = Array(String(n.magnitude))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return (n < 0 ? "-" : "") + String(digits)
    }

    /// The timecode label of an absolute frame.
    static func label(_ frame: Int64, rate: FrameRate, dropFrame: Bool) -> String? {
        (try? Timecode(frameCount: frame, rate: rate, dropFrame: dropFrame && rate.supportsDropFrame))?
            .description
    }
}
