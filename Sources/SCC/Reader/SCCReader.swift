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

    /// The options read with (see the type's description).
    public let options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = CaptionFormatOptions()) {
        self.options = options
    }

    /// Reads the bytes of an SCC file.
    public func read(_ bytes: [UInt8]) throws(CaptionFormatError) -> SCCReadResult {
        let rate = options.frameRate ?? .fps29_97
        var pass = try Pass(options: options, rate: rate, checksParity: true)
        try pass.run(bytes)
        var notes: [Diagnostic] = []
        // Some files are written without parity bits (bit 7 always clear); dropping every pair
        // that fails the check (15.119(b)) would lose most of their text. When parity fails on
        // more than a quarter of the pairs, lenient reading reads the file again without it.
        if !options.strict && pass.parityErrors > 0 && pass.parityErrors * 4 > pass.dataWords {
            let failed = pass.parityErrors
            let words = pass.dataWords
            pass = try Pass(options: options, rate: rate, checksParity: false)
            try pass.run(bytes)
            notes.append(
                Diagnostic(
                    .warning, "scc.no-parity",
                    "\(failed) of \(words) byte pairs fail the odd parity check: the file seems to be written without parity bits, so parity was ignored",
                    at: DiagnosticLocation(file: options.fileName),
                    suggestedFix: "write each byte with odd parity (bit 7), as 47 CFR 15.119(b) requires"))
        }
        if options.strict, let problem = pass.decoderDiagnostics.first(where: { $0.severity >= .warning }) {
            throw CaptionFormatError(
                .unreadable, problem.message, at: problem.location,
                diagnostics: pass.scanner.diagnostics + pass.decoderDiagnostics)
        }
        return pass.finish(notes: notes)
    }

    /// One reading of the file's words through the decoder.
    private struct Pass {
        let options: CaptionFormatOptions
        let rate: FrameRate
        let time: @Sendable (Int64) -> MediaTime
        var scanner: SCCScanner
        var decoder: CEA608Decoder
        var builder: SCCCaptionBuilder
        var decoderDiagnostics: [Diagnostic] = []
        var parityErrors = 0
        var dataWords = 0

        init(options: CaptionFormatOptions, rate: FrameRate, checksParity: Bool) throws(CaptionFormatError) {
            self.options = options
            self.rate = rate
            let offset = try SCCReader.startFrame(options, rate: rate)
            let time: @Sendable (Int64) -> MediaTime = { frame in rate.time(ofFrame: frame - offset) }
            self.time = time
            scanner = SCCScanner(rate: rate, strict: options.strict, fileName: options.fileName)
            decoder = CEA608Decoder(channel: try SCCReader.channel(options), checksParity: checksParity)
            builder = SCCCaptionBuilder(time: time)
        }

        mutating func run(_ bytes: [UInt8]) throws(CaptionFormatError) {
            var decoder = self.decoder
            var builder = self.builder
            var diagnostics: [Diagnostic] = []
            var parityErrors = 0
            var dataWords = 0
            let fileName = options.fileName
            let rate = self.rate
            let time = self.time
            try scanner.scan(bytes) { word in
                let step = decoder.decode(word.first, word.second, frame: word.frame)
                if let change = step.screenChange {
                    builder.apply(change, memory: decoder.displayedMemory, mode: decoder.mode, baseRow: decoder.baseRow)
                }
                switch step.code {
                case .padding: break
                case .parityError:
                    parityErrors += 1
                    dataWords += 1
                default: dataWords += 1
                }
                if !step.diagnostics.isEmpty, var diagnostic = step.diagnostic {
                    diagnostic.location = DiagnosticLocation(
                        file: fileName, line: word.line, column: word.column,
                        timecode: SCCReader.label(word.frame, rate: rate, dropFrame: word.dropFrame),
                        time: time(word.frame))
                    diagnostics.append(diagnostic)
                }
            }
            self.decoder = decoder
            self.builder = builder
            self.decoderDiagnostics = diagnostics
            self.parityErrors = parityErrors
            self.dataWords = dataWords
        }

        mutating func finish(notes: [Diagnostic]) -> SCCReadResult {
            var diagnostics = scanner.diagnostics + notes + decoderDiagnostics
            let dropFrame = scanner.firstLabelDropFrame ?? rate.supportsDropFrame
            // Captions still on screen when the data ends: Specs/scc.md "End of data".
            let hold = Int64(SCCReader.endOfDataHoldSeconds * rate.nominal)
            let end = scanner.endFrame + hold
            for var d in decoder.finish(frame: scanner.endFrame) {
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
            let textLines = decoder.textLines.map {
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
            let document = CaptionDocument(
                captions: builder.captions(), frameRate: rate, dropFrame: scanner.firstLabelDropFrame,
                timeBase: .smpte, metadata: metadata)
            return SCCReadResult(document: document, textLines: textLines, diagnostics: diagnostics)
        }
    }

    // MARK: - Options

    static func channel(_ options: CaptionFormatOptions) throws(CaptionFormatError) -> CaptionChannel {
        guard let number = options.channel else { return .cc1 }
        guard let channel = CaptionChannel(rawValue: number) else {
            throw CaptionFormatError(.unreadable, "channel must be 1, 2, 3 or 4 (CC1–CC4), not \(number)")
        }
        return channel
    }

    static func startFrame(_ options: CaptionFormatOptions, rate: FrameRate) throws(CaptionFormatError) -> Int64 {
        guard let text = options.startTimecode else { return 0 }
        do {
            return try Timecode(text, rate: rate).frameCount(at: rate)
        } catch {
            throw CaptionFormatError(.unreadable, "start timecode: \(error)")
        }
    }

    /// The timecode label of an absolute frame.
    static func label(_ frame: Int64, rate: FrameRate, dropFrame: Bool) -> String? {
        (try? Timecode(frameCount: frame, rate: rate, dropFrame: dropFrame && rate.supportsDropFrame))?
            .description
    }
}
